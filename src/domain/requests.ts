/**
 * Request ids of money actions (bets, chases, adjustments, recharges, withdrawals, wallet transfers,
 * pledges): the client makes one id per action and repeats it on a retry. A repeat with the same
 * payload answers the stored result; a repeat whose payload differs is a different action under a
 * used id, refused with the one message below (never answered with the first action's result).
 */

/** The one refusal of a request id reused for a different payload. */
export const REQUEST_REUSED_MSG = '请求编号已用于另一笔不同的请求，请刷新后重试';

/**
 * A canonical JSON text of a value: object keys sorted, undefined members dropped, so the same
 * payload always gives the same text (what the request fingerprint hashes).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** The longest request id the server stores. */
export const REQUEST_ID_MAX_CHARS = 64;
/** The one shape of a request id, on every money action of both sides: 8–64 letters, digits, `_` or `-`. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** A new request id: 32 random hex characters (inside REQUEST_ID_PATTERN), made once per action. */
export function newRequestId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
