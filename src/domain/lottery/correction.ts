/**
 * Which results an operator may correct (开奖纠错). A self-run draw is fixed by its published seed:
 * anyone can recompute it, so a "corrected" self-run result could only be a wrong one. Only results
 * typed in from an official draw can be corrected; a self-run issue can still be voided (撤销本期,
 * every bet refunded).
 */
/** Where a lottery's results come from: drawn by us from a seed, or copied from an official draw. */
export type LotterySource = 'self' | 'official';

export const SELF_RUN_NOT_CORRECTABLE =
  '自营彩种的开奖号码由公布的种子决定，不能更正；如需作废请撤销本期，全部投注退款';

export function resultCorrectable(source: LotterySource): boolean {
  return source === 'official';
}
