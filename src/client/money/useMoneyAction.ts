/**
 * The money forms' hook around runMoneyAction (moneyAction.ts): `busy` while a request is in flight,
 * and `onSuccess` called with each applied result (where balances and records are refreshed).
 */
import { useRef, useState } from 'react';
import { runMoneyAction, type MoneyActionKind, type MoneyOutcome } from './moneyAction';

export interface MoneyActionOptions<T> {
  /** after the server applied the action (or answered that it already had) */
  onSuccess?(result: T): void;
}

export function useMoneyAction<T = unknown>(userId: number, kind: MoneyActionKind, options: MoneyActionOptions<T> = {}) {
  const [busy, setBusy] = useState(false);
  const onSuccess = useRef(options.onSuccess);
  onSuccess.current = options.onSuccess;

  /** Sends the form whose payload is `fingerprint`; see MoneyOutcome for how it can end. */
  async function run<R extends T>(fingerprint: string, send: (requestId: string) => Promise<R>): Promise<MoneyOutcome<R>> {
    const out = await runMoneyAction({ userId, kind, fingerprint, send, onBusy: setBusy });
    if (out.ok) onSuccess.current?.(out.result);
    return out;
  }

  return { run, busy };
}
