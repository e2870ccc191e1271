-- Web push (issue 13, docs/push.md): the site's VAPID key pair, the browsers' push subscriptions,
-- and who entered which public room (the members an envelope in that room is announced to).

-- The one VAPID key pair, made at the first start. `id` is always 1: two instances starting at
-- once both insert ... on conflict do nothing, then read, and so end with the same pair.
create table push_vapid_keys (
  id          smallint primary key default 1 check (id = 1),
  -- base64url, as web-push makes them: the public key is the 65-byte uncompressed P-256 point
  public_key  text not null,
  private_key text not null,
  created_at  timestamptz not null default now()
);

-- One row per device (browser profile): the push service's endpoint is the device's identity.
-- Subscribing again from that device moves the row to the user now logged in.
create table push_subscriptions (
  id         bigserial primary key,
  endpoint   text not null unique,
  -- the browser's P-256 public key (65 bytes) and auth secret (16 bytes), base64url
  p256dh     text not null,
  auth       text not null,
  user_id    bigint not null references users(id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index push_subscriptions_user on push_subscriptions (user_id);

-- Members of a public room for notifications: a user who entered the room (read its history,
-- sent into it) within the last 30 days. One row per (room, user), its time refreshed on entry.
create table chat_room_entries (
  room_id    bigint not null references chat_rooms(id) on delete cascade,
  user_id    bigint not null references users(id),
  entered_at timestamptz not null default now(),
  primary key (room_id, user_id)
);
create index chat_room_entries_recent on chat_room_entries (room_id, entered_at);
