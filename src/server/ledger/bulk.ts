/**
 * The old path of the batch transfer, kept for callers not yet moved: the one implementation is
 * ledger.ts bulkTransfersInTx (a single transfer is a batch of one there).
 */
export { bulkTransfersInTx, type BulkResult } from './ledger.ts';
