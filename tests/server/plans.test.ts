/**
 * Push plans (issue 14): one prediction and one post per plan, issue and room even when the job runs
 * twice or concurrently; resolution against the stored draws by the settlement rule; win rates equal
 * a recount; type 10 refused from players; bad operator input answered in Chinese.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from './helpers.ts';
import { makeRoom, operator, say } from './chat-fixtures.ts';
import { runPlans } from '../../src/server/plans/engine.ts';
import { clearLotteryCache } from '../../src/server/lottery/lotteries.ts';
import { getPlay } from '../../src/domain/lottery/catalogue.ts';
import { parseSelection } from '../../src/domain/lottery/selection.ts';
import { selectionWins } from '../../src/domain/plans/pick.ts';
import { DEFAULT_RULE_FLAGS } from '../../src/domain/lottery/flags.ts';

const ctx = await setupTestApp();
const { sql } = ctx;
const K3 = '9961';
const HZ = getPlay('K3', 'HZ')!;
const BASE = Date.now() - 3 * 3600_000;
const MIN = 60_000;
const at = (i: number) => new Date(BASE + i * MIN);
const sumResult = (i: number) => [1 + (i % 6), 1 + ((i * 5) % 6), 1 + ((i * 3 + 2) % 6)].join(',');

let op: Awaited<ReturnType<typeof operator>>;
let room: { roomCode: string; id: number };
let planId: number;

beforeAll(async () => {
  await sql`
    insert into lotteries (code, family, name, source, schedule, close_lead_sec, prize_group_cap, rule_flags)
    values (${K3}, 'K3', '测试快三', 'self', ${sql.json({ kind: 'selfRun', intervalSec: 60 })}, 10, 1960, '{}')`;
  clearLotteryCache();
  // 12 past drawn issues, then 6 more to open one by one
  for (let i = 0; i < 18; i++) {
    const drawn = i < 12;
    await sql`
      insert into lottery_issues (lottery_code, issue, sale_open_at, close_at, draw_at, result, status)
      values (${K3}, ${`T${String(i).padStart(4, '0')}`}, ${at(i)}, ${new Date(at(i + 1).getTime() - 10_000)}, ${at(i + 1)},
              ${drawn ? sumResult(i) : null}, ${drawn ? 'drawn' : 'pending'})`;
  }
  op = await operator(ctx);
  room = await makeRoom(op);
  const res = await op.post('/v1/admin/plans/save', {
    name: '和值热号计划',
    lotteryCode: K3,
    playDetailCode: 'HZ',
    rule: 'hot',
    windowSize: 10,
    pickCount: 3,
    roomCodes: room.roomCode,
  });
  expect(res.msg).toBe('保存成功');
  planId = res.data.id;
});

const issueAt = (i: number) => `T${String(i).padStart(4, '0')}`;
const duringSale = (i: number) => BASE + i * MIN + 5_000;

async function planMessages() {
  return sql<
    { id: number; body: string }[]
  >`select id, body from chat_messages where room_id = ${room.id} and message_type_id = 10 order by id`;
}

async function draw(i: number) {
  await sql`update lottery_issues set result = ${sumResult(i)}, status = 'drawn' where lottery_code = ${K3} and issue = ${issueAt(i)}`;
}

describe('push plans', () => {
  it('predicts and posts once per issue, even when the job runs twice and concurrently', async () => {
    await Promise.all([
      runPlans(sql, duringSale(12)),
      runPlans(sql, duringSale(12)),
      runPlans(sql, duringSale(12)),
    ]);
    await runPlans(sql, duringSale(12));
    const preds =
      await sql`select issue, betting_number from push_plan_predictions where plan_id = ${planId}`;
    expect(preds.map((p) => p.issue)).toEqual([issueAt(12)]);
    const msgs = await planMessages();
    expect(msgs).toHaveLength(1);
    const body = JSON.parse(msgs[0]!.body);
    expect(body).toMatchObject({
      planId,
      lotteryCode: K3,
      lotteryName: '测试快三',
      lotteryType: 'K3',
      bettingIssue: issueAt(12),
      playName: '和值热号计划',
    });
    expect(body.describePlay).toContain('不代表任何中奖保证');
    expect(body.entries[0]).toMatchObject({
      playDetailCode: 'HZ',
      bettingNumber: preds[0]!.betting_number,
      bettingCount: 3,
    });
    // the hot pick: the 3 sums that won most often in the last 10 draws (ties to the smaller sum)
    const draws = Array.from({ length: 10 }, (_, k) =>
      sumResult(11 - k)
        .split(',')
        .map(Number),
    );
    const freq = HZ.rows[0]!.values.map((v) => ({
      v,
      n: draws.filter((d) => selectionWins(HZ, { rows: [[v]] }, d, DEFAULT_RULE_FLAGS)).length,
    }));
    const hot = freq
      .sort((a, b) => b.n - a.n || a.v - b.v)
      .slice(0, 3)
      .map((f) => f.v)
      .sort((a, b) => a - b);
    expect(parseSelection(HZ, preds[0]!.betting_number)!.rows[0]).toEqual(hot);
  });

  it('resolves against the real draws and the win rates equal a recount', async () => {
    for (let i = 12; i < 17; i++) {
      if (i > 12) await runPlans(sql, duringSale(i));
      const before =
        await sql`select is_prize from push_plan_predictions where plan_id = ${planId} and issue = ${issueAt(i)}`;
      expect(before[0]!.is_prize).toBe(2);
      await draw(i);
      await runPlans(sql, duringSale(i) + 50_000);
    }
    const rows = await sql<
      { issue: string; betting_number: string; is_prize: number; open_number: string }[]
    >`
      select p.issue, p.betting_number, p.is_prize, p.open_number from push_plan_predictions p where plan_id = ${planId} order by issue`;
    expect(rows).toHaveLength(5);
    let hits = 0;
    for (const r of rows) {
      const result = (
        await sql`select result from lottery_issues where lottery_code = ${K3} and issue = ${r.issue}`
      )[0]!.result as string;
      const won = selectionWins(
        HZ,
        parseSelection(HZ, r.betting_number)!,
        result.split(',').map(Number),
        DEFAULT_RULE_FLAGS,
      );
      expect(r.is_prize).toBe(won ? 1 : 0);
      expect(r.open_number).toBe(result);
      if (won) hits++;
    }
    const list = await ctx
      .client()
      .get('/v1/chat/getPushPlayListFront', { playId: planId, pageSize: 3, pageNum: 1 });
    expect(list.code).toBe(1);
    expect(list.data.totalWinRate).toBe(`${((hits * 100) / 5).toFixed(2)}%`);
    expect(list.data.total).toBe(5);
    expect(list.data.list).toHaveLength(3);
    expect(list.data.list[0]).toMatchObject({ issue: issueAt(16), playType: '和值 和值' });
    // the draws are 3 h old at most, so "today" may straddle Beijing midnight: recount by Beijing date
    const record = await ctx
      .client()
      .get('/v1/chat/getPushPlayRecordFront', { playId: planId, issue: issueAt(14) });
    expect(record.data).toMatchObject({
      gameName: '测试快三',
      issue: issueAt(14),
      openNumber: sumResult(14),
      isPrize: rows[2]!.is_prize,
    });
    expect(await planMessages()).toHaveLength(5);
    const last = JSON.parse((await planMessages()).at(-1)!.body);
    expect(last.history.map((h: { issue: string }) => h.issue)).toEqual([
      issueAt(15),
      issueAt(14),
      issueAt(13),
      issueAt(12),
    ]);
  });

  it('resolves again when the operator corrects a result', async () => {
    const [before] = await sql<{ betting_number: string; is_prize: number }[]>`
      select betting_number, is_prize from push_plan_predictions where plan_id = ${planId} and issue = ${issueAt(13)}`;
    const picked = parseSelection(HZ, before!.betting_number)!.rows[0]!;
    // a result whose sum is (or is not) picked, the opposite of the stored outcome
    const want = before!.is_prize === 1 ? 0 : 1;
    const sums = HZ.rows[0]!.values.filter((v) => picked.includes(v) === (want === 1));
    const dice = [1, 2, 3, 4, 5, 6];
    const result = dice
      .flatMap((a) => dice.flatMap((b) => dice.map((c) => [a, b, c])))
      .find((d) => sums.includes(d[0]! + d[1]! + d[2]!))!
      .join(',');
    const old = sumResult(13);
    await sql`update lottery_issues set result = ${result}, result_version = 1 where lottery_code = ${K3} and issue = ${issueAt(13)}`;
    await sql`insert into lottery_result_corrections (lottery_code, issue, operator_id, operator_name, before_result, after_result, result_version)
      values (${K3}, ${issueAt(13)}, ${op.userId}, ${op.userName}, ${old}, ${result}, 1)`;
    await runPlans(sql, duringSale(17));
    const [after] =
      await sql`select is_prize, open_number from push_plan_predictions where plan_id = ${planId} and issue = ${issueAt(13)}`;
    expect(after).toMatchObject({ is_prize: want, open_number: result });
  });

  it('refuses type 10 from players', async () => {
    const player = await ctx.userClient();
    expect((await say(player, room.roomCode, 'hi')).code).toBe(1);
    const res = await player.post('/v1/chat/addMessage', {
      roomCode: room.roomCode,
      messageTypeId: 10,
      message: '{"planId":1}',
      status: 0,
      userIds: '',
    });
    expect(res.code).not.toBe(1);
    expect(res.msg).toBe('不支持的消息类型');
  });

  it('answers bad operator input in Chinese, never a 500', async () => {
    const base = {
      name: '计划',
      lotteryCode: K3,
      playDetailCode: 'HZ',
      rule: 'hot',
      roomCodes: room.roomCode,
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ rule: 'magic' }, '预测规则不正确'],
      [{ lotteryCode: 'nope' }, '彩种不存在'],
      [{ playDetailCode: 'XX' }, '玩法不存在'],
      [{ roomCodes: '' }, '请选择要推送的房间'],
      [{ roomCodes: '99999999' }, '房间不存在'],
      [{ name: '  ' }, '请填写计划名称'],
      [{ pickCount: 16 }, '选号个数需在1至15之间'],
      [{ id: 999999 }, '计划不存在'],
    ];
    for (const [patch, msg] of cases) {
      const res = await op.post('/v1/admin/plans/save', { ...base, ...patch });
      expect(res.msg).toBe(msg);
      expect(res.code).not.toBe(1);
    }
    const schema = await op.post('/v1/admin/plans/save', { ...base, pickCount: 'abc' });
    expect(schema.code).not.toBe(1);
    expect(schema.msg).toMatch(/[\u4e00-\u9fa5]/);
    const missing = await ctx.client().get('/v1/chat/getPushPlayListFront', { playId: 'x' });
    expect(missing.msg).toMatch(/[\u4e00-\u9fa5]/);
    expect((await ctx.client().get('/v1/chat/getPushPlayListFront', { playId: 424242 })).msg).toBe(
      '计划不存在',
    );
    const player = await ctx.userClient();
    expect((await player.get('/v1/admin/plans/list')).code).not.toBe(1);
    const list = await op.get('/v1/admin/plans/list');
    expect(list.data.list[0]).toMatchObject({
      id: planId,
      rule: 'hot',
      roomCodes: room.roomCode,
      enabled: 1,
    });
  });
});
