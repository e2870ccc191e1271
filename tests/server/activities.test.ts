/**
 * Promotions (/v1/activity/*, /v1/admin/activities/*): bad input refused in Chinese, content
 * sanitised, check-ins and bonuses paid once through the ledger with their 2xx types and turnover,
 * eligibility from the period's recharges and valid bets, and exactly once under 50 concurrent calls.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { beijingFormTime, currentPeriod } from '../../src/domain/activity/index.ts';
import { encodeEnpath } from '../../src/domain/enpath.ts';
import { TxType } from '../../src/domain/txTypes.ts';
import { transfer } from '../../src/server/ledger/ledger.ts';
import {
  balanceOf,
  dwdEntry,
  expectLedgerSound,
  fund,
  requestId,
  saleIssue,
} from './betting-fixtures.ts';
import { setupTestApp, type TestClient } from './helpers.ts';
import { transferIds } from '../../src/domain/transferIds.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'activities-'));
const ctx = await setupTestApp({ DATA_DIR: dataDir });
const A = (n: string) => `/v1/activity/${n}`;
const ADM = (n: string) => `/v1/admin/activities/${n}`;
const HOUR = 3_600_000;

let op: TestClient;
beforeAll(async () => {
  op = await ctx.userClient({ isOperator: true });
});
afterEach(async () => {
  await ctx.sql`update activities set enabled = false`;
  await expectLedgerSound(ctx.sql);
});

function form(over: Record<string, string> = {}): Record<string, string> {
  return {
    category: '1',
    kind: 'info',
    title: '新春活动',
    content: '<h2>规则</h2><p>详情</p>',
    startTime: beijingFormTime(Date.now() - HOUR),
    endTime: beijingFormTime(Date.now() + 48 * HOUR),
    ...over,
  };
}
const CHECKIN_RULE = JSON.stringify({ rewards: ['1', '2', '3'], turnoverMultiple: '2' });
const RECHARGE_RULE = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    period: 'day',
    firstDeposit: false,
    min: '100',
    percent: '10',
    cap: '50',
    turnoverMultiple: '3',
    ...over,
  });
const TURNOVER_RULE = JSON.stringify({
  period: 'week',
  tiers: [
    { bet: '100', reward: '5' },
    { bet: '1000', reward: '30' },
  ],
  turnoverMultiple: '1',
});

async function create(over: Record<string, string> = {}): Promise<number> {
  const r = await op.post(ADM('save'), form(over));
  expect(r).toMatchObject({ code: 1, msg: '已创建' });
  return r.data.id;
}

async function recharge(
  userId: number,
  fen: number,
  atMs = Date.now(),
  typeCode: number = TxType.MANUAL_RECHARGE,
) {
  const transferId = transferIds.fixture(`test-recharge:${crypto.randomUUID()}`);
  await transfer(ctx.sql, {
    transferId,
    from: { kind: 'house', userId: null },
    to: { kind: 'player', userId },
    amountFen: fen,
    typeCode,
    userId,
  });
  await ctx.sql`update transfers set created_at = ${new Date(atMs)} where transfer_id = ${transferId}`;
}

describe('operator: save with validation', () => {
  it('refuses bad forms and bad rules in Chinese', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ category: '99' }, '请选择活动分类'],
      [{ kind: 'lottery' }, '请选择活动类型'],
      [{ title: '  ' }, '请输入活动标题'],
      [{ title: '<b>x</b>' }, '活动标题不能包含尖括号或控制字符'],
      [{ content: '<script>alert(1)</script>' }, '请输入活动内容'],
      [{ startTime: '2026-13-01 00:00' }, '时间格式不正确（北京时间 YYYY-MM-DD HH:mm）'],
      [{ endTime: beijingFormTime(Date.now() - 2 * HOUR) }, '结束时间必须晚于开始时间'],
      [{ coverImage: 'javascript:alert(1)' }, '封面图片地址不正确，请上传图片'],
      [{ kind: 'checkin', rule: 'not json' }, '活动规则格式不正确'],
      [{ kind: 'checkin', rule: '{"rewards":[]}' }, '请设置签到奖励'],
      [
        { kind: 'checkin', rule: '{"rewards":["1","-2"]}' },
        '第2天签到奖励格式不正确，最多两位小数',
      ],
      [
        { kind: 'checkin', rule: '{"rewards":["1"],"turnoverMultiple":"1.5"}' },
        '流水倍数须为0至100的整数',
      ],
      [
        { kind: 'recharge_bonus', rule: RECHARGE_RULE({ percent: '0' }) },
        '赠送比例须为0.01至1000之间的百分数，最多两位小数',
      ],
      [{ kind: 'recharge_bonus', rule: RECHARGE_RULE({ period: 'year' }) }, '请选择领取周期'],
      [{ kind: 'recharge_bonus', rule: RECHARGE_RULE({ cap: '' }) }, '请输入最高赠送金额'],
      [{ kind: 'turnover_bonus', rule: '{"period":"day","tiers":[]}' }, '请至少设置一个奖励档位'],
      [
        {
          kind: 'turnover_bonus',
          rule: '{"period":"day","tiers":[{"bet":"100","reward":"5"},{"bet":"50","reward":"9"}]}',
        },
        '奖励档位的有效投注须从低到高递增',
      ],
    ];
    for (const [over, msg] of cases) {
      const r = await op.post(ADM('save'), form(over));
      expect(r, JSON.stringify(over)).toMatchObject({ code: -1, msg });
      expect(r.status).toBeLessThan(500);
    }
    expect((await ctx.sql`select count(*)::int as n from activities`)[0]!.n).toBe(0);
  });

  it('stores content sanitised: no script, handler or javascript: URL survives; images, headings and tables stay', async () => {
    const dirty =
      '<h2 onclick="x()">标题</h2><script>alert(1)</script><img src="/uploads/a.png" onerror="alert(2)" alt="图">' +
      '<a href="javascript:alert(3)">坏链接</a><a href="jav&#x61;script:alert(4)">再坏</a><a href="https://example.com/x">好链接</a>' +
      '<table><tr><td colspan="2" style="x">格</td></tr></table><iframe src="https://evil"></iframe><svg onload="alert(5)"></svg><p>正文';
    const id = await create({ content: dirty });
    const [row] = await ctx.sql<
      { content: string }[]
    >`select content from activities where id = ${id}`;
    const html = row!.content;
    expect(html).not.toMatch(/script|onerror|onclick|onload|javascript|iframe|svg|style=/i);
    expect(html).toContain('<h2>标题</h2>');
    // sanitize-html writes void elements XML-style (`/>`); a browser reads both alike
    expect(html).toContain('<img src="/uploads/a.png" alt="图" loading="lazy" />');
    expect(html).toContain('<table><tr><td colspan="2">格</td></tr></table>');
    expect(html).toContain(
      '<a href="https://example.com/x" target="_blank" rel="noopener noreferrer nofollow">好链接</a>',
    );
    expect(html).toContain('<a>坏链接</a>');
    expect(html.endsWith('<p>正文</p>')).toBe(true);
    const detail = await ctx.client().get(A('getActivityDetails'), { id });
    expect(detail.data.content).toBe(html);
  });

  it('uploads an image (re-encoded, served at /uploads/), lists, disables, deletes; players never reach admin calls', async () => {
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#c03' } })
      .png()
      .toBuffer();
    const boundary = '----activityimage';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await op.raw({
      method: 'POST',
      url: encodeEnpath(ADM('uploadImage')),
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    const url = res.json().data.url as string;
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    const served = await ctx.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    const notImage = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n<script>alert(1)</script>\r\n--${boundary}--\r\n`,
      ),
    ]);
    const bad = await op.raw({
      method: 'POST',
      url: encodeEnpath(ADM('uploadImage')),
      payload: notImage,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(bad.json()).toMatchObject({
      code: -1,
      msg: '图片无法识别，请上传 JPG、PNG、GIF 或 WebP 图片',
    });

    const id = await create({ coverImage: url, content: `<p>看图</p><img src="${url}">` });
    const list = await op.get(ADM('list'));
    expect(list.data.list.find((a: { id: number }) => a.id === id)).toMatchObject({
      coverImage: url,
      enabled: true,
      claimCount: 0,
    });
    const guest = ctx.client();
    expect(
      (await guest.get(A('getActivityList'), { type: 1 })).data.list.map(
        (a: { id: number }) => a.id,
      ),
    ).toContain(id);
    expect(
      (await guest.get(A('getActivityList'), { type: 2 })).data.list.map(
        (a: { id: number }) => a.id,
      ),
    ).not.toContain(id);
    expect(await op.post(ADM('setEnabled'), { id, enabled: '0' })).toMatchObject({
      code: 1,
      msg: '已停用',
    });
    expect(
      (await guest.get(A('getActivityList'))).data.list.map((a: { id: number }) => a.id),
    ).not.toContain(id);
    expect(await guest.get(A('getActivityDetails'), { id })).toMatchObject({
      code: -1,
      msg: '活动不存在',
    });
    expect(await op.post(ADM('delete'), { id })).toMatchObject({ code: 1, msg: '已删除' });
    expect(await op.post(ADM('delete'), { id })).toMatchObject({ code: -1, msg: '活动不存在' });
    const p = await ctx.userClient();
    for (const r of [
      await p.get(ADM('list')),
      await p.post(ADM('save'), form()),
      await p.post(ADM('delete'), { id: 1 }),
    ]) {
      expect(r.status).toBe(403);
    }
  });

  it('junk ids and queries are refused below 500', async () => {
    const guest = ctx.client();
    for (const q of [{ id: 'abc' }, { id: '-1' }, { id: '1e309' }, {}] as Record<
      string,
      string
    >[]) {
      const r = await guest.get(A('getActivityDetails'), q);
      expect(r.status).toBeLessThan(500);
      expect(r.code).not.toBe(1);
    }
    expect((await guest.get(A('getActivityList'), { type: 'x' })).status).toBe(400);
    expect((await guest.post(A('checkin/signIn'), { id: 1 })).msg).toBe('请先登录');
    expect((await guest.get(A('checkActivityMsg'))).msg).toBe('请先登录');
    expect((await guest.get(A('getActivityRecordList'))).msg).toBe('请先登录');
  });
});

describe('check-in', () => {
  it('signs in once a day; the run grows from yesterday; paid as 签到奖励 with its turnover', async () => {
    const id = await create({ kind: 'checkin', category: '4', rule: CHECKIN_RULE });
    const p = await ctx.userClient();
    const today = await p.get(A('checkin/today'));
    expect(today.data).toMatchObject({
      id,
      signedToday: false,
      state: 'claimable',
      amount: '1.00',
      streak: 1,
      checkinRewards: ['1.00', '2.00', '3.00'],
    });
    // yesterday's sign-in makes today day 2
    const yesterdayKey = currentPeriod('day', Date.now() - 24 * HOUR).key;
    await ctx.sql`insert into activity_claims (activity_id, user_id, period_key, amount_fen, streak, type_code, transfer_id)
      values (${id}, ${p.userId}, ${yesterdayKey}, 100, 1, ${TxType.SIGN_IN_REWARD}, ${`test:${id}:${p.userId}`})`;
    const r = await p.post(A('checkin/signIn'), { id, requestId: requestId() });
    expect(r).toMatchObject({
      code: 1,
      msg: '签到成功',
      data: { amount: '2.00', streak: 2, balance: '2.00', applied: true },
    });
    expect(await p.post(A('checkin/signIn'), { id })).toMatchObject({
      code: -1,
      msg: '今天已经签到过了',
    });
    const [t] =
      await ctx.sql`select transfer_id, type_code, amount from transfers where user_id = ${p.userId}`;
    expect(t).toMatchObject({
      transfer_id: `act:${id}:${p.userId}:${currentPeriod('day', Date.now()).key}`,
      type_code: TxType.SIGN_IN_REWARD,
      amount: 200,
    });
    const [flow] =
      await ctx.sql`select source, base_fen, required_fen from turnover_flows where user_id = ${p.userId}`;
    expect(flow).toMatchObject({ source: 'activity', base_fen: 200, required_fen: 400 });
    expect((await p.get(A('checkin/today'))).data).toMatchObject({
      signedToday: true,
      state: 'claimed',
      amount: '2.00',
    });
    const records = await p.get(A('getActivityRecordList'));
    expect(records.data.list[0]).toMatchObject({
      activityId: id,
      amount: '2.00',
      typeName: '签到奖励',
      streak: 2,
    });
  });

  it('50 concurrent sign-ins by one player pay exactly once', async () => {
    const id = await create({ kind: 'checkin', rule: CHECKIN_RULE });
    const p = await ctx.userClient();
    const results = await Promise.all(
      Array.from({ length: 50 }, () => p.post(A('checkin/signIn'), { id, requestId: requestId() })),
    );
    expect(results.filter((r) => r.code === 1)).toHaveLength(1);
    expect(
      results
        .filter((r) => r.code !== 1)
        .every((r) => r.msg === '今天已经签到过了' && r.status === 200),
    ).toBe(true);
    expect(await balanceOf(ctx.sql, p.userId)).toBe(100);
    const [s] =
      await ctx.sql`select count(*)::int as n, sum(amount)::int as s from transfers where user_id = ${p.userId}`;
    expect(s).toMatchObject({ n: 1, s: 100 });
  });

  it('not started, ended and not-a-check-in are refused', async () => {
    const p = await ctx.userClient();
    const later = await create({
      kind: 'checkin',
      rule: CHECKIN_RULE,
      startTime: beijingFormTime(Date.now() + HOUR),
    });
    expect((await p.post(A('checkin/signIn'), { id: later })).msg).toMatch(
      /^活动尚未开始，开始时间：/,
    );
    const info = await create();
    expect(await p.post(A('checkin/signIn'), { id: info })).toMatchObject({
      code: -1,
      msg: '该活动不是签到活动',
    });
    expect(await p.post(A('receiveActivityReward'), { id: info })).toMatchObject({
      code: -1,
      msg: '该活动无需领取',
    });
    expect(await balanceOf(ctx.sql, p.userId)).toBe(0);
  });
});

describe('bonuses', () => {
  it('recharge bonus: not eligible says why; then 10 % of today, capped, once a day, as 续充赠送', async () => {
    const id = await create({ kind: 'recharge_bonus', category: '2', rule: RECHARGE_RULE() });
    const p = await ctx.userClient();
    await recharge(p.userId, 5_000);
    await recharge(p.userId, 90_000, Date.now() - 30 * HOUR); // yesterday: outside today
    const refused = await p.post(A('receiveActivityReward'), { id });
    expect(refused).toMatchObject({ code: -1, msg: '今日充值满100.00元才可领取（当前50.00元）' });
    expect((await p.get(A('getActivityDetails'), { id })).data).toMatchObject({
      state: 'ineligible',
      reason: refused.msg,
    });
    await recharge(p.userId, 7_000);
    expect((await p.get(A('checkActivityMsg'))).data).toMatchObject({
      count: 1,
      list: [{ id, amount: '12.00' }],
    });
    const r = await p.post(A('receiveActivityReward'), { id });
    expect(r).toMatchObject({ code: 1, data: { amount: '12.00' } });
    expect(await p.post(A('receiveActivityReward'), { id })).toMatchObject({
      code: -1,
      msg: '本期奖励您已领取',
    });
    const [t] =
      await ctx.sql`select type_code, amount from transfers where transfer_id like ${`act:${id}:%`}`;
    expect(t).toMatchObject({ type_code: TxType.REDEPOSIT_BONUS, amount: 1_200 });
    const [flow] =
      await ctx.sql`select required_fen from turnover_flows where ref like ${`act:${id}:%`}`;
    expect(flow).toMatchObject({ required_fen: 3_600 });
    await recharge(p.userId, 1_000_000);
    const capped = await create({ kind: 'recharge_bonus', rule: RECHARGE_RULE() });
    expect((await p.post(A('receiveActivityReward'), { id: capped })).data.amount).toBe('50.00');
  });

  it('first-deposit bonus only for players with no recharge before it started (首充赠送)', async () => {
    const id = await create({
      kind: 'recharge_bonus',
      rule: RECHARGE_RULE({ firstDeposit: true, period: 'once' }),
    });
    const old = await ctx.userClient();
    await recharge(old.userId, 100_000, Date.now() - 2 * HOUR);
    await recharge(old.userId, 100_000);
    expect(await old.post(A('receiveActivityReward'), { id })).toMatchObject({
      code: -1,
      msg: '本活动仅限首次充值的会员参与',
    });
    const fresh = await ctx.userClient();
    await recharge(fresh.userId, 20_000);
    expect((await fresh.post(A('receiveActivityReward'), { id })).data.amount).toBe('20.00');
    const [t] =
      await ctx.sql`select type_code from transfers where transfer_id like ${`act:${id}:%`}`;
    expect(t!.type_code).toBe(TxType.FIRST_DEPOSIT_BONUS);
  });

  it('turnover bonus pays the highest tier reached by valid bets (settled only) as 活动奖励', async () => {
    const id = await create({ kind: 'turnover_bonus', category: '3', rule: TURNOVER_RULE });
    const p = await ctx.userClient();
    const bet = (fen: number, status: string) => placeBet(p, fen, status);
    expect(await p.post(A('receiveActivityReward'), { id })).toMatchObject({
      code: -1,
      msg: '本周有效投注满100.00元才可领取（当前0.00元）',
    });
    await bet(60_000, 'LOST');
    await bet(90_000, 'PENDING');
    expect(await p.post(A('receiveActivityReward'), { id })).toMatchObject({
      code: 1,
      data: { amount: '5.00' },
    });
    const again = await create({ kind: 'turnover_bonus', rule: TURNOVER_RULE });
    await bet(50_000, 'WON');
    expect((await p.post(A('receiveActivityReward'), { id: again })).data.amount).toBe('30.00');
    const codes =
      await ctx.sql`select distinct type_code from transfers where transfer_id like 'act:%' and user_id = ${p.userId}`;
    expect(codes.map((c) => c.type_code)).toEqual([TxType.ACTIVITY_REWARD]);
    await ctx.sql`update bets set status = 'SYSTEM_CANCELLED' where user_id = ${p.userId} and status = 'PENDING'`;
  });

  it('50 concurrent claims of one bonus by one player pay exactly once; a reused request id answers the first', async () => {
    const id = await create({ kind: 'recharge_bonus', rule: RECHARGE_RULE() });
    const p = await ctx.userClient();
    await recharge(p.userId, 20_000);
    const rid = requestId();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        p.post(A('receiveActivityReward'), { id, requestId: i === 0 ? rid : requestId() }),
      ),
    );
    expect(results.filter((r) => r.code === 1 && r.data.applied)).toHaveLength(1);
    expect(results.every((r) => r.status === 200)).toBe(true);
    const [s] =
      await ctx.sql`select count(*)::int as n, sum(amount)::int as s from transfers where transfer_id like ${`act:${id}:%`}`;
    expect(s).toMatchObject({ n: 1, s: 2_000 });
    expect(await balanceOf(ctx.sql, p.userId)).toBe(22_000);
    const [claim] = await ctx.sql`select request_id from activity_claims where activity_id = ${id}`;
    const repeat = await p.post(A('receiveActivityReward'), { id, requestId: claim!.request_id });
    expect(repeat).toMatchObject({ code: 1, data: { amount: '20.00', applied: false } });
  });
});

/** One real bet of the player (placed through the betting call), then given this amount and status. */
async function placeBet(c: TestClient & { userId: number }, amountFen: number, status: string) {
  await fund(ctx.sql, c.userId, 1_000);
  const issue = await saleIssue(ctx.sql, '1008');
  const r = await c.post('/v1/betting/addBetting', {
    bettingData: JSON.stringify([dwdEntry(issue)]),
    requestId: requestId(),
  });
  expect(r.code).toBe(1);
  await ctx.sql`update bets set amount = ${amountFen}, status = ${status} where id = (select max(id) from bets where user_id = ${c.userId})`;
}
