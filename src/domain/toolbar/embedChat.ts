/**
 * The embedded-chat bridge (spec 001 section 4): the site shows a partner's chat in an iframe and
 * the two windows talk with postMessage. Every message carries `ltType`; a request may carry `seq`,
 * echoed in the reply so the partner can match answers. Replies are `{ ltType, seq, code, msg, data }`
 * with code 1 for success (the API envelope's codes). docs/embedded-chat.md has the shapes.
 */

/** The cross-window message types, by the names of spec 001 section 4. */
export const LtType = {
  /** partner → site: start the third-party login; reply: the bind state and a one-time key */
  thirdLoginStart: 'thirdLoginStart',
  /** partner → site: bind the partner account to the logged-in site account (oneTimeKey) */
  bindAccount: 'bindAccount',
  /** partner → site: the partner account is new, register it for this site account (oneTimeKey, nickName) */
  registerAccount: 'registerAccount',
  /** partner → site: the partner finished the bind; reply: the refreshed account */
  bindSuccess: 'bindSuccess',
  /** partner → site: ask for the player's avatar and uid */
  avatarUid: 'avatarUid',
  /** partner → site: the avatar changed, refresh it */
  refreshAvatar: 'refreshAvatar',
  /** partner → site: ask for the site (tenant) name */
  tenantName: 'tenantName',
} as const;
export type LtTypeName = (typeof LtType)[keyof typeof LtType];

export const LT_TYPES: readonly string[] = Object.values(LtType);

/** One-time keys live this long and open one bind or register. */
export const EMBED_KEY_TTL_SEC = 60;
/** A partner user id: letters, digits, `_` and `-`, up to 64. */
export const MUID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** The key's text form: 43 base64url characters (32 random bytes). */
export const ONE_TIME_KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** The partner's vouching for a muid (docs/embedded-chat.md): a nonce it never reuses... */
export const VOUCH_NONCE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
/** ...and its HMAC-SHA256, lowercase hex. */
export const VOUCH_SIG_PATTERN = /^[0-9a-f]{64}$/;
/** A signature's expiry is at most this far ahead (so each nonce is kept only this long). */
export const VOUCH_TTL_MAX_SEC = 300;

/** The text the partner signs: `<muid>.<expires, unix seconds>.<nonce>` (no part can hold a dot). */
export function vouchText(muid: string, expires: number, nonce: string): string {
  return `${muid}.${expires}.${nonce}`;
}

/** The partner's signature that the muid is its signed-in user. */
export interface MuidVouch {
  expires: number;
  nonce: string;
  sig: string;
}

export interface EmbedRequest extends Partial<MuidVouch> {
  ltType: LtTypeName;
  seq?: number;
  muid?: string;
  oneTimeKey?: string;
  nickName?: string;
}
export interface EmbedReply {
  ltType: LtTypeName;
  seq?: number;
  code: number;
  msg: string;
  data: unknown;
}

/** The request in a message event's data, or null when it is not one of ours. */
export function parseEmbedRequest(data: unknown): EmbedRequest | null {
  if (typeof data !== 'object' || data === null) return null;
  const d = data as Record<string, unknown>;
  if (typeof d.ltType !== 'string' || !LT_TYPES.includes(d.ltType)) return null;
  const out: EmbedRequest = { ltType: d.ltType as LtTypeName };
  if (typeof d.seq === 'number' && Number.isInteger(d.seq)) out.seq = d.seq;
  if (typeof d.muid === 'string') out.muid = d.muid;
  if (typeof d.oneTimeKey === 'string') out.oneTimeKey = d.oneTimeKey;
  if (typeof d.nickName === 'string') out.nickName = d.nickName;
  if (typeof d.expires === 'number' && Number.isSafeInteger(d.expires)) out.expires = d.expires;
  if (typeof d.nonce === 'string') out.nonce = d.nonce;
  if (typeof d.sig === 'string') out.sig = d.sig;
  return out;
}

/** The origin (scheme://host[:port]) of an https or http URL, or null. */
export function originOf(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.origin : null;
  } catch {
    return null;
  }
}
