/**
 * Following a shared bet or a push plan (spec 001 §5 "Share edit" and "Push-bet"): the edit rules and
 * the limits, once for the client (the follow dialog) and the server (whatever checks a follow).
 *
 * Two ways to stake an entry:
 * - multiple mode (prize-group plays): the bet is priced by the domain, count × 2 元 × unit × multiple
 *   (the spec's "total × 2"); the input is the multiple, 1–10,000 (5 characters).
 * - amount mode (odds plays): the input is the stake of one bet in whole yuan, 1–1,000,000
 *   (7 characters); the total is count × amount.
 * The spec names the families and plays where multiple mode applies (allowsMultipleMode); a play of the
 * catalogue is staked in multiple mode exactly when it is priced by unit and multiple (its model), which
 * the server requires of every bet (addBetting refuses a unit or multiple on an odds play).
 */
import { BET_AMOUNT_MAX_YUAN, MULTIPLE_MAX } from '../constants.ts';
import type { BetUnit } from '../lottery/money.ts';
import { LINE_PRICE_FEN, UNIT_DIVISOR } from '../lottery/money.ts';
import type { BetModel, LotteryFamily } from '../lottery/types.ts';

export const MULTIPLE_MODE_FAMILIES: readonly LotteryFamily[] = [
  'FC3D',
  'PK10',
  'SSC',
  'SYX5',
  'PL35',
  'KL8',
];
/** Plays of those families the spec keeps out of multiple mode (family + play code). */
export const MULTIPLE_MODE_EXCLUDED: readonly string[] = [
  'PK10H11',
  'PK10G11',
  'SSCK11',
  'SSCL11',
  'SSCJ11',
];

/** Input lengths of the push-bet field: 1,000,000 and 10,000. */
export const AMOUNT_INPUT_MAX_CHARS = 7;
export const MULTIPLE_INPUT_MAX_CHARS = 5;

export const FOLLOW_MSG = {
  noAmount: '请输入单注金额',
  noMultiple: '请输入单注倍数',
  amountNotInteger: '单注金额必须为正整数',
  multipleNotInteger: '单注倍数必须为正整数',
  amountTooLarge: `单注金额不能超过${BET_AMOUNT_MAX_YUAN}元`,
  multipleTooLarge: `单注倍数不能超过${MULTIPLE_MAX}倍`,
  guest: '游客不能跟投，请先注册',
  wait: '投注中，请稍候',
  success: '投注成功',
} as const;

/** The closed-issue alert (and the server's refusal of a closed issue): names the issue on sale. */
export function issueClosedMessage(issue: string, current: string | null): string {
  return current ? `第${issue}期已截止，当前为第${current}期` : `第${issue}期已截止，暂停销售`;
}

/** Whether the spec allows multiple mode for a play (`playCode` inside the family, e.g. 'H11'). */
export function allowsMultipleMode(family: string, playCode: string): boolean {
  return (
    (MULTIPLE_MODE_FAMILIES as readonly string[]).includes(family) &&
    !MULTIPLE_MODE_EXCLUDED.includes(`${family}${playCode}`)
  );
}

export type FollowMode = 'multiple' | 'amount';

/** How an entry of a play of this model is staked (see the module comment). */
export function followModeOf(model: BetModel): FollowMode {
  return model === 'prizeGroup' ? 'multiple' : 'amount';
}

/** The share edit's normalisation: a non-integer, zero or negative value becomes 1; at most `max`. */
function normalise(v: unknown, max: number): number {
  const n =
    typeof v === 'number'
      ? v
      : typeof v === 'string' && v.trim() !== ''
        ? Number(v.trim())
        : Number.NaN;
  if (!Number.isSafeInteger(n) || n < 1) return 1;
  return Math.min(n, max);
}

/** Multiple of a share edit: 1–10,000; non-integers or zero reset to 1. */
export const normaliseMultiple = (v: unknown): number => normalise(v, MULTIPLE_MAX);
/** Amount of one bet of a share edit (yuan): 1–1,000,000; non-integers or zero reset to 1. */
export const normaliseAmount = (v: unknown): number => normalise(v, BET_AMOUNT_MAX_YUAN);

const WIRE_UNITS: Readonly<Record<BetUnit, 1 | 0.1 | 0.01>> = { yuan: 1, jiao: 0.1, fen: 0.01 };
export const UNIT_NAMES: Readonly<Record<BetUnit, string>> = { yuan: '元', jiao: '角', fen: '分' };

/** A unit as shared (1 / 0.1 / 0.01, their texts, or 'yuan' / 'jiao' / 'fen'); anything else is yuan. */
export function normaliseUnit(v: unknown): BetUnit {
  if (v === 'yuan' || v === 'jiao' || v === 'fen') return v;
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : Number.NaN;
  if (n === 0.1) return 'jiao';
  if (n === 0.01) return 'fen';
  return 'yuan';
}

export const wireUnit = (u: BetUnit): 1 | 0.1 | 0.01 => WIRE_UNITS[u];

/**
 * The push-bet field's check of the typed text (an amount in amount mode, a multiple in multiple mode):
 * the number, or the spec's message. Empty input: 请输入单注金额 / 请输入单注倍数.
 */
export function checkFollowInput(
  text: string,
  mode: FollowMode,
): { ok: true; value: number } | { ok: false; msg: string } {
  const t = text.trim();
  const multiple = mode === 'multiple';
  if (t === '') return { ok: false, msg: multiple ? FOLLOW_MSG.noMultiple : FOLLOW_MSG.noAmount };
  if (!/^\d+$/.test(t) || Number(t) < 1)
    return {
      ok: false,
      msg: multiple ? FOLLOW_MSG.multipleNotInteger : FOLLOW_MSG.amountNotInteger,
    };
  const n = Number(t);
  if (multiple && n > MULTIPLE_MAX) return { ok: false, msg: FOLLOW_MSG.multipleTooLarge };
  if (!multiple && n > BET_AMOUNT_MAX_YUAN) return { ok: false, msg: FOLLOW_MSG.amountTooLarge };
  return { ok: true, value: n };
}

/** One entry as edited: `value` is the multiple (multiple mode) or the yuan of one bet (amount mode). */
export interface FollowStake {
  mode: FollowMode;
  bettingCount: number;
  unit: BetUnit;
  value: number;
}

/**
 * An entry's total in fen: amount mode count × amount; multiple mode count × 2 元 × unit × multiple
 * (the share edit's count × amount × unit × multiple with the 2-yuan bet, the push-bet's "total × 2").
 */
export function stakeTotalFen(s: FollowStake): number {
  if (s.mode === 'amount') return s.bettingCount * s.value * 100;
  return (s.bettingCount * LINE_PRICE_FEN * s.value) / UNIT_DIVISOR[s.unit];
}

/** The dialog's total: the entries' totals summed, yuan to 2 decimals. */
export function followTotalYuan(stakes: readonly FollowStake[]): string {
  const fen = stakes.reduce((sum, s) => sum + stakeTotalFen(s), 0);
  return (fen / 100).toFixed(2);
}
