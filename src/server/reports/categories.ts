/**
 * Writes the report category of each ledger type code (src/domain/agent/reportFigures.ts) into
 * report_type_categories, which the roll-up triggers of migration 032 read, so SQL and TypeScript
 * share one map. Run by the migration runner after the SQL files, under its lock. When the map in
 * the table differs from the TypeScript one (first run, or a code moved category), the roll-ups
 * are rebuilt from the whole journal in the same transaction.
 */
import { reportTypeRows } from '../../domain/agent/reportFigures.ts';
import type { Tx } from '../db/client.ts';

/** Transfers per roll-up rebuild step: bounds the array each step hands the trigger function. */
const REBUILD_CHUNK = 50_000;

function wanted(): string {
  return reportTypeRows()
    .map((r) => `${r.typeCode}:${r.category}:${r.tieRefund}:${r.stake}`)
    .join(',');
}

async function stored(tx: Tx): Promise<string> {
  const rows = await tx<
    { type_code: number; category: string; tie_refund: boolean; stake: boolean }[]
  >`
    select type_code, category, tie_refund, stake from report_type_categories order by type_code`;
  return rows.map((r) => `${r.type_code}:${r.category}:${r.tie_refund}:${r.stake}`).join(',');
}

/**
 * Rebuilds user_daily, user_monthly and user_first_recharge from every transfer, in id chunks, then
 * their valid bets from the bets (migration 033), so a rebuild gives what the triggers kept.
 */
export async function rebuildRollups(tx: Tx): Promise<void> {
  await tx`lock table transfers, bets in share mode`;
  await tx`truncate user_daily, user_monthly, user_first_recharge`;
  const [range] = await tx<
    { lo: number | null; hi: number | null }[]
  >`select min(id) as lo, max(id) as hi from transfers`;
  if (range?.lo != null && range.hi != null) {
    for (let from = range.lo; from <= range.hi; from += REBUILD_CHUNK) {
      await tx`select user_daily_add(array(select t from transfers t where t.id >= ${from} and t.id < ${from + REBUILD_CHUNK}), 1)`;
    }
  }
  await tx`select user_valid_bets_fill()`;
}

/** Makes report_type_categories equal the TypeScript map; true when it changed (roll-ups rebuilt). */
export async function syncReportCategories(tx: Tx): Promise<boolean> {
  const [has] = await tx<
    { ok: boolean }[]
  >`select to_regclass('report_type_categories') is not null as ok`;
  if (!has?.ok || (await stored(tx)) === wanted()) return false;
  await tx`delete from report_type_categories`;
  const rows = reportTypeRows().map((r) => ({
    type_code: r.typeCode,
    category: r.category,
    tie_refund: r.tieRefund,
    stake: r.stake,
  }));
  await tx`
    insert into report_type_categories (type_code, category, tie_refund, stake)
    select * from json_to_recordset(cast(${JSON.stringify(rows)}::text as json)) as x(type_code integer, category text, tie_refund boolean, stake boolean)`;
  await rebuildRollups(tx);
  return true;
}
