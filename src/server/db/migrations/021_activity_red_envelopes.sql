-- Activity red envelopes (活动红包): operator-created rain or giveaway envelopes and their claims.
-- Money moves only through the ledger (house → player, type 206, transfer id 'ar:<envelope>:<user>'),
-- in the same transaction as the claim row. The budget is enforced here: paid_fen can never pass
-- budget_fen, nor claimed_count the rain's shares, whatever the code does.
create table activity_red_envelopes (
  id             bigserial primary key,
  kind           text not null check (kind in ('rain', 'giveaway')),
  title          text not null check (char_length(title) between 1 and 40),
  starts_at      timestamptz not null,
  ends_at        timestamptz not null,
  budget_fen     bigint not null check (budget_fen > 0),
  paid_fen       bigint not null default 0 check (paid_fen >= 0),
  -- rain: the number of shares; giveaway: null
  shares         integer check (shares > 0),
  claimed_count  integer not null default 0 check (claimed_count >= 0),
  -- giveaway: the fixed amount each; rain: null
  amount_fen     bigint check (amount_fen > 0),
  min_grade      integer not null default 0,
  max_grade      integer not null,
  requirement    text not null default 'none' check (requirement in ('none', 'recharge', 'turnover')),
  required_fen   bigint not null default 0 check (required_fen >= 0),
  period_days    integer check (period_days > 0),
  period_start   date,
  period_end     date,
  closed         boolean not null default false,
  created_by     bigint references users(id),
  created_at     timestamptz not null default now(),
  updated_at     timestamptz not null default now(),
  constraint activity_red_envelopes_budget check (paid_fen <= budget_fen),
  constraint activity_red_envelopes_shares check (shares is null or claimed_count <= shares),
  constraint activity_red_envelopes_kind_fields check (
    (kind = 'rain' and shares is not null and amount_fen is null and budget_fen >= shares)
    or (kind = 'giveaway' and shares is null and amount_fen is not null and amount_fen <= budget_fen)),
  constraint activity_red_envelopes_schedule check (ends_at > starts_at),
  constraint activity_red_envelopes_grades check (min_grade <= max_grade)
);
create index activity_red_envelopes_open on activity_red_envelopes (ends_at) where not closed;

create table activity_red_envelope_claims (
  id           bigserial primary key,
  envelope_id  bigint not null references activity_red_envelopes(id),
  user_id      bigint not null references users(id),
  amount_fen   bigint not null check (amount_fen > 0),
  -- the client's request id, when sent: a retry with it answers the first result
  request_id   text,
  transfer_id  text not null unique,
  created_at   timestamptz not null default now(),
  unique (envelope_id, user_id)
);
create index activity_red_envelope_claims_user on activity_red_envelope_claims (user_id, id desc);
-- a player's request id makes one claim: reused for another envelope it is refused
create unique index activity_red_envelope_claims_request on activity_red_envelope_claims (user_id, request_id)
  where request_id is not null;
