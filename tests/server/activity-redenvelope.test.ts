/** Activity red envelopes: eligibility, schedule, budget and exactly-once under concurrency, bad input. */
import crypto from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { encodeEnpath } from '../../src/domain/enpath.ts';
import { REQUEST_REUSED_MSG } from '../../src/domain/requests.ts';
import { beijingDate, parseBeijingDay } from '../../src/domain/time.ts';
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

const ctx = await setupTestApp();
const NUMBER = '/v1/activity/getActivityRedEnvelopeNumber';
const LIST = '/v1/activity/getActivityRedEnvelopeFrontList';
const RECEIVE = '/v1/activity/receiveRedEnvelope';
const SAVE = '/v1/admin/activityRedEnvelope/save';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let op: TestClient;
beforeAll(async () => {
  op = await ctx.userClient({ isOperator: true });
});
afterEach(async () => {
  await ctx.sql`update activity_red_envelopes set closed = true`;
  await expectLedgerSound(ctx.sql);
});

/** Beijing 'YYYY-MM-DD HH:mm' of an instant. */
const bj = (ms: number) => new Date(ms + 8 * HOUR).toISOString().slice(0, 16).replace('T', ' ');

function form(over: Record<string, string> = {}): Record<string, string> {
  return {
    kind: 'giveaway',
    title: '周末福利',
    startTime: bj(Date.now() - HOUR),
    endTime: bj(Date.now() + DAY),
    budget: '100',
    amount: '3.5',
    ...over,
  };
}

async function create(over: Record<string, string> = {}): Promise<number> {
  const r = await op.post(SAVE, form(over));
  expect(r.msg).toBe('已创建');
  return r.data.id;
}

const player = () => ctx.userClient();
const itemOf = async (c: TestClient, id: number) =>
  (await c.get(LIST)).data.list.find((e: { id: number }) => e.id === id);

describe('guests and players', () => {
  it('a guest gets the login code', async () => {
    const guest = ctx.client();
    for (const r of [
      await guest.get(NUMBER),
      await guest.get(LIST),
      await guest.post(RECEIVE, { id: 1 }),
    ]) {
      expect(r.code).toBe(0);
      expect(r.msg).toBe('请先登录');
    }
  });

  it('a giveaway pays its amount once, through the ledger (type 206, ar:<envelope>:<user>)', async () => {
    const id = await create();
    const p = await player();
    expect((await p.get(NUMBER)).data).toBe(1);
    expect(await itemOf(p, id)).toMatchObject({
      status: 'claimable',
      amountEach: '3.50',
      reason: '',
      amount: null,
    });
    const rid = requestId();
    const r = await p.post(RECEIVE, { id, requestId: rid });
    expect(r).toMatchObject({
      code: 1,
      msg: '领取成功',
      data: { id, amount: '3.50', balance: '3.50', applied: true },
    });
    expect(await balanceOf(ctx.sql, p.userId)).toBe(350);
    const [t] =
      await ctx.sql`select transfer_id, type_code, amount from transfers where user_id = ${p.userId}`;
    expect(t).toMatchObject({ transfer_id: `ar:${id}:${p.userId}`, type_code: 206, amount: 350 });
    // a withdrawal turnover requirement, as a recharge makes (default multiple 100 %)
    const flows =
      await ctx.sql`select source, ref, base_fen, required_fen from turnover_flows where user_id = ${p.userId}`;
    expect(flows).toEqual([
      { source: 'activity', ref: `ar:${id}:${p.userId}`, base_fen: 350, required_fen: 350 },
    ]);
    expect((await p.get(NUMBER)).data).toBe(0);
    const list = (await p.get(LIST)).data;
    expect(list.list.find((e: { id: number }) => e.id === id)).toMatchObject({
      status: 'claimed',
      amount: '3.50',
    });
    expect(list.records[0]).toMatchObject({ id, amount: '3.50', title: '周末福利' });
    // the same request again answers the first result; another request is refused
    expect(await p.post(RECEIVE, { id, requestId: rid })).toMatchObject({
      code: 1,
      data: { amount: '3.50', applied: false },
    });
    expect(await p.post(RECEIVE, { id })).toMatchObject({ code: -1, msg: '您已领取过该红包' });
    expect(await balanceOf(ctx.sql, p.userId)).toBe(350);
    // the request id of that claim, sent for another envelope, is a reused id
    const other = await create();
    expect(await p.post(RECEIVE, { id: other, requestId: rid })).toMatchObject({
      code: -1,
      msg: REQUEST_REUSED_MSG,
    });
    expect(await balanceOf(ctx.sql, p.userId)).toBe(350);
  });

  it('the badge counts only what can be claimed now', async () => {
    const p = await player();
    await create();
    await create();
    await create({ startTime: bj(Date.now() + HOUR) });
    await create({ minGrade: '3' });
    expect((await p.get(NUMBER)).data).toBe(2);
  });
});

describe('schedule', () => {
  it('not started, ended and closed envelopes are refused in Chinese', async () => {
    const p = await player();
    const later = await create({ startTime: bj(Date.now() + 2 * HOUR) });
    const r = await p.post(RECEIVE, { id: later });
    expect(r.code).toBe(-1);
    expect(r.msg).toMatch(/^活动尚未开始，开始时间：\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect((await itemOf(p, later)).status).toBe('notStarted');

    const ended = await create();
    await ctx.sql`update activity_red_envelopes set starts_at = now() - interval '2 days', ends_at = now() - interval '1 second' where id = ${ended}`;
    expect(await p.post(RECEIVE, { id: ended })).toMatchObject({ code: -1, msg: '活动已结束' });
    expect((await itemOf(p, ended)).status).toBe('ended');

    const closed = await create();
    expect((await op.post('/v1/admin/activityRedEnvelope/close', { id: closed })).code).toBe(1);
    expect(await p.post(RECEIVE, { id: closed })).toMatchObject({ code: -1, msg: '活动已结束' });
    expect(await balanceOf(ctx.sql, p.userId)).toBe(0);
  });
});

describe('eligibility', () => {
  it('grade between the minimum and the maximum', async () => {
    const id = await create({ minGrade: '2', maxGrade: '4' });
    const p = await player();
    const r = await p.post(RECEIVE, { id });
    expect(r).toMatchObject({ code: -1, msg: '您的等级不满足领取条件（需白银至铂金）' });
    expect(await itemOf(p, id)).toMatchObject({ status: 'ineligible', reason: r.msg });
    await ctx.sql`update users set grade = 5 where id = ${p.userId}`;
    expect((await p.post(RECEIVE, { id })).code).toBe(-1);
    await ctx.sql`update users set grade = 3 where id = ${p.userId}`;
    expect((await p.post(RECEIVE, { id })).code).toBe(1);
  });

  it('recharge in the last N Beijing days, counted from Beijing midnight', async () => {
    const id = await create({ requirement: 'recharge', requiredAmount: '100', periodDays: '3' });
    const p = await player();
    const todayStart = parseBeijingDay(beijingDate(Date.now()))!.startMs;
    const recharge = async (fen: number, atMs: number, typeCode = 114) => {
      const transferId = transferIds.fixture(`test-recharge:${crypto.randomUUID()}`);
      await transfer(ctx.sql, {
        transferId,
        from: { kind: 'house', userId: null },
        to: { kind: 'player', userId: p.userId },
        amountFen: fen,
        typeCode,
        userId: p.userId,
      });
      await ctx.sql`update transfers set created_at = ${new Date(atMs)} where transfer_id = ${transferId}`;
    };
    await recharge(10_000, todayStart - 2 * DAY - 60_000); // one minute before the window
    await recharge(9_999, todayStart - 2 * DAY + 60_000);
    await recharge(50_000, Date.now(), 222); // other income is not a recharge
    expect(await p.post(RECEIVE, { id })).toMatchObject({
      code: -1,
      msg: '近3天充值满100.00元才可领取（当前99.99元）',
    });
    await recharge(1, todayStart + 60_000);
    expect(await p.post(RECEIVE, { id })).toMatchObject({ code: 1, data: { amount: '3.50' } });
  });

  it('valid-bet turnover in a range of Beijing dates', async () => {
    const today = beijingDate(Date.now());
    const yesterday = beijingDate(Date.now(), 1);
    const id = await create({
      requirement: 'turnover',
      requiredAmount: '4',
      periodStart: yesterday,
      periodEnd: today,
    });
    const p = await player();
    await fund(ctx.sql, p.userId, 10_000);
    const issue = await saleIssue(ctx.sql, '1008');
    for (let i = 0; i < 3; i++) {
      const r = await p.post('/v1/betting/addBetting', {
        bettingData: JSON.stringify([dwdEntry(issue)]),
        requestId: requestId(),
      });
      expect(r.code).toBe(1);
    }
    const bets = await ctx.sql<
      { id: number }[]
    >`select id from bets where user_id = ${p.userId} order by id`;
    // pending bets are not valid bets yet
    expect((await p.post(RECEIVE, { id })).msg).toBe(
      `${yesterday}至${today}有效投注满4.00元才可领取（当前0.00元）`,
    );
    // a bet of the day before yesterday is outside; a cancelled one never counts
    await ctx.sql`update bets set status = 'LOST', created_at = ${new Date(parseBeijingDay(yesterday)!.startMs - 1000)} where id = ${bets[0]!.id}`;
    await ctx.sql`update bets set status = 'USER_CANCELLED' where id = ${bets[1]!.id}`;
    await ctx.sql`update bets set status = 'LOST', created_at = ${new Date(parseBeijingDay(yesterday)!.startMs + 1000)} where id = ${bets[2]!.id}`;
    expect((await p.post(RECEIVE, { id })).msg).toBe(
      `${yesterday}至${today}有效投注满4.00元才可领取（当前2.00元）`,
    );
    await ctx.sql`update bets set created_at = now() where id = ${bets[0]!.id}`;
    expect((await p.post(RECEIVE, { id })).code).toBe(1);
    await ctx.sql`update bets set status = 'SYSTEM_CANCELLED' where user_id = ${p.userId} and status = 'PENDING'`;
  });
});

describe('budget and exactly once under concurrency', () => {
  const players: (TestClient & { userId: number })[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 50; i++) players.push(await player());
  }, 60_000);

  it('a giveaway never pays past its budget with 50 players at once', async () => {
    const id = await create({ budget: '100', amount: '3' });
    const results = await Promise.all(players.map((p) => p.post(RECEIVE, { id })));
    expect(results.filter((r) => r.code === 1)).toHaveLength(33);
    expect(results.filter((r) => r.code !== 1).every((r) => r.msg === '红包已被领完')).toBe(true);
    expect(results.every((r) => r.status === 200)).toBe(true);
    const [env] =
      await ctx.sql`select paid_fen, claimed_count from activity_red_envelopes where id = ${id}`;
    expect(env).toMatchObject({ paid_fen: 9_900, claimed_count: 33 });
    const [t] =
      await ctx.sql`select coalesce(sum(amount), 0)::bigint as s, count(*)::int as n from transfers where transfer_id like ${`ar:${id}:%`}`;
    expect(t).toMatchObject({ s: 9_900, n: 33 });
  });

  it('a rain of 30 shares pays exactly its pool to 30 of 50 players, each share at least 0.01', async () => {
    const id = await create({ kind: 'rain', budget: '10', shares: '30', amount: '' });
    const results = await Promise.all(
      players.map((p) => p.post(RECEIVE, { id, requestId: requestId() })),
    );
    const won = results.filter((r) => r.code === 1);
    expect(won).toHaveLength(30);
    expect(results.filter((r) => r.code !== 1).every((r) => r.msg === '红包已被领完')).toBe(true);
    const fen = won.map((r) => Math.round(Number(r.data.amount) * 100));
    expect(fen.every((f) => f >= 1)).toBe(true);
    expect(fen.reduce((a, b) => a + b, 0)).toBe(1_000);
    const [env] =
      await ctx.sql`select paid_fen, budget_fen, claimed_count from activity_red_envelopes where id = ${id}`;
    expect(env).toMatchObject({ paid_fen: 1_000, budget_fen: 1_000, claimed_count: 30 });
  });

  it('the same player claiming 50 times at once is paid once', async () => {
    const id = await create({ amount: '1.23' });
    const p = await player();
    const rid = requestId();
    const same = await Promise.all(
      Array.from({ length: 25 }, () => p.post(RECEIVE, { id, requestId: rid })),
    );
    const other = await Promise.all(Array.from({ length: 25 }, () => p.post(RECEIVE, { id })));
    expect(same.every((r) => r.code === 1 && r.data.amount === '1.23')).toBe(true);
    expect(same.filter((r) => r.data.applied)).toHaveLength(1);
    expect(other.every((r) => r.msg === '您已领取过该红包')).toBe(true);
    expect(await balanceOf(ctx.sql, p.userId)).toBe(123);
    const [{ n }] =
      await ctx.sql`select count(*)::int as n from activity_red_envelope_claims where envelope_id = ${id}`;
    expect(n).toBe(1);
  });

  it('50 mixed claims (different and repeated) at once, and the ledger sums to zero', async () => {
    const id = await create({ kind: 'rain', budget: '0.5', shares: '50', amount: '' });
    const results = await Promise.all(
      [...players.slice(0, 25), ...players.slice(0, 25)].map((p) => p.post(RECEIVE, { id })),
    );
    expect(
      results
        .filter((r) => r.code !== 1)
        .map((r) => r.msg)
        .filter((m) => m !== '您已领取过该红包'),
    ).toEqual([]);
    expect(results.filter((r) => r.code === 1)).toHaveLength(25);
    expect(results.filter((r) => r.code !== 1).every((r) => r.msg === '您已领取过该红包')).toBe(
      true,
    );
    await expectLedgerSound(ctx.sql);
  });
});

describe('bad input gets a Chinese message, never a 500', () => {
  it('junk envelope ids', async () => {
    const p = await player();
    for (const id of ['abc', '-1', '0', '1.5', '1e309', '', '99999999999999999999', '<script>']) {
      const r = await p.post(RECEIVE, { id });
      expect(r.status).toBeLessThan(500);
      expect(r.code).toBe(-1);
      expect(r.msg).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(await p.post(RECEIVE, { id: 987_654 })).toMatchObject({
      code: -1,
      msg: '红包活动不存在',
    });
    expect((await p.post(RECEIVE, { id: 1, requestId: 'bad id!' })).code).toBe(-1);
    expect((await p.post(RECEIVE, { id: 1, extra: 'x' })).code).toBe(-1);
  });

  it('the admin form refuses bad amounts, counts, times and grades', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ budget: '-5' }, '红包总额格式不正确，最多两位小数'],
      [{ budget: '0' }, '红包总额必须大于0'],
      [{ budget: '1.234' }, '红包总额格式不正确，最多两位小数'],
      [{ budget: '1e9' }, '红包总额格式不正确，最多两位小数'],
      [{ budget: '99999999999' }, '红包总额格式不正确，最多两位小数'],
      [{ budget: '10000000.01' }, '红包总额不能超过10000000元'],
      [{ amount: '200' }, '每人金额不能超过红包总额'],
      [{ amount: 'NaN' }, '每人金额格式不正确，最多两位小数'],
      [{ kind: 'rain', shares: '0' }, '红包份数须为1至10000的整数'],
      [{ kind: 'rain', shares: '2.5' }, '红包份数须为1至10000的整数'],
      [{ kind: 'rain', shares: '10001' }, '红包份数须为1至10000的整数'],
      [{ kind: 'rain', budget: '0.05', shares: '6' }, '红包总额不足，每份至少0.01元'],
      [{ kind: 'bomb' }, '请选择红包类型'],
      [{ title: '  ' }, '请输入活动标题'],
      [{ title: '长'.repeat(41) }, '活动标题最多40个字'],
      [{ startTime: '2026-02-30 10:00' }, '时间格式不正确（北京时间 YYYY-MM-DD HH:mm）'],
      [{ endTime: bj(Date.now() - 2 * HOUR) }, '结束时间必须晚于开始时间'],
      [
        { startTime: bj(Date.now() - 3 * HOUR), endTime: bj(Date.now() - 2 * HOUR) },
        '结束时间必须晚于当前时间',
      ],
      [{ minGrade: '5', maxGrade: '2' }, '最低等级不能高于最高等级'],
      [{ minGrade: '-1' }, '等级须为0至10的整数'],
      [{ requirement: 'recharge', requiredAmount: '10' }, '请填写统计天数或统计日期范围'],
      [
        { requirement: 'turnover', requiredAmount: '10', periodDays: '0' },
        '统计天数须为1至365的整数',
      ],
      [
        {
          requirement: 'turnover',
          requiredAmount: '10',
          periodStart: '2026-11-02',
          periodEnd: '2026-11-01',
        },
        '统计开始日期不能晚于结束日期',
      ],
      [{ requirement: 'vip' }, '领取条件类型不正确'],
    ];
    for (const [over, msg] of cases) {
      const r = await op.post(SAVE, form(over));
      expect({ over, msg: r.msg, status: r.status < 500 }).toEqual({ over, msg, status: true });
    }
    const odd = await op.post(SAVE, { ...form(), budget: 'x'.repeat(41) });
    expect(odd.code).toBe(-1);
    expect(odd.status).toBe(400);
    expect(await ctx.client().post(SAVE, form())).toMatchObject({ code: 0 });
    expect((await (await player()).post(SAVE, form())).status).toBe(403);
  });

  it('HTML in the title is stored as text', async () => {
    const title = '<img src=x onerror=alert(1)>';
    const id = await create({ title });
    const [row] = await ctx.sql`select title from activity_red_envelopes where id = ${id}`;
    expect(row.title).toBe(title);
    expect((await itemOf(await player(), id)).title).toBe(title);
  });

  it('an edit cannot go below what was paid, nor change a claimed giveaway amount', async () => {
    const id = await create({ budget: '10', amount: '4' });
    expect((await (await player()).post(RECEIVE, { id })).code).toBe(1);
    expect((await op.post(SAVE, form({ id: String(id), budget: '3', amount: '4' }))).msg).toBe(
      '每人金额不能超过红包总额',
    );
    expect((await op.post(SAVE, form({ id: String(id), budget: '10', amount: '5' }))).msg).toBe(
      '已有会员领取，不能修改每人金额',
    );
    expect(
      (await op.post(SAVE, form({ id: String(id), budget: '20', amount: '4', title: '加码' }))).msg,
    ).toBe('已保存');
    const claims = await op.get('/v1/admin/activityRedEnvelope/claims', { id });
    expect(claims.data).toMatchObject({
      total: 1,
      totalPaid: '4.00',
      envelope: { title: '加码', budget: '20.00', paid: '4.00' },
    });
    expect(claims.data.list[0].amount).toBe('4.00');
    const list = await op.get('/v1/admin/activityRedEnvelope/list');
    expect(list.data.list.find((e: { id: number }) => e.id === id)).toMatchObject({
      claimedCount: 1,
      paid: '4.00',
    });
  });
});

describe('junk bodies against every call', () => {
  const POSTS = [RECEIVE, SAVE, '/v1/admin/activityRedEnvelope/close'];
  const GETS = [
    NUMBER,
    LIST,
    '/v1/admin/activityRedEnvelope/list',
    '/v1/admin/activityRedEnvelope/claims',
  ];
  const BODIES = [
    '',
    '=',
    '&&&',
    'a[b]=1',
    '__proto__=1&constructor=1',
    'id=%00&requestId=%00&title=%00&budget=%00',
    `id=1e309&budget=1e309&title=${'x'.repeat(5000)}`,
    'id=NaN&budget=NaN&shares=NaN&kind=rain',
    'id=-9223372036854775809',
    'id=1&id=2&kind=rain&kind=giveaway',
    'title=%ED%A0%80&kind=giveaway',
    'kind=giveaway&title=%3Cscript%3E&budget=1&amount=1&startTime=x&endTime=y',
  ];
  const QUERIES = ['page=NaN', 'page=1e309', 'pageSize=-1', 'id=abc', 'id=1&id=2', 'x=1', 'id=%00'];

  it('answers an envelope with a Chinese message, never a 500, and moves no money', async () => {
    const who = [await player(), op];
    const count = async () =>
      (
        await ctx.sql`select (select count(*) from activity_red_envelopes)::int as e, (select count(*) from activity_red_envelope_claims)::int as c`
      )[0];
    const before = await count();
    for (const c of who) {
      for (const path of POSTS) {
        for (const payload of BODIES) {
          const res = await c.raw({
            method: 'POST',
            url: encodeEnpath(path),
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload,
          });
          const body = res.json();
          expect({
            path,
            payload,
            status: res.statusCode < 500,
            code: body.code !== 1,
            msg: /[\u4e00-\u9fff]/.test(body.msg),
          }).toEqual({ path, payload, status: true, code: true, msg: true });
        }
      }
      for (const path of GETS) {
        for (const q of QUERIES) {
          const res = await c.raw({ method: 'GET', url: `${encodeEnpath(path)}?${q}` });
          expect({ path, q, status: res.statusCode < 500 }).toEqual({ path, q, status: true });
          expect(res.json().msg).toMatch(/[\u4e00-\u9fff]/);
        }
      }
    }
    expect(await count()).toEqual(before);
  });
});
