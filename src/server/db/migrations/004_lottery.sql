-- Lotteries, issues and draws, bets and chases (issue 3). See docs/lottery-design.md.

-- One row per lottery. Self-run games draw from a seed (provably fair); official games take
-- their result from an operator (POST /v1/admin/lottery/openResult).
create table lotteries (
  code              text primary key,               -- '1008'
  family            text not null check (family in ('K3','SSC','KL8','LHC','PK10','PL35','SYX5','FC3D','BJ28')),
  name              text not null,
  source            text not null check (source in ('self', 'official')),
  -- self-run: {"kind":"selfRun","intervalSec":60}; official: {"kind":"window",...} | {"kind":"daily",...}
  -- | {"kind":"weekly",...} (see src/domain/lottery/schedule.ts)
  schedule          jsonb not null,
  close_lead_sec    integer not null check (close_lead_sec >= 0),
  enabled           boolean not null default true,
  sort              integer not null default 0,
  -- the highest prize group an account may hold on this lottery (SSC 1960, 3D 1900 ...)
  prize_group_cap   integer not null check (prize_group_cap between 1000 and 2000),
  -- overrides of DEFAULT_RULE_FLAGS for this lottery
  rule_flags        jsonb not null default '{}',
  -- odds overrides for odds-model plays: {"TM": {"win": 480000}} in 1/10000 at the cap group
  odds              jsonb not null default '{}',
  created_at        timestamptz not null default now(),
  updated_at        timestamptz not null default now()
);

create table lottery_issues (
  lottery_code  text not null references lotteries(code),
  issue         text not null,
  sale_open_at  timestamptz not null,
  close_at      timestamptz not null,
  draw_at       timestamptz not null,
  -- self-run only: sha256(seed) published at open; the seed itself only once drawn
  seed_hash     text,
  seed          text,
  -- canonical draw text ('1,2,3,4,5'; '01,05,...' for two-digit families)
  result        text,
  -- pending: scheduled/on sale/awaiting draw · drawn: result in, settlement running
  -- settled: every bet settled · cancelled: voided by the operator, every bet refunded
  status        text not null default 'pending' check (status in ('pending', 'drawn', 'settled', 'cancelled')),
  -- bumped by every result correction; settlement transfer ids carry it
  result_version integer not null default 0,
  drawn_at      timestamptz,
  settled_at    timestamptz,
  -- system cancel (POST /v1/admin/lottery/cancelIssue): the operator's remark and id
  cancel_remark text,
  cancelled_by  bigint references users(id),
  primary key (lottery_code, issue)
);
create index lottery_issues_due on lottery_issues (draw_at) where status in ('pending', 'drawn');
create index lottery_issues_recent on lottery_issues (lottery_code, draw_at desc);

-- An account's prize group per family (agents grant it to their downline; absent = the default
-- for new players from site setting 'lottery_default_group', capped by the lottery's cap).
create table user_prize_groups (
  user_id      bigint not null references users(id),
  family       text not null,
  prize_group  integer not null check (prize_group between 1000 and 2000),
  primary key (user_id, family)
);

create table chases (
  id               bigserial primary key,
  user_id          bigint not null references users(id),
  request_id       text not null,
  lottery_code     text not null references lotteries(code),
  play_code        text not null,
  betting_number   text not null,
  betting_count    integer not null,
  unit             text not null check (unit in ('yuan', 'jiao', 'fen')),
  rebate_permille  integer not null,
  stop_after_win   boolean not null,
  start_issue      text not null,
  chase_count      integer not null check (chase_count between 1 and 50),
  total_amount     bigint not null check (total_amount > 0),
  -- running | finished (all issues settled) | stopped (won, rest refunded) | cancelled (by the player)
  status           text not null default 'running' check (status in ('running', 'finished', 'stopped', 'cancelled')),
  created_at       timestamptz not null default now(),
  unique (user_id, request_id)
);

create table bets (
  id               bigserial primary key,
  -- order number shown to the player
  order_no         text not null unique,
  user_id          bigint not null references users(id),
  -- client-generated submission id + index inside the submission: a retry bets once
  request_id       text not null,
  request_index    integer not null,
  lottery_code     text not null references lotteries(code),
  issue            text not null,
  play_code        text not null,                 -- domain play code, e.g. 'WX_ZXFS'
  betting_number   text not null,                 -- canonical selection text
  betting_count    integer not null check (betting_count > 0),
  unit             text not null check (unit in ('yuan', 'jiao', 'fen')),
  multiple         integer not null check (multiple between 1 and 10000),
  amount           bigint not null check (amount > 0),
  -- the rebate the bettor took (per-mille of stake; bettingPoint 8 = 80) and the groups
  rebate_permille  integer not null check (rebate_permille >= 0),
  user_group       integer not null,
  bet_group        integer not null,
  -- ledger type of the stake: 301 bet, 302 chase, 303 quick, 304 long dragon
  stake_type       integer not null,
  -- odds plays: the odds per tier fixed at bet time ({"win": 19500}, 1/10000, stake included); null otherwise
  odds             jsonb,
  chase_id         bigint references chases(id),
  status           text not null default 'PENDING' check (status in
                   ('PENDING', 'WON', 'LOST', 'TIE_REFUND', 'USER_CANCELLED', 'SYSTEM_CANCELLED', 'CHASE_STOPPED')),
  payout           bigint not null default 0,    -- prize + refunded lines, fen
  refund           bigint not null default 0,    -- refunded part of payout, fen
  rebate           bigint not null default 0,    -- bettor's own rebate credited at settlement, fen
  win_detail       jsonb,                        -- lines won per tier
  settled_version  integer,                      -- lottery_issues.result_version it was settled against
  created_at       timestamptz not null default now(),
  settled_at       timestamptz,
  unique (user_id, request_id, request_index),
  foreign key (lottery_code, issue) references lottery_issues(lottery_code, issue)
) with (fillfactor = 40);
-- Settling a bet changes no indexed column, so it can be a HOT update (no index entries) if its page has
-- room for the new row version. One settlement batch updates every bet of a page in one transaction, so
-- the old versions cannot be pruned meanwhile: pages filled to 40 % leave room for all of them
-- (measured: 70 % → 34 % HOT, 45 % → 89 %, 40 % → 100 %; 100,000 bets settle about 5× faster).
-- Settlement walks an issue's PENDING bets by id from a cursor (lottery_code, issue, id > last).
create index bets_issue on bets (lottery_code, issue, id);
create index bets_user_time on bets (user_id, created_at desc);
create index bets_chase on bets (chase_id) where chase_id is not null;
-- a player's chase records, newest first
create index chases_user on chases (user_id, id desc);

-- A correction reverses settlement credits (prize, tie refund, rebates, type 310). When the player has
-- already spent part of it, the reversal takes what the balance allows and the rest is recorded here
-- (never a negative balance); the operator settles it by hand.
create table settlement_shortfalls (
  id                    bigserial primary key,
  -- the reversal transfer id ('rev:win:12:v0'); unique so a retried correction records once
  transfer_id           text not null unique,
  original_transfer_id  text not null,
  user_id               bigint not null references users(id),
  bet_id                bigint not null references bets(id),
  amount                bigint not null check (amount > 0),    -- fen not recovered
  created_at            timestamptz not null default now()
);
create index settlement_shortfalls_user on settlement_shortfalls (user_id, created_at desc);

-- Settlement transfers (201/204/501/502/310) carry ref = 'bet:{betId}': a correction or system cancel
-- finds what to reverse through this index.
create index transfers_ref on transfers (ref) where ref is not null;
