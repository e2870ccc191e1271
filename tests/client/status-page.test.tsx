/**
 * The maintenance / closed pages check the site status by themselves while shown (every
 * STATUS_POLL_MS, on 刷新, on focus) and leave for where the player was going as soon as their
 * switch is off; a redirect to another site or to a status page is not followed.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import MaintainPage from '../../src/client/features/status/MaintainPage';
import ClosedPage from '../../src/client/features/status/ClosedPage';
import { leaveTo, STATUS_POLL_MS } from '../../src/client/features/status/StatusPage';
import { queryClient } from '../../src/client/query';
import { callsTo, ok, stubNetwork } from './records-net';

const STATUS = '/v1/management/tenant/getSiteStatus';
let maintenance = true;
let closed = false;

beforeEach(() => {
  maintenance = true;
  closed = false;
  queryClient.clear();
  stubNetwork({
    [STATUS]: () =>
      ok({ maintenance, maintenanceMessage: '升级中', closed, closedMessage: '已关闭' }),
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('status pages', () => {
  it('polls while shown and leaves for the redirect once maintenance is off', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'], shouldAdvanceTime: true });
    window.history.replaceState(
      null,
      '',
      `/maintain?redirect=${encodeURIComponent('/lotteryHall?tab=2')}`,
    );
    render(<MaintainPage />);
    expect(await screen.findByText('升级中')).toBeTruthy();
    await waitFor(() => expect(callsTo(STATUS)).toHaveLength(1));
    act(() => {
      vi.advanceTimersByTime(STATUS_POLL_MS);
    });
    await waitFor(() => expect(callsTo(STATUS)).toHaveLength(2));
    expect(window.location.pathname).toBe('/maintain');
    maintenance = false;
    act(() => {
      vi.advanceTimersByTime(STATUS_POLL_MS);
    });
    await waitFor(() =>
      expect(window.location.pathname + window.location.search).toBe('/lotteryHall?tab=2'),
    );
  });

  it('asks again on 刷新 and on focus, and leaves at once when open', async () => {
    window.history.replaceState(null, '', '/websiteClosed?redirect=%2FpersonalInfo');
    closed = true;
    render(<ClosedPage />);
    expect(await screen.findByText('已关闭')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '刷新' }));
    await waitFor(() => expect(callsTo(STATUS)).toHaveLength(2));
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(callsTo(STATUS)).toHaveLength(3));
    expect(window.location.pathname).toBe('/websiteClosed');
    closed = false;
    fireEvent.click(screen.getByRole('button', { name: '刷新' }));
    await waitFor(() => expect(window.location.pathname).toBe('/personalInfo'));
  });

  it('follows only a page of this site that is not a status page', () => {
    expect(leaveTo('/lotteryHall')).toBe('/lotteryHall');
    expect(leaveTo('')).toBe('/index');
    expect(leaveTo('https://evil.example/x')).toBe('/index');
    expect(leaveTo('//evil.example/x')).toBe('/index');
    expect(leaveTo('/maintain?redirect=%2Fx')).toBe('/index');
  });
});
