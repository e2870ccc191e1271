/** Operator lottery calls: issues and cancel, lottery settings and odds, and junk. */
import { describe, expect, it } from 'vitest';
import { getPlay, playOdds } from '../../src/domain/lottery/index.ts';
import { clearLotteryCache } from '../../src/server/lottery/lotteries.ts';
import { ctx, op, pastIssue } from './lottery-admin-fixtures.ts';

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
