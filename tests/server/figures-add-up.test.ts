/**
 * Issue 24 item 2, figures that add up: a player under an agent bets (won, lost, tied, and one still
 * awaiting its draw), sends and opens chat red envelopes, gets a rebate and an activity bonus; then
 * /betRecord's totals (getBetData), /PLstatement (profitLoss), the player's own profit (userProfit)
 * and the agent's /agentReport (userAgentReport) and /lowerReport (childReport) are read. On every
 * screen 盈亏 is the signed sum of the columns it shows (domain/figures.ts SCREEN_COLUMNS), a figure
 * is the same on every screen that shows it for the same user and day, and the pending stake is shown
 * apart (待开奖), in neither 投注 nor 盈亏.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { COLUMNS, PENDING, SCREEN_COLUMNS, type Screen } from '../../src/domain/figures.ts';
import { formatFen, parseYuanToFen } from '../../src/domain/money.ts';
import { transfer } from '../../src/server/ledger/ledger.ts';
import { settleIssue } from '../../src/server/lottery/settlement/index.ts';
import { setupTestApp, type Json } from './helpers.ts';
import { ensureTestLotteries, makeIssue, placeBet, SSC } from './settlement-fixtures.ts';
import {
  open,
  player,
  playerBalance,
  recordOf,
  room,
  sendIn,
  type Player,
} from './redenvelope-fixtures.ts';
import { transferIds } from '../../src/domain/transferIds.ts';

const ctx = await setupTestApp();
const sql = ctx.sql;
const START_FEN = 1_000_000;
const ODDS = { dragon: 21_000, tiger: 21_000, tie: 90_000 };
const fen = (yuan: string) => parseYuanToFen(String(yuan), { allowNegative: true })!;

/** The screen's 盈亏 recomputed from the columns it shows. */
function columnSum(screen: Screen, data: Json): number {
  return SCREEN_COLUMNS[screen].reduce(
    (s, c) => s + COLUMNS[c].sign * fen(data[COLUMNS[c].field]),
    0,
  );
}

let agent: Player;
let p: Player;
const settled = { stakeFen: 0, prizeFen: 0, rebateFen: 0 };
let pendingFen = 0;
let activityFen = 0;
let envelopeFen = 0;
let screens: { betRecord: Json; pl: Json; own: Json; team: Json; lower: Json; row: Json };

beforeAll(async () => {
  await ensureTestLotteries(sql);
  agent = await player(ctx, START_FEN);
  p = await player(ctx, START_FEN);
  await sql`update users set is_agent = true where id = ${agent.userId}`;
  await sql`update users set parent_id = ${agent.userId} where id = ${p.userId}`;
  await sql`insert into user_prize_groups (user_id, family, prize_group) values (${agent.userId}, 'SSC', 1960), (${p.userId}, 'SSC', 1940)`;

  // a drawn issue: 万 1 wins, 万 9 loses, 龙 on 万千 (1 = 1) ties and is refunded; rebates on all
  const issue = `FIG-${p.userId}`;
  await makeIssue(sql, SSC, issue, { result: '1,1,3,4,5' });
  const base = { userId: p.userId, issue, userGroup: 1940, rebatePermille: 10 };
  const bets = [
    await placeBet(sql, { ...base, playCode: 'DWD', number: '1,-,-,-,-', multiple: 2 }),
    await placeBet(sql, { ...base, playCode: 'DWD', number: '9,-,-,-,-', multiple: 3 }),
    await placeBet(sql, {
      ...base,
      playCode: 'LH',
      number: '龙,-,-,-,-,-,-,-,-,-',
      stakePerLineFen: 500,
      odds: ODDS,
    }),
  ];
  await settleIssue(sql, SSC, issue);
  const rows = await sql<{ status: string; amount: number; payout: number; rebate: number }[]>`
    select status, amount, payout, rebate from bets where id = any(${bets.map((b) => b.id)}::bigint[]) order by id`;
  expect(rows.map((r) => r.status)).toEqual(['WON', 'LOST', 'TIE_REFUND']);
  for (const r of rows) {
    settled.stakeFen += r.amount;
    settled.prizeFen += r.payout;
    settled.rebateFen += r.rebate;
  }
  expect(settled.rebateFen).toBeGreaterThan(0);

  // a bet awaiting its draw
  const later = `FIG-${p.userId}-open`;
  await makeIssue(sql, SSC, later, { closeInSec: 3_600 });
  pendingFen = (
    await placeBet(sql, {
      ...base,
      issue: later,
      playCode: 'DWD',
      number: '5,-,-,-,-',
      multiple: 4,
    })
  ).amount;

  // an activity bonus (活动奖励)
  activityFen = 888;
  await transfer(sql, {
    transferId: transferIds.fixture(`fig-bonus:${p.userId}`),
    from: { kind: 'house', userId: null },
    to: { kind: 'player', userId: p.userId },
    amountFen: activityFen,
    typeCode: 209,
    userId: p.userId,
  });

  // red envelopes: the player sends one the agent opens, and opens one the agent sends
  const roomCode = (await room(ctx)).roomCode;
  const sent = await sendIn(p, roomCode, { num: 2, type: 2, amount: '10.00' });
  expect(sent.code, sent.msg).toBe(1);
  expect((await open(agent, recordOf(sent.data), roomCode)).data.state).toBe(1);
  const theirs = await sendIn(agent, roomCode, { num: 3, type: 1, amount: '2.72' });
  expect(theirs.code, theirs.msg).toBe(1);
  const got = await open(p, recordOf(theirs.data), roomCode);
  expect(got.data.state).toBe(1);
  envelopeFen = fen(got.data.amount) - 1_000;

  const day = await p.get('/v1/report/userReport/profitLoss', {});
  const today = day.data.date as string;
  const range = { startTime: today, endTime: today };
  const lower = await agent.get('/v1/report/agentReport/childReport', range);
  screens = {
    betRecord: (await p.get('/v1/betting/getBetData', { startDate: today, endDate: today })).data,
    pl: day.data,
    own: (await p.get('/v1/report/userReport/userProfit', range)).data,
    team: (await agent.get('/v1/report/agentReport/userAgentReport', range)).data,
    lower: lower.data,
    row: lower.data.list.find((r: { userId: number }) => r.userId === p.userId),
  };
  expect(screens.row).toBeDefined();
}, 60_000);

describe('figures that add up', () => {
  it('on every screen 盈亏 is the sum of the columns it shows', () => {
    const { betRecord, pl, own, team, lower, row } = screens;
    expect(fen(betRecord.profit)).toBe(columnSum('betRecord', betRecord));
    expect(fen(pl.profit)).toBe(columnSum('plStatement', pl));
    for (const f of [own, own.list[0], team, lower.self, row])
      expect(fen(f.profit)).toBe(columnSum('teamReport', f));
  });

  it('the same figure is the same on every screen for the same player and day', () => {
    const { betRecord, pl, own, row } = screens;
    const same = (field: string, ...xs: Json[]) => {
      const values = xs.map((x) => x[field]);
      expect(new Set(values), `${field}: ${values.join(' / ')}`).toEqual(new Set([values[0]]));
    };
    for (const c of SCREEN_COLUMNS.betRecord)
      same(COLUMNS[c].field, betRecord, pl, own, own.list[0], row);
    for (const c of SCREEN_COLUMNS.plStatement) same(COLUMNS[c].field, pl, own, own.list[0], row);
    same(PENDING.field, betRecord, pl, own, own.list[0], row);
    same('profit', pl, own, own.list[0], row);
    // the betting screen's 盈亏 is the statement's less the columns it does not show
    expect(fen(betRecord.profit)).toBe(
      fen(pl.profit) -
        fen(pl.activityAmount) -
        fen(pl.redEnvelopeAmount) -
        fen(pl.walletIncome) -
        fen(pl.otherAmount),
    );
  });

  it('the values are the bets, rebate, bonus and envelopes themselves; red envelopes land in 红包', () => {
    const { pl } = screens;
    expect(pl).toMatchObject({
      betAmount: formatFen(settled.stakeFen),
      prizeAmount: formatFen(settled.prizeFen),
      rebateAmount: formatFen(settled.rebateFen),
      activityAmount: formatFen(activityFen),
      redEnvelopeAmount: formatFen(envelopeFen),
      otherAmount: '0.00',
      walletIncome: '0.00',
    });
    expect(fen(pl.profit)).toBe(
      settled.prizeFen - settled.stakeFen + settled.rebateFen + activityFen + envelopeFen,
    );
  });

  it('the pending stake is shown apart, in neither 投注 nor 盈亏; the wallet agrees', async () => {
    const { betRecord, pl, team } = screens;
    for (const f of [betRecord, pl, team]) expect(f[PENDING.field]).toBe(formatFen(pendingFen));
    expect(betRecord.betAmount).toBe(formatFen(settled.stakeFen));
    expect(betRecord.betCount).toBe(4);
    // the wallet's change = recharge − withdrawal + 盈亏 − the stake awaiting its draw
    const moved = (await playerBalance(sql, p.userId)) - START_FEN;
    expect(moved).toBe(
      fen(pl.rechargeAmount) - START_FEN - fen(pl.withdrawAmount) + fen(pl.profit) - pendingFen,
    );
  });

  it("the agent's team figures are the player's plus the agent's own: its upline rebate and envelopes", () => {
    const { team, lower, row } = screens;
    expect(team.pendingBetAmount).toBe(row.pendingBetAmount);
    expect(fen(team.betAmount)).toBe(fen(row.betAmount));
    expect(fen(team.rebateAmount)).toBeGreaterThan(fen(row.rebateAmount)); // the agent's share (502)
    // the two envelopes' money stays inside the team, less what is still in the agent's escrow
    expect(fen(team.redEnvelopeAmount)).toBeLessThan(0);
    expect(fen(team.redEnvelopeAmount)).toBeGreaterThanOrEqual(-1_000 - 816);
    expect(lower.self).toMatchObject({
      profit: team.profit,
      redEnvelopeAmount: team.redEnvelopeAmount,
    });
  });
});
