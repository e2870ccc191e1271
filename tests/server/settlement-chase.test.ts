/** Chase continuation at settlement (lottery-rules.md §2.5): stop after win, finish when done. */
import { afterEach, describe, expect, it } from 'vitest';
import { cancelIssue, settleIssue } from '../../src/server/lottery/settlement/index.ts';
import {
  betRow,
  drawIssue,
  expectLedgerSound,
  fund,
  makeChase,
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

async function chaseStatus(id: number): Promise<string> {
  const [row] = await sql<{ status: string }[]>`select status from chases where id = ${id}`;
  return row!.status;
}

describe('chase continuation', () => {
  it('a win stops a stop-after-win chase: later open issues are refunded (203), closed ones still play', async () => {
    const u = await makeUser(sql, { group: 1950 });
    await fund(sql, u, 100_000);
    await makeIssue(sql, SSC, 'C-1', { result: '5,0,0,0,0' });
    await makeIssue(sql, SSC, 'C-2', { closeInSec: -5 }); // closed, waiting for its draw
    await makeIssue(sql, SSC, 'C-3', { closeInSec: 300 });
    await makeIssue(sql, SSC, 'C-4', { closeInSec: 600 });
    const chase = await makeChase(sql, u, {
      stopAfterWin: true,
      playCode: 'DWD',
      number: '5,-,-,-,-',
      startIssue: 'C-1',
      count: 4,
    });
    const b = [];
    for (const issue of ['C-1', 'C-2', 'C-3', 'C-4']) {
      b.push(
        await placeBet(sql, {
          userId: u,
          issue,
          playCode: 'DWD',
          number: '5,-,-,-,-',
          multiple: 2,
          userGroup: 1950,
          chaseId: chase,
        }),
      );
    }
    const afterStakes = await playerBalance(sql, u);
    await settleIssue(sql, SSC, 'C-1');
    expect(await betRow(sql, b[0]!.id)).toMatchObject({ status: 'WON', payout: 3900 });
    expect(await betRow(sql, b[1]!.id)).toMatchObject({ status: 'PENDING' });
    for (const s of [b[2]!, b[3]!]) {
      expect(await betRow(sql, s.id)).toMatchObject({ status: 'CHASE_STOPPED', refund: 400 });
      expect(
        (await transfersOf(sql, s.id)).map((t) => [t.transfer_id, t.type_code, t.amount]),
      ).toEqual([
        [`bet:${s.id}`, 302, 400],
        [`chase:${s.id}`, 203, 400],
      ]);
    }
    expect(await chaseStatus(chase)).toBe('stopped');
    expect(await playerBalance(sql, u)).toBe(afterStakes + 3900 + 800);

    // the closed issue still settles; the chase stays stopped
    await drawIssue(sql, SSC, 'C-2', '5,1,1,1,1');
    await settleIssue(sql, SSC, 'C-2');
    expect(await betRow(sql, b[1]!.id)).toMatchObject({ status: 'WON' });
    expect(await chaseStatus(chase)).toBe('stopped');
    expect(await playerBalance(sql, u)).toBe(afterStakes + 2 * 3900 + 800);
  });

  it('a chase without stop-after-win goes on after a win and finishes when its last bet settles', async () => {
    const u = await makeUser(sql, { group: 1950 });
    await fund(sql, u, 100_000);
    await makeIssue(sql, SSC, 'D-1', { result: '5,0,0,0,0' });
    await makeIssue(sql, SSC, 'D-2', { closeInSec: 300 });
    const chase = await makeChase(sql, u, {
      stopAfterWin: false,
      playCode: 'DWD',
      number: '5,-,-,-,-',
      startIssue: 'D-1',
      count: 2,
    });
    const first = await placeBet(sql, {
      userId: u,
      issue: 'D-1',
      playCode: 'DWD',
      number: '5,-,-,-,-',
      userGroup: 1950,
      chaseId: chase,
    });
    const second = await placeBet(sql, {
      userId: u,
      issue: 'D-2',
      playCode: 'DWD',
      number: '5,-,-,-,-',
      userGroup: 1950,
      chaseId: chase,
    });
    await settleIssue(sql, SSC, 'D-1');
    expect(await betRow(sql, first.id)).toMatchObject({ status: 'WON' });
    expect(await betRow(sql, second.id)).toMatchObject({ status: 'PENDING' });
    expect(await chaseStatus(chase)).toBe('running');
    await drawIssue(sql, SSC, 'D-2', '1,0,0,0,0');
    await settleIssue(sql, SSC, 'D-2');
    expect(await betRow(sql, second.id)).toMatchObject({ status: 'LOST' });
    expect(await chaseStatus(chase)).toBe('finished');
  });

  it('a losing stop-after-win chase keeps going; a system-cancelled issue does not stop it', async () => {
    const u = await makeUser(sql, { group: 1950 });
    await fund(sql, u, 100_000);
    await makeIssue(sql, SSC, 'E-1', { result: '1,0,0,0,0' });
    await makeIssue(sql, SSC, 'E-2', { closeInSec: -5 });
    await makeIssue(sql, SSC, 'E-3', { closeInSec: 300 });
    const chase = await makeChase(sql, u, {
      stopAfterWin: true,
      playCode: 'DWD',
      number: '5,-,-,-,-',
      startIssue: 'E-1',
      count: 3,
    });
    const bets = [];
    for (const issue of ['E-1', 'E-2', 'E-3']) {
      bets.push(
        await placeBet(sql, {
          userId: u,
          issue,
          playCode: 'DWD',
          number: '5,-,-,-,-',
          userGroup: 1950,
          chaseId: chase,
        }),
      );
    }
    await settleIssue(sql, SSC, 'E-1');
    expect(await betRow(sql, bets[0]!.id)).toMatchObject({ status: 'LOST' });
    expect(await betRow(sql, bets[2]!.id)).toMatchObject({ status: 'PENDING' });
    expect(await cancelIssue(sql, SSC, 'E-2', '官方未开奖', u)).toEqual({ refunded: 1 });
    expect(await betRow(sql, bets[1]!.id)).toMatchObject({
      status: 'SYSTEM_CANCELLED',
      refund: 200,
    });
    expect(await betRow(sql, bets[2]!.id)).toMatchObject({ status: 'PENDING' });
    expect(await chaseStatus(chase)).toBe('running');
    await drawIssue(sql, SSC, 'E-3', '5,0,0,0,0');
    await sql`update lottery_issues set close_at = now() - interval '1 second' where lottery_code = ${SSC} and issue = 'E-3'`;
    await settleIssue(sql, SSC, 'E-3');
    expect(await betRow(sql, bets[2]!.id)).toMatchObject({ status: 'WON' });
    expect(await chaseStatus(chase)).toBe('finished');
  });
});
