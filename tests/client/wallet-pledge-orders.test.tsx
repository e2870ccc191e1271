/**
 * A player's pledges against a stubbed network: the order list tabs, the detail with 提前赎回 (confirmed,
 * with the refund and penalty shown) and auto-renew, and the flow list with its type filter and paging.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { currentUser } from '../../src/client/state/session';
import { tenantConfig } from '../../src/client/state/tenant';
import { OverlayHost } from '../../src/client/ui';
import PledgePositionPage from '../../src/client/features/wallet/pages/PledgePositionPage';
import PledgeDetailPage from '../../src/client/features/wallet/pages/PledgeDetailPage';
import WaterDetailPage from '../../src/client/features/wallet/pages/WaterDetailPage';
import { callsTo, ok, stubNetwork, USER } from './records-net';
import { quietDispatch } from './dispatch-fixtures';
import { ORDER } from './pledge-fixtures';

beforeEach(() => {
  currentUser.value = USER;
  tenantConfig.value = { tenantName: '鸿运彩票', yuebaoEnable: true };
  quietDispatch('/pledge');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
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
