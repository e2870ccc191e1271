/**
 * Sending a slip or a chase (spec 000 §4 and §8) as a money action (src/client/money): its requestId
 * stored before the call and repeated on a retry, '投注中，请稍候' while waiting. What is particular to
 * bets is the refusal, told by its typed reason (data.reason), never by its text: 余额不足 offers 充值 or
 * 取消; a stale rebate drops the rebate cache; any other refusal is shown and the rebate data refreshed as well.
 */
import {
  BETTING_WAIT_MSG,
  RefusalReason,
  type RefusalReasonValue,
} from '../../../../domain/errors';
import { refusalReason } from '../../../api/request';
import type { MoneyOutcome } from '../../../money/moneyAction';
import { useMoneyAction } from '../../../money/useMoneyAction';
import { confirmDialog, showAlert } from '../../../ui';
import { goRecharge } from '../../payments/firstChannel';

export interface SubmitHooks {
  userId: number;
  /** the rebate cache must be refetched; `drop` = the cached value is known to be wrong */
  onRebateStale(drop: boolean): void;
  /** after a bet or chase was placed */
  onSuccess?(): void;
  /** the 余额不足 confirm's recharge button (default 充值) */
  rechargeText?: string;
}

export function useBetSubmit({
  userId,
  onRebateStale,
  onSuccess,
  rechargeText = '充值',
}: SubmitHooks) {
  const bet = useMoneyAction(userId, 'bet', { onSuccess });
  const chase = useMoneyAction(userId, 'chase', { onSuccess });

  /** Sends `body` once per requestId; resolves with the answer, or null when the bet was not placed. */
  async function submit<T>(
    kind: 'bet' | 'chase',
    body: string,
    send: (requestId: string) => Promise<T>,
  ): Promise<T | null> {
    const out: MoneyOutcome<T> = await (kind === 'bet' ? bet : chase).run(body, send);
    if (out.ok) return out.result;
    if (out.reason === 'refused') await refusal(out.message, refusalReason(out.error));
    else if (out.reason === 'unsaved') await showAlert(out.message);
    return null;
  }

  /** `msg`: the refusal's text, '' when the one dispatcher already acted on its code; `reason`: what it was. */
  async function refusal(msg: string, reason: RefusalReasonValue | null): Promise<void> {
    if (!msg) return;
    if (reason === RefusalReason.INSUFFICIENT_BALANCE) {
      if (await confirmDialog(msg, { okText: rechargeText, cancelText: '取消' }))
        await goRecharge(); // the first recharge channel
      return;
    }
    if (reason === RefusalReason.REBATE_STALE) {
      onRebateStale(true);
      await showAlert(msg);
      return;
    }
    await showAlert(msg);
    onRebateStale(false);
  }

  return { submit, waiting: bet.busy || chase.busy, waitingText: BETTING_WAIT_MSG };
}
