/**
 * Turnover requirements (流水要求): money that arrives must be bet before it can be withdrawn.
 * A recharge adds `base × turnoverPercent / 100` (the withdraw settings' multiple) as one row of
 * turnover_flows, once per ref. Owned by the withdraw feature; recharge approval calls addTurnover
 * inside its own transaction so the credit and its requirement commit together.
 *
 * Progress: a settled bet (WON, LOST, TIE_REFUND; counting amount − refund) placed at or after a
 * requirement was created counts toward it. Bets fill the open requirements oldest first: the
 * bets placed between requirement k and k+1 can fill requirements 0..k. When every open
 * requirement is met they are all marked cleared, so the scan of bets stays bounded to the bets
 * placed since the oldest open requirement (bets_user_time index: user_id, created_at). An operator
 * may waive requirements (waiveTurnover): they are cleared the same way, with who and why.
 */
import type { Db, Tx } from '../db/client.ts';
import { DEFAULT_WITHDRAW_SETTINGS } from '../../domain/withdraw.ts';

export type TurnoverSource = 'recharge' | 'adjust' | 'activity';

/** The setting key and default of the turnover multiple, in percent of the amount received. */
export const WITHDRAW_SETTINGS_KEY = 'withdraw';
export const DEFAULT_TURNOVER_PERCENT = DEFAULT_WITHDRAW_SETTINGS.turnoverPercent;

export interface TurnoverInput {
  userId: number;
  baseFen: number;
  source: TurnoverSource;
  /** unique per source: adding the same ref twice adds one requirement */
  ref: string;
  /** the multiple in percent, when the source sets its own (an activity's rule); else the withdraw settings' */
  percent?: number;
}

export async function addTurnover(tx: Tx, t: TurnoverInput): Promise<void> {
  if (!Number.isSafeInteger(t.baseFen) || t.baseFen <= 0)
    throw new Error(`bad turnover base ${t.baseFen}`);
  const [row] =
    t.percent === undefined
      ? await tx<{ percent: number | null }[]>`
    select (value->>'turnoverPercent')::int as percent from site_settings where key = ${WITHDRAW_SETTINGS_KEY}`
      : [];
  const percent = t.percent ?? row?.percent ?? DEFAULT_TURNOVER_PERCENT;
  const requiredFen = Math.floor((t.baseFen * percent) / 100);
  await tx`
    insert into turnover_flows (user_id, source, ref, base_fen, required_fen)
    values (${t.userId}, ${t.source}, ${t.ref}, ${t.baseFen}, ${requiredFen})
    on conflict (source, ref) do nothing`;
}

export interface FlowProgress {
  id: number;
  source: string;
  ref: string;
  baseFen: number;
  requiredFen: number;
  doneFen: number;
  remainingFen: number;
  createdAt: Date;
}

export interface TurnoverProgress {
  flows: FlowProgress[];
  requiredFen: number;
  doneFen: number;
  remainingFen: number;
}

interface FlowRow {
  id: number;
  source: string;
  ref: string;
  base_fen: number;
  required_fen: number;
  created_at: Date;
  /** settled stake placed between this requirement and the next one */
  segment_fen: number;
}

/** Fills the requirements oldest first from the bets of each segment (pure, for the tests too). */
export function allocate(required: number[], segments: number[]): number[] {
  const done = required.map(() => 0);
  for (let k = 0; k < segments.length; k++) {
    let left = segments[k]!;
    for (let i = 0; i <= k && left > 0; i++) {
      const take = Math.min(left, required[i]! - done[i]!);
      done[i]! += take;
      left -= take;
    }
  }
  return done;
}

/**
 * The open requirements of a player and how far the settled bets have met them. When all are
 * met, they are marked cleared (and the answer is an empty list).
 */
export async function turnoverProgress(sql: Db, userId: number): Promise<TurnoverProgress> {
  const rows = await sql<FlowRow[]>`
    with f as (
      select id, source, ref, base_fen, required_fen, created_at,
             lead(created_at) over (order by created_at, id) as next_at
      from turnover_flows where user_id = ${userId} and cleared_at is null
    )
    select f.id, f.source, f.ref, f.base_fen, f.required_fen, f.created_at,
           coalesce((select sum(b.amount - b.refund) from bets b
                     where b.user_id = ${userId} and b.created_at >= f.created_at
                       and (f.next_at is null or b.created_at < f.next_at)
                       and b.status in ('WON', 'LOST', 'TIE_REFUND')), 0)::bigint as segment_fen
    from f order by f.created_at, f.id`;
  const done = allocate(
    rows.map((r) => r.required_fen),
    rows.map((r) => r.segment_fen),
  );
  const flows = rows.map((r, i) => ({
    id: r.id,
    source: r.source,
    ref: r.ref,
    baseFen: r.base_fen,
    requiredFen: r.required_fen,
    doneFen: done[i]!,
    remainingFen: r.required_fen - done[i]!,
    createdAt: r.created_at,
  }));
  const remainingFen = flows.reduce((n, f) => n + f.remainingFen, 0);
  if (flows.length > 0 && remainingFen === 0) {
    // only the rows seen here: one added meanwhile stays open and counts bets from its own start
    await sql`update turnover_flows set cleared_at = now()
              where id = any(${sql.array(flows.map((f) => f.id))}::bigint[]) and cleared_at is null`;
    return { flows: [], requiredFen: 0, doneFen: 0, remainingFen: 0 };
  }
  return {
    flows,
    requiredFen: flows.reduce((n, f) => n + f.requiredFen, 0),
    doneFen: flows.reduce((n, f) => n + f.doneFen, 0),
    remainingFen,
  };
}

export interface TurnoverWaiver {
  operatorId: number;
  reason: string;
  /** one player's open requirements (all of them, or the one `flowId` names) */
  userId?: number;
  flowId?: number;
  /** only requirements of this source (充值流水倍数 set to 0 waives the recharge ones) */
  source?: TurnoverSource;
}

/**
 * Waives open requirements: they are cleared as if met, with who waived them and why (the
 * operator audit log keeps the request too). Answers how many were waived.
 */
export async function waiveTurnover(sql: Db, w: TurnoverWaiver): Promise<number> {
  const rows = await sql`
    update turnover_flows set cleared_at = now(), waived_by = ${w.operatorId}, waive_reason = ${w.reason}
    where cleared_at is null
      and ${w.userId === undefined ? sql`true` : sql`user_id = ${w.userId}`}
      and ${w.flowId === undefined ? sql`true` : sql`id = ${w.flowId}`}
      and ${w.source === undefined ? sql`true` : sql`source = ${w.source}`}
    returning id`;
  return rows.length;
}
