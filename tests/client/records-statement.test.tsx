/**
 * /PLstatement: the money side (recharges, withdrawals, rebates, activity income, the day's total)
 * from the profit-loss report beside the betting side, both for today's Beijing date; an error of one
 * side leaves the other shown.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { currentUser } from '../../src/client/state/session';
import { beijingDate } from '../../src/client/features/records/format';
import PLStatementPage from '../../src/client/features/records/pages/PLStatementPage';
import { type Call, callsTo, ok, refuse, stubNetwork, USER } from './records-net';
import { presetRange } from '../../src/domain/agent/reportRange';

const REPORT = {
  date: '2026-11-23', rechargeAmount: '1050.00', withdrawAmount: '302.00', betAmount: '270.00', prizeAmount: '480.00',
  rebateAmount: '5.40', activityAmount: '18.88', walletIncome: '2.00', otherAmount: '-7.00', profit: '229.28',
};
const BETS = { betCount: 3, betAmount: '270.00', winAmount: '480.00', rebateAmount: '5.40', profit: '215.40' };
const PL = '/v1/report/userReport/profitLoss';
const PROFIT = '/v1/report/userReport/userProfit';
const RANK = '/v1/report/userReport/userProfitRank';
const FIG = {
  betAmount: '270.00', validBetAmount: '270.00', prizeAmount: '480.00', rebateAmount: '5.40', activityAmount: '18.88',
  rechargeAmount: '0.00', withdrawAmount: '0.00', profit: '234.28', firstRechargeCount: 0, newMemberCount: 0, activeMemberCount: 1, betMemberCount: 1,
};
/** The 盈亏排行 card's calls: my profit over the asked range, the top list per dateType. */
const RANK_NET = {
  [PROFIT]: () => ok({ ...FIG, list: [] }),
  [RANK]: (c: Call) => ok(c.query.get('dateType') === '3'
    ? { list: [{ rank: 1, userName: 'ab***', profit: '9000.00' }, { rank: 2, userName: 'pl***', profit: '234.28' }], mine: { rank: 2, profit: '234.28' } }
    : { list: [], mine: { rank: null, profit: '0.00' } }),
};

beforeEach(() => { currentUser.value = USER; window.history.replaceState(null, '', '/PLstatement'); });
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

describe('PLStatementPage', () => {
  it('shows the money side and the betting side of today', async () => {
    stubNetwork({ [PL]: () => ok(REPORT), '/v1/betting/getBetData': () => ok(BETS), ...RANK_NET });
    render(<PLStatementPage />);
    const money = await screen.findByRole('region', { name: '资金统计' });
    for (const text of ['充值金额1050.00', '提现金额302.00', '返点金额5.40', '活动收入18.88', '虚拟钱包收益2.00', '其他-7.00']) {
      expect(money.textContent).toContain(text);
    }
    const profit = screen.getByTestId('pl-profit');
    expect(profit.textContent).toBe('229.28');
    expect(profit.className).toContain('text-red-700');
    expect((await screen.findByRole('region', { name: '彩票投注' })).textContent).toContain('215.40');
    expect(callsTo(PL)[0]!.query.get('date')).toBe(beijingDate(Date.now()));
    expect(callsTo('/v1/betting/getBetData')[0]!.query.get('startDate')).toBe(beijingDate(Date.now()));
  });

  it('keeps the betting side when the report fails, and retries the report', async () => {
    let fail = true;
    stubNetwork({ [PL]: () => (fail ? refuse('系统繁忙，请稍后再试') : ok({ ...REPORT, profit: '-3.00' })), '/v1/betting/getBetData': () => ok(BETS), ...RANK_NET });
    render(<PLStatementPage />);
    expect((await screen.findByRole('alert')).textContent).toBe('系统繁忙，请稍后再试');
    await screen.findByRole('region', { name: '彩票投注' });
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(screen.getByTestId('pl-profit').textContent).toBe('-3.00'));
    expect(screen.getByTestId('pl-profit').className).toContain('text-green-700');
  });

  it('shows my profit and the profit rank for today, this week and this month', async () => {
    stubNetwork({ [PL]: () => ok(REPORT), '/v1/betting/getBetData': () => ok(BETS), ...RANK_NET });
    render(<PLStatementPage />);
    const card = await screen.findByRole('region', { name: '盈亏排行' });
    await waitFor(() => expect(screen.getByTestId('my-rank').textContent).toContain('未上榜'));
    expect(card.textContent).toContain('暂无排行数据');
    expect((await screen.findByRole('region', { name: '我的盈亏' })).textContent).toContain('盈亏234.28');
    const today = beijingDate(Date.now());
    expect(callsTo(PROFIT)[0]!.query.get('startTime')).toBe(today);
    expect(callsTo(RANK)[0]!.query.get('dateType')).toBe('1');

    fireEvent.click(screen.getByRole('tab', { name: '本周' }));
    await waitFor(() => expect(callsTo(RANK).at(-1)!.query.get('dateType')).toBe('2'));
    expect(callsTo(PROFIT).at(-1)!.query.get('startTime')).toBe(presetRange('thisWeek', Date.now()).startDate);

    fireEvent.click(screen.getByRole('tab', { name: '本月' }));
    const board = await screen.findByRole('list', { name: '盈亏排行榜' });
    expect(board.textContent).toContain('ab***');
    expect(board.textContent).toContain('9000.00');
    expect(screen.getByTestId('my-rank').textContent).toContain('第2名');
    expect(callsTo(PROFIT).at(-1)!.query.get('startTime')).toBe(`${today.slice(0, 8)}01`);
    expect(callsTo(PROFIT).at(-1)!.query.get('endTime')).toBe(today);
  });
});
