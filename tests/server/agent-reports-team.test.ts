/** Agent reports: the team figures against the journal, and the roll-ups rebuilt from it. */
import { describe, expect, it } from 'vitest';
import { dayOf, expectedFigures, previousMonth, teamOf } from './agent-reports-fixtures.ts';
import { rangePieces } from '../../src/server/reports/rollups.ts';
import { rebuildRollups } from '../../src/server/reports/categories.ts';
import {
  SEED,
  sql,
  a,
  b,
  member,
  bMembers,
  journal,
  R,
  pickFigures,
} from './agent-reports-team-fixtures.ts';

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
