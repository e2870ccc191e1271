-- Virtual wallet (余额宝) and pledge products. Balances live in the ledger (ledger_accounts of kind
-- virtual_wallet and pledge_escrow); these tables hold the products, the orders and the interest
-- job's per-day done markers. Rates and penalties are integer basis points (365 = 3.65 %).

create table pledge_products (
  id              bigserial primary key,
  name            text not null,
  term_days       integer not null check (term_days between 1 and 3650),
  rate_bp         integer not null check (rate_bp between 1 and 10000),
  min_fen         bigint not null check (min_fen > 0),
  -- 0 = no maximum per order / no limit on one player's holding in the product
  max_fen         bigint not null default 0 check (max_fen >= 0),
  user_limit_fen  bigint not null default 0 check (user_limit_fen >= 0),
  early_exit      text not null check (early_exit in ('none', 'principal', 'penalty')),
  penalty_bp      integer not null default 0 check (penalty_bp between 0 and 10000),
  sort            integer not null default 0,
  enabled         boolean not null default true,
  created_at      timestamptz not null default now(),
  updated_at      timestamptz not null default now()
);

create table pledge_orders (
  id              bigserial primary key,
  user_id         bigint not null references users(id),
  product_id      bigint not null references pledge_products(id),
  -- the client's id for the create call: the same id twice makes one order
  request_id      text not null,
  -- the product as it was at purchase
  product_name    text not null,
  term_days       integer not null,
  rate_bp         integer not null,
  early_exit      text not null,
  penalty_bp      integer not null,
  principal       bigint not null check (principal > 0),
  auto_renew      boolean not null default false,
  status          text not null default 'holding' check (status in ('holding', 'matured', 'cancelled')),
  term            integer not null default 1,
  start_at        timestamptz not null,
  end_at          timestamptz not null,
  profit_total    bigint not null default 0,
  refund          bigint not null default 0,
  penalty         bigint not null default 0,
  created_at      timestamptz not null default now(),
  settled_at      timestamptz,
  unique (user_id, request_id)
);
create index pledge_orders_user on pledge_orders (user_id, id desc);
create index pledge_orders_due on pledge_orders (end_at) where status = 'holding';

-- One row per Beijing day whose interest has been paid to every player.
create table vw_interest_days (
  day      date primary key,
  paid     integer not null default 0,
  done_at  timestamptz not null default now()
);
