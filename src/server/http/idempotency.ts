/**
 * The fingerprint of a money action's request: sha256 of the canonical JSON of its money-relevant
 * fields, stored with the row its request id made. A repeat of the id with another fingerprint is
 * a different action under a used id and is refused (domain/requests.ts says why and with what).
 */
import crypto from 'node:crypto';
import { canonicalJson, REQUEST_REUSED_MSG } from '../../domain/requests.ts';
import { refuse } from './envelope.ts';

export function requestFingerprint(payload: unknown): string {
  return crypto.createHash('sha256').update(canonicalJson(payload)).digest('hex');
}

/** The refusal of a request id reused for a different payload. */
export function refuseReusedRequest(): never {
  refuse(REQUEST_REUSED_MSG);
}

/**
 * Refuses when a stored row's fingerprint differs from this request's. A row stored before
 * fingerprints were kept (null) is taken as the same request: its callers compared what they could.
 */
export function assertSameFingerprint(stored: string | null | undefined, fingerprint: string): void {
  if (stored && stored !== fingerprint) refuseReusedRequest();
}
