-- Core: users, sessions and the double-entry ledger.

create table users (
  id              bigserial primary key,
  user_name       text not null,
  password_kdf    text not null,
  safety_kdf      text,
  is_agent        boolean not null default false,
  is_operator     boolean not null default false,
  grade           integer not null default 0,
  parent_id       bigint references users(id),
  status          text not null default 'active' check (status in ('active', 'frozen', 'disabled')),
  nick_name       text,
  real_name       text,
  avatar          text,
  phone           text,
  email           text,
  qq              text,
  wechat          text,
  gender          smallint not null default 0,
  birthday        date,
  experience      bigint not null default 0,
  register_ip     text,
  last_login_at   timestamptz,
  last_login_ip   text,
  password_set_at timestamptz not null default now(),
  created_at      timestamptz not null default now()
);
create unique index users_name_ci on users (lower(user_name));
create index users_parent on users (parent_id);

create table sessions (
  id           bigserial primary key,
  token_hash   bytea not null unique,
  user_id      bigint not null references users(id),
  created_at   timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at   timestamptz not null,
  ended_at     timestamptz,
  -- logout | expired | password_reset | forced | elsewhere | disabled | frozen
  end_reason   text,
  end_message  text,
  ip           text,
  user_agent   text
);
create index sessions_user on sessions (user_id) where ended_at is null;

-- Ledger. Every movement of money is one transfer from one account to another; the sum of
-- all balances is zero at all times. Player-owned accounts can never go below zero (CHECK).
create table ledger_accounts (
  id         bigserial primary key,
  -- house | player | withdraw_hold | red_envelope_escrow | pledge_escrow | virtual_wallet
  kind       text not null,
  user_id    bigint references users(id),
  balance    bigint not null default 0,
  created_at timestamptz not null default now(),
  constraint ledger_accounts_owner check ((kind = 'house') = (user_id is null)),
  constraint ledger_accounts_no_overdraft check (kind = 'house' or balance >= 0)
);
create unique index ledger_accounts_kind_user on ledger_accounts (kind, coalesce(user_id, 0));

create table transfers (
  id                 bigserial primary key,
  transfer_id        text not null unique,
  debit_account_id   bigint not null references ledger_accounts(id),
  credit_account_id  bigint not null references ledger_accounts(id),
  amount             bigint not null check (amount > 0),
  type_code          integer not null check (type_code between 100 and 999),
  -- the player this transfer is about (for bill records), and their wallet balance after it
  user_id            bigint references users(id),
  balance_after      bigint,
  ref                text,
  remark             text,
  operator_id        bigint references users(id),
  created_at         timestamptz not null default now(),
  constraint transfers_two_accounts check (debit_account_id <> credit_account_id)
);
create index transfers_user_time on transfers (user_id, created_at desc);

insert into ledger_accounts (kind, user_id) values ('house', null);

-- Site-wide settings as JSON values under a key (status switches, tenant config, ...).
create table site_settings (
  key        text primary key,
  value      jsonb not null,
  updated_at timestamptz not null default now()
);
