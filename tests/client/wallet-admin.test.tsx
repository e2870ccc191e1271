/** The operator's virtual-wallet panel against a stubbed network: rate, products (create, edit, disable) and orders. */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { OverlayHost } from '../../src/client/ui';
import { PledgeProductsPanel } from '../../src/client/features/admin/wallet/PledgeProductsPanel';
import { callsTo, ok, refuse, stubNetwork } from './records-net';

const PRODUCT = {
  productId: 3,
  name: '30天稳健',
  termDays: 30,
  annualRate: '8.00',
  minAmount: '100.00',
  maxAmount: '0.00',
  userLimit: '0.00',
  earlyExit: 'principal',
  earlyExitName: '提前赎回退还本金，无收益',
  penaltyPercent: '0.00',
  enabled: true,
  sort: 1,
};
const ORDER = {
  orderId: 41,
  userName: 'player01',
  productId: 3,
  productName: '30天稳健',
  termDays: 30,
  annualRate: '8.00',
  amount: '1000.00',
  amountFen: 100000,
  autoRenew: true,
  status: 'holding',
  statusName: '持有中',
  term: 1,
  startAt: 0,
  endAt: 0,
  expectedProfit: '6.57',
  profitTotal: '0.00',
  earlyExit: 'principal',
  earlyExitName: '',
  penaltyPercent: '0.00',
  refund: '0.00',
  penalty: '0.00',
  createdAt: 0,
  settledAt: null,
};

let products = [PRODUCT];
beforeEach(() => {
  products = [PRODUCT];
  stubNetwork({
    '/v1/admin/virtualWallet/settings': (c) =>
      ok({ annualRate: c.method === 'POST' ? c.body.get('annualRate') : '3.65' }),
    '/v1/admin/pledge/products': () => ok({ list: products }),
    '/v1/admin/pledge/products/save': (c) =>
      c.body.get('name') === '重复' ? refuse('产品名称已存在') : ok({ productId: 9 }),
    '/v1/admin/pledge/products/disable': () => {
      products = [{ ...PRODUCT, enabled: false }];
      return ok(null);
    },
    '/v1/admin/pledge/orders': (c) =>
      ok(
        c.query.get('userName') === 'nobody' ? { list: [], total: 0 } : { list: [ORDER], total: 1 },
      ),
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const field = (label: string) =>
  screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;

describe('PledgeProductsPanel', () => {
  it('reads and saves the virtual wallet rate, refusing a bad one locally', async () => {
    render(<PledgeProductsPanel />);
    await waitFor(() => expect(field('年化利率（%）').value).toBe('3.65'));
    fireEvent.change(field('年化利率（%）'), { target: { value: '3.655' } });
    fireEvent.click(screen.getByRole('button', { name: '保存利率' }));
    expect(
      (await screen.findByText('年化利率必须在0到100之间，最多两位小数')).getAttribute('role'),
    ).toBe('alert');
    fireEvent.change(field('年化利率（%）'), { target: { value: '4.2' } });
    fireEvent.click(screen.getByRole('button', { name: '保存利率' }));
    await waitFor(() =>
      expect(
        callsTo('/v1/admin/virtualWallet/settings').filter((c) => c.method === 'POST'),
      ).toHaveLength(1),
    );
    expect(
      callsTo('/v1/admin/virtualWallet/settings')
        .find((c) => c.method === 'POST')!
        .body.get('annualRate'),
    ).toBe('4.2');
  });

  it('creates a product with the form fields, checks them first, and shows a server refusal', async () => {
    render(
      <>
        <PledgeProductsPanel />
        <OverlayHost />
      </>,
    );
    await screen.findByText('#3 30天稳健');
    fireEvent.click(screen.getByRole('button', { name: '新增产品' }));
    const form = screen.getByRole('form', { name: '新增质押产品' });
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    expect(within(form).getByRole('alert').textContent).toBe('产品名称为1到30个字符');
    fireEvent.change(within(form).getByLabelText('产品名称'), { target: { value: '90天高息' } });
    fireEvent.change(within(form).getByLabelText('期限（天）'), { target: { value: '90' } });
    fireEvent.change(within(form).getByLabelText('年化利率（%）'), { target: { value: '12.5' } });
    fireEvent.change(within(form).getByLabelText('提前赎回规则'), { target: { value: 'penalty' } });
    fireEvent.change(within(form).getByLabelText('违约金比例（%）'), { target: { value: '0' } });
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    expect(within(form).getByRole('alert').textContent).toBe('违约金比例必须在0.01到100之间');
    fireEvent.change(within(form).getByLabelText('违约金比例（%）'), { target: { value: '3' } });
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(callsTo('/v1/admin/pledge/products/save')).toHaveLength(1));
    expect(Object.fromEntries(callsTo('/v1/admin/pledge/products/save')[0]!.body)).toEqual({
      name: '90天高息',
      termDays: '90',
      annualRate: '12.5',
      minAmount: '100',
      maxAmount: '0',
      userLimit: '0',
      earlyExit: 'penalty',
      penaltyPercent: '3',
      sort: '0',
      enabled: '1',
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: '新增质押产品' })).toBeNull());
  });

  it('edits an existing product (sends its productId) and disables one after a confirm', async () => {
    render(
      <>
        <PledgeProductsPanel />
        <OverlayHost />
      </>,
    );
    await screen.findByText('#3 30天稳健');
    fireEvent.click(screen.getByRole('button', { name: '编辑' }));
    const form = screen.getByRole('form', { name: '编辑质押产品' });
    expect((within(form).getByLabelText('产品名称') as HTMLInputElement).value).toBe('30天稳健');
    fireEvent.change(within(form).getByLabelText('产品名称'), { target: { value: '重复' } });
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe('产品名称已存在'));
    expect(callsTo('/v1/admin/pledge/products/save')[0]!.body.get('productId')).toBe('3');
    fireEvent.click(within(form).getByRole('button', { name: '取消' }));
    fireEvent.click(screen.getByRole('button', { name: '下架' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: '确定下架「30天稳健」？' })).getByRole(
        'button',
        { name: '确定' },
      ),
    );
    expect(await screen.findByText('已下架 · 排序 1')).toBeTruthy();
    expect(callsTo('/v1/admin/pledge/products/disable')[0]!.body.get('productId')).toBe('3');
  });

  it('lists pledge orders and searches by user name', async () => {
    render(<PledgeProductsPanel />);
    const orders = screen.getByRole('region', { name: '质押订单' });
    expect(await within(orders).findByText('#41 player01')).toBeTruthy();
    expect(orders.textContent).toContain('自动续期');
    fireEvent.change(within(orders).getByLabelText('用户名'), { target: { value: 'nobody' } });
    fireEvent.click(within(orders).getByRole('button', { name: '查询' }));
    expect(await within(orders).findByText('暂无质押订单')).toBeTruthy();
    expect(callsTo('/v1/admin/pledge/orders').at(-1)!.query.get('userName')).toBe('nobody');
  });
});
