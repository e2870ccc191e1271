/**
 * Offline behaviour of the client's plumbing: a request with no network is an offline error (never
 * "contact support", no alert), a change is not sent at all, the error state says so and reloads when
 * the network is back, the one banner follows the network, money actions say they need the network,
 * and the time-sync warning waits for the network and is shown once.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ApiError, request } from '../../src/client/api/request';
import { NETWORK_UNAVAILABLE_MSG } from '../../src/domain/errors';
import { CACHED_ANSWER_HEADER } from '../../src/domain/constants';
import {
  cachedContentPath,
  NEEDS_NETWORK_MSG,
  noteNoAnswer,
  OFFLINE_MSG,
  online,
  PROBE_MS,
  watchNetwork,
  whenOnline,
} from '../../src/client/api/network';
import { ErrorState, OverlayHost, Page } from '../../src/client/ui';
import { OFFLINE_STATE_MSG } from '../../src/client/ui/states';
import { Banners, OFFLINE_BANNER_MSG } from '../../src/client/features/shell/Banners';
import { afterSync } from '../../src/client/worker/timeSync';
import { currentUser } from '../../src/client/state/session';
import { setClockOffset } from '../../src/client/features/lottery/clock';
import { queryClient } from '../../src/client/query';
import BettingPage from '../../src/client/features/lottery/pages/BettingPage';
import { USER, callsTo, lotteryHandlers, stubNetwork } from './lottery-fixtures';
import { passTime, useFakeClock } from './clock-fixtures';
import { quietDispatch } from './dispatch-fixtures';
import { fakeBrowserNetwork, goOffline, goOnline, setBrowserOnline } from './offline-fixtures';

const alerts: string[] = [];

beforeEach(() => {
  alerts.length = 0;
  fakeBrowserNetwork();
  quietDispatch('/index', {
    alert: async (t) => {
      alerts.push(t);
    },
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('requests offline', () => {
  it('a GET with no network is an offline error with no alert and no "contact support"', async () => {
    setBrowserOnline(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const err = await request('GET', '/v1/betting/getBetting').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ kind: 'offline', message: OFFLINE_MSG });
    expect((err as Error).message).not.toContain('客服');
    await Promise.resolve();
    expect(alerts).toEqual([]);
    expect(online.value).toBe(false);
  });

  it('a POST offline is not sent at all and says it needs the network', async () => {
    setBrowserOnline(false);
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await expect(
      request('POST', '/v1/betting/addBetting', { bettingData: '[]' }, { inline: true }),
    ).rejects.toMatchObject({ kind: 'offline', message: NEEDS_NETWORK_MSG });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a non-200 answer online keeps the contract message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>', { status: 502 })),
    );
    await expect(request('GET', '/v1/x', {}, { inline: true })).rejects.toMatchObject({
      kind: 'network',
      message: NETWORK_UNAVAILABLE_MSG,
    });
  });

  it('marks the page as showing cached content when an answer came from the service worker cache while offline', async () => {
    window.history.replaceState(null, '', '/lotteryHall');
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ code: 1, msg: '', data: [] }), {
            headers: { [CACHED_ANSWER_HEADER]: '1' },
          }),
      ),
    );
    await request('GET', '/v1/management/content/lotteryConfig');
    expect(cachedContentPath.value).toBeNull(); // online, a cached answer is the normal stale-while-revalidate
    goOffline();
    await request('GET', '/v1/management/content/lotteryConfig');
    expect(cachedContentPath.value).toBe('/lotteryHall');
    render(
      <Page title="购彩大厅">
        <p>内容</p>
      </Page>,
    );
    expect(screen.getByRole('note').textContent).toBe('离线内容，可能不是最新');
  });
});

describe('offline banner and error state', () => {
  it('shows one banner offline (also when requests get no answer) and none once back online', async () => {
    render(<Banners />);
    expect(screen.queryByText(OFFLINE_BANNER_MSG)).toBeNull();
    goOffline();
    expect(screen.getAllByText(OFFLINE_BANNER_MSG)).toHaveLength(1);
    goOnline();
    expect(screen.queryByText(OFFLINE_BANNER_MSG)).toBeNull();
    // the browser says online but requests get no answer, and neither does the probe: the banner shows too
    watchNetwork(async () => false);
    act(() => {
      noteNoAnswer();
    });
    expect(await screen.findAllByText(OFFLINE_BANNER_MSG)).toHaveLength(1);
  });

  it('one dropped answer while online shows no banner when the probe gets through; a failing probe does, until one gets through', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let serverUp = true;
      const probe = vi.fn(async () => serverUp);
      watchNetwork(probe);
      render(<Banners />);
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => {
          throw new TypeError('Failed to fetch');
        }),
      );
      await expect(
        request('GET', '/v1/management/content/banners', undefined, { inline: true }),
      ).rejects.toBeInstanceOf(ApiError);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(PROBE_MS * 3);
      });
      expect(probe).toHaveBeenCalledTimes(1);
      expect(online.value).toBe(true);
      expect(screen.queryByText(OFFLINE_BANNER_MSG)).toBeNull();

      serverUp = false;
      await expect(
        request('GET', '/v1/management/content/banners', undefined, { inline: true }),
      ).rejects.toBeInstanceOf(ApiError);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(0);
      });
      expect(screen.getAllByText(OFFLINE_BANNER_MSG)).toHaveLength(1);
      serverUp = true;
      await act(async () => {
        await vi.advanceTimersByTimeAsync(PROBE_MS);
      });
      expect(screen.queryByText(OFFLINE_BANNER_MSG)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('says the network is missing instead of the failure text, and reloads by itself when it is back', async () => {
    const retry = vi.fn();
    goOffline();
    render(<ErrorState message={NETWORK_UNAVAILABLE_MSG} onRetry={retry} />);
    expect(screen.getByRole('alert').textContent).toBe(OFFLINE_STATE_MSG);
    expect(screen.queryByText(/客服/)).toBeNull();
    expect(retry).not.toHaveBeenCalled();
    goOnline();
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('whenOnline waits for the network', async () => {
    goOffline();
    let done = false;
    void whenOnline().then(() => {
      done = true;
    });
    useFakeClock();
    await passTime(20);
    expect(done).toBe(false);
    goOnline();
    await waitFor(() => expect(done).toBe(true));
  });
});

describe('time sync', () => {
  it('waits for the network when a sync fails offline, and warns once per session otherwise', () => {
    expect(afterSync(120, true, false)).toBe('synced');
    expect(afterSync(null, false, false)).toBe('retryWhenOnline');
    expect(afterSync(null, false, true)).toBe('retryWhenOnline');
    expect(afterSync(null, true, false)).toBe('warn');
    expect(afterSync(null, true, true)).toBe('quiet');
  });
});

describe('bet submit offline', () => {
  it('says it needs the network and sends nothing', async () => {
    currentUser.value = USER;
    setClockOffset(0);
    queryClient.clear();
    stubNetwork(
      lotteryHandlers(() => ({ issue: '20261123-0002', closeTime: Date.now() + 60_000 })),
    );
    window.history.replaceState(null, '', '/lottery/SSC/1008');
    render(
      <>
        <BettingPage />
        <OverlayHost />
      </>,
    );
    await screen.findByLabelText('万位 0', undefined, { timeout: 20_000 });
    for (const row of ['万位', '千位', '百位', '十位', '个位'])
      fireEvent.click(screen.getByLabelText(`${row} 1`));
    goOffline();
    fireEvent.click(screen.getByRole('button', { name: '立即投注' }));
    expect(await screen.findByText(NEEDS_NETWORK_MSG)).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: '确认投注' })).toBeNull();
    expect(callsTo('/v1/betting/addBetting')).toHaveLength(0);
  }, 30_000);
});
