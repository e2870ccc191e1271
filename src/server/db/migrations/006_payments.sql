-- Recharge (issue 4): the operator's receiving configs per channel and the players' recharge orders.

-- One receiving config of a channel (src/domain/payments.ts RECHARGE_CHANNELS): an account, a QR
-- image, a coin address or a gateway URL template, with its amount limits. Deleting keeps the row
-- (orders point at it) with deleted = true.
create table payment_configs (
  id            bigserial primary key,
  channel       text not null,
  name          text not null,
  bank_name     text not null default '',
  account_name  text not null default '',
  account_no    text not null default '',
  qr_image      text not null default '',
  address       text not null default '',
  currency      text not null default '',
  rate          text not null default '',        -- digital currency: yuan per coin, up to 8 decimals
  min_fen       bigint not null check (min_fen > 0),
  max_fen       bigint not null check (max_fen >= min_fen),
  fixed_fen     jsonb not null default '[]',      -- allowed amounts in fen; [] = any in min..max
  gateway_url   text not null default '',
  sort          integer not null default 0,
  enabled       boolean not null default true,
  instructions  text not null default '',
  deleted       boolean not null default false,
  created_at    timestamptz not null default now(),
  updated_at    timestamptz not null default now()
);
create index payment_configs_channel on payment_configs (channel, sort, id) where not deleted;

-- A recharge order. Life cycle: pending → approved (the wallet is credited in the same
-- transaction, transfer id 'recharge:<id>') or pending → rejected (nothing moves). A player's
-- request id makes one order however often it is sent.
create table recharge_orders (
  id            bigserial primary key,
  order_no      text not null unique,
  user_id       bigint not null references users(id),
  request_id    text not null,
  channel       text not null,
  config_id     bigint not null references payment_configs(id),
  type_code     integer not null,
  amount_fen    bigint not null check (amount_fen > 0),
  coin_amount   text not null default '',
  coin_rate     text not null default '',
  currency      text not null default '',
  payer_name    text not null default '',
  pay_url       text not null default '',
  status        text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  remark        text not null default '',
  operator_id   bigint references users(id),
  created_at    timestamptz not null default now(),
  reviewed_at   timestamptz,
  unique (user_id, request_id)
);
create index recharge_orders_user on recharge_orders (user_id, id desc);
create index recharge_orders_status on recharge_orders (status, id desc);
create index recharge_orders_pending on recharge_orders (user_id) where status = 'pending';
