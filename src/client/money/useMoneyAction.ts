/**
 * The money forms' hook around runMoneyAction (moneyAction.ts): `busy` while a request is in flight,
 * and `onSuccess` called with each applied result (where balances and records are refreshed). Each
 * attempt (one request id sent, a retry being a new attempt with the same id) is a TanStack mutation:
 * `busy` is its isPending; which id is sent, and when it is sent again, stays runMoneyAction's.
 * moneyAction.ts (with its dialogs) is loaded on the first send, so a page with a money form does not
 * wait for it before it is ready; a page that has settled asks for it ahead (preloadMoneyAction).
 */
import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { queryClient } from '../query/queryClient';
import type { MoneyActionKind, MoneyOutcome } from './moneyAction';

const moneyAction = () => import('./moneyAction');
const LOAD_FAILED = '页面加载失败，请检查网络后重试';

/** Loads the money-action code ahead of the first send (a failed load is retried by the send). */
export function preloadMoneyAction(): void {
  moneyAction().catch(() => {});
}

export interface MoneyActionOptions<T> {
  /** after the server applied the action (or answered that it already had) */
  onSuccess?(result: T): void;
}

export function useMoneyAction<T = unknown>(
  userId: number,
  kind: MoneyActionKind,
  options: MoneyActionOptions<T> = {},
) {
  const attempt = useMutation(
    { mutationFn: (sendIt: () => Promise<unknown>) => sendIt() },
    queryClient,
  );
  const onSuccess = useRef(options.onSuccess);
  onSuccess.current = options.onSuccess;

  /** Sends the form whose payload is `fingerprint`; see MoneyOutcome for how it can end. */
  async function run<R extends T>(
    fingerprint: string,
    send: (requestId: string) => Promise<R>,
  ): Promise<MoneyOutcome<R>> {
    let code: Awaited<ReturnType<typeof moneyAction>>;
    try {
      code = await moneyAction();
    } catch {
      return { ok: false, reason: 'unsaved', message: LOAD_FAILED };
    } // nothing was sent
    const { runMoneyAction } = code;
    const out = await runMoneyAction<R>({
      userId,
      kind,
      fingerprint,
      send,
      attempt: (sendIt) => attempt.mutateAsync(sendIt) as Promise<R>,
    });
    if (out.ok) onSuccess.current?.(out.result);
    return out;
  }

  return { run, busy: attempt.isPending };
}
