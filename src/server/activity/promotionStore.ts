/**
 * Promotions in SQL (migration 030): activity rows as the domain reads them, a player's claims, and
 * the period totals a bonus is computed from, in one statement: recharges from the ledger (the same
 * codes as the red envelopes' condition, store.ts) and valid bets (settled bets, amount − refund: the
 * site's one meaning of 有效投注, as withdraw/turnover.ts counts it; the ledger cannot tell a settled
 * bet from a pending one). docs/content.md "Activities".
 */
import type {
  Activity,
  ActivityDraft,
  ActivityRule,
  PeriodTotals,
} from '../../domain/activity/index.ts';
import { TxType } from '../../domain/txTypes.ts';
import { VALID_BET_STATUSES } from '../../domain/bets.ts';
import type { Db, Sql } from '../db/client.ts';
import { RECHARGE_CODES } from './store.ts';

export interface ActivityRow {
  id: number;
  category: number;
  kind: ActivityRule['kind'];
  title: string;
  summary: string;
  cover_image: string;
  content: string;
  rule: Record<string, unknown>;
  starts_at: Date;
  ends_at: Date;
  sort: number;
  enabled: boolean;
}

export const ACTIVITY_COLUMNS =
  'id, category, kind, title, summary, cover_image, content, rule, starts_at, ends_at, sort, enabled';

export function toActivity(r: ActivityRow): Activity {
  return {
    id: Number(r.id),
    category: r.category,
    title: r.title,
    summary: r.summary,
    coverImage: r.cover_image,
    content: r.content,
    rule: { ...r.rule, kind: r.kind } as ActivityRule,
    startsAtMs: r.starts_at.getTime(),
    endsAtMs: r.ends_at.getTime(),
    sort: r.sort,
    enabled: r.enabled,
  };
}

/** The rule as stored: the kind lives in its own column. */
export function ruleJson(rule: ActivityRule): Record<string, unknown> {
  const { kind: _kind, ...rest } = rule;
  return rest;
}

export async function activityById(
  db: Db,
  id: number,
  lock: '' | 'for share' | 'for update' = '',
): Promise<Activity | null> {
  const [row] = await db<
    ActivityRow[]
  >`select ${db.unsafe(ACTIVITY_COLUMNS)} from activities where id = ${id} ${db.unsafe(lock)}`;
  return row ? toActivity(row) : null;
}

export const FRONT_LIST_MAX = 100;

/** What players see: enabled, not ended more than `recentDays` ago; one category or all (0). */
export async function frontActivities(
  sql: Sql,
  category: number,
  recentDays = 3,
): Promise<Activity[]> {
  const rows = await sql<ActivityRow[]>`
    select ${sql.unsafe(ACTIVITY_COLUMNS)} from activities
    where enabled and ends_at > now() - make_interval(days => ${recentDays})
      and (${category}::int = 0 or category = ${category})
    order by (ends_at > now()) desc, sort, id desc limit ${FRONT_LIST_MAX}`;
  return rows.map(toActivity);
}

export interface ClaimRow {
  activity_id: number;
  period_key: string;
  amount_fen: number;
  streak: number | null;
  request_id: string | null;
}

/** This player's claims of these activities for these period keys: `${activityId}:${key}` → claim. */
export async function claimsOf(
  db: Db,
  userId: number,
  wanted: { id: number; key: string }[],
): Promise<Map<string, ClaimRow>> {
  if (wanted.length === 0) return new Map();
  const rows = await db<ClaimRow[]>`
    select activity_id, period_key, amount_fen, streak, request_id from activity_claims
    where user_id = ${userId} and (activity_id, period_key) in
      (select * from unnest(${wanted.map((w) => w.id)}::bigint[], ${wanted.map((w) => w.key)}::text[]))`;
  return new Map(
    rows.map((r) => [
      `${r.activity_id}:${r.period_key}`,
      { ...r, amount_fen: Number(r.amount_fen) },
    ]),
  );
}

/** A player's recharges and valid bets in [fromMs, toMs), and whether they recharged before `firstBeforeMs`. */
export async function periodTotals(
  db: Db,
  userId: number,
  fromMs: number,
  toMs: number,
  firstBeforeMs: number,
): Promise<PeriodTotals> {
  const [from, to, before] = [new Date(fromMs), new Date(toMs), new Date(firstBeforeMs)];
  const codes = [...RECHARGE_CODES, TxType.RECHARGE_REJECT];
  const [row] = await db<{ recharge: string; bets: string; before: boolean }[]>`
    select
      (select coalesce(sum(case when type_code = ${TxType.RECHARGE_REJECT} then -amount else amount end), 0)
         from transfers where user_id = ${userId} and created_at >= ${from} and created_at < ${to}
           and type_code = any(${codes}::int[]))::text as recharge,
      (select coalesce(sum(amount - refund), 0) from bets
         where user_id = ${userId} and created_at >= ${from} and created_at < ${to}
           and status = any(${VALID_BET_STATUSES}::text[]))::text as bets,
      exists (select 1 from transfers where user_id = ${userId} and created_at < ${before}
           and type_code = any(${RECHARGE_CODES}::int[])) as before`;
  return {
    rechargeFen: Number(row!.recharge),
    validBetFen: Number(row!.bets),
    rechargedBeforeStart: row!.before,
  };
}

/** Stores a checked draft (parseActivityForm) as a new activity; `by`: the operator, null for the site's seed. */
export async function insertActivity(
  sql: Sql,
  d: ActivityDraft,
  by: number | null,
): Promise<number> {
  const rule = sql.json(ruleJson(d.rule) as Parameters<typeof sql.json>[0]);
  const [made] = await sql<{ id: number }[]>`
    insert into activities (category, kind, title, summary, cover_image, content, rule, starts_at, ends_at, sort, enabled, created_by)
    values (${d.category}, ${d.kind}, ${d.title}, ${d.summary}, ${d.coverImage}, ${d.content}, ${rule}, ${new Date(d.startsAtMs)},
      ${new Date(d.endsAtMs)}, ${d.sort}, ${d.enabled}, ${by})
    returning id`;
  return Number(made!.id);
}
