/**
 * Where recharge lives in the app: the 充值 links go to the first channel of PaySort, each channel is a
 * login-only page of one no-loading group, and leaving the page is not undone by its channel redirect.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { navigate } from 'wouter/use-browser-location';
import { currentUser } from '../../src/client/state/session';
import { goRecharge } from '../../src/client/features/payments/firstChannel';
import { guard, skipsLoading } from '../../src/client/guard';
import { findRoute, routes } from '../../src/client/routes';
import { ok, stubNetwork, USER } from './records-net';
import { open, rechargeHandlers, sortItem, T } from './payments-fixtures';
import { passTime, useFakeClock } from './clock-fixtures';

beforeEach(() => {
  currentUser.value = USER;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('充值 links', () => {
  it('go to the first channel of PaySort', async () => {
    currentUser.value = { ...USER, userId: 99 };
    stubNetwork({
      '/v1/transaction/frontPaySort': () => ok({ list: [sortItem('alipay'), sortItem('wechat')] }),
    });
    window.history.replaceState(null, '', '/index');
    await goRecharge();
    expect(window.location.pathname).toBe('/recharge/alipay');
  });
});

describe('recharge routes', () => {
  it('has a login-only page per channel sharing one no-loading group, and the bare /recharge goes to /index', () => {
    const player = { isLogin: true, agent: false, operator: false };
    expect(guard('/recharge', '/recharge', player, false, routes)).toEqual({
      kind: 'redirect',
      to: '/index',
    });
    expect(guard('/recharge/alipay', '/recharge/alipay', null, false, routes)).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Frecharge%2Falipay',
    });
    const pages = [
      'banktransfer',
      'unionpay',
      'qqpay',
      'wechat',
      'quickpass',
      'jdpay',
      'alipay',
      'internetbank',
      'virtualwalletpay',
      'digitalcurrencypay',
      'digitalrmb',
      'douyin',
    ].map((c) => findRoute(`/recharge/${c}`, routes));
    expect(pages.every((r) => r?.auth === true)).toBe(true);
    expect(findRoute('/recharge/digitalrmb', routes)!.title).toBe('数字人民币充值');
    expect(skipsLoading(pages[0]!, pages[11]!)).toBe(true);
    expect(skipsLoading(pages[10]!, findRoute('/help', routes)!)).toBe(true);
    expect(skipsLoading(pages[0]!, findRoute('/index', routes)!)).toBe(false);
    expect(findRoute('/recharge/paypal', routes)).toBeNull();
  });
});

describe('leaving the recharge page', () => {
  // The shell swaps the page one render after the location changes: the page must not pull the player back.
  for (const to of ['/index', '/lotteryHall', '/personalInfo']) {
    it(
      `goes to ${to} and stays there`,
      async () => {
        useFakeClock();
        stubNetwork(rechargeHandlers());
        open('/recharge/wechat');
        await screen.findByRole('navigation', { name: '充值渠道' });
        act(() => navigate(to));
        await passTime(50);
        expect(window.location.pathname).toBe(to);
      },
      T,
    );
  }

  it(
    'still moves a channel that is not in PaySort to the first one',
    async () => {
      stubNetwork(rechargeHandlers());
      open('/recharge/alipay');
      await waitFor(() => expect(window.location.pathname).toBe('/recharge/wechat'));
    },
    T,
  );
});
