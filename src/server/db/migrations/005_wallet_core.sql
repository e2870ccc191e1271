-- Wallet core shared by cards, recharge and withdrawals (issue 4).

-- Where a player is paid: bank cards, Alipay and WeChat accounts. The real name of the first card
-- locks users.real_name; every later card must carry the same name. Deleting a card keeps its row
-- (withdrawal orders keep pointing at it) with status 'deleted'.
create table bank_cards (
  id          bigserial primary key,
  user_id     bigint not null references users(id),
  kind        text not null check (kind in ('bank', 'alipay', 'weixin')),
  bank_code   text,                     -- bank cards only: the code of spec 000 §3's bank list
  bank_name   text,
  account_no  text not null,            -- card number, Alipay account or WeChat account
  real_name   text not null,
  branch      text,
  qr_image    text,                     -- Alipay/WeChat receiving code (upload path), optional
  status      text not null default 'active' check (status in ('active', 'deleted')),
  created_at  timestamptz not null default now(),
  updated_at  timestamptz not null default now()
);
create index bank_cards_user on bank_cards (user_id) where status = 'active';
create unique index bank_cards_user_account on bank_cards (user_id, kind, account_no) where status = 'active';

-- Digital-currency withdrawal addresses.
create table digital_addresses (
  id          bigserial primary key,
  user_id     bigint not null references users(id),
  currency    text not null,            -- e.g. USDT
  protocol    text not null,            -- e.g. TRC20, ERC20
  address     text not null,
  alias       text,
  status      text not null default 'active' check (status in ('active', 'deleted')),
  created_at  timestamptz not null default now(),
  updated_at  timestamptz not null default now()
);
create index digital_addresses_user on digital_addresses (user_id) where status = 'active';

-- Turnover requirements: money that arrived (a recharge, an operator credit) must be bet before it
-- can be withdrawn. Requirements are met oldest first by settled bets placed after them; when every
-- open requirement of a player is met they are all marked cleared at once (withdraw/turnover.ts).
create table turnover_flows (
  id            bigserial primary key,
  user_id       bigint not null references users(id),
  source        text not null,          -- recharge | adjust | activity
  ref           text not null,          -- what created it, e.g. 'recharge:<orderNo>'
  base_fen      bigint not null check (base_fen > 0),
  required_fen  bigint not null check (required_fen >= 0),
  created_at    timestamptz not null default now(),
  cleared_at    timestamptz,
  unique (source, ref)
);
create index turnover_flows_open on turnover_flows (user_id, created_at) where cleared_at is null;
