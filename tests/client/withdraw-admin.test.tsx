/** The operator's withdraw panels against a stubbed network: pay with a confirm, reject with a reason, edit the settings. */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { OverlayHost } from '../../src/client/ui';
import { WithdrawOrdersPanel } from '../../src/client/features/admin/withdraw/WithdrawOrdersPanel';
import { WithdrawSettingsPanel } from '../../src/client/features/admin/withdraw/WithdrawSettingsPanel';
import { callsTo, ok, refuse, stubNetwork } from './records-net';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ORDER = {
  id: 4,
  orderNo: 'W2026112300000004',
  amount: '300.00',
  fee: '3.00',
  arrival: '297.00',
  status: 'pending',
  statusName: '审核中',
  targetKind: 'bank',
  accountName: '招商银行',
  accountNo: '6225880012345678',
  realName: '张三丰',
  remark: '',
  createdAt: Date.now(),
  decidedAt: null,
  userId: 7,
  userName: 'player01',
  operatorName: '',
};

describe('WithdrawOrdersPanel', () => {
  it('lists pending orders and pays one after a confirm', async () => {
    stubNetwork({
      '/v1/admin/withdraw/list': () => ok({ list: [ORDER], total: 1 }),
      '/v1/admin/withdraw/approve': () => ok({ id: 4, status: 'paid' }),
    });
    render(
      <>
        <WithdrawOrdersPanel />
        <OverlayHost />
      </>,
    );
    const row = await screen.findByRole('listitem', { name: '提现订单 W2026112300000004' });
    expect(row.textContent).toContain('6225880012345678');
    expect(row.textContent).toContain('应出款 ¥297.00');
    expect(callsTo('/v1/admin/withdraw/list')[0]!.query.get('status')).toBe('pending');
    fireEvent.click(within(row).getByRole('button', { name: '出款' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('出款 ¥297.00');
    fireEvent.click(within(dialog).getByRole('button', { name: '确认出款' }));
    await waitFor(() => expect(callsTo('/v1/admin/withdraw/approve')).toHaveLength(1));
    expect(callsTo('/v1/admin/withdraw/approve')[0]!.body.get('id')).toBe('4');
    await waitFor(() => expect(callsTo('/v1/admin/withdraw/list')).toHaveLength(2));
  });

  it('rejects only with a reason, and shows a refusal', async () => {
    stubNetwork({
      '/v1/admin/withdraw/list': () => ok({ list: [ORDER], total: 1 }),
      '/v1/admin/withdraw/reject': () => refuse('该提现已处理（已出款）'),
    });
    render(
      <>
        <WithdrawOrdersPanel />
        <OverlayHost />
      </>,
    );
    const row = await screen.findByRole('listitem', { name: '提现订单 W2026112300000004' });
    fireEvent.click(within(row).getByRole('button', { name: '驳回' }));
    fireEvent.click(within(row).getByRole('button', { name: '确认驳回' }));
    expect(within(row).getByRole('alert').textContent).toBe('请填写驳回原因');
    expect(callsTo('/v1/admin/withdraw/reject')).toHaveLength(0);
    fireEvent.change(within(row).getByLabelText('驳回原因'), { target: { value: '账户不符' } });
    fireEvent.click(within(row).getByRole('button', { name: '确认驳回' }));
    await waitFor(() =>
      expect(within(row).getByRole('alert').textContent).toBe('该提现已处理（已出款）'),
    );
    expect(callsTo('/v1/admin/withdraw/reject')[0]!.body.get('remark')).toBe('账户不符');
  });
});

describe('WithdrawSettingsPanel', () => {
  it('loads, edits and saves the settings', async () => {
    const s = {
      enabled: true,
      minAmount: '100.00',
      maxAmount: '50000.00',
      dailyCount: 5,
      freeCount: 1,
      feePercent: '1.00',
      feeMin: '1.00',
      feeMax: '50.00',
      turnoverPercent: 100,
      openStart: '00:00',
      openEnd: '00:00',
    };
    stubNetwork({
      '/v1/admin/withdraw/settings': (c) =>
        c.method === 'POST' ? ok({ ...s, minAmount: '200.00', enabled: false }) : ok(s),
    });
    render(<WithdrawSettingsPanel />);
    fireEvent.change(await screen.findByLabelText('单笔最低（元）'), { target: { value: '200' } });
    fireEvent.change(screen.getByLabelText('提现功能'), { target: { value: 'off' } });
    fireEvent.click(screen.getByRole('button', { name: '保存设置' }));
    await waitFor(() =>
      expect(
        callsTo('/v1/admin/withdraw/settings').filter((c) => c.method === 'POST'),
      ).toHaveLength(1),
    );
    const post = callsTo('/v1/admin/withdraw/settings').find((c) => c.method === 'POST')!;
    expect(post.body.get('minAmount')).toBe('200');
    expect(post.body.get('enabled')).toBe('0');
    expect(post.body.get('turnoverPercent')).toBe('100');
    await waitFor(() =>
      expect((screen.getByLabelText('单笔最低（元）') as HTMLInputElement).value).toBe('200.00'),
    );
  });
});
