/** Grades: promotion on crossing a recharge or valid-bet threshold, never down, an idempotent job, operator edits. */
import { beforeAll, describe, expect, it } from 'vitest';
import { TOP_GRADE } from '../../src/domain/grades.ts';
import { TxType } from '../../src/domain/txTypes.ts';
import { transfer, transferInTx } from '../../src/server/ledger/ledger.ts';
import { insertUserWithPassword } from '../../src/server/account/users.ts';
import { newToken } from '../../src/server/auth/kdf.ts';
import { runGradePromotion } from '../../src/server/grades/promoteJob.ts';
import { settleIssue } from '../../src/server/lottery/settlement/index.ts';
import {
  ensureTestLotteries,
  fund,
  makeIssue,
  makeUser,
  placeBet,
  SSC,
} from './settlement-fixtures.ts';
import { setupTestApp } from './helpers.ts';
import { transferIds } from '../../src/domain/transferIds.ts';

const ctx = await setupTestApp();
const sql = ctx.sql;

async function sessionClient(userName: string, opts: { isOperator?: boolean } = {}) {
  const userId = (await insertUserWithPassword(sql, userName, 'pass1234', opts))!;
  const { token, hash } = newToken();
  await sql`insert into sessions (token_hash, user_id, expires_at) values (${hash}, ${userId}, now() + interval '1 day')`;
  const c = ctx.client();
  c.cookies.set('sid', token);
  return Object.assign(c, { userId, userName });
}

/** A ladder where grade g needs g × recharge yuan or g × bet yuan. */
const ladder = (recharge: number, bet: number) =>
  JSON.stringify(
    Array.from({ length: TOP_GRADE }, (_, i) => ({
      grade: i + 1,
      rechargeAmount: String((i + 1) * recharge),
      validBetAmount: String((i + 1) * bet),
      benefits: `权益${i + 1}`,
    })),
  );

const gradeOf = async (id: number) =>
  (await sql<{ grade: number }[]>`select grade from users where id = ${id}`)[0]!.grade;
const changesOf = async (id: number) =>
  (
    await sql<
      { from_grade: number; to_grade: number }[]
    >`select from_grade, to_grade from user_grade_changes where user_id = ${id} order by id`
  ).map((r) => [r.from_grade, r.to_grade]);

let op: Awaited<ReturnType<typeof sessionClient>>;
beforeAll(async () => {
  op = await sessionClient('boss01', { isOperator: true });
  await ensureTestLotteries(sql);
  expect((await op.post('/v1/admin/grades/levels', { levels: ladder(10, 5) })).code).toBe(1);
  await runGradePromotion(sql);
});

describe('promotion', () => {
  it('promotes on crossing a recharge threshold, once, and a second run changes nothing', async () => {
    const a = await makeUser(sql);
    await fund(sql, a, 1_999);
    await runGradePromotion(sql);
    expect(await gradeOf(a)).toBe(1);
    await fund(sql, a, 1);
    expect((await runGradePromotion(sql)).raised).toBeGreaterThanOrEqual(1);
    expect(await gradeOf(a)).toBe(2);
    expect(await runGradePromotion(sql)).toMatchObject({ raised: 0 });
    expect(await changesOf(a)).toEqual([
      [0, 1],
      [1, 2],
    ]);
    // each promotion wrote the player one level-up letter, in the same transaction
    const letters = await sql<{ title: string; content: string }[]>`
      select title, content from letters where audience = 'user' and to_user_id = ${a} order by id`;
    expect(letters.map((l) => l.title)).toEqual(['恭喜晋级 VIP1 青铜', '恭喜晋级 VIP2 白银']);
    expect(letters[0]!.content).toContain('由 未定级 晋升为 VIP1 青铜');
  });

  it('counts valid bets only once settled, losing bets included', async () => {
    const b = await makeUser(sql, { group: 1950 });
    // money to bet with that is no recharge
    await transfer(sql, {
      transferId: transferIds.fixture(`gift:${b}`),
      from: { kind: 'house', userId: null },
      to: { kind: 'player', userId: b },
      amountFen: 100_000,
      typeCode: TxType.ACTIVITY_REWARD,
      userId: b,
    });
    await makeIssue(sql, SSC, 'G-1');
    // a losing bet: 2 lines of 2 yuan × 5 = 20 yuan
    const bet = await placeBet(sql, {
      userId: b,
      issue: 'G-1',
      playCode: 'DWD',
      number: '1 2,-,-,-,-',
      multiple: 5,
      userGroup: 1950,
    });
    expect(bet.amount).toBe(2_000);
    await runGradePromotion(sql);
    expect(await gradeOf(b)).toBe(0);
    await sql`update lottery_issues set result = '9,9,9,9,9', status = 'drawn', drawn_at = now() where lottery_code = ${SSC} and issue = 'G-1'`;
    await settleIssue(sql, SSC, 'G-1');
    await runGradePromotion(sql);
    expect(await gradeOf(b)).toBe(4);
  });

  it('never demotes, and leaves the test group and managers alone', async () => {
    const c = await makeUser(sql);
    const manager = await makeUser(sql);
    const tester = await makeUser(sql);
    await sql`update users set grade = 100 where id = ${manager}`;
    await sql`update users set grade = -1 where id = ${tester}`;
    for (const id of [c, manager, tester]) await fund(sql, id, 5_000);
    await runGradePromotion(sql);
    expect([await gradeOf(c), await gradeOf(manager), await gradeOf(tester)]).toEqual([5, 100, -1]);
    expect((await op.post('/v1/admin/grades/levels', { levels: ladder(1_000, 500) })).code).toBe(1);
    await runGradePromotion(sql);
    expect(await gradeOf(c)).toBe(5);
    expect((await op.post('/v1/admin/grades/levels', { levels: ladder(10, 5) })).code).toBe(1);
    await runGradePromotion(sql);
  });

  it('applies an operator edit to players with nothing new', async () => {
    const d = await makeUser(sql);
    await fund(sql, d, 800);
    await runGradePromotion(sql);
    expect(await gradeOf(d)).toBe(0);
    expect((await op.post('/v1/admin/grades/levels', { levels: ladder(4, 5) })).code).toBe(1);
    await runGradePromotion(sql);
    expect(await gradeOf(d)).toBe(2);
    expect((await sql`select full_pending from grade_promotion_cursor`)[0]!.full_pending).toBe(
      false,
    );
    expect((await op.post('/v1/admin/grades/levels', { levels: ladder(10, 5) })).code).toBe(1);
    await runGradePromotion(sql);
  });

  it('counts a recharge taken back (充值驳回) against the total', async () => {
    const e = await makeUser(sql);
    await fund(sql, e, 1_500);
    await sql`update transfers set type_code = 411 where id = (select max(id) from transfers where user_id = ${e})`;
    await fund(sql, e, 1_500);
    await runGradePromotion(sql);
    expect(await gradeOf(e)).toBe(0);
  });
});

describe('the job position', () => {
  it('still sees a recharge committed after later transfers and after runs that happened meanwhile', async () => {
    const late = await makeUser(sql);
    const other = await makeUser(sql);
    // the late recharge comes from a donor wallet, so the open transaction holds no lock the later transfer needs
    const donor = await makeUser(sql);
    await transfer(sql, {
      transferId: transferIds.fixture(`donor:${donor}`),
      from: { kind: 'house', userId: null },
      to: { kind: 'player', userId: donor },
      amountFen: 5_000,
      typeCode: TxType.ACTIVITY_REWARD,
      userId: donor,
    });
    let commit!: () => void;
    const gate = new Promise<void>((r) => {
      commit = r;
    });
    let inserted!: () => void;
    const wasInserted = new Promise<void>((r) => {
      inserted = r;
    });
    const open = sql.begin(async (tx) => {
      await transferInTx(tx, {
        transferId: transferIds.fixture(`late:${late}`),
        from: { kind: 'player', userId: donor },
        to: { kind: 'player', userId: late },
        amountFen: 5_000,
        typeCode: TxType.MANUAL_DEPOSIT,
        userId: late,
      });
      inserted();
      await gate;
    });
    await wasInserted;
    await fund(sql, other, 100); // a later id, committed first
    await runGradePromotion(sql);
    await runGradePromotion(sql);
    expect(await gradeOf(late)).toBe(0);
    commit();
    await open;
    await runGradePromotion(sql);
    expect(await gradeOf(late)).toBe(5);
  });

  it('two runs at once promote once', async () => {
    const twice = await makeUser(sql);
    await fund(sql, twice, 3_000);
    await Promise.all([runGradePromotion(sql), runGradePromotion(sql)]);
    expect(await changesOf(twice)).toEqual([[0, 3]]);
  });
});

describe('calls', () => {
  it('shows the player the ladder, the totals and the way to the next grade', async () => {
    const p = await sessionClient('player01');
    await fund(sql, p.userId, 2_500);
    await runGradePromotion(sql);
    const res = await p.get('/v1/users/userExperienceData');
    expect(res.data).toMatchObject({
      grade: 2,
      gradeName: '白银',
      gradeShow: 'VIP2',
      rechargeAmount: '25.00',
      validBetAmount: '0.00',
      nextGrade: 3,
      nextRechargeAmount: '5.00',
      nextValidBetAmount: '15.00',
      nextPercent: 83,
    });
    expect(res.data.grades).toHaveLength(10);
    expect(res.data.grades[9]).toMatchObject({
      grade: 10,
      name: '彩神',
      show: 'VIP10',
      rechargeAmount: '100.00',
      benefits: '权益10',
    });
  });

  it('refuses bad ladders in Chinese and non-operators', async () => {
    const bad = async (levels: string) =>
      (await op.post('/v1/admin/grades/levels', { levels })).msg;
    expect(await bad('nope')).toBe('等级设置格式错误');
    expect(await bad('[]')).toBe('须设置全部10个等级');
    const rows = JSON.parse(ladder(10, 5));
    expect(
      await bad(JSON.stringify(rows.map((r: { grade: number }) => ({ ...r, grade: 1 })))),
    ).toBe('等级须为1至10，且每级一条');
    rows[3].rechargeAmount = '30';
    expect(await bad(JSON.stringify(rows))).toBe('VIP4铂金的累计充值须高于上一级');
    rows[3].rechargeAmount = '1.234';
    expect(await bad(JSON.stringify(rows))).toBe('VIP4铂金的累计充值须为大于0的金额，最多两位小数');
    rows[3] = { ...rows[3], rechargeAmount: '40', benefits: '<script>' };
    expect(await bad(JSON.stringify(rows))).toBe('VIP4铂金的等级权益不能包含尖括号或控制字符');
    expect((await op.post('/v1/admin/grades/levels', {})).msg).toBe('等级设置不能为空');
    const player = await sessionClient('player02');
    expect((await player.get('/v1/admin/grades/levels')).status).toBe(403);
    expect((await player.post('/v1/admin/grades/levels', { levels: ladder(1, 1) })).status).toBe(
      403,
    );
    const got = await op.get('/v1/admin/grades/levels');
    expect(got.data.list[0]).toMatchObject({
      grade: 1,
      name: '青铜',
      rechargeAmount: '10.00',
      validBetAmount: '5.00',
    });
  });
});
