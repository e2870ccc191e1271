/** System cancel of an issue: settled and undrawn issues voided, stakes refunded. */
import { describe, expect, it } from 'vitest';
import { SELF_RUN_NOT_CORRECTABLE } from '../../src/domain/lottery/correction.ts';
import {
  cancelIssue,
  correctIssue,
  settleIssue,
} from '../../src/server/lottery/settlement/index.ts';
import {
  betRow,
  fund,
  issueTransfers,
  makeIssue,
  makeUser,
  placeBet,
  playerBalance,
  SSC,
  transfersOf,
} from './settlement-fixtures.ts';
import { sql, issueState } from './settlement-correct-fixtures.ts';

describe('cancelIssue', () => {
  it('voids a settled issue: reverses the settlement, refunds every stake (205), no rebate', async () => {
    const op = await makeUser(sql);
    const parent = await makeUser(sql, { group: 1960 });
    const u = await makeUser(sql, { group: 1950, parentId: parent });
    await fund(sql, u, 10_000);
    await makeIssue(sql, SSC, 'X-1', { result: '5,0,0,0,0' });
    const won = await placeBet(sql, {
      userId: u,
      issue: 'X-1',
      playCode: 'DWD',
      number: '5,-,-,-,-',
      userGroup: 1950,
      rebatePermille: 10,
    });
    const lost = await placeBet(sql, {
      userId: u,
      issue: 'X-1',
      playCode: 'DWD',
      number: '1,-,-,-,-',
      multiple: 3,
      userGroup: 1950,
    });
    await settleIssue(sql, SSC, 'X-1');
    expect(await betRow(sql, won.id)).toMatchObject({ status: 'WON', payout: 1930 });

    expect(await cancelIssue(sql, SSC, 'X-1', '  官方开奖异常 ', op)).toEqual({ refunded: 2 });
    expect(await issueState('X-1')).toMatchObject({
      status: 'cancelled',
      cancel_remark: '官方开奖异常',
    });
    expect(await betRow(sql, won.id)).toMatchObject({
      status: 'SYSTEM_CANCELLED',
      payout: 200,
      refund: 200,
      rebate: 0,
    });
    expect(await betRow(sql, lost.id)).toMatchObject({ status: 'SYSTEM_CANCELLED', refund: 600 });
    expect(
      (await transfersOf(sql, won.id)).map((t) => [t.transfer_id, t.type_code, t.amount]),
    ).toEqual([
      [`bet:${won.id}`, 301, 200],
      [`win:${won.id}:v0`, 201, 1930],
      [`sys:${won.id}`, 205, 200],
      [`rev:win:${won.id}:v0`, 310, 1930],
    ]);
    // the batch's rebates: own 2 on won; parent 1 on won + floor(600 × 10 / 2000) = 3 on lost; all reversed
    const batch = `${won.id}-${lost.id}:v0`;
    expect(
      (await issueTransfers(sql, 'X-1')).map((t) => [t.transfer_id, t.type_code, t.amount]),
    ).toEqual([
      [`rb:${SSC}:X-1:${u}:${batch}`, 501, 2],
      [`urb:${SSC}:X-1:${parent}:${batch}`, 502, 4],
      [`rev:rb:${SSC}:X-1:${u}:${batch}`, 310, 2],
      [`rev:urb:${SSC}:X-1:${parent}:${batch}`, 310, 4],
    ]);
    // back to where the player started; the parent keeps nothing
    expect(await playerBalance(sql, u)).toBe(10_000);
    expect(await playerBalance(sql, parent)).toBe(0);
    // again: nothing moves; settle and correct refuse or do nothing
    expect(await cancelIssue(sql, SSC, 'X-1', '再次', op)).toEqual({ refunded: 0 });
    expect(await settleIssue(sql, SSC, 'X-1')).toEqual({ settled: 0 });
    await expect(correctIssue(sql, SSC, 'X-1', '1,1,1,1,1', op)).rejects.toThrow(
      SELF_RUN_NOT_CORRECTABLE,
    );
    expect(await playerBalance(sql, u)).toBe(10_000);
  });

  it('voids an undrawn issue with pending bets; refuses a blank remark or unknown issue', async () => {
    const op = await makeUser(sql);
    const u = await makeUser(sql, { group: 1950 });
    await fund(sql, u, 5000);
    await makeIssue(sql, SSC, 'X-2', { closeInSec: -5 });
    const bet = await placeBet(sql, {
      userId: u,
      issue: 'X-2',
      playCode: 'DWD',
      number: '5,-,-,-,-',
      multiple: 5,
      userGroup: 1950,
    });
    await expect(cancelIssue(sql, SSC, 'X-2', '   ', op)).rejects.toThrow('请填写撤单原因');
    await expect(cancelIssue(sql, SSC, 'X-404', '原因', op)).rejects.toThrow('期号不存在');
    expect(await betRow(sql, bet.id)).toMatchObject({ status: 'PENDING' });
    expect(await cancelIssue(sql, SSC, 'X-2', '官方停售', op)).toEqual({ refunded: 1 });
    expect(await betRow(sql, bet.id)).toMatchObject({ status: 'SYSTEM_CANCELLED', refund: 1000 });
    expect(await playerBalance(sql, u)).toBe(5000);
    // a cancelled issue is never drawn into settlement
    await sql`update lottery_issues set result = '5,0,0,0,0' where lottery_code = ${SSC} and issue = 'X-2'`;
    expect(await settleIssue(sql, SSC, 'X-2')).toEqual({ settled: 0 });
  });
});
