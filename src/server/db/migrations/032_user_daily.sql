-- Agent and profit reports (issue 15, docs/agents.md "Reports"): per-user per-Beijing-day roll-ups
-- of the ledger, kept by statement-level triggers on transfers, so a team report for a month reads
-- members x days rows instead of scanning bets and transfers.
--
-- report_type_categories is the category of each type code, written from the TypeScript map
-- (src/domain/agent/reportFigures.ts PL_CATEGORY_CODES) by the migration runner after the SQL files
-- (src/server/reports/categories.ts), which also rebuilds user_daily whenever that map changed. A
-- code absent here counts as 'other', as in TypeScript.

create table report_type_categories (
  type_code  integer primary key,
  category   text not null check (category in ('recharge', 'withdraw', 'bet', 'prize', 'rebate', 'activity', 'wallet')),
  tie_refund boolean not null default false,
  stake      boolean not null default false
);

-- The Beijing calendar day of an instant (China keeps UTC+8 all year).
create function beijing_day(at timestamptz) returns date language sql immutable parallel safe
  as $$ select ((at at time zone 'UTC') + interval '8 hours')::date $$;

-- Each money column is the signed effect (fen) on the player's holdings (player, withdraw_hold,
-- virtual_wallet, pledge_escrow) of the day's transfers about them of that category: stakes are
-- negative, prizes positive, and so on; tie_refund is the part of prize that refunded tied bets.
create table user_daily (
  user_id        bigint not null references users(id),
  day            date not null,
  bet            bigint not null default 0,
  prize          bigint not null default 0,
  tie_refund     bigint not null default 0,
  rebate         bigint not null default 0,
  activity       bigint not null default 0,
  recharge       bigint not null default 0,
  withdraw       bigint not null default 0,
  wallet         bigint not null default 0,
  other          bigint not null default 0,
  -- stakes placed (transfers of a stake code taking money), recharges (recharge transfers adding money)
  bet_count      integer not null default 0,
  recharge_count integer not null default 0,
  -- every transfer about the user that day (an active member has one)
  tx_count       integer not null default 0,
  primary key (user_id, day)
);
create index user_daily_day on user_daily (day, user_id);

-- The Beijing day of each user's first recharge (for first-recharge counts).
create table user_first_recharge (
  user_id bigint primary key references users(id),
  day     date not null
);
create index user_first_recharge_day on user_first_recharge (day);

-- Adds (sgn = 1) or takes back (sgn = -1) the effect of these transfers on user_daily: one row per
-- (user, day), upserted in (user, day) order so two statements touching the same users lock their
-- rows in one order; then the first-recharge day of the users with recharges among them.
create function user_daily_add(rows transfers[], sgn integer) returns void language plpgsql as $$
begin
  with x as (
    select n.user_id, beijing_day(n.created_at) as day, k.category, coalesce(k.tie_refund, false) as tie, coalesce(k.stake, false) as stake,
           (case when c.user_id = n.user_id and c.kind in ('player', 'withdraw_hold', 'virtual_wallet', 'pledge_escrow') then n.amount else 0 end)
         - (case when d.user_id = n.user_id and d.kind in ('player', 'withdraw_hold', 'virtual_wallet', 'pledge_escrow') then n.amount else 0 end) as net
    from unnest(rows) n
    join ledger_accounts c on c.id = n.credit_account_id
    join ledger_accounts d on d.id = n.debit_account_id
    left join report_type_categories k on k.type_code = n.type_code
    where n.user_id is not null
  )
  insert into user_daily as u (user_id, day, bet, prize, tie_refund, rebate, activity, recharge, withdraw, wallet, other,
                               bet_count, recharge_count, tx_count)
  select user_id, day,
         sgn * coalesce(sum(net) filter (where category = 'bet'), 0),
         sgn * coalesce(sum(net) filter (where category = 'prize'), 0),
         sgn * coalesce(sum(net) filter (where tie), 0),
         sgn * coalesce(sum(net) filter (where category = 'rebate'), 0),
         sgn * coalesce(sum(net) filter (where category = 'activity'), 0),
         sgn * coalesce(sum(net) filter (where category = 'recharge'), 0),
         sgn * coalesce(sum(net) filter (where category = 'withdraw'), 0),
         sgn * coalesce(sum(net) filter (where category = 'wallet'), 0),
         sgn * coalesce(sum(net) filter (where category is null), 0),
         sgn * count(*) filter (where stake and net < 0),
         sgn * count(*) filter (where category = 'recharge' and net > 0),
         sgn * count(*)
  from x group by user_id, day order by user_id, day
  on conflict (user_id, day) do update set
    bet = u.bet + excluded.bet, prize = u.prize + excluded.prize, tie_refund = u.tie_refund + excluded.tie_refund,
    rebate = u.rebate + excluded.rebate, activity = u.activity + excluded.activity, recharge = u.recharge + excluded.recharge,
    withdraw = u.withdraw + excluded.withdraw, wallet = u.wallet + excluded.wallet, other = u.other + excluded.other,
    bet_count = u.bet_count + excluded.bet_count, recharge_count = u.recharge_count + excluded.recharge_count,
    tx_count = u.tx_count + excluded.tx_count;

  -- the first recharge day of the users whose recharges these rows were (read back from user_daily,
  -- so a back-dated or removed row is followed too)
  if exists (select 1 from unnest(rows) n join report_type_categories k on k.type_code = n.type_code
             where k.category = 'recharge' and n.user_id is not null) then
    with who as (
      select distinct n.user_id from unnest(rows) n join report_type_categories k on k.type_code = n.type_code
      where k.category = 'recharge' and n.user_id is not null
    ), firsts as (
      select w.user_id, (select min(d.day) from user_daily d where d.user_id = w.user_id and d.recharge_count > 0) as day
      from who w
    ), gone as (
      delete from user_first_recharge f using firsts where f.user_id = firsts.user_id and firsts.day is null
    )
    insert into user_first_recharge (user_id, day)
    select user_id, day from firsts where day is not null order by user_id
    on conflict (user_id) do update set day = excluded.day;
  end if;
end $$;

create function user_daily_on_insert() returns trigger language plpgsql as $$
begin
  perform user_daily_add(array(select row(n.*)::transfers from new_rows n), 1);
  return null;
end $$;

-- The journal is append-only in the product; tests back-date rows, and the roll-ups follow.
create function user_daily_on_update() returns trigger language plpgsql as $$
begin
  perform user_daily_add(array(select row(o.*)::transfers from old_rows o), -1);
  perform user_daily_add(array(select row(n.*)::transfers from new_rows n), 1);
  return null;
end $$;

create function user_daily_on_delete() returns trigger language plpgsql as $$
begin
  perform user_daily_add(array(select row(o.*)::transfers from old_rows o), -1);
  return null;
end $$;

create trigger transfers_user_daily_insert after insert on transfers
  referencing new table as new_rows for each statement execute function user_daily_on_insert();
create trigger transfers_user_daily_update after update on transfers
  referencing old table as old_rows new table as new_rows for each statement execute function user_daily_on_update();
create trigger transfers_user_daily_delete after delete on transfers
  referencing old table as old_rows for each statement execute function user_daily_on_delete();
