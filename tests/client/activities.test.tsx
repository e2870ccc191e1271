/**
 * /activity, /activity/{id} and /activityinfo against a stubbed network: the tabs ask per category,
 * states and covers on the cards, the detail's sanitised content (a stored script never reaches the
 * DOM), the sign-in as a money action (request id stored first, the result shown), a refusal, the
 * guest's login button, the empty and error states.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Router } from 'wouter';
import { queryClient } from '../../src/client/query';
import { currentUser } from '../../src/client/state/session';
import { parseRoute } from '../../src/client/routeTable';
import { guard } from '../../src/client/guard';
import { routes } from '../../src/client/routes';
import { readPendingAction } from '../../src/client/money/moneyAction';
import ActivityListPage from '../../src/client/features/activity/ActivityListPage';
import ActivityDetailPage from '../../src/client/features/activity/ActivityDetailPage';
import ActivityInfoPage from '../../src/client/features/activity/ActivityInfoPage';
import { callsTo, ok, refuse, stubNetwork, USER } from './records-net';
import { quietDispatch } from './dispatch-fixtures';

const LIST = '/v1/activity/getActivityList';
const DETAIL = '/v1/activity/getActivityDetails';
const TODAY = '/v1/activity/checkin/today';
const SIGN = '/v1/activity/checkin/signIn';
const RECORDS = '/v1/activity/getActivityRecordList';

function item(id: number, over: Record<string, unknown> = {}) {
  return {
    id,
    type: 4,
    typeName: '每日签到',
    kind: 'checkin',
    kindName: '每日签到',
    title: `签到${id}`,
    summary: '天天领',
    coverImage: '',
    startTime: '2026-11-24 08:00',
    endTime: '2026-12-24 08:00',
    state: 'claimable',
    reason: '',
    amount: '1.00',
    streak: 1,
    ...over,
  };
}
const detail = (over: Record<string, unknown> = {}) => ({
  ...item(7),
  serverTime: 0,
  content:
    '<h2>说明</h2><img src="/uploads/a.png" onerror="window.__x=1"><script>window.__x=2</script>',
  ruleLines: ['每天签到一次'],
  checkinRewards: ['1.00', '2.00'],
  ...over,
});

beforeEach(() => {
  queryClient.clear();
  currentUser.value = USER;
  quietDispatch('/activity');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  history.replaceState(null, '', '/');
});

const at = (path: string, page: React.ReactNode) => {
  history.replaceState(null, '', path);
  return render(<Router parser={parseRoute}>{page}</Router>);
};

describe('/activity', () => {
  it('lists by category with states and covers; a tab asks its category', async () => {
    stubNetwork({
      [LIST]: (c) =>
        ok({
          serverTime: 0,
          categories: [],
          list:
            c.query.get('type') === '2'
              ? []
              : [
                  item(1, { coverImage: '/uploads/c.png' }),
                  item(2, { kind: 'recharge_bonus', state: 'ineligible' }),
                  item(3, { state: 'ended', kind: 'info' }),
                ],
        }),
    });
    at('/activity', <ActivityListPage />);
    const first = await screen.findByTestId('activity-1');
    expect(within(first).getByRole('img', { name: '签到1' }).getAttribute('src')).toBe(
      '/uploads/c.png',
    );
    expect(within(first).getByTestId('activity-state').textContent).toBe('可签到');
    expect(within(screen.getByTestId('activity-2')).getByTestId('activity-state').textContent).toBe(
      '未达条件',
    );
    expect(within(screen.getByTestId('activity-3')).getByTestId('activity-state').textContent).toBe(
      '已结束',
    );
    expect(within(first).getByRole('link').getAttribute('href')).toBe('/activity/1');
    fireEvent.click(screen.getByRole('tab', { name: '充值优惠' }));
    expect(await screen.findByText('暂无活动，敬请期待')).toBeTruthy();
    expect(callsTo(LIST).map((c) => c.query.get('type'))).toEqual(['0', '2']);
  });

  it('shows the error with a retry', async () => {
    let n = 0;
    stubNetwork({
      [LIST]: () =>
        ++n === 1 ? refuse('服务繁忙') : ok({ serverTime: 0, categories: [], list: [item(1)] }),
    });
    at('/activity', <ActivityListPage />);
    expect((await screen.findByRole('alert')).textContent).toBe('服务繁忙');
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByTestId('activity-1')).toBeTruthy();
  });
});

describe('/activity/{id}', () => {
  it('renders the content sanitised and signs in once as a money action', async () => {
    let signed = false;
    let pending: string | undefined;
    stubNetwork({
      [DETAIL]: () => ok(detail(signed ? { state: 'claimed', amount: '1.00' } : {})),
      [TODAY]: () =>
        ok({
          ...detail(),
          signedToday: signed,
          recentDays: [
            { date: '11-23', signed: false, today: false },
            { date: '11-24', signed, today: true },
          ],
        }),
      [SIGN]: async (c) => {
        pending = (await readPendingAction(USER.userId, 'activity'))?.requestId;
        expect(c.body.get('requestId')).toBe(pending);
        signed = true;
        return ok({ id: 7, amount: '1.00', streak: 1, balance: '11.00', applied: true });
      },
    });
    at('/activity/7', <ActivityDetailPage />);
    const content = await screen.findByRole('region', { name: '活动内容' });
    expect(within(content).getByRole('heading', { name: '说明' })).toBeTruthy();
    expect(content.innerHTML).not.toMatch(/script|onerror/);
    expect(screen.getByText('每天签到一次')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '立即签到（今日可得 1.00 元）' }));
    expect((await screen.findByTestId('claim-result')).textContent).toBe(
      '签到成功，连续签到1天，获得 1.00 元，当前余额 11.00 元',
    );
    expect(pending).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(callsTo(SIGN)).toHaveLength(1);
  });

  it('shows a refusal; a guest is offered the login', async () => {
    stubNetwork({
      [DETAIL]: () => ok(detail({ kind: 'recharge_bonus', state: 'claimable', amount: '5.00' })),
      '/v1/activity/receiveActivityReward': () => refuse('本期奖励您已领取'),
    });
    at('/activity/7', <ActivityDetailPage />);
    fireEvent.click(await screen.findByRole('button', { name: '立即领取 5.00 元' }));
    expect((await screen.findByRole('alert')).textContent).toBe('本期奖励您已领取');
    cleanup();
    queryClient.clear();
    currentUser.value = null;
    stubNetwork({
      [DETAIL]: () => ok(detail({ state: 'login', reason: '登录后即可参与', amount: null })),
    });
    at('/activity/7', <ActivityDetailPage />);
    expect(await screen.findByRole('button', { name: '登录后签到' })).toBeTruthy();
  });

  it('says an id that cannot be one is not an activity, without asking', async () => {
    stubNetwork({});
    at('/activity/abc', <ActivityDetailPage />);
    expect(await screen.findByText('活动不存在')).toBeTruthy();
    expect(callsTo(DETAIL)).toHaveLength(0);
  });
});

describe('/activityinfo', () => {
  it('lists my payouts with the total, or says there are none', async () => {
    const row = (id: number) => ({
      id,
      activityId: 7,
      title: `签到${id}`,
      kindName: '每日签到',
      typeName: '签到奖励',
      amount: '2.00',
      streak: 2,
      time: '2026-11-24 09:00:00',
    });
    stubNetwork({
      [RECORDS]: (c) =>
        ok({
          total: 21,
          totalAmount: '42.00',
          list:
            c.query.get('pageNum') === '1'
              ? Array.from({ length: 20 }, (_, i) => row(i + 1))
              : [row(21)],
        }),
    });
    at('/activityinfo', <ActivityInfoPage />);
    const list = await screen.findByRole('list', { name: '活动领取记录' });
    expect(list.textContent).toContain('+2.00 元');
    expect(list.textContent).toContain('签到奖励 · 连续第2天');
    expect(screen.getByText(/共 21 笔/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    expect(await screen.findByText('签到21')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '加载更多' })).toBeNull();
    expect(callsTo(RECORDS).map((c) => c.query.get('pageNum'))).toEqual(['1', '2']);
    cleanup();
    queryClient.clear();
    stubNetwork({ [RECORDS]: () => ok({ total: 0, totalAmount: '0.00', list: [] }) });
    at('/activityinfo', <ActivityInfoPage />);
    expect(await screen.findByText('暂无活动领取记录')).toBeTruthy();
  });

  it('is public (spec 000): a guest sees the way to log in and nothing is asked of the server', async () => {
    expect(guard('/activityinfo', '/activityinfo', null, false, routes).kind).toBe('allow');
    currentUser.value = null;
    stubNetwork({ [RECORDS]: () => refuse('请先登录') });
    at('/activityinfo', <ActivityInfoPage />);
    const prompt = await screen.findByRole('region', { name: '登录后查看' });
    expect(within(prompt).getByRole('link', { name: '登录' }).getAttribute('href')).toBe(
      '/login?redirect=%2Factivityinfo',
    );
    expect(callsTo(RECORDS)).toHaveLength(0);
  });
});
