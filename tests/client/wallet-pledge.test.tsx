/**
 * Pledge screens against a stubbed network: the shop, buying with the limits checked and the expected
 * profit previewed by the domain rule, the order list tabs, the detail with 提前赎回 (confirmed, with the
 * refund and penalty shown) and auto-renew, the flow list with its type filter and paging.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { currentUser } from '../../src/client/state/session';
import { tenantConfig } from '../../src/client/state/tenant';
import { setDispatchDeps } from '../../src/client/api/dispatch';
import { OverlayHost } from '../../src/client/ui';
import PledgeShopPage from '../../src/client/features/wallet/pages/PledgeShopPage';
import PledgePage from '../../src/client/features/wallet/pages/PledgePage';
import PledgePositionPage from '../../src/client/features/wallet/pages/PledgePositionPage';
import PledgeDetailPage from '../../src/client/features/wallet/pages/PledgeDetailPage';
import WaterDetailPage from '../../src/client/features/wallet/pages/WaterDetailPage';
import { callsTo, ok, refuse, stubNetwork, USER } from './records-net';

const PRODUCT = {
  productId: 3,
  name: '30天稳健',
  termDays: 30,
  annualRate: '8.00',
  minAmount: '100.00',
  maxAmount: '5000.00',
  userLimit: '0.00',
  earlyExit: 'penalty',
  earlyExitName: '提前赎回扣除违约金 5.00%',
  penaltyPercent: '5.00',
  enabled: true,
  sort: 1,
};
const INFO = {
  enabled: true,
  balance: '2000.00',
  balanceFen: 200000,
  walletBalance: '10.00',
  walletBalanceFen: 1000,
  pledgedTotal: '0.00',
  pledgedTotalFen: 0,
  annualRate: '3.65',
  yesterdayInterest: '0.00',
  totalInterest: '0.00',
  yesterdayProfit: '0.00',
  totalProfit: '0.00',
  holdingCount: 0,
};
const ORDER = {
  orderId: 41,
  productId: 3,
  productName: '30天稳健',
  termDays: 30,
  annualRate: '8.00',
  amount: '1000.00',
  amountFen: 100000,
  autoRenew: false,
  status: 'holding',
  statusName: '持有中',
  term: 1,
  startAt: Date.UTC(2026, 10, 23, 4, 0),
  endAt: Date.UTC(2026, 11, 23, 4, 0),
  expectedProfit: '6.57',
  profitTotal: '0.00',
  earlyExit: 'penalty',
  earlyExitName: '提前赎回扣除违约金 5.00%',
  penaltyPercent: '5.00',
  refund: '0.00',
  penalty: '0.00',
  createdAt: Date.UTC(2026, 10, 23, 4, 0),
  settledAt: null,
};

let log: string[] = [];
beforeEach(() => {
  log = [];
  currentUser.value = USER;
  tenantConfig.value = { tenantName: '鸿运彩票', yuebaoEnable: true };
  setDispatchDeps({
    navigate: (p) => {
      log.push(`navigate ${p}`);
    },
    currentPath: () => '/pledge',
    clearUser: async () => {},
    storeLoginMessage: () => {},
    alert: async (t) => {
      log.push(`alert ${t}`);
    },
    confirm: async () => true,
    toast: () => {},
    lastLoginAt: () => 0,
    now: () => 0,
    sleep: async () => {},
  });
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

describe('PledgePositionPage', () => {
  it('asks per tab with its status and shows the empty state of each', async () => {
    stubNetwork({
      '/v1/virtualWallet/pledgeOrders': (c) =>
        ok(
          c.query.get('status') === 'holding'
            ? { list: [ORDER], total: 1 }
            : { list: [], total: 0 },
        ),
    });
    render(<PledgePositionPage />);
    const list = await screen.findByRole('list', { name: '质押订单' });
    expect(within(list).getByRole('link').getAttribute('href')).toBe('/pledgeDetail?id=41');
    expect(list.textContent).toContain('预计收益 6.57 元');
    fireEvent.click(screen.getByRole('tab', { name: '已赎回' }));
    expect(await screen.findByText('暂无已赎回的质押订单')).toBeTruthy();
    expect(callsTo('/v1/virtualWallet/pledgeOrders').map((c) => c.query.get('status'))).toEqual([
      'holding',
      'cancelled',
    ]);
  });
});

describe('PledgeDetailPage', () => {
  it('cancels after a confirm that states the refund and the penalty, then reloads', async () => {
    window.history.replaceState(null, '', '/pledgeDetail?id=41');
    let cancelled = false;
    stubNetwork({
      '/v1/virtualWallet/pledgeOrderDetail': () =>
        ok({
          order: cancelled
            ? {
                ...ORDER,
                status: 'cancelled',
                statusName: '已赎回',
                refund: '950.00',
                penalty: '50.00',
                settledAt: Date.now(),
              }
            : ORDER,
          logs: [
            {
              id: 1,
              typeCode: 614,
              typeName: '质押买入',
              amount: '-1000.00',
              createdAt: ORDER.createdAt,
            },
          ],
        }),
      '/v1/virtualWallet/pledgeCancel': () => {
        cancelled = true;
        return ok({ order: ORDER });
      },
    });
    render(
      <>
        <PledgeDetailPage />
        <OverlayHost />
      </>,
    );
    expect((await screen.findByTestId('order-status')).textContent).toBe('持有中');
    fireEvent.click(screen.getByRole('button', { name: '提前赎回' }));
    const dialog = await screen.findByRole('dialog', { name: /确认提前赎回/ });
    expect(dialog.textContent).toContain('扣除违约金 50.00 元，退还 950.00 元');
    fireEvent.click(within(dialog).getByRole('button', { name: '再想想' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('/v1/virtualWallet/pledgeCancel')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: '提前赎回' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: /确认提前赎回/ })).getByRole('button', {
        name: '确认赎回',
      }),
    );
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('已赎回'));
    expect(callsTo('/v1/virtualWallet/pledgeCancel')[0]!.body.get('orderId')).toBe('41');
    expect(screen.getByRole('region', { name: '订单信息' }).textContent).toContain('950.00 元');
    expect(screen.queryByRole('button', { name: '提前赎回' })).toBeNull();
  });

  it('offers no cancel for a no-early-exit product; the auto-renew switch sends 1', async () => {
    window.history.replaceState(null, '', '/pledgeDetail?id=41');
    const order = { ...ORDER, earlyExit: 'none', earlyExitName: '不可提前赎回' };
    stubNetwork({
      '/v1/virtualWallet/pledgeOrderDetail': () => ok({ order, logs: [] }),
      '/v1/virtualWallet/pledgeAutoRenew': () => ok({ order: { ...order, autoRenew: true } }),
    });
    render(<PledgeDetailPage />);
    await screen.findByTestId('order-status');
    expect(screen.queryByRole('button', { name: '提前赎回' })).toBeNull();
    expect(screen.getByText('该产品不支持提前赎回，到期自动返还')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: '到期自动续期' }));
    await waitFor(() => expect(callsTo('/v1/virtualWallet/pledgeAutoRenew')).toHaveLength(1));
    expect(Object.fromEntries(callsTo('/v1/virtualWallet/pledgeAutoRenew')[0]!.body)).toEqual({
      orderId: '41',
      autoRenew: '1',
    });
  });

  it('a bad id shows the error without asking', async () => {
    window.history.replaceState(null, '', '/pledgeDetail?id=abc');
    stubNetwork({});
    render(<PledgeDetailPage />);
    expect((await screen.findByRole('alert')).textContent).toBe('订单编号无效');
    expect(callsTo('/v1/virtualWallet/pledgeOrderDetail')).toHaveLength(0);
  });
});

describe('WaterDetailPage', () => {
  it('filters by type (611-616) and loads more pages', async () => {
    const row = (id: number, typeCode: number, amount: string) => ({
      id,
      typeCode,
      typeName: `t${typeCode}`,
      amount,
      amountFen: 0,
      remark: '',
      orderId: null,
      createdAt: Date.now(),
    });
    stubNetwork({
      '/v1/virtualWallet/logs': (c) => {
        const page = Number(c.query.get('page'));
        if (c.query.get('type') === '613') return ok({ list: [], total: 0 });
        return ok({
          list: Array.from({ length: page === 1 ? 20 : 1 }, (_, i) =>
            row(page * 100 + i, 611, '10.00'),
          ),
          total: 21,
        });
      },
    });
    window.history.replaceState(null, '', '/waterDetail');
    render(<WaterDetailPage />);
    const list = await screen.findByRole('list', { name: '资金明细' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    expect(list.textContent).toContain('+10.00');
    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: '资金明细' })).getAllByRole('listitem'),
      ).toHaveLength(21),
    );
    expect(screen.getByText('共 21 条，已全部加载')).toBeTruthy();
    const select = screen.getByLabelText('账变类型') as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual([
      '0',
      '611',
      '612',
      '613',
      '614',
      '615',
      '616',
    ]);
    fireEvent.change(select, { target: { value: '613' } });
    expect(await screen.findByText('暂无资金明细')).toBeTruthy();
    const sent = callsTo('/v1/virtualWallet/logs');
    expect(sent.map((c) => [c.query.get('type'), c.query.get('page')])).toEqual([
      [null, '1'],
      [null, '2'],
      ['613', '1'],
    ]);
  });

  it('opens filtered by ?type= (the home page links interest this way); an unknown type means all', async () => {
    stubNetwork({ '/v1/virtualWallet/logs': () => ok({ list: [], total: 0 }) });
    window.history.replaceState(null, '', '/waterDetail?type=613');
    render(<WaterDetailPage />);
    expect(await screen.findByText('暂无资金明细')).toBeTruthy();
    expect((screen.getByLabelText('账变类型') as HTMLSelectElement).value).toBe('613');
    cleanup();
    window.history.replaceState(null, '', '/waterDetail?type=101');
    render(<WaterDetailPage />);
    expect(await screen.findByText('暂无资金明细')).toBeTruthy();
    expect(callsTo('/v1/virtualWallet/logs').map((c) => c.query.get('type'))).toEqual([
      '613',
      null,
    ]);
  });
});
