/**
 * The wallet's scheduled work, run every minute by the site's job runner (siteJobs.ts)
 * (`runWalletJobs(sql, Date.now())`). Each part is idempotent, so restarts, a second instance or
 * overlapping runs change nothing:
 * - interest: for each finished Beijing day (the last CATCH_UP_DAYS) not marked done in
 *   vw_interest_days, every player whose virtual wallet held money at the day's end is paid
 *   floor(B × rate / 365) (613) under the unique transfer id `vw-interest:<userId>:<day>`; B is
 *   rebuilt from the journal at the cut-off, so a late run pays what an on-time run would have
 *   (at the current rate). When nobody is left the day is marked done.
 * - maturity: every holding order whose term has ended is settled (pledge.ts settleTerm).
 */
import { parseBeijingDay } from '../../domain/time.ts';
import { transferIdAround, transferIds } from '../../domain/transferIds.ts';
import {
  dailyInterestFen,
  DAYS_PER_YEAR,
  finishedBeijingDays,
  FULL_BP,
  VW_TYPES,
} from '../../domain/wallet.ts';
import type { Sql } from '../db/client.ts';
import { transfer } from '../ledger/ledger.ts';
import { settleTerm, type OrderRow } from './pledge.ts';
import { getVwSettings } from './service.ts';

export const CATCH_UP_DAYS = 7;
export const INTEREST_BATCH = 500;
export const MATURITY_BATCH = 200;

interface DueBalance {
  user_id: number;
  bal: number;
}

/** Pays one day's interest to up to INTEREST_BATCH players; marks the day done when none is left. */
export async function accrueInterestForDay(
  sql: Sql,
  day: string,
  rateBp: number,
): Promise<{ paid: number; done: boolean }> {
  const span = parseBeijingDay(day);
  if (!span) throw new Error(`interest day ${day} is not a date`);
  const cutoff = new Date(span.endMs);
  const id = transferIdAround('virtualWalletInterest', 'userId', { day });
  const due = await sql<DueBalance[]>`
    select user_id, bal from (
      select a.user_id, (a.balance
        - coalesce((select sum(t.amount) from transfers t
                    where t.user_id = a.user_id and t.created_at >= ${cutoff} and t.credit_account_id = a.id), 0)
        + coalesce((select sum(t.amount) from transfers t
                    where t.user_id = a.user_id and t.created_at >= ${cutoff} and t.debit_account_id = a.id), 0))::bigint as bal
      from ledger_accounts a
      where a.kind = 'virtual_wallet' and a.created_at < ${cutoff}
        and not exists (select 1 from transfers x where x.transfer_id = ${id.before} || a.user_id || ${id.after})
    ) s
    where bal > 0 and ${dailyInterestFenSql(sql, rateBp)} > 0
    order by user_id limit ${INTEREST_BATCH}`;
  let paid = 0;
  for (const row of due) {
    const amountFen = dailyInterestFen(row.bal, rateBp);
    if (amountFen <= 0) continue;
    const r = await transfer(sql, {
      transferId: transferIds.virtualWalletInterest(row.user_id, day),
      from: { kind: 'house', userId: null },
      to: { kind: 'virtual_wallet', userId: row.user_id },
      amountFen,
      typeCode: VW_TYPES.interest,
      userId: row.user_id,
      remark: `${day} 虚拟钱包利息`,
    });
    if (r.applied) paid++;
  }
  const done = due.length < INTEREST_BATCH;
  if (done) {
    await sql`
      insert into vw_interest_days (day, paid) values (${day}, ${paid})
      on conflict (day) do nothing`;
  }
  return { paid, done };
}

/** The SQL twin of dailyInterestFen's "pays at least 1 fen" test, so zero-interest rows are skipped. */
function dailyInterestFenSql(sql: Sql, rateBp: number) {
  return sql`(bal * ${rateBp}::bigint / ${FULL_BP * DAYS_PER_YEAR}::bigint)`;
}

export async function accrueInterest(sql: Sql, nowMs: number): Promise<number> {
  const days = finishedBeijingDays(nowMs, CATCH_UP_DAYS);
  const doneRows = await sql<{ day: string }[]>`
    select to_char(day, 'YYYY-MM-DD') as day from vw_interest_days where day >= ${days[0]}::date`;
  const done = new Set(doneRows.map((r) => r.day));
  const { annualRateBp } = await getVwSettings(sql);
  let paid = 0;
  for (const day of days) {
    if (done.has(day)) continue;
    const r = await accrueInterestForDay(sql, day, annualRateBp);
    paid += r.paid;
    if (!r.done) break; // the batch is full: the next run goes on with this day
  }
  return paid;
}

/** Settles every matured holding order (up to MATURITY_BATCH per run). */
export async function settleMatured(sql: Sql, nowMs: number): Promise<number> {
  const due = await sql<OrderRow[]>`
    select * from pledge_orders where status = 'holding' and end_at <= ${new Date(nowMs)}
    order by end_at limit ${MATURITY_BATCH}`;
  let settled = 0;
  for (const o of due) if (await settleTerm(sql, o, nowMs)) settled++;
  return settled;
}

export async function runWalletJobs(
  sql: Sql,
  nowMs: number,
): Promise<{ interestPaid: number; settled: number }> {
  // matured terms first, so an auto-renewed order that is several terms behind catches up one term per run
  const settled = await settleMatured(sql, nowMs);
  const interestPaid = await accrueInterest(sql, nowMs);
  return { interestPaid, settled };
}
