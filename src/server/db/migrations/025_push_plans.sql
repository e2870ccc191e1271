-- Push plans (issue 14, docs/push-plans.md): operator-configured picks for a lottery's play, posted
-- into chosen rooms as chat message type 10 when each issue opens, resolved against the real draw.

create table push_plans (
  id            bigserial primary key,
  name          text not null,
  lottery_code  text not null references lotteries(code),
  -- the play's code in the lottery's family catalogue (playDetailCode)
  play_code     text not null,
  -- hot: most frequent in the last window draws; cold: least frequent; repeat: last draw's; seeded: crypto-random
  rule          text not null check (rule in ('hot', 'cold', 'repeat', 'seeded')),
  window_size   integer not null default 10 check (window_size between 1 and 100),
  pick_count    integer not null default 1 check (pick_count between 1 and 20),
  room_ids      bigint[] not null default '{}',
  enabled       boolean not null default true,
  created_at    timestamptz not null default now(),
  updated_at    timestamptz not null default now()
);

-- One prediction per plan and issue, computed once; is_prize 0 miss, 1 hit, 2 waiting, 3 issue cancelled.
create table push_plan_predictions (
  id             bigserial primary key,
  plan_id        bigint not null references push_plans(id) on delete cascade,
  lottery_code   text not null,
  issue          text not null,
  -- the pick as addBetting takes it, and as shown
  betting_number text not null,
  bet_content    text not null,
  bet_count      integer not null,
  is_prize       smallint not null default 2 check (is_prize in (0, 1, 2, 3)),
  open_number    text,
  created_at     timestamptz not null default now(),
  resolved_at    timestamptz,
  unique (plan_id, issue),
  foreign key (lottery_code, issue) references lottery_issues (lottery_code, issue)
);
create index push_plan_predictions_waiting on push_plan_predictions (lottery_code, issue) where is_prize = 2;
-- predictions of an issue whose result was corrected are resolved again
create index push_plan_predictions_issue on push_plan_predictions (lottery_code, issue);

-- One post per prediction and room: the claim row and the message are written in one transaction.
create table push_plan_posts (
  prediction_id bigint not null references push_plan_predictions(id) on delete cascade,
  room_id       bigint not null references chat_rooms(id) on delete cascade,
  message_id    bigint not null references chat_messages(id) on delete cascade,
  primary key (prediction_id, room_id)
);
