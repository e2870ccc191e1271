/**
 * /redEnvelope against a stubbed network: each state of an envelope, the claim through the opening
 * dialog (request id stored first, the amount and the balance shown, the list refreshed), a refusal in
 * the dialog, the history, the empty and error states, and HTML in a title shown as text.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { queryClient } from '../../src/client/query';
import { useActivityEnvelopeCount } from '../../src/client/features/activity/badge';
import { badgeLabel } from '../../src/domain/toolbar/service';
import { currentUser } from '../../src/client/state/session';
import RedEnvelopePage from '../../src/client/features/activity/RedEnvelopePage';
import { beijingRangeText as timeRange } from '../../src/domain/time';
import { readPendingAction } from '../../src/client/money/moneyAction';
import { callsTo, ok, refuse, stubNetwork, USER } from './records-net';
import { quietDispatch } from './dispatch-fixtures';

const LIST = '/v1/activity/getActivityRedEnvelopeFrontList';
const RECEIVE = '/v1/activity/receiveRedEnvelope';

function item(id: number, status: string, over: Record<string, unknown> = {}) {
  return {
    id,
    kind: 'giveaway',
    kindName: '派送红包',
    title: `福利${id}`,
    startTime: '2026-11-24 08:00:00',
    endTime: '2026-11-25 08:00:00',
    startTimeMs: 0,
    endTimeMs: 0,
    totalAmount: '100.00',
    amountEach: '3.50',
    shares: null,
    claimedCount: 0,
    condition: '所有会员',
    status,
    reason: '',
    amount: null,
    ...over,
  };
}

beforeEach(() => {
  currentUser.value = USER;
  quietDispatch('/redEnvelope');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('RedEnvelopePage', () => {
  it('writes the time range short enough for a 360 px card', () => {
    expect(timeRange('2026-11-24 20:00:00', '2026-11-24 21:30:00')).toBe('11-24 20:00 至 21:30');
    expect(timeRange('2026-12-31 20:00:00', '2027-01-01 02:00:00')).toBe(
      '2026-12-31 20:00 至 2027-01-01 02:00',
    );
    expect(timeRange('2026-11-28 14:07:00', '2027-11-28 14:08:00')).toBe(
      '2026-11-28 14:07 至 2027-11-28 14:08',
    );
    expect(timeRange('2026-11-28 14:07:00', '2026-12-28 14:08:00')).toBe(
      '11-28 14:07 至 12-28 14:08',
    );
  });

  it('shows each state, claims through the opening dialog and refreshes the list', async () => {
    let claimed = false;
    let pendingSeen: string | undefined;
    stubNetwork({
      [LIST]: () =>
        ok({
          serverTime: 0,
          list: [
            item(1, claimed ? 'claimed' : 'claimable', claimed ? { amount: '3.50' } : {}),
            item(2, 'ineligible', { reason: '近7天充值满100.00元才可领取（当前0.00元）' }),
            item(3, 'notStarted', {
              reason: '活动尚未开始，开始时间：2026-11-26 20:00',
              startTimeMs: 10 ** 12,
            }),
            item(4, 'ended'),
            item(5, 'allGone'),
          ],
          records: claimed
            ? [
                {
                  id: 1,
                  title: '福利1',
                  kindName: '派送红包',
                  amount: '3.50',
                  time: '2026-11-24 08:30:00',
                },
              ]
            : [],
        }),
      [RECEIVE]: async (c) => {
        pendingSeen = (await readPendingAction(USER.userId, 'activityEnvelope'))?.requestId;
        expect(c.body.get('id')).toBe('1');
        expect(c.body.get('requestId')).toBe(pendingSeen);
        claimed = true;
        return ok({ id: 1, amount: '3.50', balance: '103.50', applied: true });
      },
    });
    render(<RedEnvelopePage />);
    const first = await screen.findByTestId('activity-envelope-1');
    expect(first.textContent).toContain('时间：11-24 08:00 至 11-25 08:00');
    expect(screen.getByTestId('activity-envelope-2').textContent).toContain(
      '近7天充值满100.00元才可领取（当前0.00元）',
    );
    expect(screen.getByTestId('activity-envelope-3').textContent).toContain('未开始');
    expect(screen.getByTestId('activity-envelope-4').textContent).toContain('已结束');
    expect(screen.getByTestId('activity-envelope-5').textContent).toContain('已领完');
    for (const id of [2, 3, 4, 5])
      expect(
        within(screen.getByTestId(`activity-envelope-${id}`)).queryByRole('button', {
          name: '领取',
        }),
      ).toBeNull();

    fireEvent.click(within(first).getByRole('button', { name: '领取' }));
    fireEvent.click(await screen.findByRole('button', { name: '开红包' }));
    expect((await screen.findByTestId('envelope-amount')).textContent).toBe('3.50元');
    expect(screen.getByTestId('envelope-balance').textContent).toBe('103.50');
    expect(pendingSeen).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(await readPendingAction(USER.userId, 'activityEnvelope')).toBeUndefined();
    expect(callsTo(RECEIVE)).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: '好的' }));
    expect((await screen.findByTestId('claimed-amount')).textContent).toBe('已领取 3.50 元');
    fireEvent.click(screen.getByRole('tab', { name: '我的领取' }));
    const records = await screen.findByRole('list', { name: '我的领取记录' });
    expect(records.textContent).toContain('+3.50 元');
  });

  it('shows a refusal inside the dialog', async () => {
    stubNetwork({
      [LIST]: () => ok({ serverTime: 0, list: [item(9, 'claimable')], records: [] }),
      [RECEIVE]: () => refuse('红包已被领完'),
    });
    render(<RedEnvelopePage />);
    fireEvent.click(await screen.findByRole('button', { name: '领取' }));
    fireEvent.click(await screen.findByRole('button', { name: '开红包' }));
    expect((await screen.findByRole('alert')).textContent).toBe('红包已被领完');
    expect(screen.queryByTestId('envelope-amount')).toBeNull();
  });

  it('shows the empty states, and a title with HTML as text', async () => {
    const title = '<img src=x onerror="window.hacked=1">';
    stubNetwork({
      [LIST]: () => ok({ serverTime: 0, list: [item(1, 'ended', { title })], records: [] }),
    });
    render(<RedEnvelopePage />);
    expect((await screen.findByRole('heading', { name: title })).textContent).toBe(title);
    expect(document.querySelector('img')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: '我的领取' }));
    expect(await screen.findByText('暂无领取记录')).toBeTruthy();
    cleanup();
    stubNetwork({ [LIST]: () => ok({ serverTime: 0, list: [], records: [] }) });
    render(<RedEnvelopePage />);
    expect(await screen.findByText('暂无红包活动，敬请期待')).toBeTruthy();
  });

  it('shows the error with a retry', async () => {
    let n = 0;
    stubNetwork({
      [LIST]: () =>
        ++n === 1
          ? refuse('服务繁忙')
          : ok({ serverTime: 0, list: [item(1, 'claimable')], records: [] }),
    });
    render(<RedEnvelopePage />);
    expect((await screen.findByRole('alert')).textContent).toBe('服务繁忙');
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByTestId('activity-envelope-1')).toBeTruthy();
  });

  it('says so when the network is gone (it leaves the server marked unreachable: kept after the other page tests)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    render(<RedEnvelopePage />);
    expect((await screen.findByRole('alert')).textContent).toBe('网络未连接，联网后将自动重新加载');
  });
});

function Badge({ enabled }: { enabled: boolean }) {
  return <span data-testid="badge">{badgeLabel(useActivityEnvelopeCount(enabled))}</span>;
}

describe('the activity envelope badge', () => {
  it('shows the count, 9+ above 9, nothing for none, and asks nothing for a guest', async () => {
    let count = 12;
    stubNetwork({ '/v1/activity/getActivityRedEnvelopeNumber': () => ok(count) });
    render(<Badge enabled={false} />);
    expect(screen.getByTestId('badge').textContent).toBe('');
    expect(callsTo('/v1/activity/getActivityRedEnvelopeNumber')).toHaveLength(0);
    cleanup();
    render(<Badge enabled />);
    await waitFor(() => expect(screen.getByTestId('badge').textContent).toBe('9+'));
    cleanup();
    queryClient.clear();
    count = 3;
    render(<Badge enabled />);
    await waitFor(() => expect(screen.getByTestId('badge').textContent).toBe('3'));
    cleanup();
    queryClient.clear();
    count = 0;
    render(<Badge enabled />);
    await waitFor(() =>
      expect(callsTo('/v1/activity/getActivityRedEnvelopeNumber')).toHaveLength(3),
    );
    expect(screen.getByTestId('badge').textContent).toBe('');
  });
});
