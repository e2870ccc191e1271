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
import { callsTo, ok, refuse, stubNetwork, USER } from './records-net';

const REPORT = {
  date: '2026-11-23', rechargeAmount: '1050.00', withdrawAmount: '302.00', betAmount: '270.00', prizeAmount: '480.00',
  rebateAmount: '5.40', activityAmount: '18.88', walletIncome: '2.00', otherAmount: '-7.00', profit: '229.28',
};
const BETS = { betCount: 3, betAmount: '270.00', winAmount: '480.00', rebateAmount: '5.40', profit: '215.40' };
const PL = '/v1/report/userReport/profitLoss';

beforeEach(() => { currentUser.value = USER; window.history.replaceState(null, '', '/PLstatement'); });
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

describe('PLStatementPage', () => {
  it('shows the money side and the betting side of today', async () => {
    stubNetwork({ [PL]: () => ok(REPORT), '/v1/betting/getBetData': () => ok(BETS) });
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
    stubNetwork({ [PL]: () => (fail ? refuse('系统繁忙，请稍后再试') : ok({ ...REPORT, profit: '-3.00' })), '/v1/betting/getBetData': () => ok(BETS) });
    render(<PLStatementPage />);
    expect((await screen.findByRole('alert')).textContent).toBe('系统繁忙，请稍后再试');
    await screen.findByRole('region', { name: '彩票投注' });
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(screen.getByTestId('pl-profit').textContent).toBe('-3.00'));
    expect(screen.getByTestId('pl-profit').className).toContain('text-green-700');
  });
});
