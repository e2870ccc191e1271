/**
 * The agent reports over random generated teams: every figure of every report equals a
 * recomputation from the journal and the bets (agent-reports-fixtures.ts, a plain scan in
 * TypeScript), another team's data never appears, a non-agent is refused on every agent call, and
 * bad dates and ranges are refused in Chinese. The seed is printed so a failure can be repeated.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { maskName } from '../../src/domain/money.ts';
import { AGENT_ONLY_MSG } from '../../src/server/auth/sessions.ts';
import { setupTestApp, type TestClient } from './helpers.ts';
import { ensureTestLotteries } from './settlement-fixtures.ts';
import {
  dayOf,
  expectedFigures,
  growTeam,
  previousMonth,
  prng,
  randomActivity,
  readJournal,
  teamOf,
} from './agent-reports-fixtures.ts';
import { rangePieces } from '../../src/server/reports/rollups.ts';
import { rebuildRollups } from '../../src/server/reports/categories.ts';

const SEED = Number(process.env.REPORT_SEED ?? Date.now() % 1_000_000);
console.log(`agent-reports seed ${SEED} (REPORT_SEED=${SEED} repeats it)`);
const rng = prng(SEED);
const ctx = await setupTestApp();
const sql = ctx.sql;
type Agent = TestClient & { userId: number; userName: string };
let a: Agent;
let b: Agent;
let member: TestClient & { userId: number; userName: string };
let aMembers: number[];
let bMembers: number[];
let journal: Awaited<ReturnType<typeof readJournal>>;
const R = { startTime: dayOf(2), endTime: dayOf(0) };
const FIGURE_KEYS = [
  'betAmount',
  'pendingBetAmount',
  'validBetAmount',
  'prizeAmount',
  'rebateAmount',
  'activityAmount',
  'redEnvelopeAmount',
  'walletIncome',
  'otherAmount',
  'rechargeAmount',
  'withdrawAmount',
  'profit',
  'firstRechargeCount',
  'newMemberCount',
  'activeMemberCount',
  'betMemberCount',
] as const;
const pickFigures = (o: Record<string, unknown>) =>
  Object.fromEntries(FIGURE_KEYS.map((k) => [k, o[k]]));

beforeAll(async () => {
  await ensureTestLotteries(sql);
  a = await ctx.userClient({ isAgent: true });
  b = await ctx.userClient({ isAgent: true });
  aMembers = await growTeam(sql, rng, a.userId, rng.int(18, 28), 4);
  bMembers = await growTeam(sql, rng, b.userId, rng.int(6, 10), 2);
  // a logged-in non-agent member of A's team
  member = await ctx.userClient();
  await sql`update users set parent_id = ${aMembers[0]!} where id = ${member.userId}`;
  aMembers.push(member.userId);
  await randomActivity(sql, rng, [a.userId, ...aMembers], 'A');
  await randomActivity(sql, rng, [b.userId, ...bMembers], 'B');
  journal = await readJournal(sql);
}, 120_000);

describe('team figures', () => {
  it('userAgentReport equals the journal for the whole range and for each single day', async () => {
    const team = await teamOf(sql, a.userId);
    const prev = previousMonth();
    const dayAfter = (d: string) =>
      new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const ranges = [
      [R.startTime, R.endTime],
      [dayOf(1), dayOf(1)],
      [dayOf(0), dayOf(0)],
      [dayOf(2), dayOf(2)],
      // whole months and months less some days (the month roll-up read with day spans taken off)
      [prev.first, dayOf(0)],
      [dayAfter(prev.first), dayOf(0)],
      [prev.first, prev.last],
      [`${dayOf(0).slice(0, 8)}01`, dayOf(0)],
    ] as const;
    expect(
      ranges.some(([s0, e0]) => rangePieces(s0, e0).some((p) => 'sgn' in p && p.sgn === -1)),
    ).toBe(true);
    for (const [start, end] of ranges) {
      const res = await a.get('/v1/report/agentReport/userAgentReport', {
        startTime: start,
        endTime: end,
      });
      expect(res.code, res.msg).toBe(1);
      const want = await expectedFigures(sql, journal, team, start, end);
      expect(pickFigures(res.data), `${start}..${end} seed ${SEED}`).toEqual(want.figures);
      expect(res.data.betMemberCount).toBe(want.betUsersFromBets);
      expect(res.data).toMatchObject({ startDate: start, endDate: end, memberCount: team.size });
    }
    // the generated data reaches every category (over the two months it is spread on)
    const all = await a.get('/v1/report/agentReport/userAgentReport', {
      startTime: prev.first,
      endTime: dayOf(0),
    });
    for (const k of [
      'betAmount',
      'prizeAmount',
      'rebateAmount',
      'activityAmount',
      'rechargeAmount',
      'withdrawAmount',
    ] as const) {
      expect(all.data[k], k).not.toBe('0.00');
    }
    expect(all.data.betMemberCount).toBeGreaterThan(0);
    const recent = await a.get('/v1/report/agentReport/userAgentReport', R);
    expect(recent.data.newMemberCount).toBeGreaterThan(0);
    expect(recent.data.newMemberCount).toBeLessThan(team.size);
  });

  it("the team balance is the sum of the members' wallets as the journal leaves them", async () => {
    const team = await teamOf(sql, a.userId);
    let fen = 0;
    for (const j of journal) {
      if (j.c_kind === 'player' && team.has(j.c_user!)) fen += j.amount;
      if (j.d_kind === 'player' && team.has(j.d_user!)) fen -= j.amount;
    }
    const res = await a.get('/v1/report/agentReport/teamBalance');
    expect(res.data).toMatchObject({ teamBalance: (fen / 100).toFixed(2), memberCount: team.size });
    const rep = await a.get('/v1/report/agentReport/userAgentReport', R);
    expect(rep.data.teamBalance).toBe((fen / 100).toFixed(2));
  });

  it("the per-day detail lists every day of the range with that day's figures", async () => {
    const team = await teamOf(sql, a.userId);
    const res = await a.get('/v1/report/agentReport/userAgentReport/detail', R);
    expect(res.data.list.map((x: { date: string }) => x.date)).toEqual([
      dayOf(0),
      dayOf(1),
      dayOf(2),
    ]);
    for (const row of res.data.list) {
      const want = await expectedFigures(sql, journal, team, row.date, row.date);
      expect(pickFigures(row), `${row.date} seed ${SEED}`).toEqual(want.figures);
    }
  });

  it("childReport: each direct member's whole team, drilling down, searching, and never outside the team", async () => {
    const kids = await sql<
      { id: number }[]
    >`select id from users where parent_id = ${a.userId} order by id`;
    const res = await a.get('/v1/report/agentReport/childReport', { ...R, pageSize: 50 });
    expect(res.code, res.msg).toBe(1);
    expect(res.data.total).toBe(kids.length);
    expect(pickFigures(res.data.self)).toEqual(
      (await expectedFigures(sql, journal, await teamOf(sql, a.userId), R.startTime, R.endTime))
        .figures,
    );
    for (const row of res.data.list) {
      const want = await expectedFigures(
        sql,
        journal,
        await teamOf(sql, row.userId),
        R.startTime,
        R.endTime,
      );
      expect(pickFigures(row), `child ${row.userId} seed ${SEED}`).toEqual(want.figures);
    }
    // drill into a member that has members of its own
    const [deep] = await sql<{ id: number; parent_id: number }[]>`
      select u.id, u.parent_id from users u join user_uplines x on x.user_id = u.id and x.ancestor_id = ${a.userId}
      where exists (select 1 from users c where c.parent_id = u.id) order by x.depth desc limit 1`;
    if (deep) {
      const down = await a.get('/v1/report/agentReport/childReport', {
        ...R,
        userId: deep.id,
        pageSize: 50,
      });
      expect(down.data.path[0]).toEqual({ userId: a.userId, userName: a.userName });
      expect(down.data.path.at(-1).userId).toBe(deep.id);
      for (const row of down.data.list) {
        const want = await expectedFigures(
          sql,
          journal,
          await teamOf(sql, row.userId),
          R.startTime,
          R.endTime,
        );
        expect(pickFigures(row)).toEqual(want.figures);
      }
    }
    // search by name prefix inside the team only
    const found = await a.get('/v1/report/agentReport/childReport', {
      ...R,
      userName: member.userName,
    });
    expect(found.data.list.map((x: { userId: number }) => x.userId)).toEqual([member.userId]);
    const foreign = await a.get('/v1/report/agentReport/childReport', {
      ...R,
      userName: b.userName,
    });
    expect(foreign.data.list).toEqual([]);
    const refused = await a.get('/v1/report/agentReport/childReport', {
      ...R,
      userId: bMembers[0]!,
    });
    expect(refused).toMatchObject({ code: -1, msg: '该用户不是您的下级' });
  });

  it('the other agent sees its own team only', async () => {
    const res = await b.get('/v1/report/agentReport/userAgentReport', R);
    const want = await expectedFigures(
      sql,
      journal,
      await teamOf(sql, b.userId),
      R.startTime,
      R.endTime,
    );
    expect(pickFigures(res.data)).toEqual(want.figures);
  });
});

describe('user reports and the site report', () => {
  it("userProfit is the member's own figures, per day too", async () => {
    const res = await member.get('/v1/report/userReport/userProfit', R);
    const want = await expectedFigures(
      sql,
      journal,
      new Set([member.userId]),
      R.startTime,
      R.endTime,
    );
    expect({ ...pickFigures(res.data), newMemberCount: want.figures.newMemberCount }).toEqual(
      want.figures,
    );
    expect(res.data.list).toHaveLength(3);
    for (const row of res.data.list) {
      const day = await expectedFigures(sql, journal, new Set([member.userId]), row.date, row.date);
      expect({ ...pickFigures(row), newMemberCount: day.figures.newMemberCount }).toEqual(
        day.figures,
      );
    }
  });

  it("userProfitRank ranks today's and this month's profit with masked names and the caller's place", async () => {
    const users = await sql<{ id: number; user_name: string }[]>`select id, user_name from users`;
    for (const [dateType, start] of [
      [1, dayOf(0)],
      [3, `${dayOf(0).slice(0, 8)}01`],
    ] as const) {
      const fromMs = Date.parse(`${start}T00:00:00+08:00`);
      const profits: { id: number; name: string; fen: number }[] = [];
      for (const u of users) {
        if (!journal.some((j) => j.user_id === u.id && j.created_at.getTime() >= fromMs)) continue;
        profits.push({
          id: u.id,
          name: u.user_name,
          fen: (await expectedFigures(sql, journal, new Set([u.id]), start, dayOf(0))).profitFen,
        });
      }
      profits.sort((x, y) => y.fen - x.fen || x.id - y.id);
      const res = await member.get('/v1/report/userReport/userProfitRank', { dateType });
      expect(res.data.list).toEqual(
        profits.slice(0, 20).map((p, i) => ({
          rank: i + 1,
          userName: maskName(p.name),
          profit: (p.fen / 100).toFixed(2),
        })),
      );
      const mine = profits.findIndex((p) => p.id === member.userId);
      expect(res.data.mine.rank).toBe(mine < 0 ? null : mine + 1);
    }
  });

  it("the operator's site report totals every user, and lists each top-level team", async () => {
    const op = await ctx.userClient({ isOperator: true });
    await sql`update users set must_change_password = false where id = ${op.userId}`;
    const res = await op.get('/v1/admin/agents/report', { ...R, pageSize: 50 });
    expect(res.code, res.msg).toBe(1);
    const everyone = new Set((await sql<{ id: number }[]>`select id from users`).map((u) => u.id));
    expect(pickFigures(res.data)).toEqual(
      (await expectedFigures(sql, journal, everyone, R.startTime, R.endTime)).figures,
    );
    const rowA = res.data.list.find((x: { userId: number }) => x.userId === a.userId);
    expect(pickFigures(rowA)).toEqual(
      (await expectedFigures(sql, journal, await teamOf(sql, a.userId), R.startTime, R.endTime))
        .figures,
    );
    expect((await a.get('/v1/admin/agents/report', R)).code).not.toBe(1);
  });
});

describe('team records', () => {
  it("getAgentBetData lists the team's bets (the betting records' query) and nothing of another team", async () => {
    const team = await teamOf(sql, a.userId);
    const [n] = await sql<{ n: number }[]>`
      select count(*)::int as n from bets where user_id = any(${[...team]}::bigint[])
      and created_at >= ${new Date(`${R.startTime}T00:00:00+08:00`)}`;
    const res = await a.get('/v1/betting/getAgentBetData', { ...R, pageSize: 50 });
    expect(res.code, res.msg).toBe(1);
    expect(res.data.total).toBe(n!.n);
    const names = new Map(
      (await sql<{ id: number; user_name: string }[]>`select id, user_name from users`).map((u) => [
        u.user_name,
        u.id,
      ]),
    );
    for (const row of res.data.list) expect(team.has(names.get(row.userName)!)).toBe(true);
    const one = await a.get('/v1/betting/getAgentBetData', { ...R, userName: b.userName });
    expect(one.data).toEqual({ list: [], total: 0 });
  });

  it("teamBill lists the team's bills with the type filter, signed as each member's own", async () => {
    const team = await teamOf(sql, a.userId);
    const from = Date.parse(`${R.startTime}T00:00:00+08:00`);
    const want = journal.filter(
      (j) => team.has(j.user_id) && j.type_code === 301 && j.created_at.getTime() >= from,
    );
    const res = await a.get('/v1/report/agentReport/teamBill', { ...R, type: '301', pageSize: 50 });
    expect(res.code, res.msg).toBe(1);
    expect(res.data.total).toBe(want.length);
    for (const row of res.data.list) {
      expect(row.typeCode).toBe(301);
      expect(row.amount.startsWith('-')).toBe(true);
      expect(row.userName).toBeTruthy();
    }
    const bills = await a.get('/v1/report/agentReport/teamBill', {
      ...R,
      userName: bMembers[0] ? 'nobody-here' : '',
    });
    expect(bills.data.total).toBe(0);
  });

  it('the card-game records are empty while the site has no card games', async () => {
    for (const kind of ['Battle', 'Banker', 'Multi', 'Fish']) {
      const res = await a.get(`/v1/game/frontAgent${kind}GameRecord`, R);
      expect(res).toMatchObject({ code: 1, data: { list: [], total: 0 } });
    }
  });
});

describe('the roll-ups', () => {
  it("a rebuild from the whole journal (the migration's back-fill) equals what the triggers kept", async () => {
    const snapshot = async () => ({
      // rows with transfers or valid bets (a row the bets' trigger took back to 0 is not rebuilt)
      daily:
        await sql`select * from user_daily where tx_count <> 0 or valid_bet <> 0 order by user_id, day`,
      monthly:
        await sql`select * from user_monthly where tx_count <> 0 or valid_bet <> 0 order by user_id, month`,
      first: await sql`select * from user_first_recharge order by user_id`,
    });
    const kept = await snapshot();
    expect(kept.daily.length).toBeGreaterThan(0);
    expect(kept.daily.some((r) => Number(r.valid_bet) > 0)).toBe(true);
    await sql.begin((tx) => rebuildRollups(tx));
    expect(await snapshot()).toEqual(kept);
  });
});

describe('refusals', () => {
  const AGENT_CALLS = [
    '/v1/report/agentReport/userAgentReport',
    '/v1/report/agentReport/userAgentReport/detail',
    '/v1/report/agentReport/childReport',
    '/v1/report/agentReport/teamBalance',
    '/v1/report/agentReport/teamBill',
    '/v1/betting/getAgentBetData',
    '/v1/game/frontAgentBattleGameRecord',
    '/v1/game/frontAgentBankerGameRecord',
    '/v1/game/frontAgentMultiGameRecord',
    '/v1/game/frontAgentFishGameRecord',
  ];

  it('a non-agent gets the agent-only refusal on every agent call', async () => {
    for (const path of AGENT_CALLS) {
      const res = await member.get(path);
      expect(res, path).toMatchObject({ code: -1, msg: AGENT_ONLY_MSG, status: 403 });
    }
  });

  it('bad dates and ranges are refused in Chinese', async () => {
    const P = '/v1/report/agentReport/userAgentReport';
    const cases: [Record<string, string>, string][] = [
      [{ startTime: 'yesterday' }, '开始日期格式不正确'],
      [{ endTime: '2026-1-01' }, '结束日期格式不正确'],
      [{ startTime: '2025-02-30', endTime: '2025-03-01' }, '日期格式不正确'],
      [{ startTime: dayOf(0), endTime: dayOf(1) }, '开始日期不能晚于结束日期'],
      [{ startTime: dayOf(92), endTime: dayOf(0) }, '查询范围不能超过92天'],
      [{ startTime: dayOf(-3), endTime: dayOf(-3) }, '结束日期不能晚于今天'],
    ];
    for (const [q, msg] of cases)
      expect(await a.get(P, q), JSON.stringify(q)).toMatchObject({ code: -1, msg });
    expect((await a.get(P, { startTime: dayOf(91), endTime: dayOf(0) })).code).toBe(1);
    expect(await member.get('/v1/report/userReport/userProfitRank', { dateType: 4 })).toMatchObject(
      { code: -1, msg: '日期类型格式不正确' },
    );
    expect(await a.get('/v1/report/agentReport/childReport', { pageSize: 51 })).toMatchObject({
      code: -1,
    });
  });
});
