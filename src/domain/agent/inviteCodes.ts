/**
 * Invite codes and the agent's downline calls (spec 000 agents; docs/api.md "Agents"): the code's
 * shape, the limits and the Chinese refusals both sides show.
 */

/** A code is 8 random digits (node:crypto on the server), unique over every code ever made. */
export const INVITE_CODE_PATTERN = /^\d{8}$/;
export const INVITE_CODE_DIGITS = 8;
/** Live (not deleted) codes one agent may hold at once. */
export const MAX_LIVE_INVITE_CODES = 50;
export const INVITE_REMARK_MAX_CHARS = 50;
/** Rows per page on the agent's lists (default and most). */
export const AGENT_PAGE_SIZE = 10;
export const AGENT_MAX_PAGE_SIZE = 50;
/** A member counts as online with a session seen in the last 5 minutes. */
export const ONLINE_WINDOW_SEC = 300;

export const AGENT_MSG = {
  codeGone: '邀请码不存在或已失效',
  codeStale: '该邀请码的返点已高于上级当前返点，请联系上级更换邀请码',
  tooManyCodes: `邀请码最多保留 ${MAX_LIVE_INVITE_CODES} 个，请先删除不用的邀请码`,
  codeNotFound: '邀请码不存在',
  remarkTooLong: `备注最多 ${INVITE_REMARK_MAX_CHARS} 个字`,
  notMember: '该用户不是您的下级',
  notDirect: '只能修改您直属下级的返点',
  nameTaken: '该用户名已被注册',
} as const;
