/**
 * The withdrawal in flight, kept in IndexedDB (one idb-keyval store for this feature): its
 * requestId and payload (amount and target, never the password) are written BEFORE
 * saveFrontWithdrawRecord is sent, so a retry after a dropped connection repeats the same
 * requestId and the server answers the order it already made instead of holding twice.
 * The entry is removed once the server has answered either way.
 */
import { newRequestId } from '../../../domain/requests';
import { put, read, remove, withdrawStore } from '../../storage/stores';

interface PendingWithdraw { requestId: string; body: string; at: number }

const key = (userId: number) => `${userId}:withdraw`;

/** The stored requestId when the same payload is still unanswered (a retry), else a new one, stored first. */
export async function claimWithdrawId(userId: number, body: string): Promise<string> {
  const prev = await read<PendingWithdraw>(withdrawStore, key(userId));
  if (prev && prev.body === body) return prev.requestId;
  const next: PendingWithdraw = { requestId: newRequestId(), body, at: Date.now() };
  await put(withdrawStore, key(userId), next);
  return next.requestId;
}

export async function settleWithdraw(userId: number): Promise<void> {
  await remove(withdrawStore, key(userId)).catch(() => {});
}
