/** Lottery info calls: the list, the issue on sale (seed hidden), schedules, results and the play catalogue. */
import { beforeAll, describe, expect, it } from 'vitest';
import { formatFen } from '../../src/domain/money.ts';
import {
  LOTTERY_FAMILIES,
  playsOf,
  prizePerLineFen,
  issueAt,
  nextIssues,
} from '../../src/domain/lottery/index.ts';
import { ensureIssueRows, upcomingIssues } from '../../src/server/lottery/issues.ts';
import { dwdEntry, fund, requestId } from './betting-fixtures.ts';
import { loadLottery, type Lottery } from '../../src/server/lottery/lotteries.ts';
import { setupTestApp, type TestContext } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupTestApp();
});

async function lottery(code: string): Promise<Lottery> {
  const l = await loadLottery(ctx.sql, code);
  if (!l) throw new Error(`no lottery ${code}`);
  return l;
}

/** Past issues of a self-run lottery drawn with the given results (oldest first), as if the scheduler had run. */
async function drawnIssues(code: string, results: string[]): Promise<string[]> {
  const l = await lottery(code);
  if (l.schedule.kind !== 'selfRun') throw new Error('self-run lotteries only');
  const start = issueAt(
    l.schedule,
    Date.now() - (results.length + 1) * l.schedule.intervalSec * 1000,
  );
  const issues = [
    start.issue,
    ...nextIssues(l.schedule, start.issue, results.length - 1).map((i) => i.issue),
  ];
  await ensureIssueRows(ctx.sql, l, issues);
  for (const [i, issue] of issues.entries()) {
    await ctx.sql`update lottery_issues set result = ${results[i]!}, status = 'settled', drawn_at = now() where lottery_code = ${code} and issue = ${issue}`;
  }
  return issues;
}

describe('lotteryConfig', () => {
  it('lists enabled lotteries with a self-run game in every family', async () => {
    const res = await ctx.client().get('/v1/management/content/lotteryConfig');
    expect(res.code).toBe(1);
    const list = res.data.lotteryList as {
      lotteryCode: string;
      family: string;
      source: string;
      intervalSec: number;
      closeLeadSec: number;
    }[];
    for (const f of LOTTERY_FAMILIES) {
      expect(
        list.some(
          (l) => l.family === f && l.source === 'self' && [60, 180, 300].includes(l.intervalSec),
        ),
        f,
      ).toBe(true);
    }
    // default odds are quoted at the cap group, so the client gets it with the list
    expect(list.find((l) => l.lotteryCode === '1300')).toMatchObject({ prizeGroupCap: 1960 });
    expect(list.find((l) => l.lotteryCode === '1201')).toMatchObject({ prizeGroupCap: 1900 });
    for (const code of ['1201', '1202', '1301', '1302', '1315']) {
      expect(list.find((l) => l.lotteryCode === code)?.source).toBe('official');
    }
    const ssc = list.find((l) => l.lotteryCode === '1008')!;
    expect(ssc).toMatchObject({
      lotteryName: '极速时时彩',
      family: 'SSC',
      intervalSec: 60,
      enabled: true,
    });
    expect(ssc.closeLeadSec).toBeGreaterThanOrEqual(5);
    expect(ssc.closeLeadSec).toBeLessThanOrEqual(10);
  });
});

describe('nextIssueOpenData', () => {
  it('gives the issue on sale with its seed hash and never the seed', async () => {
    const before = Date.now();
    const res = await ctx.client().get('/v1/betting/nextIssueOpenData', { lotteryCode: '1008' });
    expect(res.code).toBe(1);
    const d = res.data;
    expect(d.issue).toMatch(/^\d{12}$/);
    expect(d.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(d.closeTime).toBeGreaterThan(before);
    expect(d.openTime - d.closeTime).toBe(10_000);
    expect(d.saleOpenTime).toBeLessThanOrEqual(before + 1000);
    expect(typeof d.serverTime).toBe('number');
    const [row] = await ctx.sql<{ seed: string; seed_hash: string }[]>`
      select seed, seed_hash from lottery_issues where lottery_code = '1008' and issue = ${d.issue}`;
    expect(row!.seed_hash).toBe(d.seedHash);
    expect(JSON.stringify(res)).not.toContain(row!.seed);
    const verify = await ctx
      .client()
      .get('/v1/lottery/verifyDraw', { lotteryCode: '1008', issue: d.issue });
    expect(verify.code).not.toBe(1);
    expect(verify.msg).toContain('尚未开奖');
    expect(JSON.stringify(verify)).not.toContain(row!.seed);
  });

  it('official games have no seed hash; unknown codes are refused in Chinese', async () => {
    const res = await ctx.client().get('/v1/betting/nextIssueOpenData', { lotteryCode: '1201' });
    expect(res.data.issue).toMatch(/^\d{7}$/);
    expect(res.data.seedHash).toBeNull();
    const bad = await ctx.client().get('/v1/betting/nextIssueOpenData', { lotteryCode: '9999' });
    expect(bad.code).toBe(-1);
    expect(bad.msg).toBe('彩种不存在');
    const junk = await ctx
      .client()
      .get('/v1/betting/nextIssueOpenData', { lotteryCode: '1008', extra: 'x' });
    expect(junk.code).toBe(-1);
  });

  it('names the next issue when the one on sale was closed before its time (cancelled by the operator)', async () => {
    const first = (await ctx.client().get('/v1/betting/nextIssueOpenData', { lotteryCode: '1008' }))
      .data;
    const [, next] = upcomingIssues(await lottery('1008'), first.serverTime, 2);
    const operator = await ctx.userClient({ isOperator: true });
    expect(
      (
        await operator.post('/v1/admin/lottery/cancelIssue', {
          lotteryCode: '1008',
          issue: first.issue,
          remark: '测试撤单',
        })
      ).code,
    ).toBe(1);
    const after = await ctx.client().get('/v1/betting/nextIssueOpenData', { lotteryCode: '1008' });
    expect(after.data).toMatchObject({
      issue: next!.issue,
      closeTime: next!.closeAtMs,
      openTime: next!.drawAtMs,
    });
    expect(after.data.seedHash).toMatch(/^[0-9a-f]{64}$/);
    // and a bet may go on it
    const player = await ctx.userClient();
    await fund(ctx.sql, player.userId, 1000);
    const bet = await player.post('/v1/betting/addBetting', {
      bettingData: JSON.stringify([dwdEntry(after.data.issue)]),
      requestId: requestId(),
    });
    expect(bet.code, bet.msg).toBe(1);
  });
});

describe('schedules', () => {
  it('openTime lists today: 1440 one-minute issues, one daily draw', async () => {
    const res = await ctx.client().get('/v1/lottery/openTime', { lotteryCode: '1008' });
    expect(res.data.list).toHaveLength(1440);
    const [a, b] = res.data.list;
    expect(a.issue.slice(8)).toBe('0001');
    expect(b.openTime - a.openTime).toBe(60_000);
    expect(a.endTime).toBe(a.openTime - 10_000);
    expect(b.startTime).toBe(a.endTime);
    const daily = await ctx.client().get('/v1/lottery/openTime', { lotteryCode: '1201' });
    expect(daily.data.list).toHaveLength(1);
  });

  it('findSelfLotteryIssue gives up to 50 consecutive issues', async () => {
    const res = await ctx
      .client()
      .get('/v1/lottery/findSelfLotteryIssue', { lotteryCode: '1009', count: 50 });
    const list = res.data.list as { issue: string; closeTime: number; openTime: number }[];
    expect(list).toHaveLength(50);
    for (let i = 1; i < list.length; i++)
      expect(list[i]!.openTime - list[i - 1]!.openTime).toBe(300_000);
    expect(list[0]!.closeTime).toBeGreaterThan(Date.now());
    const tooMany = await ctx
      .client()
      .get('/v1/lottery/findSelfLotteryIssue', { lotteryCode: '1009', count: 51 });
    expect(tooMany.code).toBe(-1);
  });

  it('6hc/openTime lists the next 香港六合彩 draws on Tue/Thu/Sat evenings', async () => {
    const res = await ctx.client().get('/v1/lottery/6hc/openTime');
    const list = res.data.list as { issue: string; openTime: number }[];
    expect(list.length).toBeGreaterThanOrEqual(3);
    for (const i of list)
      expect([2, 4, 6]).toContain(new Date(i.openTime + 8 * 3600_000).getUTCDay());
  });
});

describe('results', () => {
  it('lotteryOpenData and openResult list drawn issues newest first', async () => {
    const issues = await drawnIssues('1412', ['1,2,3', '4,5,6', '2,2,2']);
    const recent = await ctx
      .client()
      .get('/v1/betting/lotteryOpenData', { lotteryCode: '1412', pageSize: 2 });
    expect(recent.data.list.map((r: { issue: string }) => r.issue)).toEqual([issues[2], issues[1]]);
    expect(recent.data.list[0].openNumber).toBe('2,2,2');
    const paged = await ctx
      .client()
      .get('/v1/lottery/openResult', { lotteryCode: '1412', page: 2, pageSize: 2 });
    expect(paged.data.total).toBe(3);
    expect(paged.data.list.map((r: { issue: string }) => r.issue)).toEqual([issues[0]]);
    const badDate = await ctx
      .client()
      .get('/v1/lottery/openResult', { lotteryCode: '1412', date: '2026-02-30' });
    expect(badDate.code).toBe(-1);
    expect(badDate.msg).toContain('日期');
  });
});

describe('howToPlay / lotteryPlays', () => {
  it('lists every play of the family with prizes at the default group', async () => {
    for (const code of ['1008', '1407', '1300', '1323', '1308']) {
      const l = await lottery(code);
      const res = await ctx.client().get('/v1/lottery/howToPlay', { lotteryCode: code });
      expect(res.code).toBe(1);
      const plays = res.data.groups.flatMap(
        (g: { plays: { playDetailCode: string }[] }) => g.plays,
      );
      expect(plays.map((p: { playDetailCode: string }) => p.playDetailCode).sort()).toEqual(
        playsOf(l.family)
          .map((p) => `${code}${p.code}`)
          .sort(),
      );
      for (const p of plays) expect(p.description.length).toBeGreaterThan(5);
    }
    const ssc = playsOf('SSC').find((p) => p.model === 'prizeGroup')!;
    const res = await ctx.client().get('/v1/lottery/lotteryPlays', { lotteryCode: '1008' });
    const info = res.data.groups
      .flatMap((g: { plays: unknown[] }) => g.plays)
      .find((p: { playDetailCode: string }) => p.playDetailCode === `1008${ssc.code}`);
    expect(info.tiers[0].prize).toBe(formatFen(prizePerLineFen(ssc.tiers[0]!, 1950)));
    // a play with its own rule text (helpZh) says how it wins, between the rows and the prizes
    const bdw = res.data.groups
      .flatMap((g: { plays: { playDetailCode: string; description: string }[] }) => g.plays)
      .find((p: { playDetailCode: string }) => p.playDetailCode === '1008WX_BDW1');
    expect(bdw.description).toContain('五位开奖号码包含该注号码（不限位置）即中奖。每注2元');
  });

  it('prices at the logged-in user’s own group', async () => {
    const user = await ctx.userClient();
    await ctx.sql`insert into user_prize_groups (user_id, family, prize_group) values (${user.userId}, 'SSC', 1960)`;
    const ssc = playsOf('SSC').find((p) => p.model === 'prizeGroup')!;
    const res = await user.get('/v1/lottery/lotteryPlays', { lotteryCode: '1008' });
    const info = res.data.groups
      .flatMap((g: { plays: unknown[] }) => g.plays)
      .find((p: { playDetailCode: string }) => p.playDetailCode === `1008${ssc.code}`);
    expect(info.tiers[0].prize).toBe(formatFen(prizePerLineFen(ssc.tiers[0]!, 1960)));
    const odds = res.data.groups
      .flatMap((g: { plays: { model: string; tiers: { prize: unknown }[] }[] }) => g.plays)
      .find((p: { model: string }) => p.model === 'odds');
    expect(typeof odds.tiers[0].prize).toBe('number');
  });
});

describe('longDragon', () => {
  it('reports a run of drawn issues with the two sides to bet', async () => {
    // five draws of all nines: 总和 45 is 大 and 单, every position 大 and 单
    await drawnIssues('1008', Array(5).fill('9,9,9,9,9'));
    const res = await ctx.client().get('/v1/lottery/longDragon', { type: 1 });
    expect(res.code).toBe(1);
    const rows = (
      res.data.list as {
        lotteryCode: string;
        name: string;
        desc: string;
        times: number;
        playCode: string;
        currIssue: string;
        endTime: number;
        options: { label: string; bettingNumber: string; odds: number }[];
      }[]
    ).filter((r) => r.lotteryCode === '1008');
    const sumBig = rows.find((r) => r.name === '和' && r.desc === '大')!;
    expect(sumBig.times).toBe(5);
    expect(sumBig.playCode).toBe('1008LM');
    expect(sumBig.currIssue).toMatch(/^\d{12}$/);
    expect(sumBig.endTime).toBeGreaterThan(Date.now());
    expect(sumBig.options.map((o) => o.bettingNumber)).toEqual(['大,-,-,-,-,-', '小,-,-,-,-,-']);
    for (const o of sumBig.options) expect(o.odds).toBeGreaterThan(1.5);
    expect(rows.find((r) => r.name === '万' && r.desc === '单')?.options[0]?.bettingNumber).toBe(
      '-,单,-,-,-,-',
    );
    // 万 = 个 is a tie for 龙虎: no dragon there
    expect(rows.some((r) => r.name === '龙虎')).toBe(false);
  });
});
