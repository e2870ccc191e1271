/**
 * The query layer (src/client/query, over TanStack Query): one cache entry per key shared by every
 * screen, one request per key at a time, invalidation refetching what is on screen, errors never kept
 * as data, early requests taken by the screen that asks later, and money actions and draws refreshing
 * the balance and records.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { hashKey, QueryObserver } from '@tanstack/react-query';
import { invalidateAfterMoney, keys, queryClient, useQuery } from '../../src/client/query';
import { currentUser } from '../../src/client/state/session';
import { scopeQueriesToUser } from '../../src/client/bootstrap';
import { fetchEarly } from '../../src/client/features/lottery/early';
import { IssueBar } from '../../src/client/features/lottery/components/IssueBar';
import type { IssueState } from '../../src/client/features/lottery/hooks/useIssue';
import type { OpenRow } from '../../src/client/features/lottery/api';
import { queryBalance } from '../../src/client/features/lottery/betsApi';
import { ok, stubNetwork, callsTo, USER } from './records-net';
import { usePagedList } from '../../src/client/features/records/paging';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  currentUser.value = null;
});

/** A query function whose answers the test releases one by one. */
function deferred<T>() {
  const calls: { resolve(v: T): void; reject(e: Error): void }[] = [];
  const fn = vi.fn(
    () =>
      new Promise<T>((resolve, reject) => {
        calls.push({ resolve, reject });
      }),
  );
  return { fn, calls };
}

function Show({
  name,
  queryKey,
  queryFn,
  staleTime,
}: {
  name: string;
  queryKey: readonly unknown[];
  queryFn(): Promise<string>;
  staleTime?: number;
}) {
  const q = useQuery({ queryKey, queryFn, staleTime });
  return (
    <>
      <p data-testid={name}>
        {q.loading ? 'loading' : q.error ? `error:${q.error.message}` : q.data}
      </p>
      <button type="button" onClick={q.reload}>
        {`reload ${name}`}
      </button>
      <p data-testid={`${name}-data`}>{q.data}</p>
    </>
  );
}
const text = (name: string) => screen.getByTestId(name).textContent;

function Balance() {
  const q = useQuery({ queryKey: keys.balance(), queryFn: queryBalance, staleTime: 60_000 });
  return <p data-testid="balance">{q.data?.balance}</p>;
}

describe('query keys', () => {
  it('hashes objects with their keys sorted and undefined fields left out', () => {
    expect(hashKey(['records', { a: 1, b: 2 }])).toBe(
      hashKey(['records', { b: 2, a: 1, c: undefined }]),
    );
    expect(hashKey(keys.betRecords({ status: 'WON' }))).not.toBe(
      hashKey(keys.betRecords({ status: 'LOST' })),
    );
  });
});

describe('useQuery', () => {
  it('shows a cached answer to a later screen without asking again while it is fresh', async () => {
    const fn = vi.fn(async () => 'v1');
    const first = render(<Show name="a" queryKey={['k']} queryFn={fn} staleTime={60_000} />);
    await waitFor(() => expect(text('a')).toBe('v1'));
    first.unmount();
    render(<Show name="b" queryKey={['k']} queryFn={fn} staleTime={60_000} />);
    expect(text('b')).toBe('v1'); // at once, from the cache
    await new Promise((r) => setTimeout(r, 20));
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('shares one request between two screens asking for the same key', async () => {
    const d = deferred<string>();
    render(
      <>
        <Show name="a" queryKey={['shared', { x: 1 }]} queryFn={d.fn} />
        <Show name="b" queryKey={['shared', { x: 1 }]} queryFn={d.fn} />
      </>,
    );
    expect(text('a')).toBe('loading');
    await waitFor(() => expect(d.fn).toHaveBeenCalledTimes(1));
    act(() => d.calls[0]!.resolve('one answer'));
    await waitFor(() => expect(text('a')).toBe('one answer'));
    expect(text('b')).toBe('one answer');
    expect(d.fn).toHaveBeenCalledTimes(1);
  });

  it('refetches watched queries under an invalidated prefix and marks unwatched ones stale', async () => {
    let n = 0;
    const fn = vi.fn(async () => `v${++n}`);
    const view = render(
      <Show name="a" queryKey={['records', 'bets', { page: 1 }]} queryFn={fn} staleTime={60_000} />,
    );
    await waitFor(() => expect(text('a')).toBe('v1'));
    queryClient.setQueryData(['records', 'bets', { page: 2 }], 'hidden');
    queryClient.setQueryData(['wallet', 'info'], 'other area');
    await act(() => queryClient.invalidateQueries({ queryKey: ['records', 'bets'] }));
    await waitFor(() => expect(text('a')).toBe('v2'));
    expect(queryClient.getQueryState(['records', 'bets', { page: 2 }])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['wallet', 'info'])?.isInvalidated).toBe(false);
    expect(queryClient.getQueryData(['wallet', 'info'])).toBe('other area');
    // the stale copy is asked again by the next screen, whatever its staleTime
    view.unmount();
    const hidden = vi.fn(async () => 'fresh page 2');
    render(
      <Show
        name="b"
        queryKey={['records', 'bets', { page: 2 }]}
        queryFn={hidden}
        staleTime={60_000}
      />,
    );
    await waitFor(() => expect(text('b')).toBe('fresh page 2'));
    expect(hidden).toHaveBeenCalledTimes(1);
  });

  it('does not keep an error as data: the next screen asks again, and a retry shows the answer', async () => {
    const fn = vi.fn().mockRejectedValueOnce(new Error('网络繁忙')).mockResolvedValue('fine');
    const first = render(<Show name="a" queryKey={['flaky']} queryFn={fn} staleTime={60_000} />);
    await waitFor(() => expect(text('a')).toBe('error:网络繁忙'));
    expect(queryClient.getQueryData(['flaky'])).toBeUndefined();
    first.unmount();
    render(<Show name="b" queryKey={['flaky']} queryFn={fn} staleTime={60_000} />);
    await waitFor(() => expect(text('b')).toBe('fine'));
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('keeps shown data when a refetch fails, with the error beside it', async () => {
    const fn = vi.fn().mockResolvedValueOnce('kept').mockRejectedValue(new Error('断开'));
    render(<Show name="a" queryKey={['x']} queryFn={fn} />);
    await waitFor(() => expect(text('a')).toBe('kept'));
    act(() => screen.getByRole('button', { name: 'reload a' }).click());
    await waitFor(() => expect(text('a')).toBe('error:断开'));
    expect(text('a-data')).toBe('kept');
    expect(queryClient.getQueryState(['x'])).toMatchObject({ data: 'kept', status: 'error' });
    expect(queryClient.getQueryState(['x'])?.error?.message).toBe('断开');
  });

  it('lets a screen take a request started early (prefetch) instead of asking again', async () => {
    const early = deferred<string>();
    void queryClient.prefetchQuery({ queryKey: keys.issue('1008'), queryFn: early.fn });
    const late = vi.fn(async () => 'late');
    render(<Show name="a" queryKey={keys.issue('1008')} queryFn={late} staleTime={10_000} />);
    act(() => early.calls[0]!.resolve('early'));
    await waitFor(() => expect(text('a')).toBe('early'));
    // and a first load through fetchEarly takes the same answer
    expect(await fetchEarly(keys.issue('1008'), late)).toBe('early');
    expect(late).not.toHaveBeenCalled();
    expect(early.fn).toHaveBeenCalledTimes(1);
  });

  it('drops an entry nobody watches after its gc time', async () => {
    vi.useFakeTimers();
    try {
      const GC_TIME_MS = 5 * 60_000; // the app client's gcTime (query/queryClient.ts)
      queryClient.setQueryData(['gone'], 1);
      const watcher = new QueryObserver(queryClient, { queryKey: ['kept'], enabled: false });
      const stop = watcher.subscribe(() => {});
      queryClient.setQueryData(['kept'], 2);
      vi.advanceTimersByTime(GC_TIME_MS + 500);
      expect(queryClient.getQueryData(['gone'])).toBeUndefined();
      expect(queryClient.getQueryData(['kept'])).toBe(2);
      stop();
      vi.advanceTimersByTime(GC_TIME_MS + 500);
      expect(queryClient.getQueryData(['kept'])).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('money and draws', () => {
  it('invalidateAfterMoney refreshes the balance and the records the action writes, nothing else', async () => {
    let balance = 100;
    const balanceFn = vi.fn(async () => `${balance}`);
    const betsFn = vi.fn(async () => 'bets');
    const withdrawFn = vi.fn(async () => 'withdrawals');
    render(
      <>
        <Show name="balance" queryKey={keys.balance()} queryFn={balanceFn} staleTime={60_000} />
        <Show
          name="bets"
          queryKey={keys.betRecords({ page: 1 })}
          queryFn={betsFn}
          staleTime={60_000}
        />
        <Show
          name="withdrawals"
          queryKey={keys.withdrawRecords({ page: 1 })}
          queryFn={withdrawFn}
          staleTime={60_000}
        />
      </>,
    );
    await waitFor(() => expect(text('balance')).toBe('100'));
    await waitFor(() => expect(text('withdrawals')).toBe('withdrawals'));
    // a records list no screen shows: its copy from before the bet is dropped, not shown again
    queryClient.setQueryData(keys.betRecords({ page: 2 }), 'bets before the bet');
    balance = 98;
    await act(() => invalidateAfterMoney('bet'));
    await waitFor(() => expect(text('balance')).toBe('98'));
    expect(betsFn).toHaveBeenCalledTimes(2);
    expect(withdrawFn).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(keys.betRecords({ page: 2 }))).toBeUndefined();
  });

  it('a new draw on the betting page asks again for the balance (a win shows without 刷新)', async () => {
    currentUser.value = USER;
    let rows: OpenRow[] = [
      { issue: '0001', openNumber: '1,2,3,4,5', openTime: Date.now() - 60_000, status: 'settled' },
    ];
    let balance = '10.00';
    stubNetwork({
      '/v1/betting/lotteryOpenData': () => ok({ list: rows }),
      '/v1/balance/queryBalanceFront': () =>
        ok({ balance, balanceFen: Math.round(Number(balance) * 100) }),
    });
    const issue = (lastIssue: string): IssueState => ({
      data: {
        lotteryCode: '1008',
        issue: '0003',
        saleOpenTime: 0,
        closeTime: Date.now() + 60_000,
        openTime: 0,
        seedHash: null,
        serverTime: Date.now(),
        lastIssue,
        lastOpenNumber: null,
        lastStatus: null,
      },
      error: null,
      loading: false,
      stale: false,
      remainingMs: 60_000,
      reload() {},
    });
    const view = render(
      <>
        <Balance />
        <IssueBar lotteryCode="1008" issue={issue('0001')} />
      </>,
    );
    await waitFor(() => expect(text('balance')).toBe('10.00'));
    await waitFor(() => expect(callsTo('/v1/betting/lotteryOpenData')).toHaveLength(1));
    // issue 0002 is drawn and my bet on it won: the next issue answer names it, the strip asks again
    rows = [
      { issue: '0002', openNumber: '9,9,9,9,9', openTime: Date.now(), status: 'settled' },
      ...rows,
    ];
    balance = '1960.00';
    view.rerender(
      <>
        <Balance />
        <IssueBar lotteryCode="1008" issue={issue('0002')} />
      </>,
    );
    await waitFor(() => expect(text('balance')).toBe('1960.00'));
  });
});

function Bets({
  fetchPage,
}: {
  fetchPage(page: number): Promise<{ list: string[]; total: number }>;
}) {
  const bets = usePagedList(fetchPage, keys.betRecords({ status: '' }));
  return (
    <>
      <p data-testid="rows">{bets.items.join(',')}</p>
      <button type="button" onClick={bets.loadMore}>
        more
      </button>
    </>
  );
}

describe('paged records', () => {
  it('after a bet, asks again for every page shown, so the rows scrolled to stay and show the new state', async () => {
    let state = 'pending';
    const fetchPage = vi.fn(async (page: number) => ({
      list: [`${page}a:${state}`, `${page}b:${state}`],
      total: 6,
    }));
    render(<Bets fetchPage={fetchPage} />);
    await waitFor(() => expect(text('rows')).toBe('1a:pending,1b:pending'));
    act(() => screen.getByRole('button', { name: 'more' }).click());
    await waitFor(() => expect(text('rows')).toBe('1a:pending,1b:pending,2a:pending,2b:pending'));
    state = 'won';
    await act(() => invalidateAfterMoney('bet'));
    await waitFor(() => expect(text('rows')).toBe('1a:won,1b:won,2a:won,2b:won'));
    expect(fetchPage.mock.calls.map((c) => c[0])).toEqual([1, 2, 1, 2]);
  });
});

describe('user scope', () => {
  it('empties the cache when another user logs in or the user logs out, not at the first login', () => {
    currentUser.value = null;
    const stop = scopeQueriesToUser();
    try {
      queryClient.setQueryData(keys.lotteries(), ['public']);
      currentUser.value = USER;
      expect(queryClient.getQueryData(keys.lotteries())).toEqual(['public']);
      queryClient.setQueryData(keys.balance(), { balance: '1.00', balanceFen: 100 });
      currentUser.value = { ...USER, userId: USER.userId + 1 };
      expect(queryClient.getQueryData(keys.balance())).toBeUndefined();
      queryClient.setQueryData(keys.balance(), { balance: '2.00', balanceFen: 200 });
      currentUser.value = null;
      expect(queryClient.getQueryData(keys.balance())).toBeUndefined();
    } finally {
      stop();
    }
  });
});
