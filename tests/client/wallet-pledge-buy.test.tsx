/**
 * Buying a pledge against a stubbed network: the shop with each product's term, rate, limits and
 * early-exit rule, and the form with the limits checked, the expected profit previewed by the domain
 * rule, the confirm step with its requestId, and a product that went away.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { currentUser } from '../../src/client/state/session';
import { tenantConfig } from '../../src/client/state/tenant';
import { OverlayHost } from '../../src/client/ui';
import PledgeShopPage from '../../src/client/features/wallet/pages/PledgeShopPage';
import PledgePage from '../../src/client/features/wallet/pages/PledgePage';
import { callsTo, ok, refuse, stubNetwork, USER } from './records-net';
import { loggedDispatch } from './dispatch-fixtures';
import { INFO, ORDER, PRODUCT } from './pledge-fixtures';

let log: string[] = [];
beforeEach(() => {
  currentUser.value = USER;
  tenantConfig.value = { tenantName: '鸿运彩票', yuebaoEnable: true };
  log = loggedDispatch('/pledge');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const amountInput = () =>
  screen.getByLabelText('质押金额（元）', { selector: 'input' }) as HTMLInputElement;

describe('PledgeShopPage', () => {
  it('lists the products with term, rate, minimum, limits and the early-exit rule, linking to /pledge', async () => {
    stubNetwork({ '/v1/virtualWallet/pledgeProducts': () => ok({ list: [PRODUCT] }) });
    render(<PledgeShopPage />);
    const card = await screen.findByRole('article', { name: '30天稳健' });
    for (const text of [
      '30 天',
      '8.00%',
      '100.00 元',
      '5000.00 元',
      '不限',
      '提前赎回扣除违约金 5.00%',
    ])
      expect(card.textContent).toContain(text);
    expect(within(card).getByRole('link', { name: '质押 30天稳健' }).getAttribute('href')).toBe(
      '/pledge?productId=3',
    );
  });

  it('says so when no product is on offer', async () => {
    stubNetwork({ '/v1/virtualWallet/pledgeProducts': () => ok({ list: [] }) });
    render(<PledgeShopPage />);
    expect(await screen.findByText('暂无可质押的产品')).toBeTruthy();
  });
});

describe('PledgePage', () => {
  function stub(create = () => ok({ order: ORDER, applied: true })) {
    stubNetwork({
      '/v1/virtualWallet/pledgeProducts': () => ok({ list: [PRODUCT] }),
      '/v1/virtualWallet/info': () => ok(INFO),
      '/v1/virtualWallet/pledgeCreate': create,
    });
  }

  it('checks minimum, per-order maximum and the virtual wallet balance; previews the profit with floor', async () => {
    window.history.replaceState(null, '', '/pledge?productId=3');
    stub();
    render(
      <>
        <PledgePage />
        <OverlayHost />
      </>,
    );
    await screen.findByRole('form', { name: '质押表单' });
    const cases: [string, string][] = [
      ['99.99', '最低质押金额为 100.00 元'],
      ['5000.01', '单笔最多质押 5000.00 元'],
      ['1.001', '金额格式不正确，最多两位小数'],
    ];
    for (const [value, msg] of cases) {
      fireEvent.change(amountInput(), { target: { value } });
      fireEvent.click(screen.getByRole('button', { name: '确认质押' }));
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(msg));
    }
    // 全部 is capped by the per-order maximum... and the wallet: 2000.00 here
    fireEvent.click(screen.getByRole('button', { name: '全部' }));
    expect(amountInput().value).toBe('2000.00');
    fireEvent.change(amountInput(), { target: { value: '2000.01' } });
    fireEvent.click(screen.getByRole('button', { name: '确认质押' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('虚拟钱包余额不足'));
    // 1000 yuan × 8 % × 30 / 365 = 6.5753… → 6.57
    fireEvent.change(amountInput(), { target: { value: '1000' } });
    expect(screen.getByTestId('expected-profit').textContent).toBe('6.57 元');
    expect(callsTo('/v1/virtualWallet/pledgeCreate')).toHaveLength(0);
  });

  it('confirms, then sends productId, amount, autoRenew and a requestId, and shows the order', async () => {
    window.history.replaceState(null, '', '/pledge?productId=3');
    stub();
    render(
      <>
        <PledgePage />
        <OverlayHost />
      </>,
    );
    await screen.findByRole('form', { name: '质押表单' });
    fireEvent.change(amountInput(), { target: { value: '1000' } });
    fireEvent.click(screen.getByRole('switch', { name: '到期自动续期' }));
    fireEvent.click(screen.getByRole('button', { name: '确认质押' }));
    const dialog = await screen.findByRole('dialog', { name: /确认质押 1000.00 元到「30天稳健」/ });
    expect(dialog.textContent).toContain('预计收益 6.57 元');
    fireEvent.click(within(dialog).getByRole('button', { name: '确认质押' }));
    const result = await screen.findByRole('region', { name: '质押结果' });
    expect(within(result).getByRole('link', { name: '查看订单' }).getAttribute('href')).toBe(
      '/pledgeDetail?id=41',
    );
    const [call] = callsTo('/v1/virtualWallet/pledgeCreate');
    expect(Object.fromEntries(call!.body)).toEqual({
      productId: '3',
      amount: '1000.00',
      autoRenew: '1',
      requestId: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
  });

  it('-110005 (the product went away): 操作失敗 then /accountTotal', async () => {
    window.history.replaceState(null, '', '/pledge?productId=3');
    stub(() => refuse('该质押产品不存在或已下架', -110005));
    render(
      <>
        <PledgePage />
        <OverlayHost />
      </>,
    );
    await screen.findByRole('form', { name: '质押表单' });
    fireEvent.change(amountInput(), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: '确认质押' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: /确认质押/ })).getByRole('button', {
        name: '确认质押',
      }),
    );
    await waitFor(() => expect(log).toEqual(['alert 操作失敗', 'navigate /accountTotal']));
  });

  it('an unknown product id says the product is gone', async () => {
    window.history.replaceState(null, '', '/pledge?productId=99');
    stub();
    render(<PledgePage />);
    expect(await screen.findByText('该质押产品不存在或已下架')).toBeTruthy();
  });
});
