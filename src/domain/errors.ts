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
  | { kind: 'relogin'; message: string; clearUser: boolean; storeMessage?: boolean }
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
export const INSUFFICIENT_BALANCE_MARK = '余额不足';
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
      return { kind: 'relogin', message: SESSION_EXPIRED_MSG, clearUser: true };
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
      if (code <= -3058 && code >= -3066) return message ? { kind: 'alert', message } : { kind: 'silent' };
      return { kind: 'alert', message: message || '操作失败' };
  }
}

/** The answer envelope of every call. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}
