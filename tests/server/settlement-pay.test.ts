/**
 * settleIssue pays prize-group and odds bets, ties and rebates (own and upline), with the amounts worked
 * out here from lottery-rules.md (§2.2, §13) and the stored odds — not from the settlement code.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { settleIssue } from '../../src/server/lottery/settlement/index.ts';
import {
  betRow,
  expectLedgerSound,
  fund,
  issueTransfers,
  makeIssue,
  makeUser,
  placeBet,
  playerBalance,
  SSC,
  testDb,
  transfersOf,
} from './settlement-fixtures.ts';

const { sql } = await testDb();
afterEach(() => expectLedgerSound(sql));

const ODDS = { dragon: 21_000, tiger: 21_000, tie: 90_000 }; // 2.1 / 2.1 / 9 (1/10000, stake included)

describe('settleIssue', () => {
  it('pays a prize-group ticket at its bet group (§13 定位胆 vector)', async () => {
    const u = await makeUser(sql, { group: 1950 });
    await fund(sql, u, 10_000);
    await makeIssue(sql, SSC, 'P-1', { result: '5,0,0,0,0' });
    // 定位胆 `1 4 5 7 9,-,-,-,-`, unit 0.1, ×1 → 5 lines, 1.00 yuan; 万 = 5 hits one line,
    // worth 19.5 yuan per 2-yuan line at 1950 → 1.95 yuan at 角.
    const win = await placeBet(sql, {
      userId: u,
      issue: 'P-1',
      playCode: 'DWD',
      number: '1 4 5 7 9,-,-,-,-',
      unit: 'jiao',
      userGroup: 1950,
    });
    expect(win.amount).toBe(100);
    const lose = await placeBet(sql, {
      userId: u,
      issue: 'P-1',
      playCode: 'DWD',
      number: '1 2,-,-,-,-',
      unit: 'yuan',
      userGroup: 1950,
    });
    expect(lose.amount).toBe(400);

    expect(await settleIssue(sql, SSC, 'P-1')).toEqual({ settled: 2 });
    expect(await betRow(sql, win.id)).toMatchObject({
      status: 'WON',
      payout: 195,
      refund: 0,
      rebate: 0,
      settled_version: 0,
    });
    expect(await betRow(sql, lose.id)).toMatchObject({
      status: 'LOST',
      payout: 0,
      refund: 0,
      rebate: 0,
    });
    expect(
      (await transfersOf(sql, win.id)).map((t) => [t.transfer_id, t.type_code, t.amount]),
    ).toEqual([
      [`bet:${win.id}`, 301, 100],
      [`win:${win.id}:v0`, 201, 195],
    ]);
    expect(await playerBalance(sql, u)).toBe(10_000 - 100 - 400 + 195);
    const [issue] =
      await sql`select status, settled_at from lottery_issues where lottery_code = ${SSC} and issue = 'P-1'`;
    expect(issue!.status).toBe('settled');
    expect(issue!.settled_at).not.toBeNull();
    // settled: calling again pays nothing
    expect(await settleIssue(sql, SSC, 'P-1')).toEqual({ settled: 0 });
    expect(await playerBalance(sql, u)).toBe(10_000 - 100 - 400 + 195);
  });

  it('takes the rebate at G_user 1960, bet at 1800 (§13: stake 100 → 8.00) and pays 五星直选 at 1800', async () => {
    const u = await makeUser(sql, { group: 1960 });
    await fund(sql, u, 20_000);
    await makeIssue(sql, SSC, 'P-2', { result: '1,2,3,4,5' });
    const bet = await placeBet(sql, {
      userId: u,
      issue: 'P-2',
      playCode: 'WX_ZXFS',
      number: '1,2,3,4,5',
      unit: 'yuan',
      multiple: 50,
      userGroup: 1960,
      rebatePermille: 80,
    });
    expect(bet).toMatchObject({ amount: 10_000, betGroup: 1800 });
    await settleIssue(sql, SSC, 'P-2');
    // 180,000 yuan per line at 1800 (§2.2), ×50
    expect(await betRow(sql, bet.id)).toMatchObject({
      status: 'WON',
      payout: 180_000 * 50 * 100,
      rebate: 800,
    });
    expect(await playerBalance(sql, u)).toBe(20_000 - 10_000 + 180_000 * 50 * 100 + 800);
  });

  it('pays upline rebates on the group differences, and the bettor its own', async () => {
    const top = await makeUser(sql, { group: 1960 });
    const mid = await makeUser(sql, { group: 1950, parentId: top });
    const u = await makeUser(sql, { group: 1940, parentId: mid });
    await fund(sql, u, 50_000);
    await makeIssue(sql, SSC, 'P-3', { result: '9,9,9,9,9' });
    const bet = await placeBet(sql, {
      userId: u,
      issue: 'P-3',
      playCode: 'DWD',
      number: '1,-,-,-,-',
      unit: 'yuan',
      multiple: 100,
      userGroup: 1940,
      rebatePermille: 20,
    });
    expect(bet.amount).toBe(20_000);
    await settleIssue(sql, SSC, 'P-3');
    expect(await betRow(sql, bet.id)).toMatchObject({
      status: 'LOST',
      rebate: (20_000 * 40) / 2000,
    });
    const ts = await transfersOf(sql, bet.id);
    expect(ts.map((t) => [t.transfer_id, t.type_code, t.amount, t.user_id])).toEqual([
      [`bet:${bet.id}`, 301, 20_000, u],
    ]);
    // rebates are credited per recipient per batch (here one bet), with the issue as ref
    const batch = `${bet.id}-${bet.id}:v0`;
    expect(
      (await issueTransfers(sql, 'P-3')).map((t) => [
        t.transfer_id,
        t.type_code,
        t.amount,
        t.user_id,
      ]),
    ).toEqual([
      [`rb:${SSC}:P-3:${u}:${batch}`, 501, 400, u],
      [`urb:${SSC}:P-3:${top}:${batch}`, 502, 100, top],
      [`urb:${SSC}:P-3:${mid}:${batch}`, 502, 100, mid],
    ]);
    expect(await playerBalance(sql, mid)).toBe(100);
    expect(await playerBalance(sql, top)).toBe(100);
  });

  it('pays odds tickets at their stored odds; a full tie refunds the stake with no rebate', async () => {
    const parent = await makeUser(sql, { group: 1960 });
    const u = await makeUser(sql, { group: 1950, parentId: parent });
    await fund(sql, u, 100_000);
    await makeIssue(sql, SSC, 'P-4', { result: '3,3,5,0,0' });
    // 万千 龙 (tie: 3 = 3, refunded under this lottery's rule) and 万百 虎 (3 < 5: wins)
    const mixed = await placeBet(sql, {
      userId: u,
      issue: 'P-4',
      playCode: 'LH',
      number: '龙,虎,-,-,-,-,-,-,-,-',
      stakePerLineFen: 1000,
      odds: ODDS,
      userGroup: 1950,
      rebatePermille: 10,
    });
    const tie = await placeBet(sql, {
      userId: u,
      issue: 'P-4',
      playCode: 'LH',
      number: '虎,-,-,-,-,-,-,-,-,-',
      stakePerLineFen: 500,
      odds: ODDS,
      userGroup: 1950,
      rebatePermille: 10,
    });
    const lost = await placeBet(sql, {
      userId: u,
      issue: 'P-4',
      playCode: 'LH',
      number: '-,龙,-,-,-,-,-,-,-,-',
      stakePerLineFen: 300,
      odds: ODDS,
      userGroup: 1950,
    });
    await settleIssue(sql, SSC, 'P-4');

    // mixed: 1000 × 2.1 won + 1000 refunded; rebate 1% and upline (1960 − 1950)/2000 only on the 1000 that played
    expect(await betRow(sql, mixed.id)).toMatchObject({
      status: 'WON',
      payout: 2100 + 1000,
      refund: 1000,
      rebate: 10,
    });
    expect((await transfersOf(sql, mixed.id)).map((t) => [t.transfer_id, t.amount])).toEqual([
      [`bet:${mixed.id}`, 2000],
      [`win:${mixed.id}:v0`, 2100],
      [`tie:${mixed.id}:v0`, 1000],
    ]);
    expect(await betRow(sql, tie.id)).toMatchObject({
      status: 'TIE_REFUND',
      payout: 500,
      refund: 500,
      rebate: 0,
    });
    expect(
      (await transfersOf(sql, tie.id)).map((t) => [t.transfer_id, t.type_code, t.amount]),
    ).toEqual([
      [`bet:${tie.id}`, 301, 500],
      [`tie:${tie.id}:v0`, 204, 500],
    ]);
    expect(await betRow(sql, lost.id)).toMatchObject({ status: 'LOST', payout: 0 });
    expect(await playerBalance(sql, u)).toBe(100_000 - 2000 - 500 - 300 + 3100 + 10 + 500);
    // parent: 5 on the mixed ticket + floor(300 × 10 / 2000) = 1 on the lost one; nothing on the tie;
    // one transfer per recipient for the batch, the sum of the per-bet (floored) amounts
    expect(await playerBalance(sql, parent)).toBe(5 + 1);
    const batch = `${mixed.id}-${lost.id}:v0`;
    expect(
      (await issueTransfers(sql, 'P-4')).map((t) => [t.transfer_id, t.type_code, t.amount]),
    ).toEqual([
      [`rb:${SSC}:P-4:${u}:${batch}`, 501, 10],
      [`urb:${SSC}:P-4:${parent}:${batch}`, 502, 5 + 1],
    ]);
  });

  it('prices an odds bet stored without odds at its bet group; voids a bet the catalogue cannot read', async () => {
    const u = await makeUser(sql, { group: 1950 });
    await fund(sql, u, 10_000);
    await makeIssue(sql, SSC, 'P-6', { result: '3,1,0,0,0' });
    const plain = await placeBet(sql, {
      userId: u,
      issue: 'P-6',
      playCode: 'LH',
      number: '龙,-,-,-,-,-,-,-,-,-',
      stakePerLineFen: 1000,
      userGroup: 1950,
    });
    await sql`update bets set odds = null where id = ${plain.id}`;
    const broken = await placeBet(sql, {
      userId: u,
      issue: 'P-6',
      playCode: 'DWD',
      number: '1,-,-,-,-',
      userGroup: 1950,
    });
    await sql`update bets set play_code = 'NO_SUCH_PLAY' where id = ${broken.id}`;
    await settleIssue(sql, SSC, 'P-6');
    // 龙 under this lottery's tie refund wins 45 of the 90 resolved draws (p = ½), class 两面 98.5 % at cap 1960:
    // odds = floor(9850 × 1950 × 10000 × 2 / (10000 × 1960)) / 10000 = 1.9599 → 1000 × 1.9599
    expect(await betRow(sql, plain.id)).toMatchObject({ status: 'WON', payout: 1959 });
    expect(await betRow(sql, broken.id)).toMatchObject({
      status: 'SYSTEM_CANCELLED',
      payout: 200,
      refund: 200,
    });
    expect(
      (await transfersOf(sql, broken.id)).map((t) => [t.transfer_id, t.type_code, t.amount]),
    ).toEqual([
      [`bet:${broken.id}`, 301, 200],
      [`sys:${broken.id}`, 205, 200],
    ]);
    expect(await playerBalance(sql, u)).toBe(10_000 - 1000 + 1959);
  });

  it('does nothing on an issue that is not drawn yet, and settles many bets across batches', async () => {
    const u = await makeUser(sql, { group: 1950 });
    await fund(sql, u, 1_000_000);
    await makeIssue(sql, SSC, 'P-5', { closeInSec: 600 });
    const bets = [];
    for (let i = 0; i < 25; i++) {
      bets.push(
        await placeBet(sql, {
          userId: u,
          issue: 'P-5',
          playCode: 'DWD',
          number: `${i % 10},-,-,-,-`,
          unit: 'yuan',
          userGroup: 1950,
        }),
      );
    }
    expect(await settleIssue(sql, SSC, 'P-5')).toEqual({ settled: 0 });
    expect(await betRow(sql, bets[0]!.id)).toMatchObject({ status: 'PENDING' });
    await sql`update lottery_issues set result = '7,1,1,1,1', status = 'drawn' where lottery_code = ${SSC} and issue = 'P-5'`;
    const before = await playerBalance(sql, u);
    expect(await settleIssue(sql, SSC, 'P-5', { batchSize: 4 })).toEqual({ settled: 25 });
    // the tickets on 7 (i = 7, 17) win 19.5 yuan each
    const won = bets.filter((_, i) => i % 10 === 7);
    for (const b of won)
      expect(await betRow(sql, b.id)).toMatchObject({ status: 'WON', payout: 1950 });
    expect(await playerBalance(sql, u)).toBe(before + won.length * 1950);
  });
});
