/**
 * The rebate the game page needs for its number grid: asked of the server at the first use of each app
 * start (the spec's "cleared at start"), but its held copy kept, so the page opened offline still
 * shows the grid; a refusal is never answered from it.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, waitFor } from '@testing-library/react';
import { currentUser } from '../../src/client/state/session';
import { cachedContentPath } from '../../src/client/api/network';
import { forgetRebatesAsked, loadRebate } from '../../src/client/features/lottery/storage';
import { put, read, rebateStore, wipe } from '../../src/client/storage/stores';
import { callsTo, drop, ok, refuse, stubNetwork, USER } from './records-net';
import { fakeBrowserNetwork, setBrowserOnline } from './offline-fixtures';

beforeEach(async () => {
  fakeBrowserNetwork();
  currentUser.value = USER;
  await wipe(rebateStore);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the rebate', () => {
  it('is asked of the server at the first use of an app start, then held; offline the held copy serves', async () => {
    forgetRebatesAsked();
    await put(rebateStore, '7:SSC', { rebate: 1, prizeGroup: 1900 });
    stubNetwork({ '/v1/betting/getBetRebate': () => ok({ rebate: 5, prizeGroup: 1950 }) });
    expect(await loadRebate(7, 'SSC')).toEqual({ rebate: 5, prizeGroup: 1950 });
    expect(await loadRebate(7, 'SSC')).toEqual({ rebate: 5, prizeGroup: 1950 });
    expect(callsTo('/v1/betting/getBetRebate')).toHaveLength(1);
    await waitFor(async () =>
      expect(await read(rebateStore, '7:SSC')).toEqual({ rebate: 5, prizeGroup: 1950 }),
    );

    forgetRebatesAsked(); // the next app start, offline
    window.history.replaceState(null, '', '/lottery/SSC/1008');
    setBrowserOnline(false);
    stubNetwork({ '/v1/betting/getBetRebate': drop });
    expect(await loadRebate(7, 'SSC')).toEqual({ rebate: 5, prizeGroup: 1950 });
    expect(cachedContentPath.value).toBe('/lottery/SSC/1008');
    // none held: the page's own error, and a refusal is never answered from the held copy
    await expect(loadRebate(7, 'K3')).rejects.toMatchObject({ kind: 'offline' });
    setBrowserOnline(true);
    stubNetwork({ '/v1/betting/getBetRebate': () => refuse('返点获取失败') });
    await expect(loadRebate(7, 'SSC', true)).rejects.toMatchObject({ message: '返点获取失败' });
  });
});
