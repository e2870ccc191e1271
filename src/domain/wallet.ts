/**
 * Virtual wallet (余额宝) and pledge rules: rates, interest and profit arithmetic, early-exit
 * rules and the Beijing day. Integer fen and integer basis points only; every division rounds
 * down (floor), so the house never pays a fraction of a fen. Products of amounts and rates are
 * computed with BigInt: 1e11 fen × 10000 bp × 3650 days exceeds 2^53.
 */
import { beijingDate, DAY_MS } from './time.ts';
import { TxType, txTypeGroup } from './txTypes.ts';

export const DAYS_PER_YEAR = 365;
/** 100 % in basis points. */
export const FULL_BP = 10_000;
export const MAX_RATE_BP = FULL_BP;
export const MAX_TERM_DAYS = 3650;
/** The virtual wallet's annual rate when the operator has set none: 3.65 %. */
export const DEFAULT_VW_RATE_BP = 365;

export type EarlyExit = 'none' | 'principal' | 'penalty';
export const EARLY_EXITS: readonly EarlyExit[] = ['none', 'principal', 'penalty'];

export type PledgeStatus = 'holding' | 'matured' | 'cancelled';
export const PLEDGE_STATUSES: readonly PledgeStatus[] = ['holding', 'matured', 'cancelled'];
export const pledgeStatusNames: Record<PledgeStatus, string> = {
  holding: '持有中',
  matured: '已到期',
  cancelled: '已赎回',
};

/** Type codes of the virtual wallet (the wallet group of txTypes.ts). */
export const VW_TYPES = {
  transferIn: TxType.VW_TRANSFER_IN,
  transferOut: TxType.VW_TRANSFER_OUT,
  interest: TxType.VW_INTEREST,
  pledgeBuy: TxType.PLEDGE_BUY,
  pledgeRedeem: TxType.PLEDGE_REDEEM,
  pledgeProfit: TxType.PLEDGE_PROFIT,
} as const;
export const VW_TYPE_CODES: readonly number[] = txTypeGroup('wallet').codes;

const RATE = /^(0|[1-9]\d{0,2})(?:\.(\d{1,2}))?$/;

/** '3.65' (percent, ≤ 2 decimals) → 365 basis points; null for anything else or above 100 %. */
export function parsePercentToBp(text: string): number | null {
  const m = RATE.exec(text);
  if (!m) return null;
  const bp = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return bp > MAX_RATE_BP ? null : bp;
}

/** 365 → '3.65'. */
export function formatBp(bp: number): string {
  return `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, '0')}`;
}

function floorDiv(a: bigint, b: bigint): number {
  return Number(a / b);
}

/** One day's interest on a balance: floor(balance × rateBp / 10000 / 365). */
export function dailyInterestFen(balanceFen: number, rateBp: number): number {
  if (balanceFen <= 0 || rateBp <= 0) return 0;
  return floorDiv(BigInt(balanceFen) * BigInt(rateBp), BigInt(FULL_BP * DAYS_PER_YEAR));
}

/** A pledge term's profit: floor(principal × rateBp × termDays / 10000 / 365). */
export function pledgeProfitFen(principalFen: number, rateBp: number, termDays: number): number {
  if (principalFen <= 0 || rateBp <= 0 || termDays <= 0) return 0;
  return floorDiv(
    BigInt(principalFen) * BigInt(rateBp) * BigInt(termDays),
    BigInt(FULL_BP * DAYS_PER_YEAR),
  );
}

/** The early-exit penalty: floor(principal × penaltyBp / 10000). */
export function penaltyFen(principalFen: number, penaltyBp: number): number {
  if (principalFen <= 0 || penaltyBp <= 0) return 0;
  return floorDiv(BigInt(principalFen) * BigInt(penaltyBp), BigInt(FULL_BP));
}

/** What an early exit returns: refused (null), or the refund and the penalty. */
export function earlyExitOutcome(
  rule: EarlyExit,
  principalFen: number,
  penaltyBp: number,
): { refundFen: number; penaltyFen: number } | null {
  if (rule === 'none') return null;
  const penalty = rule === 'penalty' ? penaltyFen(principalFen, penaltyBp) : 0;
  return { refundFen: principalFen - penalty, penaltyFen: penalty };
}

export function earlyExitName(rule: EarlyExit, penaltyBp: number): string {
  if (rule === 'none') return '不可提前赎回';
  if (rule === 'principal') return '提前赎回退还本金，无收益';
  return `提前赎回扣除违约金 ${formatBp(penaltyBp)}%`;
}

/** The finished Beijing days before `nowMs`, the latest `count`, oldest first. */
export function finishedBeijingDays(nowMs: number, count: number): string[] {
  const days: string[] = [];
  for (let i = count; i >= 1; i--) days.push(beijingDate(nowMs, i));
  return days;
}

/** A pledge term's maturity: start + termDays × 24 h. */
export function termEndMs(startMs: number, termDays: number): number {
  return startMs + termDays * DAY_MS;
}
