/**
 * How the betting page loads on a slow link: what it needs goes out at app start, beside users/info and
 * the lottery list (none waits for them), the latest results are asked once, and the play catalogue is
 * shown from its held copy while the server is only asked whether that copy's version is current.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { currentUser } from '../../src/client/state/session';
import { playsStore, put, sessionStore, wipe } from '../../src/client/storage/stores';
import { OverlayHost } from '../../src/client/ui';
import { setClockOffset } from '../../src/client/features/lottery/clock';
import { queryClient } from '../../src/client/query';
import { startApp } from '../../src/client/bootstrap';
import BettingPage from '../../src/client/features/lottery/pages/BettingPage';
import {
  USER,
  calls,
  callsTo,
  catalogueOf,
  lotteryHandlers,
  ok,
  stubNetwork as stubFetch,
  type Call,
  type Handler,
} from './lottery-fixtures';
import { passTime, useFakeClock } from './clock-fixtures';

const T = 30_000;
const PLAYS = '/v1/lottery/lotteryPlays';
const onSale = () => ({ issue: '20261123-0002', closeTime: Date.now() + 60_000 });

const gates = new Map<string, { open(): void; promise: Promise<void> }>();

function gate(path: string) {
  let open = () => {};
  const promise = new Promise<void>((r) => {
    open = r;
  });
  gates.set(path, { open, promise });
}

/** The shared network, with gated paths held until opened; each request is recorded as it starts. */
function stubNetwork(handlers: Record<string, Handler>) {
  stubFetch(
    Object.fromEntries(
      Object.entries(handlers).map(([path, h]) => [
        path,
        async (c: Call) => {
          await gates.get(path)?.promise;
          return h(c);
        },
      ]),
    ),
  );
}

function handlers(): Record<string, Handler> {
  return { ...lotteryHandlers(onSale), '/v1/users/info': () => ok(USER) };
}

beforeEach(async () => {
  gates.clear();
  queryClient.clear();
  setClockOffset(0);
  await wipe(playsStore);
  await put(sessionStore, 'user', USER);
  window.history.replaceState(null, '', '/lottery/SSC/1008');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  currentUser.value = null;
});

describe('betting page loading', () => {
  it(
    'asks for plays, issue, results, balance and rebate at app start without waiting for users/info or the lottery list',
    async () => {
      stubNetwork(handlers());
      gate('/v1/users/info');
      gate('/v1/management/content/lotteryConfig');
      await startApp();
      // users/info and lotteryConfig are still unanswered, yet everything else is already on its way
      for (const path of [
        PLAYS,
        '/v1/betting/nextIssueOpenData',
        '/v1/betting/lotteryOpenData',
        '/v1/balance/queryBalanceFront',
        '/v1/betting/getBetRebate',
      ]) {
        await waitFor(() => expect(callsTo(path), path).toHaveLength(1));
      }
      const order = calls.map((s) => s.path);
      expect(order.indexOf('/v1/management/content/lotteryConfig')).toBeGreaterThanOrEqual(0);

      render(
        <>
          <BettingPage />
          <OverlayHost />
        </>,
      );
      gates.get('/v1/management/content/lotteryConfig')!.open();
      gates.get('/v1/users/info')!.open();
      await screen.findByLabelText('万位 0', undefined, { timeout: T });
      await screen.findByText('1000.00元');
      await screen.findByText('20261123-0002');
      // the page took the early answers: nothing was asked twice, the results once
      for (const path of [
        PLAYS,
        '/v1/betting/nextIssueOpenData',
        '/v1/betting/lotteryOpenData',
        '/v1/balance/queryBalanceFront',
        '/v1/betting/getBetRebate',
        '/v1/management/content/lotteryConfig',
      ]) {
        expect(callsTo(path), path).toHaveLength(1);
      }
    },
    T,
  );

  it(
    "asks a guest's betting page for the issue and results at app start, before the stored user is read, and nothing of a player's",
    async () => {
      await wipe(sessionStore);
      stubNetwork(handlers());
      const starting = startApp();
      // sent synchronously by startApp, before its IndexedDB read of the stored user has settled
      expect(callsTo('/v1/betting/nextIssueOpenData')).toHaveLength(1);
      expect(callsTo('/v1/betting/lotteryOpenData')).toHaveLength(1);
      await starting;
      for (const path of [PLAYS, '/v1/balance/queryBalanceFront', '/v1/betting/getBetRebate'])
        expect(callsTo(path), path).toHaveLength(0);
    },
    T,
  );

  it(
    'asks for the latest results once when the page opens inside the app (no early requests)',
    async () => {
      useFakeClock();
      currentUser.value = USER;
      stubNetwork(handlers());
      // the issue answers after the results strip has asked: its last drawn issue must not ask again
      gate('/v1/betting/nextIssueOpenData');
      render(
        <>
          <BettingPage />
          <OverlayHost />
        </>,
      );
      await waitFor(() => expect(callsTo('/v1/betting/lotteryOpenData')).toHaveLength(1));
      gates.get('/v1/betting/nextIssueOpenData')!.open();
      await screen.findByLabelText('万位 0', undefined, { timeout: T });
      await screen.findByText('20261123-0002');
      await passTime(300);
      expect(callsTo('/v1/betting/lotteryOpenData')).toHaveLength(1);
      expect(callsTo('/v1/betting/nextIssueOpenData')).toHaveLength(1);
    },
    T,
  );
});

describe('play catalogue by version', () => {
  it(
    'shows the held catalogue without waiting, sends its version, and keeps it when the server says unchanged',
    async () => {
      currentUser.value = USER;
      await put(playsStore, `${USER.userId}:1008`, {
        version: 'v1',
        catalogue: catalogueOf('1008', 'SSC'),
      });
      const h = handlers();
      h[PLAYS] = (c) =>
        ok({ lotteryCode: '1008', version: c.query.get('version'), unchanged: true });
      stubNetwork(h);
      gate(PLAYS); // the answer never comes during this check: the menu must not need it
      render(
        <>
          <BettingPage />
          <OverlayHost />
        </>,
      );
      await screen.findByLabelText('万位 0', undefined, { timeout: T });
      expect(callsTo(PLAYS)[0]!.query.get('version')).toBe('v1');
      gates.get(PLAYS)!.open();
    },
    T,
  );

  it(
    'replaces the held catalogue when the server sends a new version, and stores it',
    async () => {
      currentUser.value = USER;
      // a copy held under an old version, when the first group had one play only
      const full = catalogueOf('1008', 'SSC');
      const first = full.groups[0]!;
      const stale = { ...full, groups: [{ ...first, plays: first.plays.slice(0, 1) }] };
      await put(playsStore, `${USER.userId}:1008`, { version: 'old', catalogue: stale });
      const h = handlers();
      h[PLAYS] = () => ok({ ...catalogueOf('1008', 'SSC'), version: 'new' });
      stubNetwork(h);
      render(
        <>
          <BettingPage />
          <OverlayHost />
        </>,
      );
      await screen.findByRole('button', { name: first.plays[1]!.name }, { timeout: T });
      const { read } = await import('../../src/client/storage/stores');
      await waitFor(async () =>
        expect((await read<{ version: string }>(playsStore, `${USER.userId}:1008`))?.version).toBe(
          'new',
        ),
      );
    },
    T,
  );
});

describe('home banner preload', () => {
  it('is hinted on the home page only, not from index.html on every route', async () => {
    const fs = await import('node:fs');
    const { preloadHomeBanner, HOME_BANNER_URL } = await import('../../src/client/bootstrap');
    expect(fs.readFileSync('index.html', 'utf8')).not.toContain('rel="preload" as="image"');
    const preloads = () =>
      document.head.querySelectorAll(`link[rel="preload"][href="${HOME_BANNER_URL}"]`).length;
    preloadHomeBanner('/lottery/SSC/1008');
    preloadHomeBanner('/betRecord');
    expect(preloads()).toBe(0);
    preloadHomeBanner('/index');
    expect(preloads()).toBe(1);
  });
});
