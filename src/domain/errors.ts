/**
 * The response-code catalogue (spec 000 section 8, spec 001 section 8).
 * The server answers with these codes; the client's one dispatcher maps each to a behaviour.
 */
export const ResponseCode = {
  /** success */
  OK: 1,
  /** not logged in: no session at all */
  NOT_LOGGED_IN: 0,
  /** generic refusal: bad input or a business rule; msg says why */
  FAILED: -1,
  /** passed through silently by the client */
  SILENT: -3,
  /** confirm dialog with the server message */
  CONFIRM: -5,
  /** forced logout by the operator */
  FORCED_LOGOUT: -6,
  /** maintenance */
  MAINTENANCE: -7,
  /** logged in on another device */
  LOGGED_IN_ELSEWHERE: -8,
  /** account disabled */
  ACCOUNT_DISABLED: -11,
  /** site closed */
  SITE_CLOSED: -12,
  /** IP restricted */
  IP_RESTRICTED: -19,
  /** passed through silently */
  SILENT_30: -30,
  /** session invalidated (token revoked) */
  SESSION_REVOKED: -33,
  /** bet result: sets the global loading state */
  BET_PENDING: -40,
  /** passed through silently */
  SILENT_41: -41,
  /** account frozen: show the message, then /login */
  ACCOUNT_FROZEN: -49,
  /** session expired */
  SESSION_EXPIRED: -91,
  /** alert with the message (delayed 2 s right after login) */
  NOTICE: -98,
  /** the password was reset: 密码已重新设置 */
  PASSWORD_RESET: -99,
  /** virtual wallet: 操作失敗 then /index */
  WALLET_FAILED_INDEX: -110004,
  /** virtual wallet: 操作失敗 then /accountTotal */
  WALLET_FAILED_TOTAL: -110005,
  /** passed through silently */
  SILENT_110006: -110006,
  /**
   * Not in the spec's catalogue (so the client alerts the message, like any other code): a
   * state-changing request from a page of another origin (HTTP 403).
   */
  ORIGIN_REFUSED: -403,
  /** Not in the spec's catalogue: the operator still has the built-in default password (HTTP 403). */
  PASSWORD_CHANGE_REQUIRED: -428,
} as const;
export type ResponseCodeValue = (typeof ResponseCode)[keyof typeof ResponseCode];

/** What the client does with a code. */
export type ErrorAction =
  | { kind: 'ok' }
  | {
      kind: 'relogin';
      message: string;
      clearUser: boolean;
      storeMessage?: boolean /** the session expired (not ended by someone) */;
      expired?: boolean;
    }
  | { kind: 'page'; path: '/maintain' | '/websiteClosed' | '/noservice' }
  | { kind: 'confirm'; message: string }
  | { kind: 'alert'; message: string; delayAfterLoginMs?: number }
  | { kind: 'alertThen'; message: string; path: string }
  | { kind: 'silent' }
  | { kind: 'loading'; message: string };

export const SESSION_EXPIRED_MSG = '由于登录验证过期，已自动退出，需要重新登录！';
export const PASSWORD_RESET_MSG = '密码已重新设置，有疑问请联系客服';
export const WALLET_FAILED_MSG = '操作失敗';
export const NETWORK_UNAVAILABLE_MSG = '当前网络不可用，请联系客服人员';
export const NETWORK_TIMEOUT_MSG = '网络超时，请重试';
export const BET_SUCCESS_MSG = '投注成功';
export const BETTING_WAIT_MSG = '投注中，请稍候';
export const ORIGIN_REFUSED_MSG = '请求来源不被允许，请从本站页面操作';
export const PASSWORD_CHANGE_REQUIRED_MSG = '请先修改默认密码后再使用管理功能';

/** The one mapping from a response code (and its msg) to the client's behaviour. */
export function actionForCode(code: number, msg: string | undefined): ErrorAction {
  const message = msg ?? '';
  switch (code) {
    case ResponseCode.OK:
      return { kind: 'ok' };
    case ResponseCode.NOT_LOGGED_IN:
    case ResponseCode.SESSION_EXPIRED:
      return { kind: 'relogin', message: SESSION_EXPIRED_MSG, clearUser: true, expired: true };
    case ResponseCode.PASSWORD_RESET:
      return { kind: 'relogin', message: PASSWORD_RESET_MSG, clearUser: true };
    case ResponseCode.ACCOUNT_FROZEN:
      return { kind: 'relogin', message, clearUser: true };
    case ResponseCode.FORCED_LOGOUT:
    case ResponseCode.LOGGED_IN_ELSEWHERE:
    case ResponseCode.ACCOUNT_DISABLED:
    case ResponseCode.SESSION_REVOKED:
      return { kind: 'relogin', message, clearUser: true, storeMessage: true };
    case ResponseCode.MAINTENANCE:
      return { kind: 'page', path: '/maintain' };
    case ResponseCode.SITE_CLOSED:
      return { kind: 'page', path: '/websiteClosed' };
    case ResponseCode.IP_RESTRICTED:
      return { kind: 'page', path: '/noservice' };
    case ResponseCode.CONFIRM:
      return { kind: 'confirm', message };
    case ResponseCode.NOTICE:
      return { kind: 'alert', message, delayAfterLoginMs: 2000 };
    case ResponseCode.WALLET_FAILED_INDEX:
      return { kind: 'alertThen', message: WALLET_FAILED_MSG, path: '/index' };
    case ResponseCode.WALLET_FAILED_TOTAL:
      return { kind: 'alertThen', message: WALLET_FAILED_MSG, path: '/accountTotal' };
    case ResponseCode.BET_PENDING:
      return { kind: 'loading', message: BETTING_WAIT_MSG };
    case ResponseCode.SILENT:
    case ResponseCode.SILENT_30:
    case ResponseCode.SILENT_41:
    case ResponseCode.SILENT_110006:
      return { kind: 'silent' };
    default:
      if (code <= -3058 && code >= -3066)
        return message ? { kind: 'alert', message } : { kind: 'silent' };
      return { kind: 'alert', message: message || '操作失败' };
  }
}

/**
 * Why a refusal was refused, for the refusals a client acts on beyond showing them: the envelope's
 * `data.reason` (`{ code: -1, msg, data: { reason } }`), and `body.reason` of a socket's refused
 * connect frame (push 2). The spec's catalogue (000 §8) gives a code to what the one dispatcher does
 * with every call; these are what one form does with one refusal, so they travel beside the code
 * (like `needSafetyPassword` and `needImageCode` do) and the catalogue stays as the spec has it. The
 * client branches on these, never on the text shown: a message may be reworded freely.
 */
export const RefusalReason = {
  /** the wallet cannot cover the stake: a bet form offers 充值 or 取消 (spec 000 §8) */
  INSUFFICIENT_BALANCE: 'insufficientBalance',
  /** the bet's rebate point is missing or not one the player may take now: the cached rebates are dropped */
  REBATE_STALE: 'rebateStale',
  /** no safety password set yet: the form offers 去设置 */
  NO_SAFETY_PASSWORD: 'noSafetyPassword',
  /** the safety password given was missing or wrong, or its guesses are locked: said in the password popup, which stays */
  SAFETY_PASSWORD_REFUSED: 'safetyPasswordRefused',
  /** a chat socket's one-time key was unknown, used or expired: a fresh key fixes it, so not final */
  CHAT_KEY_STALE: 'chatKeyStale',
} as const;
export type RefusalReasonValue = (typeof RefusalReason)[keyof typeof RefusalReason];

const REFUSAL_REASONS: ReadonlySet<string> = new Set(Object.values(RefusalReason));

/** The data of a refusal with a reason (extra fields beside it, e.g. `needSafetyPassword`). */
export function refusalData<T extends object>(
  reason: RefusalReasonValue,
  extra?: T,
): { reason: RefusalReasonValue } & T {
  return { ...(extra as T), reason };
}

/** The reason a refusal's data (or a socket frame's body) carries; null when none or unknown. */
export function refusalReasonOf(data: unknown): RefusalReasonValue | null {
  const reason = (data as { reason?: unknown } | null | undefined)?.reason;
  return typeof reason === 'string' && REFUSAL_REASONS.has(reason)
    ? (reason as RefusalReasonValue)
    : null;
}

/** The answer envelope of every call. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}
