/**
 * Lottery data kept in IndexedDB: the rebate cache per user and family (rebateStore, wiped at login and
 * on a rebate refusal) and the bet submission in flight (betStore, see stores.ts).
 */
import type { LotteryFamily } from '../../../domain/lottery';
import { betStore, rebateStore, put, read, remove } from '../../storage/stores';
import { getBetRebate, type RebateInfo } from './api';

const rebateKey = (userId: number, family: LotteryFamily) => `${userId}:${family}`;

/** The user's max rebate and prize group of a family: cached, else fetched and cached. */
export async function loadRebate(userId: number, family: LotteryFamily, fresh = false): Promise<RebateInfo> {
  if (!fresh) {
    const hit = await read<RebateInfo>(rebateStore, rebateKey(userId, family)).catch(() => undefined);
    if (hit) return hit;
  }
  const info = await getBetRebate(family);
  await put(rebateStore, rebateKey(userId, family), info).catch(() => {});
  return info;
}

export async function dropRebate(userId: number, family: LotteryFamily): Promise<void> {
  await remove(rebateStore, rebateKey(userId, family)).catch(() => {});
}

/** A submission whose answer has not been seen yet. */
export interface PendingSubmission { requestId: string; kind: 'bet' | 'chase'; body: string; at: number }

const pendingKey = (userId: number, kind: PendingSubmission['kind']) => `${userId}:${kind}`;

export function newRequestId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The requestId to send `body` with: the stored one when the same payload is still unanswered
 * (a retry), else a new one — written to IndexedDB before the caller sends anything.
 */
export async function claimRequestId(userId: number, kind: PendingSubmission['kind'], body: string): Promise<string> {
  const key = pendingKey(userId, kind);
  const prev = await read<PendingSubmission>(betStore, key);
  if (prev && prev.body === body) return prev.requestId;
  const next: PendingSubmission = { requestId: newRequestId(), kind, body, at: Date.now() };
  await put(betStore, key, next);
  return next.requestId;
}

/** The server answered (success or refusal): the submission is settled either way. */
export async function settleRequest(userId: number, kind: PendingSubmission['kind']): Promise<void> {
  await remove(betStore, pendingKey(userId, kind)).catch(() => {});
}

export function readPending(userId: number, kind: PendingSubmission['kind']): Promise<PendingSubmission | undefined> {
  return read<PendingSubmission>(betStore, pendingKey(userId, kind));
}
