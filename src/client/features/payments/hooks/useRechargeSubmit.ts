/**
 * Sending a recharge order once per requestId: the id is written to IndexedDB before the call, so a
 * retry after a dropped connection (no answer came back) repeats the same id and the server answers the
 * order it already made. A refusal or an answer settles the stored id; the next order gets a new one.
 */
import { useState } from 'react';
import { ApiError } from '../../../api/request';
import { NETWORK_TIMEOUT_MSG, NETWORK_UNAVAILABLE_MSG } from '../../../../domain/errors';
import { confirmDialog } from '../../../ui';
import { createRecharge, type RechargeInput, type RechargeOrder } from '../api';
import { claimRechargeId, settleRecharge } from '../storage';

function isDropped(e: unknown): boolean {
  return e instanceof ApiError && e.code === -1 && (e.message === NETWORK_UNAVAILABLE_MSG || e.message === NETWORK_TIMEOUT_MSG);
}

export type SubmitOutcome = { order: RechargeOrder } | { error: string } | null;

export function useRechargeSubmit(userId: number) {
  const [busy, setBusy] = useState(false);

  async function submit(input: RechargeInput): Promise<SubmitOutcome> {
    const body = JSON.stringify(input);
    let requestId: string;
    try {
      requestId = await claimRechargeId(userId, body);
    } catch (e) {
      return { error: e instanceof Error && e.message ? `无法保存订单信息：${e.message}` : '无法保存订单信息' };
    }
    setBusy(true);
    try {
      const res = await createRecharge(input, requestId);
      await settleRecharge(userId);
      return { order: res.order };
    } catch (e) {
      if (isDropped(e)) {
        setBusy(false);
        const again = await confirmDialog(`${(e as ApiError).message}，订单结果未确认。重试将使用同一订单编号，不会重复下单。`, { okText: '重试', cancelText: '取消' });
        return again ? submit(input) : null;
      }
      await settleRecharge(userId);
      return { error: e instanceof Error && e.message ? e.message : '提交失败' };
    } finally {
      setBusy(false);
    }
  }

  return { submit, busy };
}
