/**
 * Long-dragon (长龙) betting: selections, the §5 checks and the player's rebate. The slip is sent as a
 * money action (src/client/money, kind 'dragon') by DragonLatest.
 */
import { checkStreakAmount, streakBetMessages } from '../../../domain/validation';
import { formatFen, FEN_PER_YUAN } from '../../../domain/money';
import {
  maxRebatePermille,
  ODDS_SCALE,
  permilleToRebatePoint,
  rebatePointToPermille,
  type LotteryFamily,
} from '../../../domain/lottery';
import { formatOdds } from '../../../domain/lottery/formatOdds';
import { getPlay, loadFamily } from '../../../domain/lottery/lazyCatalogue';
import type { LongDragonRow } from '../lottery/api';
import type { BettingRow, RebateInfo } from '../lottery/betsApi';
import { dropRebate, loadRebate } from '../lottery/storage';
import { refusalReason } from '../../api/request';
import { RefusalReason } from '../../../domain/errors';

/** The row a selection belongs to: one streak of one lottery. */
export const dragonKey = (r: Pick<LongDragonRow, 'lotteryCode' | 'playCode' | 'name' | 'desc'>) =>
  `${r.lotteryCode}|${r.playCode}|${r.name}|${r.desc}`;

/** Selected option index per row key; tapping the selected option again deselects it (spec 000 §4). */
export function toggleOption(
  sel: ReadonlyMap<string, number>,
  key: string,
  option: number,
): Map<string, number> {
  const next = new Map(sel);
  if (next.get(key) === option) next.delete(key);
  else next.set(key, option);
  return next;
}

/** The first §5 message that applies, or null. */
export function checkDragonSlip(selected: number, amount: string): string | null {
  if (selected === 0) return streakBetMessages.noSelection;
  return checkStreakAmount(amount);
}

/**
 * The rebate a dragon bet takes and the group it plays at: the account's rebate for the family, never
 * above the play's own cap (domain pricing), so the server's 返点超出可用范围 check cannot refuse it.
 * The row's family must be loaded: rebatesFor loads it with the rebate.
 */
export function dragonPricing(
  row: Pick<LongDragonRow, 'lotteryCode' | 'lotteryType' | 'playCode'>,
  info: RebateInfo,
): { bettingPoint: number; betGroup: number } {
  const play = getPlay(row.lotteryType, row.playCode.slice(row.lotteryCode.length));
  const permille = Math.min(
    rebatePointToPermille(info.rebate) ?? 0,
    maxRebatePermille(info.prizeGroup, play),
  );
  return {
    bettingPoint: permilleToRebatePoint(permille),
    betGroup: info.prizeGroup - 2 * permille,
  };
}

/**
 * The options are quoted at the account's group; taking the rebate plays at the lower bet group, where
 * odds scale with the group (as pricing.playOdds scales them), rounded down to 1/10000.
 */
export function oddsAtGroup(odds: number | string, userGroup: number, betGroup: number): string {
  const scaled = Math.round(Number(odds) * ODDS_SCALE);
  return String(Math.floor((scaled * betGroup) / userGroup) / ODDS_SCALE);
}

/** The odds a row shows: oddsAtGroup cut to the sheets' two decimals (formatOdds), never four. */
export function dragonOddsText(odds: number | string, userGroup: number, betGroup: number): string {
  return formatOdds(Number(oddsAtGroup(odds, userGroup, betGroup)));
}

/** One odds ticket per selected row, at that row's issue on sale. */
export function dragonTickets(
  rows: readonly LongDragonRow[],
  sel: ReadonlyMap<string, number>,
  amountYuan: number,
  rebates: ReadonlyMap<LotteryFamily, RebateInfo>,
): BettingRow[] {
  const out: BettingRow[] = [];
  for (const r of rows) {
    const at = sel.get(dragonKey(r));
    const option = at === undefined ? undefined : r.options[at];
    const info = rebates.get(r.lotteryType);
    if (!option || !info) continue;
    out.push({
      lotteryCode: r.lotteryCode,
      playDetailCode: r.playCode,
      bettingNumber: option.bettingNumber,
      bettingCount: 1,
      bettingAmount: formatFen(amountYuan * FEN_PER_YUAN),
      bettingPoint: dragonPricing(r, info).bettingPoint,
      bettingUnit: 1,
      bettingIssue: r.currIssue,
      graduationCount: 1,
    });
  }
  return out;
}

// ---------------------------------------------------------------- rebates (the lottery feature's cache)

/**
 * The account's rebate and group per family of the slip, with the families' plays (their caps bound
 * the rebate, dragonPricing); null when one cannot be fetched (§5 message).
 */
export async function rebatesFor(
  userId: number,
  families: readonly LotteryFamily[],
): Promise<Map<LotteryFamily, RebateInfo> | null> {
  const out = new Map<LotteryFamily, RebateInfo>();
  const wanted = [...new Set(families)];
  try {
    const plays = Promise.all(wanted.map(loadFamily));
    plays.catch(() => {}); // awaited below: a rebate failing first must not leave it unhandled
    for (const f of wanted) out.set(f, await loadRebate(userId, f));
    await plays;
  } catch {
    return null;
  }
  return out;
}

/** A refusal for a stale rebate (its typed reason): the cached rebates of the slip's families are wrong, the next slip fetches them. */
export async function dropRebatesOn(
  error: unknown,
  userId: number,
  families: readonly LotteryFamily[],
): Promise<void> {
  if (refusalReason(error) !== RefusalReason.REBATE_STALE) return;
  for (const f of new Set(families)) await dropRebate(userId, f);
}

export { streakBetMessages };
