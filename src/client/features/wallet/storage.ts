/**
 * Virtual-wallet money actions in flight (转入, 转出, 质押买入), kept in IndexedDB: the requestId and the
 * exact payload are written BEFORE the call is sent, so a retry after a dropped connection repeats the
 * same requestId and the server moves the money once (it answers `applied: false` the second time).
 * Same shape as the lottery's bet submissions (lottery/storage.ts), in a store of its own.
 */
import { newRequestId } from '../../../domain/requests';
import { put, read, remove, walletActionStore } from '../../storage/stores';

export type WalletActionKind = 'in' | 'out' | 'pledge';

export interface PendingWalletAction { requestId: string; kind: WalletActionKind; body: string; at: number }

const key = (userId: number, kind: WalletActionKind) => `${userId}:${kind}`;

/**
 * The requestId to send `body` with: the stored one while the same payload is still unanswered (a
 * retry), else a new one — stored before the caller sends anything.
 */
export async function claimRequestId(userId: number, kind: WalletActionKind, body: string): Promise<string> {
  const prev = await read<PendingWalletAction>(walletActionStore, key(userId, kind));
  if (prev && prev.body === body) return prev.requestId;
  const next: PendingWalletAction = { requestId: newRequestId(), kind, body, at: Date.now() };
  await put(walletActionStore, key(userId, kind), next);
  return next.requestId;
}

/** The server answered (success or refusal): the action is settled either way. */
export async function settleRequest(userId: number, kind: WalletActionKind): Promise<void> {
  await remove(walletActionStore, key(userId, kind)).catch(() => {});
}

export function readPending(userId: number, kind: WalletActionKind): Promise<PendingWalletAction | undefined> {
  return read<PendingWalletAction>(walletActionStore, key(userId, kind));
}
