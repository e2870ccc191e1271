/**
 * /PLstatement: one report (profitLoss) for today's Beijing date: every column its 盈亏 adds up
 * (domain/figures.ts), 盈亏 equal to their sum, the stakes awaiting their draw apart, recharges and
 * withdrawals outside 盈亏; a refusal is explained and retried.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { currentUser } from '../../src/client/state/session';
import { beijingDate } from '../../src/client/features/records/format';
import PLStatementPage from '../../src/client/features/records/pages/PLStatementPage';
import { type Call, callsTo, ok, refuse, stubNetwork, USER } from './records-net';
import { presetRange } from '../../src/domain/agent/reportRange';

const REPORT = {
  date: '2026-11-23',
  rechargeAmount: '1050.00',
  withdrawAmount: '302.00',
  betAmount: '270.00',
  pendingBetAmount: '68.00',
  prizeAmount: '480.00',
  rebateAmount: '5.40',
  activityAmount: '18.88',
  redEnvelopeAmount: '-2.72',
  walletIncome: '2.00',
  otherAmount: '-7.00',
  profit: '226.56',
};
const PL = '/v1/report/userReport/profitLoss';
const PROFIT = '/v1/report/userReport/userProfit';
const RANK = '/v1/report/userReport/userProfitRank';
const FIG = {
  betAmount: '270.00',
  pendingBetAmount: '68.00',
  validBetAmount: '270.00',
  prizeAmount: '480.00',
  rebateAmount: '5.40',
  activityAmount: '18.88',
  redEnvelopeAmount: '0.00',
  walletIncome: '0.00',
  otherAmount: '0.00',
  rechargeAmount: '0.00',
  withdrawAmount: '0.00',
  profit: '234.28',
  firstRechargeCount: 0,
  newMemberCount: 0,
  activeMemberCount: 1,
  betMemberCount: 1,
};
/** The 盈亏排行 card's calls: my profit over the asked range, the top list per dateType. */
const RANK_NET = {
  [PROFIT]: () => ok({ ...FIG, list: [] }),
  [RANK]: (c: Call) =>
    ok(
      c.query.get('dateType') === '3'
        ? {
            list: [
              { rank: 1, userName: 'ab***', profit: '9000.00' },
              { rank: 2, userName: 'pl***', profit: '234.28' },
            ],
            mine: { rank: 2, profit: '234.28' },
          }
        : { list: [], mine: { rank: null, profit: '0.00' } },
    ),
};

beforeEach(() => {
  currentUser.value = USER;
  window.history.replaceState(null, '', '/PLstatement');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PLStatementPage', () => {
  it('shows every column of 盈亏, 盈亏 their sum, the pending stakes apart and recharges outside', async () => {
    stubNetwork({ [PL]: () => ok(REPORT), ...RANK_NET });
    render(<PLStatementPage />);
    const card = await screen.findByRole('region', { name: '盈亏统计' });
    const cells = within(card)
      .getAllByRole('definition')
      .map((dd) => [dd.previousElementSibling!.textContent, dd.textContent]);
    expect(cells.slice(0, 7)).toEqual([
      ['投注金额', '270.00'],
      ['中奖金额', '480.00'],
      ['返点金额', '5.40'],
      ['活动收入', '18.88'],
      ['红包收支', '-2.72'],
      ['虚拟钱包收益', '2.00'],
      ['其他', '-7.00'],
    ]);
    // the 盈亏 shown is the sum of the columns shown beside it
    const fen = (t: string | null) => Math.round(Number(t) * 100);
    const sum = cells
      .slice(0, 7)
      .reduce((s, [label, v]) => s + (label === '投注金额' ? -fen(v) : fen(v)), 0);
    const profit = screen.getByTestId('pl-profit');
    expect(fen(profit.textContent)).toBe(sum);
    expect(profit.textContent).toBe('226.56');
    expect(profit.className).toContain('text-red-700');
    expect(screen.getByTestId('pending-bet').textContent).toBe(
      '待开奖（不计入投注金额与盈亏）68.00',
    );
    expect(cells.slice(7)).toEqual([
      ['充值金额', '1050.00'],
      ['提现金额', '302.00'],
    ]);
    expect(card.textContent).toContain('充值与提现（不计入盈亏）');
    expect(callsTo(PL)[0]!.query.get('date')).toBe(beijingDate(Date.now()));
    // one report: the betting totals are /betRecord's, not a second 盈亏 here
    expect(callsTo('/v1/betting/getBetData')).toHaveLength(0);
  });

  it('explains a refused report and retries it', async () => {
    let fail = true;
    stubNetwork({
      [PL]: () => (fail ? refuse('系统繁忙，请稍后再试') : ok({ ...REPORT, profit: '-3.00' })),
      ...RANK_NET,
    });
    render(<PLStatementPage />);
    expect((await screen.findByRole('alert')).textContent).toBe('系统繁忙，请稍后再试');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(screen.getByTestId('pl-profit').textContent).toBe('-3.00'));
    expect(screen.getByTestId('pl-profit').className).toContain('text-green-700');
  });

  it('shows my profit and the profit rank for today, this week and this month', async () => {
    stubNetwork({ [PL]: () => ok(REPORT), ...RANK_NET });
    render(<PLStatementPage />);
    const card = await screen.findByRole('region', { name: '盈亏排行' });
    await waitFor(() => expect(screen.getByTestId('my-rank').textContent).toContain('未上榜'));
    expect(card.textContent).toContain('暂无排行数据');
    const mine = (await screen.findByRole('region', { name: '我的盈亏' })).textContent;
    for (const t of [
      '投注金额270.00',
      '红包收支0.00',
      '虚拟钱包收益0.00',
      '其他0.00',
      '盈亏234.28',
      '待开奖68.00',
    ])
      expect(mine).toContain(t);
    const today = beijingDate(Date.now());
    expect(callsTo(PROFIT)[0]!.query.get('startTime')).toBe(today);
    expect(callsTo(RANK)[0]!.query.get('dateType')).toBe('1');

    fireEvent.click(screen.getByRole('tab', { name: '本周' }));
    await waitFor(() => expect(callsTo(RANK).at(-1)!.query.get('dateType')).toBe('2'));
    expect(callsTo(PROFIT).at(-1)!.query.get('startTime')).toBe(
      presetRange('thisWeek', Date.now()).startDate,
    );

    fireEvent.click(screen.getByRole('tab', { name: '本月' }));
    const board = await screen.findByRole('list', { name: '盈亏排行榜' });
    expect(board.textContent).toContain('ab***');
    expect(board.textContent).toContain('9000.00');
    expect(screen.getByTestId('my-rank').textContent).toContain('第2名');
    expect(callsTo(PROFIT).at(-1)!.query.get('startTime')).toBe(`${today.slice(0, 8)}01`);
    expect(callsTo(PROFIT).at(-1)!.query.get('endTime')).toBe(today);
  });
});
