/**
 * The grade promotion job (one of the site jobs, every GRADE_JOB_EVERY_MS): it looks only at players
 * with something new since its position (migration 031 grade_promotion_cursor) and raises each to the
 * tier its lifetime totals reach (store.ts promote).
 *
 * - Recharges: transfers of the recharge codes with an id above last_transfer_id (a primary-key range).
 * - Valid bets become valid at settlement: the bettors of issues settled since settled_since (an index
 *   on lottery_issues.settled_at), so a losing bet, which moves no money at settlement, counts too.
 * - The position moves to values read at an earlier run only once every transaction alive then has
 *   ended (the snapshot's xmin has passed that run's xmax): a late commit is never skipped.
 * - After the operator edits the ladder, the next run looks at every player once.
 * Runs are idempotent (promotion is up-only and conditional), so a crash or a second runner only
 * repeats work.
 */
import type { Sql } from '../db/client.ts';
import { TOP_GRADE } from '../../domain/grades.ts';
import { TxType } from '../../domain/txTypes.ts';
import { RECHARGE_CODES } from '../activity/store.ts';
import { gradeLevels, promote } from './store.ts';

export const GRADE_JOB_EVERY_MS = 60_000;
const BATCH = 500;

interface Cursor {
  last_transfer_id: string;
  settled_since: Date;
  pending_transfer_id: string | null;
  pending_settled_since: Date | null;
  pending_xmax: string | null;
  full_pending: boolean;
}

async function promoteInBatches(
  sql: Sql,
  ids: number[],
  levels: Awaited<ReturnType<typeof gradeLevels>>,
): Promise<number> {
  let raised = 0;
  for (let i = 0; i < ids.length; i += BATCH)
    raised += await promote(sql, ids.slice(i, i + BATCH), levels);
  return raised;
}

/** Every player below the top tier, in id order, a batch at a time. */
async function promoteEveryone(
  sql: Sql,
  levels: Awaited<ReturnType<typeof gradeLevels>>,
): Promise<{ checked: number; raised: number }> {
  let after = 0;
  let checked = 0;
  let raised = 0;
  for (;;) {
    const rows = await sql<{ id: string }[]>`
      select id from users where id > ${after} and grade >= 0 and grade < ${TOP_GRADE} order by id limit ${BATCH}`;
    if (rows.length === 0) return { checked, raised };
    const ids = rows.map((r) => Number(r.id));
    raised += await promote(sql, ids, levels);
    checked += ids.length;
    after = ids[ids.length - 1]!;
  }
}

/** Players with new recharges or newly settled bets since the position. */
async function newlyActive(sql: Sql, c: Cursor): Promise<number[]> {
  const rows = await sql<{ user_id: string }[]>`
    select distinct user_id from transfers
    where id > ${c.last_transfer_id} and user_id is not null
      and type_code = any(${[...RECHARGE_CODES, TxType.RECHARGE_REJECT]}::int[])
    union
    select distinct b.user_id from lottery_issues i
    join bets b on b.lottery_code = i.lottery_code and b.issue = i.issue
    where i.settled_at >= ${c.settled_since}`;
  return rows.map((r) => Number(r.user_id));
}

export async function runGradePromotion(sql: Sql): Promise<{ checked: number; raised: number }> {
  const [c] = await sql<Cursor[]>`select * from grade_promotion_cursor`;
  const [snap] = await sql<{ xmin: string; xmax: string; now: Date; top: string }[]>`
    select pg_snapshot_xmin(pg_current_snapshot())::text::bigint as xmin, pg_snapshot_xmax(pg_current_snapshot())::text::bigint as xmax,
      now() as now, coalesce((select max(id) from transfers), 0) as top`;
  // the pending position is safe once no transaction alive at its reading is still running
  const settled = c!.pending_xmax !== null && BigInt(snap!.xmin) >= BigInt(c!.pending_xmax);
  const cursor: Cursor = settled
    ? { ...c!, last_transfer_id: c!.pending_transfer_id!, settled_since: c!.pending_settled_since! }
    : c!;
  const levels = await gradeLevels(sql, { fresh: true });
  const result = c!.full_pending
    ? await promoteEveryone(sql, levels)
    : await (async () => {
        const ids = await newlyActive(sql, c!);
        return { checked: ids.length, raised: await promoteInBatches(sql, ids, levels) };
      })();
  const renew = settled || c!.pending_xmax === null;
  await sql`
    update grade_promotion_cursor set
      last_transfer_id = ${cursor.last_transfer_id}, settled_since = ${cursor.settled_since},
      pending_transfer_id = ${renew ? snap!.top : c!.pending_transfer_id},
      pending_settled_since = ${renew ? snap!.now : c!.pending_settled_since},
      pending_xmax = ${renew ? snap!.xmax : c!.pending_xmax},
      full_pending = full_pending and updated_at > ${snap!.now}, updated_at = now()`;
  return result;
}
