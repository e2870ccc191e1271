/**
 * /billRecord against a stubbed network: signed amounts with their tone and the balance after, the
 * totals, the type filter sent as a group's codes or one code, the date chips as Beijing dates,
 * load-more paging, empty and error states, and the detail sheet of a row.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { currentUser } from '../../src/client/state/session';
import { OverlayHost } from '../../src/client/ui';
import { beijingDate } from '../../src/client/features/records/format';
import BillRecordPage from '../../src/client/features/records/pages/BillRecordPage';
import { callsTo, ok, refuse, stubNetwork, USER, type Handler } from './records-net';

const PATH = '/v1/transaction/getTransactionRecordsFront';
const SUMMARY = {
  startDate: '2026-11-23',
  endDate: '2026-11-23',
  income: '1000.00',
  expense: '20.00',
  net: '980.00',
};

function bill(over: Record<string, unknown>) {
  return {
    id: 1,
    typeCode: 101,
    typeName: '银行转账充值',
    amount: '1000.00',
    account: 'main',
    balanceAfter: '1000.00',
    remark: '',
    createdAt: Date.now(),
    ...over,
  };
}

const ROWS = [
  bill({
    id: 3,
    typeCode: 613,
    typeName: '虚拟钱包利息',
    amount: '1.23',
    account: 'virtual_wallet',
    balanceAfter: '980.00',
  }),
  bill({
    id: 2,
    typeCode: 301,
    typeName: '彩票投注',
    amount: '-20.00',
    balanceAfter: '980.00',
    remark: '第202611230100期',
  }),
  bill({ id: 1 }),
];

const handlers = (h: Handler): Record<string, Handler> => ({ [PATH]: h });

beforeEach(() => {
  currentUser.value = USER;
  window.history.replaceState(null, '', '/billRecord');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('BillRecordPage', () => {
  it('lists rows with signed, coloured amounts and the balance after, and the totals', async () => {
    stubNetwork(handlers(() => ok({ list: ROWS, total: 3, summary: SUMMARY })));
    render(<BillRecordPage />);
    const items = within(await screen.findByRole('list', { name: '账变记录' })).getAllByRole(
      'listitem',
    );
    expect(items).toHaveLength(3);
    expect(items[0]!.textContent).toContain('虚拟钱包利息');
    expect(items[0]!.textContent).toContain('虚拟钱包');
    const amounts = screen.getAllByTestId('bill-amount');
    expect(amounts.map((a) => a.textContent)).toEqual(['+1.23', '-20.00', '+1000.00']);
    expect(amounts[1]!.className).toContain('text-green-700');
    expect(amounts[2]!.className).toContain('text-red-700');
    expect(items[1]!.textContent).toContain('余额 980.00');
    const totals = await screen.findByRole('region', { name: '收支统计' });
    expect(totals.textContent).toContain('+1000.00');
    expect(totals.textContent).toContain('-20.00');
    expect(totals.textContent).toContain('980.00');
    const first = callsTo(PATH)[0]!;
    expect(first.query.get('startDate')).toBe(beijingDate(Date.now()));
    expect(first.query.get('endDate')).toBe(beijingDate(Date.now()));
    expect(first.query.get('page')).toBe('1');
    expect(first.query.has('typeCode')).toBe(false);
  });

  it('sends a group as its codes, one type as its code, and the date chips', async () => {
    stubNetwork(handlers(() => ok({ list: [], total: 0, summary: SUMMARY })));
    render(<BillRecordPage />);
    await screen.findByText('暂无账变记录');
    fireEvent.change(screen.getByLabelText('类型分组'), { target: { value: 'wallet' } });
    await waitFor(() =>
      expect(callsTo(PATH).at(-1)!.query.get('typeCode')).toBe('611,612,613,614,615,616'),
    );
    fireEvent.change(screen.getByLabelText('账变类型'), { target: { value: '613' } });
    await waitFor(() => expect(callsTo(PATH).at(-1)!.query.get('typeCode')).toBe('613'));
    fireEvent.click(screen.getByRole('tab', { name: '近30天' }));
    await waitFor(() =>
      expect(callsTo(PATH).at(-1)!.query.get('startDate')).toBe(beijingDate(Date.now(), 29)),
    );
    expect(callsTo(PATH).at(-1)!.query.get('typeCode')).toBe('613');
    fireEvent.click(screen.getByRole('tab', { name: '昨天' }));
    await waitFor(() =>
      expect(callsTo(PATH).at(-1)!.query.get('endDate')).toBe(beijingDate(Date.now(), 1)),
    );
    fireEvent.change(screen.getByLabelText('类型分组'), { target: { value: 'recharge' } });
    await waitFor(() =>
      expect(callsTo(PATH).at(-1)!.query.get('typeCode')).toBe(
        Array.from({ length: 15 }, (_, i) => 101 + i).join(','),
      ),
    );
    fireEvent.change(screen.getByLabelText('类型分组'), { target: { value: '' } });
    await waitFor(() => expect(callsTo(PATH).at(-1)!.query.has('typeCode')).toBe(false));
    expect(screen.queryByLabelText('账变类型')).toBeNull();
  });

  it('loads the next page on 加载更多', async () => {
    stubNetwork(
      handlers((c) => {
        const page = Number(c.query.get('page'));
        return ok({
          list: [bill({ id: page, typeName: `类型${page}` })],
          total: 2,
          summary: SUMMARY,
        });
      }),
    );
    render(<BillRecordPage />);
    fireEvent.click(await screen.findByRole('button', { name: '加载更多' }));
    await waitFor(() => expect(screen.getAllByTestId('bill-amount')).toHaveLength(2));
    expect(callsTo(PATH).at(-1)!.query.get('page')).toBe('2');
    expect(screen.getByText('共 2 条，已全部加载')).toBeTruthy();
  });

  it('shows the error with a retry that reloads', async () => {
    let fail = true;
    stubNetwork(
      handlers(() =>
        fail
          ? refuse('只能查询最近90天的记录')
          : ok({ list: [bill({})], total: 1, summary: SUMMARY }),
      ),
    );
    render(
      <>
        <BillRecordPage />
        <OverlayHost />
      </>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe('只能查询最近90天的记录');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await screen.findByRole('list', { name: '账变记录' });
  });

  it('opens the detail sheet of a row', async () => {
    stubNetwork(handlers(() => ok({ list: ROWS, total: 3, summary: SUMMARY })));
    render(<BillRecordPage />);
    fireEvent.click(
      await screen.findByRole('button', { name: /^彩票投注 -20\.00 元，余额 980\.00，/ }),
    );
    const sheet = await screen.findByRole('dialog', { name: '账变详情' });
    expect(sheet.textContent).toContain('彩票投注（301）');
    expect(sheet.textContent).toContain('第202611230100期');
    expect(sheet.textContent).toContain('主钱包');
    fireEvent.click(within(sheet).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(
      screen.getByRole('button', { name: /^虚拟钱包利息 \+1\.23 元（虚拟钱包），余额 980\.00/ }),
    );
    expect((await screen.findByRole('dialog', { name: '账变详情' })).textContent).toContain(
      '主钱包余额不变',
    );
  });
});
