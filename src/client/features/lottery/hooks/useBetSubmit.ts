/**
 * Sending a slip or a chase, with the bet flows of spec 000 §4 and §8:
 * - the requestId is written to IndexedDB before the call, so a retry after a dropped connection sends
 *   the same id and the server answers the first result (never a second stake);
 * - '投注中，请稍候' while waiting; -40 (still processing) is asked again with the same id;
 * - 余额不足 offers 充值 or 取消; a message about 返点 refreshes the rebate cache; any other refusal is
 *   shown and the rebate data refreshed as well.
 */
import { useState } from 'react';
import { ApiError } from '../../../api/request';
import { actionForCode, BETTING_WAIT_MSG, NETWORK_TIMEOUT_MSG, NETWORK_UNAVAILABLE_MSG, ResponseCode } from '../../../../domain/errors';
import { confirmDialog, requireOnline, showAlert } from '../../../ui';
import { goRecharge } from '../../payments/firstChannel';
import { claimRequestId, settleRequest, type PendingSubmission } from '../storage';

const PENDING_RETRY_MS = 1500;
const PENDING_RETRIES = 5;

/** No envelope came back: the server may or may not have taken the bet. */
export function isDropped(e: unknown): boolean {
  return e instanceof ApiError && e.code === -1 && (e.message === NETWORK_UNAVAILABLE_MSG || e.message === NETWORK_TIMEOUT_MSG);
}

export interface SubmitHooks {
  userId: number;
  /** the rebate cache must be refetched; `drop` = the cached value is known to be wrong */
  onRebateStale(drop: boolean): void;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function useBetSubmit({ userId, onRebateStale }: SubmitHooks) {
  const [waiting, setWaiting] = useState(false);

  /** Sends `body` once per requestId; resolves with the answer, or null when the bet was not placed. */
  async function submit<T>(kind: PendingSubmission['kind'], body: string, send: (requestId: string) => Promise<T>): Promise<T | null> {
    if (!(await requireOnline())) return null;
    let requestId: string;
    try {
      requestId = await claimRequestId(userId, kind, body);
    } catch (e) {
      await showAlert(e instanceof Error && e.message ? `无法保存投注信息：${e.message}` : '无法保存投注信息');
      return null;
    }
    setWaiting(true);
    try {
      for (let attempt = 0; ; attempt++) {
        try {
          const res = await send(requestId);
          await settleRequest(userId, kind);
          return res;
        } catch (e) {
          if (e instanceof ApiError && e.code === ResponseCode.BET_PENDING && attempt < PENDING_RETRIES) { await sleep(PENDING_RETRY_MS); continue; }
          throw e;
        }
      }
    } catch (e) {
      setWaiting(false);
      if (isDropped(e)) {
        const again = await confirmDialog(`${(e as ApiError).message}，投注结果未确认。重试将使用同一投注单号，不会重复扣款。`, { okText: '重试', cancelText: '取消' });
        return again ? submit(kind, body, send) : null;
      }
      await settleRequest(userId, kind);
      await refusal(e);
      return null;
    } finally {
      setWaiting(false);
    }
  }

  async function refusal(e: unknown): Promise<void> {
    const code = e instanceof ApiError ? e.code : -1;
    const msg = e instanceof Error && e.message ? e.message : '投注失败';
    // Session, maintenance … codes were already handled by the one dispatcher.
    if (actionForCode(code, msg).kind !== 'alert') return;
    if (msg.includes('余额不足')) {
      if (await confirmDialog(msg, { okText: '充值', cancelText: '取消' })) await goRecharge(); // Recharge goes to the first recharge channel
      return;
    }
    if (msg.includes('返点')) {
      onRebateStale(true);
      await showAlert(msg);
      return;
    }
    await showAlert(msg);
    onRebateStale(false);
  }

  return { submit, waiting, waitingText: BETTING_WAIT_MSG };
}
