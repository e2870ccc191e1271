-- Withdrawal orders (issue 4). Two-phase: the order row is inserted together with the hold
-- transfer player → withdraw_hold (type 305, transfer id 'withdraw:hold:<id>'); the operator then
-- pays it (withdraw_hold → house: 305 the amount paid out, 306 the fee) or rejects it
-- (withdraw_hold → player, 412, everything held). The status change and its transfers commit
-- together, guarded by `where status = 'pending'`, so each order is decided exactly once.
create table withdraw_orders (
  id            bigserial primary key,
  order_no      text not null unique,
  user_id       bigint not null references users(id),
  -- client-generated id of the submission: a retry (or 50 concurrent copies) holds once
  request_id    text not null,
  amount        bigint not null check (amount > 0),      -- held, fen
  fee           bigint not null check (fee >= 0 and fee < amount),
  -- where the money goes, copied at request time so later card edits do not change the order
  target_kind   text not null check (target_kind in ('bank', 'alipay', 'weixin', 'digital')),
  card_id       bigint references bank_cards(id),
  address_id    bigint references digital_addresses(id),
  account_name  text not null,          -- bank name, 支付宝 / 微信, or 'USDT TRC20'
  account_no    text not null,          -- card number, account or address
  real_name     text,
  status        text not null default 'pending' check (status in ('pending', 'paid', 'rejected')),
  remark        text,                   -- the operator's reason on a rejection
  operator_id   bigint references users(id),
  created_at    timestamptz not null default now(),
  decided_at    timestamptz,
  unique (user_id, request_id),
  constraint withdraw_orders_one_target check ((card_id is null) <> (address_id is null))
);
create index withdraw_orders_user_time on withdraw_orders (user_id, created_at desc);
create index withdraw_orders_status_time on withdraw_orders (status, created_at desc);
