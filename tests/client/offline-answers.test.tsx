/**
 * What a page showed opens again offline (query/lastAnswers.ts): the answer kept per user and shown,
 * marked, only when the same question finds no network; never another user's, gone at logout, old
 * ones dropped; the bet record through it, asked again once the network is back.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { ApiError } from '../../src/client/api/request';
import { currentUser } from '../../src/client/state/session';
import { cachedContentPath, CACHED_CONTENT_MSG } from '../../src/client/api/network';
import { OFFLINE_STATE_MSG } from '../../src/client/ui/states';
import {
  forgetLastAnswers,
  heldAnswer,
  HELD_MAX_AGE_MS,
  holdAnswer,
  pruneLastAnswers,
  withLastAnswer,
} from '../../src/client/query/lastAnswers';
import { keys, queryClient } from '../../src/client/query';
import { dateRange } from '../../src/client/features/records/format';
import { scopeQueriesToUser } from '../../src/client/bootstrap';
import { put, read, rebateStore } from '../../src/client/storage/stores';
import BetRecordPage from '../../src/client/features/records/pages/BetRecordPage';
import { callsTo, drop, ok, stubNetwork, USER, type Handler } from './records-net';
import {
  OTHER,
  fakeBrowserNetwork,
  goOffline,
  goOnline,
  offlineError,
  setBrowserOnline,
  spyOnLine,
} from './offline-fixtures';

beforeEach(async () => {
  fakeBrowserNetwork();
  currentUser.value = USER;
  await forgetLastAnswers();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('answers kept for offline', () => {
  it('keeps each answer and gives it back, marked, only when the question finds no network', async () => {
    window.history.replaceState(null, '', '/betRecord');
    expect(await withLastAnswer(['records', 'x'], async () => ({ rows: [1, 2] }))).toEqual({
      rows: [1, 2],
    });
    await waitFor(async () => expect(await heldAnswer(['records', 'x'])).toEqual({ rows: [1, 2] }));
    expect(cachedContentPath.value).toBeNull();

    // a refusal is the server's word: never replaced by the kept answer
    await expect(
      withLastAnswer(['records', 'x'], () => Promise.reject(new ApiError(-5, '拒绝'))),
    ).rejects.toMatchObject({ code: -5 });
    expect(cachedContentPath.value).toBeNull();

    setBrowserOnline(false);
    expect(await withLastAnswer(['records', 'x'], () => Promise.reject(offlineError()))).toEqual({
      rows: [1, 2],
    });
    expect(cachedContentPath.value).toBe('/betRecord');
    // nothing kept for that question: the offline error goes on to the page
    await expect(
      withLastAnswer(['records', 'y'], () => Promise.reject(offlineError())),
    ).rejects.toMatchObject({ kind: 'offline' });
  });

  it('never gives one user the answer kept for another, forgets everything at logout, and drops old answers', async () => {
    await holdAnswer(['records', 'x'], 'mine');
    currentUser.value = OTHER;
    await expect(
      withLastAnswer(['records', 'x'], () => Promise.reject(offlineError())),
    ).rejects.toMatchObject({ kind: 'offline' });

    currentUser.value = USER;
    expect(await heldAnswer(['records', 'x'])).toBe('mine');
    const stop = scopeQueriesToUser();
    await put(rebateStore, '7:SSC', { rebate: 5, prizeGroup: 1950 });
    currentUser.value = null; // logout
    await waitFor(async () => expect(await read(rebateStore, '7:SSC')).toBeUndefined());
    currentUser.value = USER;
    await waitFor(async () => expect(await heldAnswer(['records', 'x'])).toBeUndefined());
    stop();

    await holdAnswer(['records', 'old'], 'old');
    const later = Date.now() + HELD_MAX_AGE_MS + 1;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    expect(await heldAnswer(['records', 'old'])).toBeUndefined();
    await pruneLastAnswers(later);
    vi.restoreAllMocks();
    spyOnLine();
    expect(await heldAnswer(['records', 'old'])).toBeUndefined();
  });
});

const BET = {
  id: 1,
  orderNo: 'B1',
  lotteryCode: '1008',
  lotteryName: '鸿运分分彩',
  issue: '202611230100',
  playDetailCode: '1008WX_ZXFS',
  playName: '直选复式',
  bettingNumber: '1,2,3,4,5',
  bettingCount: 1,
  bettingAmount: '2.00',
  bettingPoint: 0,
  bettingUnit: 1,
  graduationCount: 1,
  status: 'PENDING',
  statusText: '等待开奖',
  returnAmount: '等待开奖',
  openNumber: null,
  createdAt: Date.now(),
  chaseId: null,
};
const SUMMARY = {
  betCount: 1,
  betAmount: '2.00',
  pendingBetAmount: '2.00',
  prizeAmount: '0.00',
  winAmount: '0.00',
  rebateAmount: '0.00',
  profit: '0.00',
};

describe('the bet record offline', () => {
  it('opens again offline with the bets last shown, marked, and asks again once the network is back', async () => {
    window.history.replaceState(null, '', '/betRecord');
    const online: Record<string, Handler> = {
      '/v1/betting/getBetting': () => ok({ list: [BET], total: 1 }),
      '/v1/betting/getBetData': () => ok(SUMMARY),
    };
    stubNetwork(online);
    render(<BetRecordPage />);
    await screen.findByText('第202611230100期 · 直选复式');
    await waitFor(async () =>
      expect(await heldAnswer(keys.betRecords(dateRange('today', Date.now())))).toBeDefined(),
    );
    cleanup();
    queryClient.clear(); // a new page load

    goOffline();
    stubNetwork({
      '/v1/betting/getBetting': drop,
      '/v1/betting/getBetData': drop,
      '/v1/management/content/lotteryConfig': drop,
    });
    render(<BetRecordPage />);
    await screen.findByText('第202611230100期 · 直选复式');
    expect(await screen.findByText(CACHED_CONTENT_MSG)).toBeTruthy();
    expect(screen.queryByText(OFFLINE_STATE_MSG)).toBeNull();

    stubNetwork(online);
    goOnline();
    await waitFor(() => expect(callsTo('/v1/betting/getBetting').length).toBeGreaterThan(0));
    await waitFor(() => expect(screen.queryByText(CACHED_CONTENT_MSG)).toBeNull());
  });
});
