/**
 * Activity red envelopes in SQL: envelope rows as the domain reads them, and the sums eligibility
 * needs (a player's recharges or valid bets over a period). docs/activity-red-envelopes.md.
 */
import type { ActivityEnvelope, Eligibility } from '../../domain/activity/index.ts';
import { periodWindow } from '../../domain/activity/index.ts';
import { TxType, txTypeGroup } from '../../domain/txTypes.ts';
import { VALID_BET_STATUSES } from '../../domain/bets.ts';
import type { Db, Sql } from '../db/client.ts';

export interface EnvelopeRow {
  id: number;
  kind: 'rain' | 'giveaway';
  title: string;
  starts_at: Date;
  ends_at: Date;
  budget_fen: number;
  paid_fen: number;
  shares: number | null;
  claimed_count: number;
  amount_fen: number | null;
  min_grade: number;
  max_grade: number;
  requirement: 'none' | 'recharge' | 'turnover';
  required_fen: number;
  period_days: number | null;
  period_start: string | null;
  period_end: string | null;
  closed: boolean;
}

/** The columns read into an EnvelopeRow (dates as text, so no time zone shifts a Beijing date). */
export const ENVELOPE_COLUMNS = `id, kind, title, starts_at, ends_at, budget_fen, paid_fen, shares, claimed_count, amount_fen,
  min_grade, max_grade, requirement, required_fen, period_days, period_start::text as period_start,
  period_end::text as period_end, closed`;

export function toEnvelope(r: EnvelopeRow): ActivityEnvelope {
  const eligibility: Eligibility = {
    minGrade: r.min_grade,
    maxGrade: r.max_grade,
    requirement: r.requirement,
    requiredFen: Number(r.required_fen),
    periodDays: r.period_days,
    periodStart: r.period_start,
    periodEnd: r.period_end,
  };
  return {
    id: Number(r.id),
    kind: r.kind,
    title: r.title,
    startsAtMs: r.starts_at.getTime(),
    endsAtMs: r.ends_at.getTime(),
    budgetFen: Number(r.budget_fen),
    paidFen: Number(r.paid_fen),
    shares: r.shares,
    claimedCount: r.claimed_count,
    amountFen: r.amount_fen === null ? null : Number(r.amount_fen),
    closed: r.closed,
    eligibility,
  };
}

export async function envelopeById(
  db: Db,
  id: number,
  forUpdate = false,
): Promise<ActivityEnvelope | null> {
  const lock = forUpdate ? db.unsafe('for update') : db.unsafe('');
  const [row] = await db<
    EnvelopeRow[]
  >`select ${db.unsafe(ENVELOPE_COLUMNS)} from activity_red_envelopes where id = ${id} ${lock}`;
  return row ? toEnvelope(row) : null;
}

/** The envelopes a player's list shows: not closed and ended less than `recentDays` ago, plus any they claimed. */
export async function visibleEnvelopes(
  sql: Sql,
  userId: number,
  recentDays: number,
  limit: number,
): Promise<ActivityEnvelope[]> {
  const rows = await sql<EnvelopeRow[]>`
    select ${sql.unsafe(ENVELOPE_COLUMNS)} from activity_red_envelopes e
    where (not e.closed and e.ends_at > now() - make_interval(days => ${recentDays}))
       or exists (select 1 from activity_red_envelope_claims c where c.envelope_id = e.id and c.user_id = ${userId})
    order by (e.ends_at > now() and not e.closed) desc, e.starts_at desc, e.id desc
    limit ${limit}`;
  return rows.map(toEnvelope);
}

/** The envelopes open now (started, not ended, not closed): what the badge counts. */
export async function openEnvelopes(sql: Sql): Promise<ActivityEnvelope[]> {
  const rows = await sql<EnvelopeRow[]>`
    select ${sql.unsafe(ENVELOPE_COLUMNS)} from activity_red_envelopes
    where not closed and ends_at > now() and starts_at <= now()
    order by id limit 200`;
  return rows.map(toEnvelope);
}

/** What this player claimed of these envelopes: envelope id → fen. */
export async function claimedOf(
  sql: Sql,
  userId: number,
  envelopeIds: number[],
): Promise<Map<number, number>> {
  if (envelopeIds.length === 0) return new Map();
  const rows = await sql<{ envelope_id: number; amount_fen: number }[]>`
    select envelope_id, amount_fen from activity_red_envelope_claims
    where user_id = ${userId} and envelope_id = any(${envelopeIds}::bigint[])`;
  return new Map(rows.map((r) => [Number(r.envelope_id), Number(r.amount_fen)]));
}

export async function gradeOfUser(sql: Sql, userId: number): Promise<number> {
  const [row] = await sql<{ grade: number }[]>`select grade from users where id = ${userId}`;
  return row?.grade ?? 0;
}

/** Recharges: every recharge channel and 人工存入, less 充值驳回 (records/profitLoss.ts counts the same). */
export const RECHARGE_CODES = [...txTypeGroup('recharge').codes, TxType.MANUAL_DEPOSIT];

async function rechargeFen(sql: Sql, userId: number, from: Date, to: Date): Promise<number> {
  const [row] = await sql<{ total: number }[]>`
    select coalesce(sum(case when type_code = ${TxType.RECHARGE_REJECT} then -amount else amount end), 0)::bigint as total
    from transfers
    where user_id = ${userId} and created_at >= ${from} and created_at < ${to}
      and type_code = any(${[...RECHARGE_CODES, TxType.RECHARGE_REJECT]}::int[])`;
  return Number(row.total);
}

/** Valid bets (domain/bets.ts, 有效投注): settled bets placed in the period, WON, LOST or TIE_REFUND, counting amount − refund. */
async function validBetFen(sql: Sql, userId: number, from: Date, to: Date): Promise<number> {
  const [row] = await sql<{ total: number }[]>`
    select coalesce(sum(amount - refund), 0)::bigint as total from bets
    where user_id = ${userId} and created_at >= ${from} and created_at < ${to}
      and status = any(${VALID_BET_STATUSES}::text[])`;
  return Number(row.total);
}

/**
 * The period sums of one player for a set of envelopes, each distinct (requirement, window) read once:
 * envelope id → fen (0 for an envelope without a requirement).
 */
export async function periodSums(
  sql: Sql,
  userId: number,
  envelopes: ActivityEnvelope[],
  nowMs: number,
): Promise<Map<number, number>> {
  const byKey = new Map<string, Promise<number>>();
  const out = new Map<number, number>();
  for (const env of envelopes) {
    const w = periodWindow(env.eligibility, nowMs);
    if (!w) {
      out.set(env.id, 0);
      continue;
    }
    const key = `${env.eligibility.requirement}:${w.fromMs}:${w.toMs}`;
    if (!byKey.has(key)) {
      const read = env.eligibility.requirement === 'recharge' ? rechargeFen : validBetFen;
      byKey.set(key, read(sql, userId, new Date(w.fromMs), new Date(w.toMs)));
    }
    out.set(env.id, await byKey.get(key)!);
  }
  return out;
}
