/** The user-centre menu of /personalInfo: wallet entries (虚拟钱包 only with yuebaoEnable), records, account. */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { currentUser } from '../../src/client/state/session';
import { tenantConfig } from '../../src/client/state/tenant';
import PersonalInfoPage from '../../src/client/features/account/pages/PersonalInfoPage';
import { ok, stubNetwork, USER } from './records-net';

const links = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .map((a) => [a.textContent, a.getAttribute('href')]);

beforeEach(() => {
  currentUser.value = USER;
  window.history.replaceState(null, '', '/personalInfo');
  stubNetwork({
    '/v1/balance/queryBalanceFront': () => ok({ balance: '12.50', balanceFen: 1250 }),
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  tenantConfig.value = null;
});

describe('PersonalInfoPage menu', () => {
  it('offers the wallet, records and account entries', async () => {
    tenantConfig.value = { tenantName: '测试', yuebaoEnable: true };
    render(<PersonalInfoPage />);
    expect(links(await screen.findByRole('navigation', { name: '钱包' }))).toEqual([
      ['充值', '/recharge/banktransfer'],
      ['提现', '/withdraw'],
      ['银行卡', '/bankCard'],
      ['虚拟币地址', '/virtualCoin'],
      ['虚拟钱包', '/accountTotal'],
    ]);
    expect(links(screen.getByRole('navigation', { name: '记录' }))).toEqual([
      ['账变记录', '/billRecord'],
      ['投注记录', '/betRecord'],
      ['追号记录', '/seekOrder'],
      ['今日盈亏', '/PLstatement'],
    ]);
    expect(
      links(screen.getByRole('navigation', { name: '个人中心菜单' })).map(([, href]) => href),
    ).toEqual(['/securityCenter', '/personalLevel', '/help', '/about']);
    expect(await screen.findByText('12.50')).toBeTruthy();
  });

  it('hides 虚拟钱包 when the tenant has no virtual wallet', async () => {
    tenantConfig.value = { tenantName: '测试', yuebaoEnable: false };
    render(<PersonalInfoPage />);
    const wallet = await screen.findByRole('navigation', { name: '钱包' });
    expect(within(wallet).queryByRole('link', { name: '虚拟钱包' })).toBeNull();
    expect(within(wallet).getAllByRole('link')).toHaveLength(4);
  });
});
