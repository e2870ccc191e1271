/** Agent reports: the members own reports, the site report, the team records, and refusals. */
import { describe, expect, it } from 'vitest';
import { maskName } from '../../src/domain/money.ts';
import { AGENT_ONLY_MSG } from '../../src/server/auth/sessions.ts';
import { dayOf, expectedFigures, teamOf } from './agent-reports-fixtures.ts';
import {
  ctx,
  sql,
  a,
  b,
  member,
  bMembers,
  journal,
  R,
  pickFigures,
} from './agent-reports-team-fixtures.ts';

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
