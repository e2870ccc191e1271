/** Operator lottery calls: settings, odds, issues, official results, correction (audited, official only) and system cancel. */
import { beforeAll, describe, expect, it } from 'vitest';
import { getPlay, issueAt, playOdds } from '../../src/domain/lottery/index.ts';
import { SELF_RUN_NOT_CORRECTABLE } from '../../src/domain/lottery/correction.ts';
import { maskName } from '../../src/domain/money.ts';
import { drawFromSeedHex } from '../../src/server/lottery/draw.ts';
import { ensureIssueRows } from '../../src/server/lottery/issues.ts';
import { settleIssue } from '../../src/server/lottery/settlement/index.ts';
import {
  clearLotteryCache,
  loadLottery,
  type Lottery,
} from '../../src/server/lottery/lotteries.ts';
import { setupTestApp, type TestContext } from './helpers.ts';

let ctx: TestContext;
let op: Awaited<ReturnType<TestContext['userClient']>>;
beforeAll(async () => {
  ctx = await setupTestApp();
  op = await ctx.userClient({ isOperator: true });
});

async function lottery(code: string): Promise<Lottery> {
  clearLotteryCache();
  return (await loadLottery(ctx.sql, code))!;
}

/** An issue of a lottery whose draw was `daysAgo` days ago (row created as the scheduler would). */
async function pastIssue(code: string, daysAgo: number): Promise<string> {
  const l = await lottery(code);
  const info = issueAt(l.schedule, Date.now() - daysAgo * 86_400_000 - 3600_000);
  await ensureIssueRows(ctx.sql, l, [info.issue]);
  return info.issue;
}

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

describe('issues and cancel', () => {
  it('lists issues awaiting a result and cancels one', async () => {
    const issue = await pastIssue('1302', 2);
    const awaiting = await op.get('/v1/admin/lottery/issues', {
      lotteryCode: '1302',
      status: 'awaiting',
    });
    expect(awaiting.code).toBe(1);
    expect(awaiting.data.list.map((r: { issue: string }) => r.issue)).toContain(issue);
    const noRemark = await op.post('/v1/admin/lottery/cancelIssue', {
      lotteryCode: '1302',
      issue,
      remark: ' ',
    });
    expect(noRemark.code).toBe(-1);
    const res = await op.post('/v1/admin/lottery/cancelIssue', {
      lotteryCode: '1302',
      issue,
      remark: '官方停开',
    });
    expect(res.code).toBe(1);
    expect(res.data.refunded).toBe(0);
    const after = await op.get('/v1/admin/lottery/issues', {
      lotteryCode: '1302',
      status: 'cancelled',
    });
    expect(after.data.list.map((r: { issue: string }) => r.issue)).toEqual([issue]);
    const late = await op.post('/v1/admin/lottery/openResult', {
      lotteryCode: '1302',
      issue,
      result: Array.from({ length: 20 }, (_, i) => i + 1).join(','),
    });
    expect(late.msg).toContain('撤单');
  });
});

describe('lottery settings', () => {
  it('updates enabled, cap and close lead (pending issues follow)', async () => {
    const list = await op.get('/v1/admin/lottery/list');
    expect(
      list.data.list.find((l: { lotteryCode: string }) => l.lotteryCode === '1009'),
    ).toMatchObject({ prizeGroupCap: 1960, closeLeadSec: 30 });
    const tooLong = await op.post('/v1/admin/lottery/update', {
      lotteryCode: '1009',
      closeLeadSec: 300,
    });
    expect(tooLong.code).toBe(-1);
    expect(tooLong.msg).toContain('封盘');
    const next = await ctx.client().get('/v1/betting/nextIssueOpenData', { lotteryCode: '1009' });
    const res = await op.post('/v1/admin/lottery/update', {
      lotteryCode: '1009',
      closeLeadSec: 45,
      prizeGroupCap: 1950,
      enabled: '0',
    });
    expect(res.code).toBe(1);
    expect(res.data).toMatchObject({ closeLeadSec: 45, prizeGroupCap: 1950, enabled: false });
    const [row] = await ctx.sql<{ close_at: Date; draw_at: Date }[]>`
      select close_at, draw_at from lottery_issues where lottery_code = '1009' and issue = ${next.data.issue}`;
    expect(row!.draw_at.getTime() - row!.close_at.getTime()).toBe(45_000);
    const config = await ctx.client().get('/v1/management/content/lotteryConfig');
    expect(
      config.data.lotteryList.some((l: { lotteryCode: string }) => l.lotteryCode === '1009'),
    ).toBe(false);
    const closed = await ctx.client().get('/v1/betting/nextIssueOpenData', { lotteryCode: '1009' });
    expect(closed.data.issue).toBeNull();
    await op.post('/v1/admin/lottery/update', {
      lotteryCode: '1009',
      enabled: '1',
      prizeGroupCap: 1960,
      closeLeadSec: 30,
    });
    clearLotteryCache();
  });

  it('sets and clears an odds override, capped at the fair odds', async () => {
    const tm = getPlay('LHC', 'TM')!;
    const bad = await op.post('/v1/admin/lottery/odds', {
      lotteryCode: '1300',
      playCode: 'TM',
      tierId: 'number',
      odds: '48.55555',
    });
    expect(bad.msg).toContain('赔率格式');
    const high = await op.post('/v1/admin/lottery/odds', {
      lotteryCode: '1300',
      playCode: 'TM',
      tierId: 'number',
      odds: '50',
    });
    expect(high.msg).toContain('公平赔率');
    const notOdds = await op.post('/v1/admin/lottery/odds', {
      lotteryCode: '1008',
      playCode: 'WX_ZXFS',
      tierId: 'win',
      odds: '2',
    });
    expect(notOdds.code).toBe(-1);
    const res = await op.post('/v1/admin/lottery/odds', {
      lotteryCode: '1300',
      playCode: 'TM',
      tierId: 'number',
      odds: '48.5',
    });
    expect(res.code).toBe(1);
    expect(res.data.odds).toEqual({ TM: { number: 48.5 } });
    clearLotteryCache();
    const plays = await ctx.client().get('/v1/lottery/howToPlay', { lotteryCode: '1300' });
    const info = plays.data.groups
      .flatMap((g: { plays: unknown[] }) => g.plays)
      .find((p: { playDetailCode: string }) => p.playDetailCode === '1300TM');
    // quoted at the cap (1960), scaled to the default group 1950
    expect(info.tiers[0].prize).toBe(
      playOdds(tm, 1950, { number: 485_000 }, 1960).number! / 10_000,
    );
    const cleared = await op.post('/v1/admin/lottery/odds', {
      lotteryCode: '1300',
      playCode: 'TM',
      tierId: 'number',
      odds: '',
    });
    expect(cleared.data.odds).toEqual({});
  });
});

describe('junk', () => {
  const GETS = [
    '/v1/betting/nextIssueOpenData',
    '/v1/betting/lotteryOpenData',
    '/v1/lottery/openTime',
    '/v1/lottery/openResult',
    '/v1/lottery/findSelfLotteryIssue',
    '/v1/lottery/howToPlay',
    '/v1/lottery/lotteryPlays',
    '/v1/lottery/longDragon',
    '/v1/lottery/verifyDraw',
    '/v1/admin/lottery/list',
    '/v1/admin/lottery/issues',
  ];
  const POSTS = [
    '/v1/admin/lottery/update',
    '/v1/admin/lottery/odds',
    '/v1/admin/lottery/openResult',
    '/v1/admin/lottery/correctResult',
    '/v1/admin/lottery/cancelIssue',
  ];
  const JUNK: Record<string, string | number>[] = [
    {},
    { lotteryCode: '' },
    { lotteryCode: '<b>1008</b>' },
    { lotteryCode: '1'.repeat(300) },
    { lotteryCode: '1008', issue: 'x'.repeat(30) },
    { lotteryCode: '1008', pageSize: 'abc', count: -1, page: 0 },
    { lotteryCode: '1008', date: '2026-13-45' },
    { type: 'x' },
    { lotteryCode: '1201', issue: '2026001', result: '1,2,3,4,5,6,7,8,9', remark: '\u0000' },
    { lotteryCode: '1008', closeLeadSec: Number.POSITIVE_INFINITY, odds: 'NaN' },
    { lotteryCode: '1300', playCode: 'TM', tierId: 'nope', odds: '2' },
    { lotteryCode: '1008', enabled: '2', prizeGroupCap: 99999 },
  ];

  it('answers every junk request with a Chinese refusal, never a 500', async () => {
    const guest = ctx.client();
    for (const client of [op, guest]) {
      for (const path of GETS) {
        for (const q of JUNK) {
          const res = await client.get(path, q);
          expect(res.status, `${path} ${JSON.stringify(q)}`).toBeLessThan(500);
          if (res.code !== 1)
            expect(res.msg, `${path} ${JSON.stringify(q)}`).toMatch(/[\u4e00-\u9fa5]/);
        }
      }
      for (const path of POSTS) {
        for (const q of JUNK) {
          const res = await client.post(path, q);
          expect(res.status, `${path} ${JSON.stringify(q)}`).toBeLessThan(500);
          expect(res.code, `${path} ${JSON.stringify(q)}`).not.toBe(1);
          expect(res.msg, `${path} ${JSON.stringify(q)}`).toMatch(/[\u4e00-\u9fa5]/);
        }
      }
    }
  });
});
