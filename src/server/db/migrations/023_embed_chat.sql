-- Embedded-chat bridge (spec 001 sections 4 and 7, docs/embedded-chat.md). A partner chat shown in
-- an iframe binds its own user id (muid) to a site account. A bind or register needs a one-time key
-- the site issued to that account for that muid: stored hashed, single use, 60 seconds.
create table embed_chat_keys (
  key_hash   bytea primary key,
  user_id    bigint not null references users(id),
  muid       text not null,
  expires_at timestamptz not null,
  used_at    timestamptz,
  created_at timestamptz not null default now()
);
create index embed_chat_keys_expiry on embed_chat_keys (expires_at);

-- One partner account per site account and one site account per partner account.
create table embed_chat_bindings (
  user_id    bigint primary key references users(id),
  muid       text not null unique,
  -- 'bind': an existing partner account; 'register': created by the partner for this account
  kind       text not null check (kind in ('bind', 'register')),
  nick_name  text not null default '',
  created_at timestamptz not null default now()
);
