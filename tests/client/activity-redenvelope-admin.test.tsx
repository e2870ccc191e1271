/** The operator's activity red envelope panel against a stubbed network: totals, create (checked first), edit, close, claims. */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { OverlayHost } from '../../src/client/ui';
import { ActivityEnvelopesPanel } from '../../src/client/features/admin/activity/ActivityEnvelopesPanel';
import { callsTo, ok, refuse, stubNetwork } from './records-net';
import { quietDispatch } from './dispatch-fixtures';

const P = (n: string) => `/v1/admin/activityRedEnvelope/${n}`;
const ENVELOPE = {
  id: 5,
  kind: 'rain',
  kindName: '红包雨',
  title: '<b>周末红包雨</b>',
  startTime: '2026-11-24 20:00',
  endTime: '2026-11-24 21:00',
  budget: '100.00',
  paid: '12.34',
  shares: 50,
  claimedCount: 3,
  amount: null,
  minGrade: 0,
  maxGrade: 7,
  requirement: 'recharge',
  requiredAmount: '50.00',
  periodDays: 7,
  periodStart: null,
  periodEnd: null,
  condition: '近7天充值满50.00元',
  closed: false,
};

let closed = false;
beforeEach(() => {
  closed = false;
  quietDispatch('/admin');
  stubNetwork({
    [P('list')]: () =>
      ok({ list: [{ ...ENVELOPE, closed }], total: 1, totalPaid: '12.34', totalBudget: '100.00' }),
    [P('save')]: (c) => (c.body.get('title') === '重复' ? refuse('服务器拒绝') : ok({ id: 6 })),
    [P('close')]: () => {
      closed = true;
      return ok(null);
    },
    [P('claims')]: () =>
      ok({
        envelope: ENVELOPE,
        list: [{ userName: 'player01', amount: '4.56', time: '2026-11-24 20:01:02' }],
        total: 1,
        totalPaid: '4.56',
      }),
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ActivityEnvelopesPanel', () => {
  it('lists envelopes with totals (HTML titles as text) and shows the claims', async () => {
    render(<ActivityEnvelopesPanel />);
    const row = await screen.findByTestId('admin-envelope-5');
    expect(row.textContent).toContain('#5 <b>周末红包雨</b>');
    expect(row.querySelector('b')).toBeNull();
    expect(row.textContent).toContain('已发放 12.34 / 100.00 元 · 已领 3 / 50 份');
    expect(screen.getByText('共 1 个活动，已发放 12.34 元 / 预算 100.00 元')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: '领取记录' }));
    expect(await within(row).findByText('共 1 人领取，合计 4.56 元')).toBeTruthy();
    expect(within(row).getByText('player01')).toBeTruthy();
  });

  it('checks the form with the domain rules before sending, then sends every field', async () => {
    render(
      <>
        <ActivityEnvelopesPanel />
        <OverlayHost />
      </>,
    );
    await screen.findByTestId('admin-envelope-5');
    fireEvent.click(screen.getByRole('button', { name: '新建红包' }));
    const form = screen.getByRole('form', { name: '新建活动红包' });
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    expect(within(form).getByRole('alert').textContent).toBe('请输入活动标题');
    fireEvent.change(within(form).getByLabelText('活动标题'), { target: { value: '新人派送' } });
    fireEvent.change(within(form).getByLabelText('红包总额（元）'), { target: { value: '-3' } });
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    expect(within(form).getByRole('alert').textContent).toBe('红包总额格式不正确，最多两位小数');
    fireEvent.change(within(form).getByLabelText('红包总额（元）'), { target: { value: '200' } });
    fireEvent.change(within(form).getByLabelText('每人金额（元）'), { target: { value: '2.5' } });
    fireEvent.change(within(form).getByLabelText('领取条件'), { target: { value: 'turnover' } });
    fireEvent.change(within(form).getByLabelText('要求金额（元）'), { target: { value: '1000' } });
    expect(callsTo(P('save'))).toHaveLength(0);
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(callsTo(P('save'))).toHaveLength(1));
    const body = callsTo(P('save'))[0]!.body;
    expect(Object.fromEntries(body)).toMatchObject({
      kind: 'giveaway',
      title: '新人派送',
      budget: '200',
      amount: '2.5',
      requirement: 'turnover',
      requiredAmount: '1000',
      periodDays: '7',
    });
    expect(body.has('id')).toBe(false);
    await waitFor(() => expect(screen.queryByRole('form', { name: '新建活动红包' })).toBeNull());
  });

  it('edits with the stored values and closes after a confirm', async () => {
    render(
      <>
        <ActivityEnvelopesPanel />
        <OverlayHost />
      </>,
    );
    const row = await screen.findByTestId('admin-envelope-5');
    fireEvent.click(within(row).getByRole('button', { name: '编辑' }));
    const form = screen.getByRole('form', { name: '编辑活动红包' });
    expect((within(form).getByLabelText('红包份数') as HTMLInputElement).value).toBe('50');
    expect((within(form).getByLabelText('要求金额（元）') as HTMLInputElement).value).toBe('50.00');
    fireEvent.click(within(form).getByRole('button', { name: '取消' }));
    fireEvent.click(within(row).getByRole('button', { name: '关闭' }));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(callsTo(P('close'))).toHaveLength(1));
    expect(callsTo(P('close'))[0]!.body.get('id')).toBe('5');
    await waitFor(() =>
      expect(screen.getByTestId('admin-envelope-5').textContent).toContain('已关闭'),
    );
  });
});
