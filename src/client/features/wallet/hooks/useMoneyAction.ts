/**
 * Sending a virtual-wallet money action once per requestId:
 * - the requestId is claimed (stored in IndexedDB) before the call, so a dropped connection can be
 *   retried with the same id and the server applies it once;
 * - a plain refusal (-1: bad amount, 余额不足, limits) comes back as `error` for the form to show;
 *   -110004 / -110005 and the session codes were already handled by the one dispatcher.
 */
import { useState } from 'react';
import { ApiError } from '../../../api/request';
import { actionForCode, NETWORK_TIMEOUT_MSG, NETWORK_UNAVAILABLE_MSG } from '../../../../domain/errors';
import { confirmDialog } from '../../../ui';
import { claimRequestId, settleRequest, type WalletActionKind } from '../storage';

/** No envelope came back: the server may or may not have moved the money. */
export function isDropped(e: unknown): boolean {
  return e instanceof ApiError && e.code === -1 && (e.message === NETWORK_UNAVAILABLE_MSG || e.message === NETWORK_TIMEOUT_MSG);
}

/**
 * The refusal text a page shows itself: a plain refusal's msg, or '' when the one dispatcher already
 * acted on the code (-110004, -110005, session codes …).
 */
export function pageMessage(e: unknown): string {
  const code = e instanceof ApiError ? e.code : -1;
  const msg = e instanceof Error && e.message ? e.message : '操作失败';
  return actionForCode(code, msg).kind === 'alert' ? msg : '';
}

export function useMoneyAction(userId: number, kind: WalletActionKind) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  /** Resolves with the answer, or null when nothing was done (refused, or the retry declined). */
  async function run<T>(body: string, send: (requestId: string) => Promise<T>): Promise<T | null> {
    setError('');
    let requestId: string;
    try {
      requestId = await claimRequestId(userId, kind, body);
    } catch (e) {
      setError(e instanceof Error && e.message ? `无法保存请求：${e.message}` : '无法保存请求');
      return null;
    }
    setBusy(true);
    try {
      const res = await send(requestId);
      await settleRequest(userId, kind);
      return res;
    } catch (e) {
      if (isDropped(e)) {
        setBusy(false);
        const again = await confirmDialog(`${(e as ApiError).message}，操作结果未确认。重试将使用同一请求编号，不会重复扣款。`, { okText: '重试', cancelText: '取消' });
        return again ? run(body, send) : null;
      }
      await settleRequest(userId, kind);
      setError(pageMessage(e));
      return null;
    } finally {
      setBusy(false);
    }
  }

  return { run, busy, error, setError };
}
