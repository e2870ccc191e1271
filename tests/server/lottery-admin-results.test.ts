/** Operator lottery calls: official results entered and corrected (audited, official only). */
import { describe, expect, it } from 'vitest';
import { issueAt } from '../../src/domain/lottery/index.ts';
import { SELF_RUN_NOT_CORRECTABLE } from '../../src/domain/lottery/correction.ts';
import { maskName } from '../../src/domain/money.ts';
import { drawFromSeedHex } from '../../src/server/lottery/draw.ts';
import { settleIssue } from '../../src/server/lottery/settlement/index.ts';
import { ctx, op, lottery, pastIssue } from './lottery-admin-fixtures.ts';

describe('openResult', () => {
  it('refuses malformed results with a Chinese message and changes nothing', async () => {
    const issue = await pastIssue('1201', 2);
    for (const [result, msg] of [
      ['a,b,c', '格式'],
      ['1,2', '3个'],
      ['1,2,10', '0至9'],
      ['', '开奖号码'],
    ]) {
      const res = await op.post('/v1/admin/lottery/openResult', {
        lotteryCode: '1201',
        issue,
        result,
      });
      expect(res.code, result).toBe(-1);
      expect(res.msg, result).toContain(msg);
    }
    const [row] =
      await ctx.sql`select status, result from lottery_issues where lottery_code = '1201' and issue = ${issue}`;
    expect(row).toEqual({ status: 'pending', result: null });
  });

  it('enters an official result (loosely typed), settles the issue and lists it', async () => {
    const issue = await pastIssue('1201', 3);
    const res = await op.post('/v1/admin/lottery/openResult', {
      lotteryCode: '1201',
      issue,
      result: ' 1，2, 3 ',
    });
    expect(res.code).toBe(1);
    expect(res.data).toEqual({ issue, status: 'settled' });
    const list = await ctx.client().get('/v1/betting/lotteryOpenData', { lotteryCode: '1201' });
    expect(list.data.list[0]).toMatchObject({ issue, openNumber: '1,2,3' });
    const again = await op.post('/v1/admin/lottery/openResult', {
      lotteryCode: '1201',
      issue,
      result: '4,5,6',
    });
    expect(again.code).toBe(-1);
    expect(again.msg).toContain('已开奖');
    // a correction bumps the version and keeps the history consistent
    const fix = await op.post('/v1/admin/lottery/correctResult', {
      lotteryCode: '1201',
      issue,
      result: '4,5,6',
    });
    expect(fix.code).toBe(1);
    expect(fix.data).toEqual({ issue, resultVersion: 1 });
    const [row] =
      await ctx.sql`select status, result from lottery_issues where lottery_code = '1201' and issue = ${issue}`;
    expect(row).toEqual({ status: 'settled', result: '4,5,6' });
    const badFix = await op.post('/v1/admin/lottery/correctResult', {
      lotteryCode: '1201',
      issue,
      result: '4,5',
    });
    expect(badFix.code).toBe(-1);
  });

  it('enters two-digit families in canonical form (六合彩)', async () => {
    const issue = await pastIssue('1301', 8);
    const dup = await op.post('/v1/admin/lottery/openResult', {
      lotteryCode: '1301',
      issue,
      result: '1,2,3,4,5,6,6',
    });
    expect(dup.msg).toContain('不能重复');
    const res = await op.post('/v1/admin/lottery/openResult', {
      lotteryCode: '1301',
      issue,
      result: '1,2,3,4,5,6,49',
    });
    expect(res.code).toBe(1);
    const [row] =
      await ctx.sql`select result from lottery_issues where lottery_code = '1301' and issue = ${issue}`;
    expect(row!.result).toBe('01,02,03,04,05,06,49');
  });

  it('refuses self-run games, issues not yet due and non-operators', async () => {
    const self = await op.post('/v1/admin/lottery/openResult', {
      lotteryCode: '1008',
      issue: '202611220001',
      result: '1,2,3,4,5',
    });
    expect(self.code).toBe(-1);
    expect(self.msg).toContain('自营');
    const l = await lottery('1201');
    const future = issueAt(l.schedule, Date.now() + 3 * 86_400_000).issue;
    const early = await op.post('/v1/admin/lottery/openResult', {
      lotteryCode: '1201',
      issue: future,
      result: '1,2,3',
    });
    expect(early.msg).toContain('未到开奖时间');
    const junkIssue = await op.post('/v1/admin/lottery/openResult', {
      lotteryCode: '1201',
      issue: '2026999',
      result: '1,2,3',
    });
    expect(junkIssue.msg).toBe('期号不存在');
    const player = await ctx.userClient();
    const res = await player.post('/v1/admin/lottery/openResult', {
      lotteryCode: '1201',
      issue: await pastIssue('1201', 4),
      result: '1,2,3',
    });
    expect(res.status).toBe(403);
    expect(res.code).not.toBe(1);
    const anon = await ctx.client().get('/v1/admin/lottery/list');
    expect(anon.code).not.toBe(1);
  });
});

describe('correctResult', () => {
  it('corrects an official result once, with its audit row published (operator masked) by verifyDraw', async () => {
    const issue = await pastIssue('1201', 5);
    expect(
      (
        await op.post('/v1/admin/lottery/openResult', {
          lotteryCode: '1201',
          issue,
          result: '1,2,3',
        })
      ).code,
    ).toBe(1);
    const fix = await op.post('/v1/admin/lottery/correctResult', {
      lotteryCode: '1201',
      issue,
      result: '3，2，1',
      reason: '官方更正公告',
    });
    expect(fix).toMatchObject({ code: 1, data: { issue, resultVersion: 1 } });
    const same = await op.post('/v1/admin/lottery/correctResult', {
      lotteryCode: '1201',
      issue,
      result: '3,2,1',
    });
    expect(same).toMatchObject({ code: -1, msg: '开奖号码与原结果相同' });
    const [audit] = await ctx.sql`
      select operator_id, operator_name, before_result, after_result, result_version, reason
      from lottery_result_corrections where lottery_code = '1201' and issue = ${issue}`;
    expect(audit).toEqual({
      operator_id: op.userId,
      operator_name: op.userName,
      before_result: '1,2,3',
      after_result: '3,2,1',
      result_version: 1,
      reason: '官方更正公告',
    });
    const verify = await ctx.client().get('/v1/lottery/verifyDraw', { lotteryCode: '1201', issue });
    expect(verify.code).toBe(1);
    expect(verify.data).toMatchObject({
      lotteryCode: '1201',
      issue,
      source: 'official',
      openNumber: '3,2,1',
      seed: null,
      seedHash: null,
      recomputed: null,
      resultMatches: null,
    });
    expect(verify.data.algorithm).toContain('官方');
    const [c] = verify.data.corrections;
    expect(verify.data.corrections).toHaveLength(1);
    expect(c).toMatchObject({
      operator: maskName(op.userName),
      before: '1,2,3',
      after: '3,2,1',
      reason: '官方更正公告',
    });
    expect(c.operator).not.toBe(op.userName);
    expect(JSON.stringify(verify.data)).not.toContain(op.userName);
    expect(Math.abs(c.correctedAt - Date.now())).toBeLessThan(60_000);
  });

  it('refuses to correct a self-run draw (fixed by its seed), changing nothing; cancel still works', async () => {
    const issue = await pastIssue('1008', 1);
    const [row] = await ctx.sql<
      { seed: string }[]
    >`select seed from lottery_issues where lottery_code = '1008' and issue = ${issue}`;
    const drawn = drawFromSeedHex('SSC', row!.seed);
    await ctx.sql`update lottery_issues set result = ${drawn}, status = 'drawn', drawn_at = now() where lottery_code = '1008' and issue = ${issue}`;
    await settleIssue(ctx.sql, '1008', issue);
    const other = drawn === '0,0,0,0,0' ? '1,1,1,1,1' : '0,0,0,0,0';
    for (const result of [other, drawn, 'junk', '']) {
      const res = await op.post('/v1/admin/lottery/correctResult', {
        lotteryCode: '1008',
        issue,
        result,
        reason: '试图更正',
      });
      expect(res, result).toMatchObject({ code: -1, msg: SELF_RUN_NOT_CORRECTABLE });
    }
    const [after] =
      await ctx.sql`select result, result_version, status from lottery_issues where lottery_code = '1008' and issue = ${issue}`;
    expect(after).toEqual({ result: drawn, result_version: 0, status: 'settled' });
    const verify = await ctx.client().get('/v1/lottery/verifyDraw', { lotteryCode: '1008', issue });
    expect(verify.data).toMatchObject({
      source: 'self',
      openNumber: drawn,
      recomputed: drawn,
      hashMatches: true,
      resultMatches: true,
      corrections: [],
    });
    const cancel = await op.post('/v1/admin/lottery/cancelIssue', {
      lotteryCode: '1008',
      issue,
      remark: '开奖异常，撤单退款',
    });
    expect(cancel).toMatchObject({ code: 1, data: { refunded: 0 } });
    const voided = await ctx.client().get('/v1/lottery/verifyDraw', { lotteryCode: '1008', issue });
    expect(voided).toMatchObject({
      code: -1,
      msg: '本期已撤销，全部投注已退款，没有开奖号码可验证',
    });
  });
});
