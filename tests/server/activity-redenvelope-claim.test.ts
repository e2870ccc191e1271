/**
 * The activity red envelope: guests and players, the schedule, eligibility, and the budget paid
 * exactly once under concurrency.
 */
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
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
import type { TestClient } from './helpers.ts';
import { transferIds } from '../../src/domain/transferIds.ts';
import {
  ctx,
  NUMBER,
  LIST,
  RECEIVE,
  HOUR,
  DAY,
  op,
  bj,
  create,
  player,
  itemOf,
} from './activity-redenvelope-fixtures.ts';

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
