/**
 * A repeated request: a money action's request id sent again. The repeat answers the stored result
 * only when it describes the action the id first made; otherwise it is a different action under a
 * used id and is refused with REQUEST_REUSED_MSG (domain/requests.ts says why). What the first
 * request was is known in one of two ways, both judged here:
 * - its fingerprint (sha256 of the canonical JSON of its money-relevant fields), stored with the
 *   row where the row cannot hold the request itself (a bet slip, a chase plan, an envelope send);
 * - the money-relevant fields the row itself keeps (amount, target, product, channel, ...): the
 *   caller lays out the stored row and this request as the same named fields.
 */
import crypto from 'node:crypto';
import { canonicalJson, REQUEST_REUSED_MSG } from '../../domain/requests.ts';
import { AppError } from './envelope.ts';

/** The money-relevant fields of a request, named the same on the stored and the incoming side. */
export type RequestFields = Record<string, string | number | boolean | null>;

export function requestFingerprint(payload: unknown): string {
  return crypto.createHash('sha256').update(canonicalJson(payload)).digest('hex');
}

/** Whether a repeat names the same fields as the stored request (compared as canonical JSON). */
export function sameRequest(stored: RequestFields, incoming: RequestFields): boolean {
  return canonicalJson(stored) === canonicalJson(incoming);
}

/**
 * Whether a repeat has the stored request's fingerprint. A row stored before fingerprints were kept
 * (null) is taken as the same request: its callers compared what they could.
 */
export function sameFingerprint(stored: string | null | undefined, fingerprint: string): boolean {
  return !stored || sameRequest({ fingerprint: stored }, { fingerprint });
}

/** The refusal of a request id reused for a different payload, for callers that hand errors back. */
export function reusedRequestError(): AppError {
  return new AppError(REQUEST_REUSED_MSG);
}

/** Refuses a request id reused for a different payload. */
export function refuseReusedRequest(): never {
  throw reusedRequestError();
}

/** Refuses a repeat whose fields differ from the stored request's. */
export function assertSameRequest(stored: RequestFields, incoming: RequestFields): void {
  if (!sameRequest(stored, incoming)) refuseReusedRequest();
}

/** Refuses a repeat whose fingerprint differs from the stored one. */
export function assertSameFingerprint(
  stored: string | null | undefined,
  fingerprint: string,
): void {
  if (!sameFingerprint(stored, fingerprint)) refuseReusedRequest();
}

/**
 * Refuses when `err` broke the unique index `constraint` on (user, request id): the id already made
 * another row (another envelope's claim, another period's bonus), so this is a different request.
 */
export function refuseIfRequestIdTaken(err: unknown, constraint: string): void {
  const e = err as { code?: string; constraint_name?: string };
  if (e.code === '23505' && e.constraint_name === constraint) refuseReusedRequest();
}
