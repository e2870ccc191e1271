/**
 * Bet and chase records against a stubbed network: rows with settled numbers and pending texts, filters
 * sent as Beijing dates, 撤单 only while the issue is on sale (confirm first), chase cancel of the rest,
 * and the draw check recomputed in the browser.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { currentUser } from '../../src/client/state/session';
import { OverlayHost } from '../../src/client/ui';
import { beijingDate } from '../../src/client/features/records/format';
import { queryClient } from '../../src/client/query';
import BetRecordPage from '../../src/client/features/records/pages/BetRecordPage';
import SeekDetailPage from '../../src/client/features/records/pages/SeekDetailPage';
import VerifyDrawPage from '../../src/client/features/records/pages/VerifyDrawPage';
import { callsTo, ok, stubNetwork, USER, type Handler } from './records-net';

const ON_SALE = '202611230100';

function betRow(over: Record<string, unknown>) {
  return {
    id: 1,
    orderNo: 'B1',
    lotteryCode: '1008',
    lotteryName: '鸿运分分彩',
    issue: ON_SALE,
    playDetailCode: '1008WX_ZXFS',
    playName: '直选复式',
    bettingNumber: '1,2,3,4,5',
    bettingCount: 1,
    bettingAmount: '2.00',
    bettingPoint: 0,
    bettingUnit: 1,
    graduationCount: 1,
    status: 'PENDING',
    statusText: '等待开奖',
    returnAmount: '等待开奖',
    openNumber: null,
    createdAt: Date.now(),
    chaseId: null,
    ...over,
  };
}

// the settled stakes, their prize and rebate, 盈亏 their sum; a pending stake apart
const SUMMARY = {
  betCount: 4,
  betAmount: '6.00',
  pendingBetAmount: '2.00',
  prizeAmount: '19.50',
  winAmount: '19.50',
  rebateAmount: '0.00',
  profit: '13.50',
};

function recordHandlers(
  list: unknown[],
  extra: Record<string, Handler> = {},
): Record<string, Handler> {
  return {
    '/v1/betting/getBetting': () => ok({ list, total: list.length }),
    '/v1/betting/getBetData': () => ok(SUMMARY),
    '/v1/betting/nextIssueOpenData': () =>
      ok({
        lotteryCode: '1008',
        issue: ON_SALE,
        saleOpenTime: Date.now() - 10_000,
        closeTime: Date.now() + 50_000,
        openTime: Date.now() + 55_000,
        seedHash: 'x',
        serverTime: Date.now(),
        lastIssue: null,
        lastOpenNumber: null,
        lastStatus: null,
      }),
    ...extra,
  };
}

beforeEach(() => {
  currentUser.value = USER;
  queryClient.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('BetRecordPage', () => {
  it('lists bets with amount, return (number when settled, text otherwise) and status, with the totals', async () => {
    window.history.replaceState(null, '', '/betRecord');
    stubNetwork(
      recordHandlers([
        betRow({ id: 1 }),
        betRow({
          id: 2,
          issue: '202611230090',
          status: 'WON',
          statusText: '已中奖',
          returnAmount: 19.5,
          openNumber: '1,2,3,4,5',
        }),
        betRow({
          id: 3,
          issue: '202611230091',
          status: 'USER_CANCELLED',
          statusText: '已撤单',
          returnAmount: '已撤单',
        }),
      ]),
    );
    render(
      <>
        <BetRecordPage />
        <OverlayHost />
      </>,
    );
    const list = await screen.findByRole('list', { name: '投注记录' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]!.textContent).toContain('第202611230100期');
    expect(items[0]!.textContent).toContain('等待开奖');
    expect(items[1]!.textContent).toContain('派奖 19.50 元');
    expect(items[2]!.textContent).toContain('已撤单');
    expect(within(items[1]!).getByRole('link').getAttribute('href')).toBe('/betDetail?id=2');
    const totals = await screen.findByRole('region', { name: '投注统计' });
    const cells = within(totals)
      .getAllByRole('definition')
      .map((dd) => `${dd.previousElementSibling!.textContent}${dd.textContent}`);
    expect(cells).toEqual(['投注金额6.00', '中奖金额19.50', '返点金额0.00', '盈亏13.50']);
    expect(within(totals).getByTestId('pending-bet').textContent).toBe(
      '待开奖（不计入投注金额与盈亏）2.00',
    );
    // only the pending bet of the issue on sale can be cancelled
    await within(items[0]!).findByRole('button', { name: /撤单/ });
    expect(within(items[1]!).queryByRole('button', { name: /撤单/ })).toBeNull();
    expect(within(items[2]!).queryByRole('button', { name: /撤单/ })).toBeNull();
    const first = callsTo('/v1/betting/getBetting')[0]!;
    expect(first.query.get('startDate')).toBe(beijingDate(Date.now()));
    expect(first.query.get('endDate')).toBe(beijingDate(Date.now()));
    expect(first.query.get('page')).toBe('1');
  });

  it('does not offer 撤单 for a pending bet whose issue is no longer on sale', async () => {
    window.history.replaceState(null, '', '/betRecord');
    stubNetwork(recordHandlers([betRow({ id: 5, issue: '202611230099' })]));
    render(<BetRecordPage />);
    await screen.findByRole('list', { name: '投注记录' });
    await waitFor(() => expect(callsTo('/v1/betting/nextIssueOpenData')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: /撤单/ })).toBeNull();
  });

  it('cancels after confirmation and reloads; cancelling the dialog sends nothing', async () => {
    window.history.replaceState(null, '', '/betRecord');
    let cancelled = false;
    stubNetwork(
      recordHandlers([betRow({ id: 9 })], {
        '/v1/betting/getBetting': () =>
          ok({
            list: [
              cancelled
                ? betRow({
                    id: 9,
                    status: 'USER_CANCELLED',
                    statusText: '已撤单',
                    returnAmount: '已撤单',
                  })
                : betRow({ id: 9 }),
            ],
            total: 1,
          }),
        '/v1/betting/cancelBetting': () => {
          cancelled = true;
          return ok({ balance: '100.00' });
        },
      }),
    );
    render(
      <>
        <BetRecordPage />
        <OverlayHost />
      </>,
    );
    const cancel = await screen.findByRole('button', { name: /撤单/ });
    fireEvent.click(cancel);
    fireEvent.click(await screen.findByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: '取消' })).toBeNull());
    expect(callsTo('/v1/betting/cancelBetting')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: /撤单/ }));
    fireEvent.click(await screen.findByRole('button', { name: '撤单' }));
    await waitFor(() => expect(callsTo('/v1/betting/cancelBetting')).toHaveLength(1));
    expect(callsTo('/v1/betting/cancelBetting')[0]!.body.get('orderId')).toBe('9');
    await waitFor(() =>
      expect(screen.getByRole('list', { name: '投注记录' }).textContent).toContain('已撤单'),
    );
    expect(screen.queryByRole('button', { name: /撤单 第/ })).toBeNull();
  });

  it('sends the filters: lottery, status and 昨天 / 近7天 as Beijing dates', async () => {
    window.history.replaceState(null, '', '/betRecord');
    stubNetwork(recordHandlers([]));
    render(<BetRecordPage />);
    await screen.findByText('暂无投注记录');
    await screen.findByRole('option', { name: '鸿运快三' });
    fireEvent.change(screen.getByLabelText('彩种'), { target: { value: '1407' } });
    fireEvent.change(screen.getByLabelText('状态'), { target: { value: 'WON' } });
    fireEvent.click(screen.getByRole('tab', { name: '昨天' }));
    await waitFor(() =>
      expect(callsTo('/v1/betting/getBetting').at(-1)!.query.get('startDate')).toBe(
        beijingDate(Date.now(), 1),
      ),
    );
    const last = callsTo('/v1/betting/getBetting').at(-1)!;
    expect(last.query.get('lotteryCode')).toBe('1407');
    expect(last.query.get('status')).toBe('WON');
    expect(last.query.get('endDate')).toBe(beijingDate(Date.now(), 1));
    expect(callsTo('/v1/betting/getBetData').at(-1)!.query.get('status')).toBe('WON');
    fireEvent.click(screen.getByRole('tab', { name: '近7天' }));
    await waitFor(() =>
      expect(callsTo('/v1/betting/getBetting').at(-1)!.query.get('startDate')).toBe(
        beijingDate(Date.now(), 6),
      ),
    );
    expect(callsTo('/v1/betting/getBetting').at(-1)!.query.get('endDate')).toBe(
      beijingDate(Date.now()),
    );
  });

  it('loads the next page on 加载更多', async () => {
    window.history.replaceState(null, '', '/betRecord');
    stubNetwork(
      recordHandlers([], {
        '/v1/betting/getBetting': (c) => {
          const page = Number(c.query.get('page'));
          return ok({
            list: [
              betRow({
                id: page,
                issue: `20261123000${page}`,
                status: 'LOST',
                statusText: '未中奖',
                returnAmount: 0,
              }),
            ],
            total: 2,
          });
        },
      }),
    );
    render(<BetRecordPage />);
    fireEvent.click(await screen.findByRole('button', { name: '加载更多' }));
    await waitFor(() =>
      expect(screen.getAllByRole('link', { name: /鸿运分分彩/ })).toHaveLength(2),
    );
    expect(screen.getByText('共 2 条，已全部加载')).toBeTruthy();
  });
});

describe('SeekDetailPage', () => {
  it('cancels the remaining issues of a running chase after confirmation', async () => {
    window.history.replaceState(null, '', '/seekDetail?id=4');
    const chase = {
      id: 4,
      lotteryCode: '1008',
      lotteryName: '鸿运分分彩',
      playDetailCode: '1008WX_ZXFS',
      playName: '直选复式',
      startIssue: '202611230100',
      chaseCount: 3,
      finishedCount: 1,
      bettingAllAmount: '6.00',
      winAmount: '0.00',
      isStopAfterWinning: 1,
      status: 'running',
      statusText: '进行中',
      createdAt: Date.now(),
      orders: [
        betRow({
          id: 11,
          issue: '202611230100',
          status: 'LOST',
          statusText: '未中奖',
          returnAmount: 0,
          chaseId: 4,
        }),
        betRow({ id: 12, issue: '202611230101', chaseId: 4 }),
        betRow({ id: 13, issue: '202611230102', chaseId: 4 }),
      ],
    };
    stubNetwork({
      '/v1/betting/getChaseDetail': () => ok(chase),
      '/v1/betting/cancelAutoChaseBetting': () => ok({ refunded: '4.00', balance: '10.00' }),
    });
    render(
      <>
        <SeekDetailPage />
        <OverlayHost />
      </>,
    );
    fireEvent.click(await screen.findByRole('button', { name: /撤销剩余期数/ }));
    fireEvent.click(await screen.findByRole('button', { name: '撤销' }));
    await waitFor(() => expect(callsTo('/v1/betting/cancelAutoChaseBetting')).toHaveLength(1));
    const c = callsTo('/v1/betting/cancelAutoChaseBetting')[0]!;
    expect(c.body.get('chaseId')).toBe('4');
    expect(c.body.has('issues')).toBe(false);
    await waitFor(() => expect(callsTo('/v1/betting/getChaseDetail')).toHaveLength(2));
  });
});

describe('VerifyDrawPage', () => {
  it('shows the server check and recomputes hash and number in the browser', async () => {
    const seed = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';
    const hash = '4773d12e2371bb935b9a0f5439b4a1c3ad3f2414b86980f8418d1cfabdfadfef'; // sha256 of the seed bytes
    window.history.replaceState(null, '', '/verifyDraw?lotteryCode=1008&issue=202611230001');
    stubNetwork({
      '/v1/lottery/verifyDraw': () =>
        ok({
          lotteryCode: '1008',
          issue: '202611230001',
          seedHash: hash,
          seed,
          openNumber: '1,3,7,7,6',
          recomputed: '1,3,7,7,6',
          hashMatches: true,
          resultMatches: true,
          source: 'self',
          algorithm: '',
          corrections: [],
        }),
    });
    render(<VerifyDrawPage />);
    expect((await screen.findByText(/验证通过/)).getAttribute('role')).toBe('status');
    const local = await screen.findByText(/本机浏览器复算/);
    await waitFor(() => expect(local.parentElement!.textContent).toContain('1,3,7,7,6 一致'));
    expect(callsTo('/v1/lottery/verifyDraw')[0]!.query.get('issue')).toBe('202611230001');
  });

  it('says when the browser recomputation disagrees with the published number', async () => {
    const seed = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';
    window.history.replaceState(null, '', '/verifyDraw?lotteryCode=1008&issue=202611230001');
    stubNetwork({
      '/v1/lottery/verifyDraw': () =>
        ok({
          lotteryCode: '1008',
          issue: '202611230001',
          seedHash: 'ab',
          seed,
          openNumber: '9,9,9,9,9',
          recomputed: '9,9,9,9,9',
          hashMatches: true,
          resultMatches: true,
          source: 'self',
          algorithm: '',
          corrections: [],
        }),
    });
    render(<VerifyDrawPage />);
    const local = await screen.findByText(/本机浏览器复算/);
    await waitFor(() => expect(local.parentElement!.textContent).toContain('1,3,7,7,6 不一致'));
  });
});
