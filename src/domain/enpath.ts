/**
 * The /v1/enpath/ codec of the wire contract: every call travels as
 * `/v1/enpath/<base64 of the real path>`. Both sides use this one codec.
 * Decoding is strict: anything that is not base64 of a `/v1/...` path is refused.
 */
export const ENPATH_PREFIX = '/v1/enpath/';

const REAL_PATH = /^\/v1\/[A-Za-z0-9_\-./]{1,200}$/;
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

function toBase64(text: string): string {
  if (typeof btoa === 'function') return btoa(text);
  return Buffer.from(text, 'binary').toString('base64');
}

function fromBase64(b64: string): string {
  const std = b64.replace(/-/g, '+').replace(/_/g, '/');
  if (typeof atob === 'function') return atob(std);
  return Buffer.from(std, 'base64').toString('binary');
}

/** `/v1/users/login` → `/v1/enpath/L3YxL3VzZXJzL2xvZ2lu` (the path must be ASCII). */
export function encodeEnpath(realPath: string): string {
  if (!REAL_PATH.test(realPath) || realPath.includes('..')) {
    throw new Error(`not an API path: ${realPath}`);
  }
  return ENPATH_PREFIX + encodeURIComponent(toBase64(realPath));
}

/** The real path inside an enpath segment, or null when it is not a valid one. */
export function decodeEnpathSegment(segment: string): string | null {
  let b64: string;
  try {
    b64 = decodeURIComponent(segment);
  } catch {
    return null;
  }
  if (b64.length === 0 || b64.length > 400 || !BASE64.test(b64)) return null;
  let decoded: string;
  try {
    decoded = fromBase64(b64);
  } catch {
    return null;
  }
  if (!REAL_PATH.test(decoded) || decoded.includes('..') || decoded.includes('//')) return null;
  return decoded;
}

/**
 * Splits a request URL (`/v1/enpath/<seg>?q`) into its real path and query.
 * Returns null for a URL outside the prefix, `{ realPath: null }` for a bad segment.
 */
export function decodeEnpathUrl(url: string): { realPath: string | null; query: string } | null {
  if (!url.startsWith(ENPATH_PREFIX)) return null;
  const rest = url.slice(ENPATH_PREFIX.length);
  const q = rest.indexOf('?');
  const segment = q === -1 ? rest : rest.slice(0, q);
  const query = q === -1 ? '' : rest.slice(q);
  return { realPath: decodeEnpathSegment(segment), query };
}
