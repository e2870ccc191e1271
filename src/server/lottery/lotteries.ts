/**
 * The lotteries table as typed objects, read through a short cache (all rows at once: there are a
 * few dozen). An operator write calls clearLotteryCache(); other instances see it within CACHE_MS.
 *
 * `ruleFlags` = DEFAULT_RULE_FLAGS, with lhcZodiacYear set for the current lunar year, then the row's
 * overrides. Settling a draw uses ruleFlagsAt(lottery, drawAtMs) so a draw keeps the zodiac of its date.
 */
import {
  DEFAULT_RULE_FLAGS,
  fiveElementsOfYear,
  type LotteryFamily,
  type LotterySchedule,
  type RuleFlags,
} from '../../domain/lottery/index.ts';
import { lunarYearAnimal } from '../../domain/lottery/schedule.ts';
import { payoutCapsOf, type PayoutCaps } from '../../domain/lottery/caps.ts';
import { beijingDate } from '../../domain/time.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../http/envelope.ts';

const CACHE_MS = 3000;

/** Odds overrides per play and tier, in 1/10000 at the lottery's cap group: `{ TM: { win: 480000 } }`. */
export type OddsOverrides = Readonly<Record<string, Readonly<Record<string, number>>>>;

export interface Lottery {
  readonly code: string;
  readonly family: LotteryFamily;
  readonly name: string;
  readonly source: 'self' | 'official';
  readonly schedule: LotterySchedule;
  readonly closeLeadSec: number;
  readonly enabled: boolean;
  readonly sort: number;
  readonly prizeGroupCap: number;
  /** the row's own overrides of DEFAULT_RULE_FLAGS */
  readonly ruleOverrides: Partial<RuleFlags>;
  readonly ruleFlags: RuleFlags;
  readonly odds: OddsOverrides;
  /** the caps in force (the row's own, else the family's default) */
  readonly payoutCaps: PayoutCaps;
  /** the row's own caps (null = the family's default) */
  readonly payoutCapsOwn: { perBetFen: number | null; perIssueFen: number | null };
}

interface LotteryRow {
  code: string;
  family: LotteryFamily;
  name: string;
  source: 'self' | 'official';
  schedule: LotterySchedule;
  close_lead_sec: number;
  enabled: boolean;
  sort: number;
  prize_group_cap: number;
  rule_flags: Partial<RuleFlags>;
  odds: OddsOverrides;
  max_payout_per_bet: number | null;
  max_payout_per_issue: number | null;
}

/** The rule flags in force for a draw at `atMs` (the LHC zodiac follows the lunar year). */
export function ruleFlagsAt(lottery: Pick<Lottery, 'ruleOverrides'>, atMs: number): RuleFlags {
  const animal = lunarYearAnimal(atMs);
  // the lunar year whose animal this is: the calendar year, or the one before until the new year
  const y = Number(beijingDate(atMs).slice(0, 4));
  const lunarYear = (((y - 4 - animal) % 12) + 12) % 12 === 0 ? y : y - 1;
  return {
    ...DEFAULT_RULE_FLAGS,
    lhcZodiacYear: animal,
    lhcFiveElements: fiveElementsOfYear(lunarYear),
    ...lottery.ruleOverrides,
  };
}

function fromRow(r: LotteryRow): Lottery {
  const ruleOverrides = r.rule_flags ?? {};
  const payoutCapsOwn = { perBetFen: r.max_payout_per_bet, perIssueFen: r.max_payout_per_issue };
  return {
    code: r.code,
    family: r.family,
    name: r.name,
    source: r.source,
    schedule: r.schedule,
    closeLeadSec: r.close_lead_sec,
    enabled: r.enabled,
    sort: r.sort,
    prizeGroupCap: r.prize_group_cap,
    ruleOverrides,
    ruleFlags: ruleFlagsAt({ ruleOverrides }, Date.now()),
    odds: r.odds ?? {},
    payoutCaps: payoutCapsOf(r.family, payoutCapsOwn),
    payoutCapsOwn,
  };
}

let cached: { at: number; list: Lottery[]; byCode: Map<string, Lottery> } | null = null;

async function loadAll(sql: Db) {
  if (cached && Date.now() - cached.at < CACHE_MS) return cached;
  const rows = await sql<LotteryRow[]>`
    select code, family, name, source, schedule, close_lead_sec, enabled, sort, prize_group_cap, rule_flags, odds,
      max_payout_per_bet, max_payout_per_issue
    from lotteries order by sort, code`;
  const list = rows.map(fromRow);
  cached = { at: Date.now(), list, byCode: new Map(list.map((l) => [l.code, l])) };
  return cached;
}

/** Every lottery (enabled or not), in menu order. */
export async function listLotteries(sql: Db): Promise<Lottery[]> {
  return (await loadAll(sql)).list;
}

/** A lottery by code, or null. */
export async function loadLottery(sql: Db, code: string): Promise<Lottery | null> {
  return (await loadAll(sql)).byCode.get(code) ?? null;
}

/** A lottery by code; refuses '彩种不存在' (and '彩种已停售' when `forSale` and disabled). */
export async function requireLottery(
  sql: Db,
  code: string,
  opts: { forSale?: boolean } = {},
): Promise<Lottery> {
  const lottery = await loadLottery(sql, code);
  if (!lottery) throw new AppError('彩种不存在');
  if (opts.forSale && !lottery.enabled) throw new AppError('彩种已停售');
  return lottery;
}

export function clearLotteryCache(): void {
  cached = null;
}
