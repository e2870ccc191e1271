/** Business constants and limits (spec 000 section 9), with units in the names. */
export const REQUEST_TIMEOUT_MS = 15_000;
export const HEARTBEAT_INTERVAL_MS = 60_000;
export const HEARTBEAT_FAILURES_KEPT = 1000;
export const STREAK_REFRESH_MS = 10_000;
export const USAGE_TRACE_INTERVAL_MS = 60_000;
export const LOADING_OFF_DELAY_MS = 300;
export const TIME_SYNC_MAX_ATTEMPTS = 4;
export const TIME_SYNC_RTT_LIMIT_MS = 1000;
export const IMAGE_MAX_SIDE_PX = 1000;
export const IMAGE_MAX_BYTES = 3 * 1024 * 1024;
export const IMAGE_QUALITY = 0.7;
export const MULTIPLE_MAX = 10_000;
export const BET_AMOUNT_MAX_YUAN = 1_000_000;
export const RED_ENVELOPE_BADGE_CAP = 9;
export const DEFAULT_AVATAR_COUNT = 100;
export const SERVICE_WINDOW = { widthPx: 817, heightPx: 500, scale: 0.9 } as const;
export const TOOLBAR_PANEL = { widthPx: 440, heightPx: 640 } as const;
export const LIVE_BROADCAST = { showTimeSec: 5, intervalSec: 10 } as const;

/** Gifts: name, price (yuan) and tier flag. */
export const GIFTS = [
  { name: 'kiss', price: 8, tier: 1 },
  { name: 'cuke', price: 38, tier: -1 },
  { name: 'durex', price: 58, tier: -1 },
  { name: 'injections', price: 88, tier: -1 },
  { name: 'porsche', price: 188, tier: 0 },
  { name: 'aircraft', price: 388, tier: 0 },
  { name: 'salute', price: 588, tier: 0 },
  { name: 'money', price: 888, tier: 0 },
  { name: 'ferrari', price: 1111, tier: 0 },
] as const;

/** Default avatars: /avatars/1.svg ... /avatars/100.svg, served by the site. */
export function defaultAvatarUrls(): string[] {
  return Array.from({ length: DEFAULT_AVATAR_COUNT }, (_, i) => `/avatars/${i + 1}.svg`);
}

/** Login attempts: this many failures within the window lock the account for the window. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_LOCK_WINDOW_SEC = 15 * 60;
/** Image codes and verification codes expire after these. */
export const IMAGE_CODE_TTL_SEC = 5 * 60;
export const VERIFY_CODE_TTL_SEC = 10 * 60;
/** A session lasts this long without activity. */
export const SESSION_IDLE_SEC = 2 * 60 * 60;
export const SESSION_MAX_SEC = 7 * 24 * 60 * 60;
/** Header the service worker sets on an API answer it served from its cache (sw/sw.ts, client api/network.ts). */
export const CACHED_ANSWER_HEADER = 'X-Cached-Answer';
