/** Draw correction: the old settlement reversed and settled again at the next version. */
import { describe, expect, it } from 'vitest';
import { SELF_RUN_NOT_CORRECTABLE } from '../../src/domain/lottery/correction.ts';
import { correctionsOf } from '../../src/server/lottery/settlement/correct.ts';
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
  spend,
  SSC,
  transfersOf,
} from './settlement-fixtures.ts';
import { OFF, sql, issueState } from './settlement-correct-fixtures.ts';

describe('correctIssue', () => {
  it('reverses the old settlement (taking what the balance allows), records the shortfall and settles again', async () => {
    const op = await makeUser(sql);
    const parent = await makeUser(sql, { group: 1960 });
    const u = await makeUser(sql, { group: 1950, parentId: parent });
    await fund(sql, u, 10_000);
    await makeIssue(sql, OFF, 'R-1', { result: '5,0,0,0,0' });
    // wins 19.5 yuan × 10 = 19,500 fen on 5; rebate 1% = 20 fen of 2000; parent (1960 − 1950)/2000 → 10 fen
    const a = await placeBet(sql, {
      code: OFF,
      userId: u,
      issue: 'R-1',
      playCode: 'DWD',
      number: '5,-,-,-,-',
      multiple: 10,
      userGroup: 1950,
      rebatePermille: 10,
    });
    // loses on 5, wins on 6 after the correction
    const b = await placeBet(sql, {
      code: OFF,
      userId: u,
      issue: 'R-1',
      playCode: 'DWD',
      number: '6,-,-,-,-',
      multiple: 1,
      userGroup: 1950,
    });
    await settleIssue(sql, OFF, 'R-1');
    expect(await betRow(sql, a.id)).toMatchObject({
      status: 'WON',
      payout: 19_300,
      rebate: 20,
      settled_version: 0,
    });
    const balanceAfterWin = 10_000 - 2000 - 200 + 19_300 + 20;
    expect(await playerBalance(sql, u)).toBe(balanceAfterWin);
    // the player spends most of the prize before the correction; 500 fen stay
    await spend(sql, u, balanceAfterWin - 500);

    expect(await correctIssue(sql, OFF, 'R-1', '6,0,0,0,0', op)).toEqual({ resultVersion: 1 });
    expect(await issueState('R-1', OFF)).toMatchObject({
      status: 'settled',
      result: '6,0,0,0,0',
      result_version: 1,
    });
    // a: the prize 19,300 and rebate 20 go back: 500 taken from the prize, the rest is a shortfall;
    //    then it settles LOST at v1 and earns its rebate again.
    expect(await betRow(sql, a.id)).toMatchObject({
      status: 'LOST',
      payout: 0,
      rebate: 20,
      settled_version: 1,
    });
    const ta = (await transfersOf(sql, a.id)).map((t) => [
      t.transfer_id,
      t.type_code,
      t.amount,
      t.user_id,
    ]);
    expect(ta).toEqual([
      [`bet:${a.id}`, 301, 2000, u],
      [`win:${a.id}:v0`, 201, 19_300, u],
      [`rev:win:${a.id}:v0`, 310, 500, u],
    ]);
    // the rebates of the batch (a and b): own 20 on a; parent 10 on a + floor(200 × 10 / 2000) = 1 on b
    const batch = (v: number) => `${a.id}-${b.id}:v${v}`;
    const rb = (v: number) => `rb:${OFF}:R-1:${u}:${batch(v)}`;
    const urb = (v: number) => `urb:${OFF}:R-1:${parent}:${batch(v)}`;
    expect(
      (await issueTransfers(sql, 'R-1', OFF)).map((t) => [
        t.transfer_id,
        t.type_code,
        t.amount,
        t.user_id,
      ]),
    ).toEqual([
      [rb(0), 501, 20, u],
      [urb(0), 502, 11, parent],
      [`rev:${urb(0)}`, 310, 11, parent],
      [rb(1), 501, 20, u],
      [urb(1), 502, 11, parent],
    ]);
    const shortfalls = await sql<
      { transfer_id: string; amount: number; user_id: number; bet_id: number }[]
    >`
      select transfer_id, amount, user_id, bet_id from settlement_shortfalls order by id`;
    expect(shortfalls).toEqual([
      { transfer_id: `rev:win:${a.id}:v0`, amount: 19_300 - 500, user_id: u, bet_id: a.id },
      { transfer_id: `rev:${rb(0)}`, amount: 20, user_id: u, bet_id: a.id },
    ]);
    // b now wins 19.5 yuan at v1
    expect(await betRow(sql, b.id)).toMatchObject({
      status: 'WON',
      payout: 1950,
      settled_version: 1,
    });
    expect(await playerBalance(sql, u)).toBe(0 + 20 + 1950);
    // parent: 10 on a and floor(200 × 10 / 2000) = 1 on b, both at v1
    expect(await playerBalance(sql, parent)).toBe(11);

    // a second correction reverses v1 (fully covered now) and settles v2
    expect(await correctIssue(sql, OFF, 'R-1', '7,0,0,0,0', op)).toEqual({ resultVersion: 2 });
    expect(await betRow(sql, b.id)).toMatchObject({ status: 'LOST', settled_version: 2 });
    expect((await transfersOf(sql, b.id)).map((t) => t.transfer_id)).toEqual([
      `bet:${b.id}`,
      `win:${b.id}:v1`,
      `rev:win:${b.id}:v1`,
    ]);
    expect(
      (await issueTransfers(sql, 'R-1', OFF)).slice(5).map((t) => [t.transfer_id, t.amount]),
    ).toEqual([
      [`rev:${rb(1)}`, 20],
      [`rev:${urb(1)}`, 11],
      [rb(2), 20],
      [urb(2), 11],
    ]);
    expect(await playerBalance(sql, u)).toBe(20);
    expect(await playerBalance(sql, parent)).toBe(11);
    // no new shortfall: the v1 credits were covered
    const [n] = await sql<{ n: number }[]>`select count(*)::int as n from settlement_shortfalls`;
    expect(n!.n).toBe(2);
    // each correction left its audit row: who, before, after, the version it made
    const [opName] = await sql<
      { user_name: string }[]
    >`select user_name from users where id = ${op}`;
    expect(
      (await correctionsOf(sql, OFF, 'R-1')).map((c) => [
        c.operatorId,
        c.operatorName,
        c.before,
        c.after,
        c.resultVersion,
        c.reason,
      ]),
    ).toEqual([
      [op, opName!.user_name, '5,0,0,0,0', '6,0,0,0,0', 1, null],
      [op, opName!.user_name, '6,0,0,0,0', '7,0,0,0,0', 2, null],
    ]);
  });

  it('refuses a self-run issue whatever the result, changing nothing; the issue can still be voided', async () => {
    const op = await makeUser(sql);
    const u = await makeUser(sql, { group: 1950 });
    await fund(sql, u, 10_000);
    await makeIssue(sql, SSC, 'S-1', { result: '5,0,0,0,0' });
    const bet = await placeBet(sql, {
      userId: u,
      issue: 'S-1',
      playCode: 'DWD',
      number: '5,-,-,-,-',
      userGroup: 1950,
    });
    await settleIssue(sql, SSC, 'S-1');
    const before = {
      issue: await issueState('S-1'),
      bet: await betRow(sql, bet.id),
      transfers: await transfersOf(sql, bet.id),
    };
    for (const result of ['6,0,0,0,0', '1,2,3', '5,0,0,0,0']) {
      await expect(correctIssue(sql, SSC, 'S-1', result, op, '官方公告')).rejects.toThrow(
        SELF_RUN_NOT_CORRECTABLE,
      );
    }
    expect({
      issue: await issueState('S-1'),
      bet: await betRow(sql, bet.id),
      transfers: await transfersOf(sql, bet.id),
    }).toEqual(before);
    expect(await correctionsOf(sql, SSC, 'S-1')).toEqual([]);
    expect(await cancelIssue(sql, SSC, 'S-1', '开奖异常，撤单退款', op)).toEqual({ refunded: 1 });
    expect(await playerBalance(sql, u)).toBe(10_000);
  });

  it('keeps the reason; a correction whose audit row cannot be written does not happen at all', async () => {
    const op = await makeUser(sql);
    const u = await makeUser(sql, { group: 1950 });
    await fund(sql, u, 10_000);
    await makeIssue(sql, OFF, 'R-5', { result: '5,0,0,0,0' });
    const bet = await placeBet(sql, {
      code: OFF,
      userId: u,
      issue: 'R-5',
      playCode: 'DWD',
      number: '5,-,-,-,-',
      userGroup: 1950,
    });
    await settleIssue(sql, OFF, 'R-5');
    // the audit insert fails (this test database only): the reversal and new result must roll back with it
    await sql`alter table lottery_result_corrections add constraint audit_fails check (reason is distinct from 'audit-fails')`;
    await expect(correctIssue(sql, OFF, 'R-5', '6,0,0,0,0', op, 'audit-fails')).rejects.toThrow(
      'audit_fails',
    );
    await sql`alter table lottery_result_corrections drop constraint audit_fails`;
    expect(await issueState('R-5', OFF)).toMatchObject({
      status: 'settled',
      result: '5,0,0,0,0',
      result_version: 0,
    });
    expect(await betRow(sql, bet.id)).toMatchObject({ status: 'WON', settled_version: 0 });
    expect((await transfersOf(sql, bet.id)).map((t) => t.transfer_id)).toEqual([
      `bet:${bet.id}`,
      `win:${bet.id}:v0`,
    ]);
    expect(await correctionsOf(sql, OFF, 'R-5')).toEqual([]);
    await correctIssue(sql, OFF, 'R-5', '6,0,0,0,0', op, '  官方更正公告 ');
    const [row] = await correctionsOf(sql, OFF, 'R-5');
    expect(row).toMatchObject({
      before: '5,0,0,0,0',
      after: '6,0,0,0,0',
      resultVersion: 1,
      reason: '官方更正公告',
    });
    expect(Math.abs(row!.correctedAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect(await betRow(sql, bet.id)).toMatchObject({ status: 'LOST', settled_version: 1 });
  });

  it('a correction in the middle of a settlement run leaves every bet settled once at the new version', async () => {
    const op = await makeUser(sql);
    const u = await makeUser(sql, { group: 1950 });
    await fund(sql, u, 1_000_000);
    await makeIssue(sql, OFF, 'R-4', { result: '3,0,0,0,0' });
    const bets = [];
    for (let i = 0; i < 120; i++) {
      bets.push(
        await placeBet(sql, {
          code: OFF,
          userId: u,
          issue: 'R-4',
          playCode: 'DWD',
          number: `${i % 10},-,-,-,-`,
          userGroup: 1950,
        }),
      );
    }
    let finished = false;
    const running = settleIssue(sql, OFF, 'R-4', { batchSize: 3, workers: 1 }).then(
      () => (finished = true),
    );
    for (let n = 0; n < 6; ) {
      [{ n }] = await sql<
        { n: number }[]
      >`select count(*)::int as n from bets where issue = 'R-4' and status <> 'PENDING'`;
    }
    const midway = !finished;
    const corrected = await correctIssue(sql, OFF, 'R-4', '4,0,0,0,0', op);
    await running;
    expect(corrected).toEqual({ resultVersion: 1 });
    expect(await issueState('R-4', OFF)).toMatchObject({ status: 'settled', result_version: 1 });
    for (const [i, b] of bets.entries()) {
      expect(await betRow(sql, b.id)).toMatchObject({
        status: i % 10 === 4 ? 'WON' : 'LOST',
        settled_version: 1,
      });
    }
    expect(await playerBalance(sql, u)).toBe(1_000_000 - 120 * 200 + 12 * 1950);
    // the first run had paid v0 prizes before the correction, and was still going
    const [rev] = await sql<{ n: number }[]>`
      select count(*)::int as n from transfers t join bets b on t.ref = 'bet:' || b.id
      where b.issue = 'R-4' and t.type_code = 310`;
    expect(rev!.n).toBeGreaterThan(0);
    expect(midway).toBe(true);
  });

  it('refuses bad results and issues that cannot be corrected, changing nothing', async () => {
    const op = await makeUser(sql);
    await makeIssue(sql, OFF, 'R-2', { result: '1,2,3,4,5' });
    await makeIssue(sql, OFF, 'R-3', { closeInSec: 100 });
    await settleIssue(sql, OFF, 'R-2');
    await expect(correctIssue(sql, OFF, 'R-2', '1,2,3', op)).rejects.toThrow('开奖号码应为5个');
    await expect(correctIssue(sql, OFF, 'R-2', '1,2,3,4,a', op)).rejects.toThrow(
      '开奖号码格式错误',
    );
    await expect(correctIssue(sql, OFF, 'R-2', '1,2,3,4,10', op)).rejects.toThrow(
      '开奖号码应在0至9之间',
    );
    await expect(correctIssue(sql, OFF, 'R-2', '1,2,3,4,5', op)).rejects.toThrow(
      '开奖号码与原结果相同',
    );
    await expect(correctIssue(sql, OFF, 'R-3', '1,2,3,4,5', op)).rejects.toThrow('该期尚未开奖');
    await expect(correctIssue(sql, OFF, 'R-404', '1,2,3,4,5', op)).rejects.toThrow('期号不存在');
    await expect(correctIssue(sql, '0000', 'R-2', '1,2,3,4,5', op)).rejects.toThrow('彩种不存在');
    await makeIssue(sql, OFF, 'R-6', { result: '1,2,3,4,5' });
    await cancelIssue(sql, OFF, 'R-6', '官方停开', op);
    await expect(correctIssue(sql, OFF, 'R-6', '1,1,1,1,1', op)).rejects.toThrow('该期已撤单');
    expect(await correctionsOf(sql, OFF, 'R-2')).toEqual([]);
    expect(await issueState('R-2', OFF)).toMatchObject({
      status: 'settled',
      result: '1,2,3,4,5',
      result_version: 0,
    });
  });
});
