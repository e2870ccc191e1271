/**
 * Bet amounts, prizes and rebates in integer fen (§2.1, §2.2).
 *
 * - Prize-group plays: amount = lines × 2 yuan × unit × multiple. With units 元/角/分 this is always a whole
 *   number of fen (分 × 1 line = 2 fen), so no amount is ever fractional.
 * - Prizes at group G: G·share / (1000·p) yuan per 2-yuan line, i.e. G·pDen·share / (10·pNum) fen. A ticket's payout
 *   is the exact rational Σ count × prize × multiple / unitDivisor, computed with BigInt and rounded DOWN
 *   to whole fen once per ticket (the sub-fen remainder stays with the house, never paid twice).
 * - Rebates: stake × (G_high − G_low) / 2000, rounded DOWN to whole fen per recipient.
 * - Odds plays: payout = stake × odds (odds in 1/10000 units, stake included), rounded down per ticket.
 */
import { BET_AMOUNT_MAX_YUAN, MULTIPLE_MAX } from '../constants.ts';
import { FEN_PER_YUAN } from '../money.ts';
import type { PlayDef, TierDef, WinCounts } from './types.ts';

export type BetUnit = 'yuan' | 'jiao' | 'fen';
/** 元 = 1, 角 = 0.1, 分 = 0.01 of the line price. */
export const UNIT_DIVISOR: Readonly<Record<BetUnit, number>> = { yuan: 1, jiao: 10, fen: 100 };
export const UNIT_NAMES: Readonly<Record<BetUnit, string>> = { yuan: '元', jiao: '角', fen: '分' };
export const LINE_PRICE_FEN = 200;
export const BET_AMOUNT_MAX_FEN = BET_AMOUNT_MAX_YUAN * FEN_PER_YUAN;
/** The prize group at which the return is fair (prize = 2/p). */
export const FAIR_GROUP = 2000;
/** Odds are integers in units of 1/10000 (1.982 → 19820). */
export const ODDS_SCALE = 10_000;

export type AmountResult = { ok: true; amountFen: number } | { ok: false; msg: string };

function checkMultiple(multiple: number): string | null {
  if (!Number.isSafeInteger(multiple) || multiple < 1) return '倍数必须为正整数';
  return multiple > MULTIPLE_MAX ? `倍数不能超过${MULTIPLE_MAX}` : null;
}

/** Prize-group ticket amount: lines × 200 fen × multiple ÷ unit divisor (exact integer). */
export function betAmountFen(lines: number, unit: BetUnit, multiple: number): AmountResult {
  if (!Number.isSafeInteger(lines) || lines < 1) return { ok: false, msg: '注数无效' };
  const bad = checkMultiple(multiple);
  if (bad) return { ok: false, msg: bad };
  const amountFen = (lines * LINE_PRICE_FEN * multiple) / UNIT_DIVISOR[unit];
  if (!Number.isSafeInteger(amountFen)) throw new Error('fractional bet amount'); // impossible for 元/角/分
  if (amountFen > BET_AMOUNT_MAX_FEN)
    return { ok: false, msg: `单注金额不能超过${BET_AMOUNT_MAX_YUAN}元` };
  return { ok: true, amountFen };
}

/** Odds-model ticket amount: every selected line carries the same free stake (in whole fen). */
export function oddsAmountFen(lines: number, stakePerLineFen: number): AmountResult {
  if (!Number.isSafeInteger(lines) || lines < 1) return { ok: false, msg: '注数无效' };
  if (!Number.isSafeInteger(stakePerLineFen) || stakePerLineFen < 1)
    return { ok: false, msg: '下注金额无效' };
  const amountFen = lines * stakePerLineFen;
  return amountFen > BET_AMOUNT_MAX_FEN
    ? { ok: false, msg: `单注金额不能超过${BET_AMOUNT_MAX_YUAN}元` }
    : { ok: true, amountFen };
}

/**
 * Exact prize of one 2-yuan line (unit 元, multiple 1) at group G, as a fraction of fen:
 * G·share / (1000·p) yuan = G·shareNum·pDen / (10·shareDen·pNum) fen (share 1 unless the tier sets one).
 */
export function prizePerLine(t: TierDef, group: number): { num: bigint; den: bigint } {
  const [sNum, sDen] = t.share ?? [1, 1];
  return {
    num: BigInt(group) * BigInt(t.pDen) * BigInt(sNum),
    den: 10n * BigInt(t.pNum) * BigInt(sDen),
  };
}
/** The group at which the classic KL8 table returns about as printed (≈ 57.5 % of 2000). */
export const FIXED_TABLE_GROUP = 1150;

/** Per-line prize in whole fen, rounded down (for display at unit 元). */
export function prizePerLineFen(t: TierDef, group: number): number {
  const { num, den } = prizePerLine(t, group);
  return Number(num / den);
}

/** Prize-group payout of a settled ticket: exact sum over tiers, rounded down to fen once. */
export function prizePayoutFen(
  play: PlayDef,
  win: WinCounts,
  group: number,
  unit: BetUnit,
  multiple: number,
): number {
  let num = 0n;
  let den = 1n;
  for (const [tierId, count] of Object.entries(win.wins)) {
    const t = play.tiers.find((x) => x.id === tierId);
    if (!t) throw new Error(`unknown tier ${tierId} of ${play.code}`);
    const p = prizePerLine(t, group);
    const termNum = p.num * BigInt(count) * BigInt(multiple);
    const termDen = p.den * BigInt(UNIT_DIVISOR[unit]);
    num = num * termDen + termNum * den;
    den *= termDen;
  }
  return Number(num / den);
}

/** Refund part of a prize-group ticket (tie lines get their own stake back; exact, whole fen). */
export function refundFen(win: WinCounts, unit: BetUnit, multiple: number): number {
  return (win.refunds * LINE_PRICE_FEN * multiple) / UNIT_DIVISOR[unit];
}

/** Odds payout: Σ count × stake × odds (stake included) + refunded stakes, rounded down to fen. */
export function oddsPayoutFen(
  win: WinCounts,
  stakePerLineFen: number,
  odds: Readonly<Record<string, number>>,
): number {
  let scaled = 0n;
  for (const [tierId, count] of Object.entries(win.wins)) {
    const o = odds[tierId];
    if (o === undefined) throw new Error(`no odds for tier ${tierId}`);
    scaled += BigInt(count) * BigInt(stakePerLineFen) * BigInt(o);
  }
  return Number(scaled / BigInt(ODDS_SCALE)) + win.refunds * stakePerLineFen;
}

/**
 * Parlay payout (过关, one line): stake × Π odds of the winning legs (each leg tier `count` times), rounded
 * down once; a line with refunds (every leg tied) gets its stake back; no winning leg and no refund pays 0.
 */
export function parlayPayoutFen(
  win: WinCounts,
  stakeFen: number,
  odds: Readonly<Record<string, number>>,
): number {
  const legs = Object.entries(win.wins);
  if (legs.length === 0) return win.refunds * stakeFen;
  let num = BigInt(stakeFen);
  let den = 1n;
  for (const [tierId, count] of legs) {
    const o = odds[tierId];
    if (o === undefined) throw new Error(`no odds for tier ${tierId}`);
    num *= BigInt(o) ** BigInt(count);
    den *= BigInt(ODDS_SCALE) ** BigInt(count);
  }
  return Number(num / den);
}

/** Odds (1/10000 units, rounded down) paying a return rate R (per-mille) on a tier: R·share / p. */
export function oddsForReturn(t: TierDef, returnPermille: number): number {
  const [sNum, sDen] = t.share ?? [1, 1];
  const num = BigInt(returnPermille) * BigInt(ODDS_SCALE) * BigInt(t.pDen) * BigInt(sNum);
  return Number(num / (1000n * BigInt(t.pNum) * BigInt(sDen)));
}

/**
 * Default odds of an odds-play tier (1/10000 units, rounded down): a class return of `returnBp` (1/10000 of
 * resolved stake) at the cap group, scaled by G_bet / G_cap: returnBp·G_bet·share / (10000·G_cap·p).
 */
export function oddsForClassReturn(
  t: TierDef,
  returnBp: number,
  betGroup: number,
  capGroup: number,
): number {
  const [sNum, sDen] = t.share ?? [1, 1];
  const num =
    BigInt(returnBp) * BigInt(betGroup) * BigInt(ODDS_SCALE) * BigInt(t.pDen) * BigInt(sNum);
  return Number(num / (10_000n * BigInt(capGroup) * BigInt(t.pNum) * BigInt(sDen)));
}

/** The prize group a bettor plays at after taking `rebatePermille` of the stake back: G_user − 2·r‰. */
export function betGroupForRebate(userGroup: number, rebatePermille: number): number {
  const g = userGroup - 2 * rebatePermille;
  if (!Number.isInteger(g) || g <= 0 || rebatePermille < 0) throw new Error('invalid rebate');
  return g;
}

/** The bettor's own rebate: stake × (G_user − G_bet) / 2000, rounded down. */
export function bettorRebateFen(stakeFen: number, userGroup: number, betGroup: number): number {
  if (betGroup > userGroup) throw new Error('bet group above the account group');
  return Math.floor((stakeFen * (userGroup - betGroup)) / FAIR_GROUP);
}

/**
 * Upline rebates for a bet by the first account of `chainGroups` (bettor, parent, grandparent … top):
 * each upline earns stake × (its group − its child's group) / 2000, rounded down. Groups never decrease
 * going up (a child's group is at most its parent's), so no rebate is negative.
 */
export function uplineRebatesFen(stakeFen: number, chainGroups: readonly number[]): number[] {
  const out: number[] = [];
  for (let i = 1; i < chainGroups.length; i++) {
    const diff = chainGroups[i]! - chainGroups[i - 1]!;
    if (diff < 0) throw new Error('a child prize group exceeds its parent');
    out.push(Math.floor((stakeFen * diff) / FAIR_GROUP));
  }
  return out;
}
