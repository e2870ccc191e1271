/** The hall (families as tabs, `?key=` opens one, countdown per card) and the rules page. */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { currentUser } from '../../src/client/state/session';
import { setClockOffset } from '../../src/client/features/lottery/clock';
import { queryClient } from '../../src/client/query';
import HallPage from '../../src/client/features/lottery/pages/HallPage';
import HowToPlayPage from '../../src/client/features/lottery/pages/HowToPlayPage';
import { catalogueOf, lotteryHandlers, ok, refuse, stubNetwork } from './lottery-fixtures';

beforeEach(() => {
  currentUser.value = null;
  setClockOffset(0);
  queryClient.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('hall', () => {
  it('opens the family of ?key=, shows issue, countdown and latest result, and switches tabs', async () => {
    stubNetwork(
      lotteryHandlers(() => ({ issue: '20261123-0002', closeTime: Date.now() + 90_000 })),
    );
    window.history.replaceState(null, '', '/lotteryHall?key=K3');
    render(<HallPage />);
    const tab = await screen.findByRole('tab', { name: '快三' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: '时时彩' }).getAttribute('aria-selected')).toBe('false');
    expect(screen.getByRole('link', { name: '鸿运快三' }).getAttribute('href')).toBe(
      '/lottery/K3/1101',
    );
    expect(screen.getByRole('link', { name: '极速快三' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: '鸿运分分彩' })).toBeNull();
    expect((await screen.findAllByText('第20261123-0002期')).length).toBe(2);
    expect(screen.getAllByLabelText(/^距封盘 01:(29|30)$/).length).toBe(2);
    expect(screen.getAllByRole('img', { name: '开奖号码 1 2 3 4 5' }).length).toBe(2);
    fireEvent.click(screen.getByRole('tab', { name: '时时彩' }));
    await waitFor(() => expect(window.location.search).toBe('?key=SSC'));
    expect(await screen.findByRole('link', { name: '鸿运分分彩' })).toBeTruthy();
  });

  it('shows an error with retry when the list cannot be loaded', async () => {
    stubNetwork({ '/v1/management/content/lotteryConfig': () => refuse('系统繁忙') });
    window.history.replaceState(null, '', '/lotteryHall');
    render(<HallPage />);
    expect((await screen.findByRole('alert')).textContent).toBe('系统繁忙');
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  });
});

describe('how to play', () => {
  it('lists the rules and prizes per play of a group', async () => {
    stubNetwork({
      ...lotteryHandlers(() => ({ issue: null, closeTime: 0 })),
      '/v1/lottery/howToPlay': (c) => ok(catalogueOf(c.query.get('lotteryCode')!, 'K3')),
    });
    window.history.replaceState(null, '', '/howtoplay/1101');
    render(<HowToPlayPage />);
    expect(await screen.findByRole('heading', { name: '和值' })).toBeTruthy();
    expect(screen.getByText('和值的玩法说明')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '三同号' }));
    expect(await screen.findByRole('heading', { name: '三同号通选' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: '和值' })).toBeNull();
  });
});
