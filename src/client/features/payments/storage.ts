/**
 * The recharge order in flight, kept in IndexedDB (one idb-keyval store for this feature): its
 * requestId and exact payload are written BEFORE rechargeFrontPaymentRecord is sent, so a retry after
 * a dropped connection sends the same requestId and the server answers the order it already made
 * instead of creating a second one. The entry is removed once the server has answered either way.
 */
import { newRequestId } from '../../../domain/requests';
import { put, read, remove, rechargeStore } from '../../storage/stores';

export interface PendingRecharge { requestId: string; body: string; at: number }

const key = (userId: number) => `${userId}:recharge`;

/** The stored requestId when the same payload is still unanswered (a retry), else a new one, stored first. */
export async function claimRechargeId(userId: number, body: string): Promise<string> {
  const prev = await read<PendingRecharge>(rechargeStore, key(userId));
  if (prev && prev.body === body) return prev.requestId;
  const next: PendingRecharge = { requestId: newRequestId(), body, at: Date.now() };
  await put(rechargeStore, key(userId), next);
  return next.requestId;
}

/** The server answered (order or refusal): the next submission gets a new id. */
export async function settleRecharge(userId: number): Promise<void> {
  await remove(rechargeStore, key(userId)).catch(() => {});
}

export function readPendingRecharge(userId: number): Promise<PendingRecharge | undefined> {
  return read<PendingRecharge>(rechargeStore, key(userId));
}
