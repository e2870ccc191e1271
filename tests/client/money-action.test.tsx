/**
 * The one money-action helper (src/client/money): the request id stored before sending, the same id on
 * a retry and after a reload, the one retry dialog on a dropped connection or a timeout, the id cleared
 * on any final answer, -40 asked again with the same id, nothing sent offline.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { request } from '../../src/client/api/request';
import {
  claimRequestId,
  readPendingAction,
  type MoneyActionKind,
} from '../../src/client/money/moneyAction';
import { useMoneyAction } from '../../src/client/money/useMoneyAction';
import { keys, queryClient, useQuery } from '../../src/client/query';
import { NEEDS_NETWORK_MSG, resetNetwork } from '../../src/client/api/network';
import { moneyActionStore, wipe } from '../../src/client/storage/stores';
import { OverlayHost } from '../../src/client/ui';
import { NETWORK_TIMEOUT_MSG, NETWORK_UNAVAILABLE_MSG } from '../../src/domain/errors';
import { callsTo, drop, ok, refuse, stubNetwork, USER, type Handler } from './records-net';
import { quietDispatch } from './dispatch-fixtures';

const PATH = '/v1/test/moneyAction';
const KIND: MoneyActionKind = 'in';

/** A money form: sends `amount` (its fingerprint) and shows the outcome. */
function MoneyForm({
  amount,
  onSuccess,
  timeoutMs,
}: {
  amount: string;
  onSuccess?(r: { applied: boolean }): void;
  timeoutMs?: number;
}) {
  const action = useMoneyAction<{ applied: boolean }>(USER.userId, KIND, { onSuccess });
  const [text, setText] = useState('');
  const send = async () => {
    const out = await action.run(amount, (requestId) =>
      request<{ applied: boolean }>(
        'POST',
        PATH,
        { amount, requestId },
        { inline: true, timeoutMs },
      ),
    );
    setText(out.ok ? '成功' : `${out.reason}:${out.message}`);
  };
  return (
    <>
      <button type="button" onClick={() => void send()}>
        提交
      </button>
      <p role="status">{action.busy ? '处理中' : text}</p>
    </>
  );
}

/** A screen showing the wallet through the query layer; counts how often it asked. */
let walletAsked = 0;
function WalletView() {
  const q = useQuery({ queryKey: keys.walletInfo(), queryFn: async () => ++walletAsked });
  return <p>{`钱包${q.data ?? ''}`}</p>;
}

const show = (props: Parameters<typeof MoneyForm>[0] = { amount: '10.00' }) =>
  render(
    <>
      <MoneyForm {...props} />
      <OverlayHost />
    </>,
  );
const submit = () => fireEvent.click(screen.getByRole('button', { name: '提交' }));
const status = () => screen.getByRole('status').textContent;
const sentIds = () => callsTo(PATH).map((c) => c.body.get('requestId'));
const retryDialog = () => screen.findByRole('dialog', { name: /操作结果未确认/ });
const stored = async () => (await readPendingAction(USER.userId, KIND))?.requestId;

/** Answers with each handler in turn; a handler that throws is a dropped connection. */
function answers(...steps: Handler[]): void {
  let n = 0;
  stubNetwork({ [PATH]: (c) => steps[Math.min(n++, steps.length - 1)]!(c) });
}
const applied: Handler = () => ok({ applied: true });

let online = true;
beforeEach(async () => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  resetNetwork(true);
  quietDispatch('/');
  await wipe(moneyActionStore);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('money action', () => {
  it('stores the id before sending, and a success clears it and calls onSuccess', async () => {
    let storedWhenSent: string | undefined;
    stubNetwork({
      [PATH]: async () => {
        storedWhenSent = await stored();
        return ok({ applied: true });
      },
    });
    const onSuccess = vi.fn();
    show({ amount: '10.00', onSuccess });
    submit();
    await waitFor(() => expect(status()).toBe('成功'));
    expect(sentIds()[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(storedWhenSent).toBe(sentIds()[0]);
    expect(await stored()).toBeUndefined();
    expect(onSuccess).toHaveBeenCalledWith({ applied: true });
  });

  it('a dropped connection offers the retry dialog, and the retry sends the same id', async () => {
    answers(drop, applied);
    show();
    submit();
    const dialog = await retryDialog();
    expect(dialog.textContent).toContain(NETWORK_UNAVAILABLE_MSG);
    expect(await stored()).toBe(sentIds()[0]); // kept while unanswered
    fireEvent.click(within(dialog).getByRole('button', { name: '重试' }));
    await waitFor(() => expect(status()).toBe('成功'));
    expect(sentIds()).toHaveLength(2);
    expect(sentIds()[1]).toBe(sentIds()[0]);
    expect(await stored()).toBeUndefined();
  });

  it('a timeout offers the same dialog; declined, the id stays stored and the next send repeats it', async () => {
    stubNetwork({});
    const fetchMock = vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_, reject) => {
          init.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    show({ amount: '10.00', timeoutMs: 30 });
    submit();
    const dialog = await retryDialog();
    expect(dialog.textContent).toContain(NETWORK_TIMEOUT_MSG);
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(status()).toBe(`unconfirmed:${NETWORK_TIMEOUT_MSG}`));
    const first = new URLSearchParams(String(fetchMock.mock.calls[0]![1].body)).get('requestId');
    expect(await stored()).toBe(first);
    submit();
    fireEvent.click(within(await retryDialog()).getByRole('button', { name: '取消' }));
    expect(new URLSearchParams(String(fetchMock.mock.calls[1]![1].body)).get('requestId')).toBe(
      first,
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a refusal clears the id; the next send gets a new one', async () => {
    answers(() => refuse('余额不足'), applied);
    show();
    submit();
    await waitFor(() => expect(status()).toBe('refused:余额不足'));
    expect(await stored()).toBeUndefined();
    submit();
    await waitFor(() => expect(status()).toBe('成功'));
    expect(sentIds()[1]).not.toBe(sentIds()[0]);
  });

  it('after a reload the pending id of the same form is reused; another form gets a new id', async () => {
    answers(drop, applied);
    show();
    submit();
    fireEvent.click(within(await retryDialog()).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(status()).toBe(`unconfirmed:${NETWORK_UNAVAILABLE_MSG}`));
    const first = sentIds()[0]!;
    cleanup(); // the page is gone; IndexedDB keeps the pending id
    show();
    submit();
    await waitFor(() => expect(status()).toBe('成功'));
    expect(sentIds()[1]).toBe(first);

    const other = await claimRequestId(USER.userId, KIND, '20.00');
    expect(other).not.toBe(first);
    expect(await claimRequestId(USER.userId, KIND, '20.00')).toBe(other);
  });

  it('asks again with the same id while the server says it is still processing (-40)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    answers(() => refuse('投注中，请稍候', -40), applied);
    show();
    submit();
    await waitFor(() => expect(sentIds()).toHaveLength(1));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1500);
    });
    await waitFor(() => expect(status()).toBe('成功'));
    expect(sentIds()[1]).toBe(sentIds()[0]);
  });

  it('offline: says it needs the network, sends nothing and stores nothing', async () => {
    answers(applied);
    online = false;
    show();
    submit();
    const alert = await screen.findByRole('dialog', { name: NEEDS_NETWORK_MSG });
    expect(callsTo(PATH)).toHaveLength(0);
    expect(await stored()).toBeUndefined();
    fireEvent.click(within(alert).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(status()).toBe('offline:'));
  });
  it('an applied action refreshes what it changed through the query layer (the wallet screen on view asks again)', async () => {
    queryClient.clear();
    walletAsked = 0;
    answers(applied);
    render(
      <>
        <MoneyForm amount="10.00" />
        <WalletView />
        <OverlayHost />
      </>,
    );
    await screen.findByText('钱包1');
    submit();
    await waitFor(() => expect(status()).toBe('成功'));
    await screen.findByText('钱包2');
    expect(walletAsked).toBe(2);
  });
});
