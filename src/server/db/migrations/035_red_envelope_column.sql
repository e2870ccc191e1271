-- Chat red envelopes in a report column of their own (issue 24, docs/agents.md "Reports"): the
-- codes 207 聊天红包领取, 208 聊天红包退回 and 307 发红包 move from 'other' to the category
-- 'redEnvelope' (src/domain/agent/reportFigures.ts), so every screen shows them in 红包 and its 盈亏
-- is the sum of its columns. user_daily / user_monthly get the column red_envelope (signed effect on
-- the holdings, like the others) and user_daily_add fills it.
--
-- No back-fill here: the category map in TypeScript changed with this migration, so the migration
-- runner rebuilds the roll-ups from the whole journal right after the SQL files
-- (src/server/reports/categories.ts), in the same transaction.

alter table report_type_categories drop constraint report_type_categories_category_check;
alter table report_type_categories add constraint report_type_categories_category_check
  check (category in ('recharge', 'withdraw', 'bet', 'prize', 'rebate', 'activity', 'wallet', 'redEnvelope'));

alter table user_daily add column red_envelope bigint not null default 0;
alter table user_monthly add column red_envelope bigint not null default 0;

-- migration 032's function with the red_envelope column
create or replace function user_daily_add(rows transfers[], sgn integer) returns void language plpgsql as $$
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
  , per_day as (
    select user_id, day,
           sgn * coalesce(sum(net) filter (where category = 'bet'), 0) as bet,
           sgn * coalesce(sum(net) filter (where category = 'prize'), 0) as prize,
           sgn * coalesce(sum(net) filter (where tie), 0) as tie_refund,
           sgn * coalesce(sum(net) filter (where category = 'rebate'), 0) as rebate,
           sgn * coalesce(sum(net) filter (where category = 'activity'), 0) as activity,
           sgn * coalesce(sum(net) filter (where category = 'recharge'), 0) as recharge,
           sgn * coalesce(sum(net) filter (where category = 'withdraw'), 0) as withdraw,
           sgn * coalesce(sum(net) filter (where category = 'wallet'), 0) as wallet,
           sgn * coalesce(sum(net) filter (where category = 'redEnvelope'), 0) as red_envelope,
           sgn * coalesce(sum(net) filter (where category is null), 0) as other,
           sgn * count(*) filter (where stake and net < 0) as bet_count,
           sgn * count(*) filter (where category = 'recharge' and net > 0) as recharge_count,
           sgn * count(*) as tx_count
    from x group by user_id, day
  ), daily as (
    insert into user_daily as u (user_id, day, bet, prize, tie_refund, rebate, activity, recharge, withdraw, wallet, red_envelope, other,
                                 bet_count, recharge_count, tx_count)
    select * from per_day order by user_id, day
    on conflict (user_id, day) do update set
      bet = u.bet + excluded.bet, prize = u.prize + excluded.prize, tie_refund = u.tie_refund + excluded.tie_refund,
      rebate = u.rebate + excluded.rebate, activity = u.activity + excluded.activity, recharge = u.recharge + excluded.recharge,
      withdraw = u.withdraw + excluded.withdraw, wallet = u.wallet + excluded.wallet, red_envelope = u.red_envelope + excluded.red_envelope,
      other = u.other + excluded.other,
      bet_count = u.bet_count + excluded.bet_count, recharge_count = u.recharge_count + excluded.recharge_count,
      tx_count = u.tx_count + excluded.tx_count
  )
  insert into user_monthly as u (user_id, month, bet, prize, tie_refund, rebate, activity, recharge, withdraw, wallet, red_envelope, other,
                                 bet_count, recharge_count, tx_count)
  select user_id, date_trunc('month', day)::date, sum(bet), sum(prize), sum(tie_refund), sum(rebate), sum(activity), sum(recharge),
         sum(withdraw), sum(wallet), sum(red_envelope), sum(other), sum(bet_count), sum(recharge_count), sum(tx_count)
  from per_day group by 1, 2 order by 1, 2
  on conflict (user_id, month) do update set
    bet = u.bet + excluded.bet, prize = u.prize + excluded.prize, tie_refund = u.tie_refund + excluded.tie_refund,
    rebate = u.rebate + excluded.rebate, activity = u.activity + excluded.activity, recharge = u.recharge + excluded.recharge,
    withdraw = u.withdraw + excluded.withdraw, wallet = u.wallet + excluded.wallet, red_envelope = u.red_envelope + excluded.red_envelope,
    other = u.other + excluded.other,
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
