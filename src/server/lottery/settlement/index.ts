/**
 * Settlement of lottery issues (docs/lottery-design.md): exactly once, resumable, in batches with bulk
 * ledger writes; result corrections; system cancel; chase continuation.
 *
 * settleIssue(sql, lotteryCode, issue) → { settled }      (issue must be 'drawn'; otherwise a no-op)
 * correctIssue(sql, lotteryCode, issue, result, operatorId) → { resultVersion }
 * cancelIssue(sql, lotteryCode, issue, remark, operatorId) → { refunded }
 */
export { settleIssue } from './settle.ts';
export { correctIssue } from './correct.ts';
export { cancelIssue } from './cancel.ts';
