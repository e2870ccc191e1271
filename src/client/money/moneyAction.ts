/**
 * Every money action of the client (bets, chases, long-dragon bets, recharges, withdrawals, wallet
 * transfers and pledges, operator adjustments, chat red envelopes) is sent through `runMoneyAction`, once per request id.
 *
 * Life cycle of an action's request id:
 * 1. claimed: before anything is sent, the id is written to IndexedDB (moneyActionStore) under the
 *    user and kind, with the fingerprint of the form it belongs to. A stored id whose fingerprint is the
 *    same form (a retry, or the same form sent again after a reload) is reused, so the server applies
 *    the action once and answers the first result to the repeat.
 * 2. no final answer (dropped connection, timeout, the server still processing): the id stays stored
 *    and the one retry dialog offers to send again with the same id.
 * 3. any final answer (success, or a refusal with its code): the id is cleared; the next action gets a
 *    new one.
 * Offline nothing is sent and nothing is queued (requireOnline says so).
 */
import { NETWORK_UNAVAILABLE_MSG, ResponseCode, actionForCode } from '../../domain/errors';
import { newRequestId } from '../../domain/requests';
import { ApiError, isNoAnswer, isOfflineError } from '../api/request';
import { moneyActionStore, put, read, remove } from '../storage/stores';
import { confirmDialog, requireOnline } from '../ui';
import { invalidateAfterMoney, type MoneyAction as Refresh } from '../query';

/** The money forms, one pending id each per user. */
export type MoneyActionKind =
  | 'bet'
  | 'chase'
  | 'dragon'
  | 'recharge'
  | 'withdraw'
  | 'in'
  | 'out'
  | 'pledge'
  | 'adjust'
  | 'envelope'
  | 'activityEnvelope'
  | 'activity';

/** An action whose final answer has not been seen yet. `fingerprint`: the form's payload (never a password). */
export interface PendingMoneyAction {
  requestId: string;
  kind: MoneyActionKind;
  fingerprint: string;
  at: number;
}

/** What each applied action refreshes through the query layer (an operator's adjustment: the balance lists of admin screens refresh themselves). */
const REFRESH: Record<MoneyActionKind, Refresh | null> = {
  bet: 'bet',
  chase: 'chase',
  dragon: 'dragon',
  recharge: 'recharge',
  withdraw: 'withdraw',
  in: 'wallet',
  out: 'wallet',
  pledge: 'wallet',
  adjust: null,
  envelope: 'envelope',
  activityEnvelope: 'activityEnvelope',
  activity: 'activity',
};

/** While the server says the action is still being processed, it is asked again this often, this many times. */
const PENDING_RETRY_MS = 1500;
const PENDING_RETRIES = 5;

const pendingKey = (userId: number, kind: MoneyActionKind) => `${userId}:${kind}`;

/** The id to send `fingerprint` with: the stored one for the same form, else a new one, stored first. */
export async function claimRequestId(
  userId: number,
  kind: MoneyActionKind,
  fingerprint: string,
): Promise<string> {
  const prev = await read<PendingMoneyAction>(moneyActionStore, pendingKey(userId, kind));
  if (prev && prev.fingerprint === fingerprint) return prev.requestId;
  const next: PendingMoneyAction = { requestId: newRequestId(), kind, fingerprint, at: Date.now() };
  await put(moneyActionStore, pendingKey(userId, kind), next);
  return next.requestId;
}

/** The server gave its final answer (success or refusal): the next action gets a new id. */
export async function settleMoneyAction(userId: number, kind: MoneyActionKind): Promise<void> {
  await remove(moneyActionStore, pendingKey(userId, kind)).catch(() => {});
}

export function readPendingAction(
  userId: number,
  kind: MoneyActionKind,
): Promise<PendingMoneyAction | undefined> {
  return read<PendingMoneyAction>(moneyActionStore, pendingKey(userId, kind));
}

/**
 * The refusal text a form shows itself: the refusal's msg, or '' when the one dispatcher already acted
 * on its code (session codes, -110004, -110005 …).
 */
export function pageMessage(e: unknown): string {
  const code = e instanceof ApiError ? e.code : -1;
  const msg = e instanceof Error && e.message ? e.message : '操作失败';
  return actionForCode(code, msg).kind === 'alert' ? msg : '';
}

/** The one retry dialog: the action may or may not have been applied; a retry repeats its id. */
export function offerRetry(reason: string): Promise<boolean> {
  return confirmDialog(`${reason}，操作结果未确认。重试将使用同一请求编号，不会重复扣款。`, {
    okText: '重试',
    cancelText: '取消',
  });
}

/**
 * How an action ended. `refused`: a final answer (error holds it, message is '' when the dispatcher
 * already showed it). `unconfirmed`: no final answer and the retry declined; the id stays stored.
 * `offline`: nothing sent (already said). `unsaved`: the id could not be stored, nothing sent.
 */
export type MoneyOutcome<T> =
  | { ok: true; result: T }
  | { ok: false; reason: 'refused'; error: unknown; message: string }
  | { ok: false; reason: 'unconfirmed' | 'offline' | 'unsaved'; message: string };

export interface MoneyAction<T> {
  userId: number;
  kind: MoneyActionKind;
  fingerprint: string;
  send(requestId: string): Promise<T>;
  /**
   * Runs one attempt (a send with its re-asks while the server is still processing); the form's hook
   * runs it as a mutation, whose isPending is then true while a request is in flight and false while
   * the retry dialog is open. Without it the attempt just runs.
   */
  attempt?(sendIt: () => Promise<T>): Promise<T>;
}

/** The balance an answer carries (bets, chases, cancels answer it), if any. */
function balanceIn(result: unknown): string | undefined {
  const b = (result as { balance?: unknown } | null)?.balance;
  return typeof b === 'string' ? b : undefined;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const stillProcessing = (e: unknown) =>
  e instanceof ApiError && e.code === ResponseCode.BET_PENDING;

/** Sends once with `requestId`, asking again while the server says it is still processing it. */
async function sendOnce<T>(send: (requestId: string) => Promise<T>, requestId: string): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await send(requestId);
    } catch (e) {
      if (!stillProcessing(e) || attempt >= PENDING_RETRIES) throw e;
      await sleep(PENDING_RETRY_MS);
    }
  }
}

export async function runMoneyAction<T>(action: MoneyAction<T>): Promise<MoneyOutcome<T>> {
  const { userId, kind, fingerprint, send } = action;
  const attempt = action.attempt ?? ((sendIt: () => Promise<T>) => sendIt());
  if (!(await requireOnline())) return { ok: false, reason: 'offline', message: '' };
  let requestId: string;
  try {
    requestId = await claimRequestId(userId, kind, fingerprint);
  } catch (e) {
    return {
      ok: false,
      reason: 'unsaved',
      message: e instanceof Error && e.message ? `无法保存请求：${e.message}` : '无法保存请求',
    };
  }
  for (;;) {
    try {
      const result = await attempt(() => sendOnce(send, requestId));
      await settleMoneyAction(userId, kind);
      const refresh = REFRESH[kind];
      if (refresh) void invalidateAfterMoney(refresh, balanceIn(result)).catch(() => {});
      return { ok: true, result };
    } catch (e) {
      if (isOfflineError(e)) return { ok: false, reason: 'offline', message: (e as Error).message };
      if (!isNoAnswer(e) && !stillProcessing(e)) {
        await settleMoneyAction(userId, kind);
        return { ok: false, reason: 'refused', error: e, message: pageMessage(e) };
      }
      const reason = e instanceof Error && e.message ? e.message : NETWORK_UNAVAILABLE_MSG;
      if (!(await offerRetry(reason))) return { ok: false, reason: 'unconfirmed', message: reason };
      if (!(await requireOnline())) return { ok: false, reason: 'offline', message: '' };
    }
  }
}
