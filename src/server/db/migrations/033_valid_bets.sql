-- Valid bets (有效投注) in the report roll-ups (docs/agents.md "Reports"): one rule for the whole
-- site, the one the promotions and the grades count (src/domain/bets.ts VALID_BET_STATUSES): bets
-- whose status is WON, LOST or TIE_REFUND, each counting amount − refund, by the Beijing day (and
-- month) the bet was PLACED (bets.created_at). Pending and cancelled bets count 0.
--
-- user_daily.valid_bet / user_monthly.valid_bet hold that sum, kept by statement-level triggers on
-- bets: a statement adds, per (user, day), the change of the counted values of the rows it touched,
-- so settlement, corrections (back to PENDING), re-settlement and cancellation keep it exact. The
-- rebuild of the roll-ups (src/server/reports/categories.ts) refills it with user_valid_bets_fill().

alter table user_daily add column valid_bet bigint not null default 0;
alter table user_monthly add column valid_bet bigint not null default 0;

-- The counted value of one bet (fen): its stake less its refund when it is a valid bet, else 0.
-- The statuses are src/domain/bets.ts VALID_BET_STATUSES.
create function valid_bet_fen(status text, amount bigint, refund bigint) returns bigint
  language sql immutable parallel safe
  as $$ select case when status in ('WON', 'LOST', 'TIE_REFUND') then amount - refund else 0 end $$;

-- Adds per (user, day) deltas (one element per key, fen) into user_daily and user_monthly, in key
-- order (two statements over the same users lock their rows in one order). Rows created here have
-- tx_count 0: they do not make a member active.
create function user_valid_bet_add(users bigint[], days date[], fens bigint[]) returns void language plpgsql as $$
begin
  with d as (
    select * from unnest(users, days, fens) as x(user_id, day, fen)
  ), daily as (
    insert into user_daily as u (user_id, day, valid_bet)
    select user_id, day, fen from d order by user_id, day
    on conflict (user_id, day) do update set valid_bet = u.valid_bet + excluded.valid_bet
  )
  insert into user_monthly as u (user_id, month, valid_bet)
  select user_id, date_trunc('month', day)::date, sum(fen) from d group by 1, 2 having sum(fen) <> 0 order by 1, 2
  on conflict (user_id, month) do update set valid_bet = u.valid_bet + excluded.valid_bet;
end $$;

-- The trigger: old rows taken off, new rows added, netted per (user, day); keys whose total did not
-- change (an update that left the counted value alone) are not written at all.
create function user_valid_bets_on_change() returns trigger language plpgsql as $$
declare
  users bigint[];
  days date[];
  fens bigint[];
begin
  if TG_OP = 'INSERT' then
    select array_agg(user_id), array_agg(day), array_agg(fen) into users, days, fens from (
      select n.user_id, beijing_day(n.created_at) as day, sum(valid_bet_fen(n.status, n.amount, n.refund)) as fen
      from new_rows n where n.status in ('WON', 'LOST', 'TIE_REFUND')
      group by 1, 2 having sum(valid_bet_fen(n.status, n.amount, n.refund)) <> 0) x;
  elsif TG_OP = 'DELETE' then
    select array_agg(user_id), array_agg(day), array_agg(fen) into users, days, fens from (
      select o.user_id, beijing_day(o.created_at) as day, -sum(valid_bet_fen(o.status, o.amount, o.refund)) as fen
      from old_rows o where o.status in ('WON', 'LOST', 'TIE_REFUND')
      group by 1, 2 having sum(valid_bet_fen(o.status, o.amount, o.refund)) <> 0) x;
  else
    select array_agg(user_id), array_agg(day), array_agg(fen) into users, days, fens from (
      select user_id, day, sum(fen) as fen from (
        select o.user_id, beijing_day(o.created_at) as day, -valid_bet_fen(o.status, o.amount, o.refund) as fen
        from old_rows o where o.status in ('WON', 'LOST', 'TIE_REFUND')
        union all
        select n.user_id, beijing_day(n.created_at), valid_bet_fen(n.status, n.amount, n.refund)
        from new_rows n where n.status in ('WON', 'LOST', 'TIE_REFUND')
      ) c group by 1, 2 having sum(fen) <> 0) x;
  end if;
  if users is not null then
    perform user_valid_bet_add(users, days, fens);
  end if;
  return null;
end $$;

-- Placement inserts PENDING bets (nothing to add); the insert and delete triggers keep the figure
-- exact for rows written already settled (imports, fixtures) or removed.
create trigger bets_valid_bet_insert after insert on bets
  referencing new table as new_rows for each statement execute function user_valid_bets_on_change();
create trigger bets_valid_bet_update after update on bets
  referencing old table as old_rows new table as new_rows for each statement execute function user_valid_bets_on_change();
create trigger bets_valid_bet_delete after delete on bets
  referencing old table as old_rows for each statement execute function user_valid_bets_on_change();

-- Every valid bet into the roll-ups, whose valid_bet columns must be 0 (a new column, or just
-- truncated by the rebuild).
create function user_valid_bets_fill() returns void language plpgsql as $$
declare
  users bigint[];
  days date[];
  fens bigint[];
begin
  select array_agg(user_id), array_agg(day), array_agg(fen) into users, days, fens from (
    select b.user_id, beijing_day(b.created_at) as day, sum(valid_bet_fen(b.status, b.amount, b.refund)) as fen
    from bets b where b.status in ('WON', 'LOST', 'TIE_REFUND')
    group by 1, 2 having sum(valid_bet_fen(b.status, b.amount, b.refund)) <> 0) x;
  if users is not null then
    perform user_valid_bet_add(users, days, fens);
  end if;
end $$;

select user_valid_bets_fill();
