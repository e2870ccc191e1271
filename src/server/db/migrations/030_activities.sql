-- Promotions (优惠活动, spec 000 /activity, /activity/{id}, /activityinfo): operator-made activities with
-- sanitised rich content, and the claims of the claimable kinds (daily check-in, recharge bonus,
-- turnover bonus). A claim is paid exactly once per player per activity per period: the unique key
-- (activity_id, user_id, period_key) here, and the ledger's unique transfer id
-- 'act:<activity>:<user>:<period>' written in the same transaction.
create table activities (
  id           bigserial primary key,
  category     smallint not null check (category between 1 and 20),
  kind         text not null check (kind in ('info', 'checkin', 'recharge_bonus', 'turnover_bonus')),
  title        text not null check (char_length(title) between 1 and 60),
  summary      text not null default '' check (char_length(summary) <= 200),
  -- a site path of an uploaded image (/uploads/<file>) or an https URL; '' for none
  cover_image  text not null default '',
  -- sanitised HTML (domain/richText.ts), written only after sanitising
  content      text not null default '',
  -- the kind's rule in fen (domain/activity/promotions.ts); {} for 'info'
  rule         jsonb not null default '{}',
  starts_at    timestamptz not null,
  ends_at      timestamptz not null,
  sort         integer not null default 0,
  enabled      boolean not null default true,
  created_by   bigint references users(id),
  created_at   timestamptz not null default now(),
  updated_at   timestamptz not null default now(),
  constraint activities_schedule check (ends_at > starts_at)
);
create index activities_front on activities (category, sort, id desc) where enabled;

create table activity_claims (
  id           bigserial primary key,
  activity_id  bigint not null references activities(id),
  user_id      bigint not null references users(id),
  -- the Beijing period the claim is for: 'D2026-11-24', 'W2026-11-23' (its Monday), 'M2026-11', 'ONCE'
  period_key   text not null,
  amount_fen   bigint not null check (amount_fen > 0),
  -- what the reward was computed from: the period's recharges or valid bets (0 for a check-in)
  base_fen     bigint not null default 0 check (base_fen >= 0),
  -- check-in: the consecutive day this sign-in is
  streak       integer check (streak > 0),
  type_code    integer not null check (type_code between 201 and 222),
  transfer_id  text not null unique,
  request_id   text,
  created_at   timestamptz not null default now(),
  unique (activity_id, user_id, period_key)
);
create index activity_claims_user on activity_claims (user_id, id desc);
create index activity_claims_activity on activity_claims (activity_id, id desc);
create unique index activity_claims_request on activity_claims (user_id, request_id) where request_id is not null;
