/** The operator's 优惠活动 panel against a stubbed network: list, create with the rule checked first, edit, disable, claims. */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { OverlayHost } from '../../src/client/ui';
import { ActivitiesPanel } from '../../src/client/features/admin/activity/ActivitiesPanel';
import { callsTo, ok, stubNetwork } from './records-net';
import { quietDispatch } from './dispatch-fixtures';

const P = (n: string) => `/v1/admin/activities/${n}`;
const ACTIVITY = {
  id: 3,
  category: 2,
  categoryName: '充值优惠',
  kind: 'turnover_bonus',
  kindName: '投注奖励',
  title: '<b>周投注</b>',
  summary: '',
  coverImage: '',
  content: '<p>x</p>',
  startTime: '2026-11-24 00:00',
  endTime: '2026-12-24 00:00',
  sort: 0,
  enabled: true,
  rule: JSON.stringify({
    period: 'week',
    tiers: [{ bet: '100.00', reward: '5.00' }],
    turnoverMultiple: '2',
  }),
  ruleLines: ['每周可领取一次，按达到的最高档位发放'],
  claimCount: 2,
  claimPaid: '10.00',
};

beforeEach(() => {
  quietDispatch('/admin');
  stubNetwork({
    [P('list')]: () => ok({ total: 1, list: [ACTIVITY] }),
    [P('save')]: () => ok({ id: 4, content: '' }),
    [P('setEnabled')]: () => ok(null),
    [P('claims')]: () =>
      ok({
        total: 1,
        totalPaid: '5.00',
        list: [
          {
            id: 1,
            userName: 'player01',
            period: 'W2026-11-23',
            amount: '5.00',
            base: '120.00',
            streak: null,
            typeName: '活动奖励',
            time: '2026-11-24 10:00:00',
          },
        ],
      }),
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ActivitiesPanel', () => {
  it('lists (titles as text), shows claims and disables', async () => {
    render(
      <>
        <ActivitiesPanel />
        <OverlayHost />
      </>,
    );
    const row = await screen.findByTestId('admin-activity-3');
    expect(row.textContent).toContain('#3 <b>周投注</b>');
    expect(row.querySelector('b')).toBeNull();
    expect(within(row).queryByRole('button', { name: '删除' })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: '领取记录' }));
    expect(await within(row).findByText('共 1 次领取，合计 5.00 元')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: '停用' }));
    await waitFor(() => expect(callsTo(P('setEnabled'))).toHaveLength(1));
    expect(callsTo(P('setEnabled'))[0]!.body.get('enabled')).toBe('0');
  });

  it('checks a new check-in with the domain rules, then sends the rule as JSON', async () => {
    render(
      <>
        <ActivitiesPanel />
        <OverlayHost />
      </>,
    );
    await screen.findByTestId('admin-activity-3');
    fireEvent.click(screen.getByRole('button', { name: '新建活动' }));
    const form = screen.getByRole('form', { name: '新建活动' });
    fireEvent.change(within(form).getByLabelText('活动类型'), { target: { value: 'checkin' } });
    fireEvent.change(within(form).getByLabelText('活动标题'), { target: { value: '天天签到' } });
    fireEvent.change(within(form).getByLabelText(/^活动内容/), {
      target: { value: '<h2>规则</h2>' },
    });
    fireEvent.change(within(form).getByLabelText(/^连续签到奖励/), { target: { value: '1,abc' } });
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    expect(within(form).getByRole('alert').textContent).toBe(
      '第2天签到奖励格式不正确，最多两位小数',
    );
    fireEvent.change(within(form).getByLabelText(/^连续签到奖励/), { target: { value: '1，2 3' } });
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(callsTo(P('save'))).toHaveLength(1));
    const body = callsTo(P('save'))[0]!.body;
    expect(body.get('kind')).toBe('checkin');
    expect(JSON.parse(body.get('rule')!)).toEqual({
      rewards: ['1', '2', '3'],
      turnoverMultiple: '1',
    });
  });

  it('edits with the stored rule', async () => {
    render(
      <>
        <ActivitiesPanel />
        <OverlayHost />
      </>,
    );
    fireEvent.click(
      within(await screen.findByTestId('admin-activity-3')).getByRole('button', { name: '编辑' }),
    );
    const form = screen.getByRole('form', { name: '编辑活动' });
    expect((within(form).getByLabelText(/^奖励档位/) as HTMLTextAreaElement).value).toBe(
      '100.00=5.00',
    );
    expect((within(form).getByLabelText(/^流水倍数/) as HTMLInputElement).value).toBe('2');
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    expect(within(form).getByRole('alert').textContent).toBe('活动标题不能包含尖括号或控制字符');
    fireEvent.change(within(form).getByLabelText('活动标题'), { target: { value: '周投注' } });
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(callsTo(P('save'))).toHaveLength(1));
    expect(callsTo(P('save'))[0]!.body.get('id')).toBe('3');
  });
});
