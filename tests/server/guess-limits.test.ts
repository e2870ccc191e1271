/**
 * Guess limits under concurrency (issue 23 item 7): every guess is counted before it is checked,
 * so 40 concurrent wrong guesses are 40 counted guesses: the safety password (red-envelope send,
 * withdrawal, bank card) allows exactly SAFETY_MAX_FAILURES checks, login exactly the image-code
 * threshold without a code and LOGIN_MAX_FAILURES with one; the rest are refused unchecked.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loginPasswordHash, safetyPasswordHash } from '../../src/domain/credentials.ts';
import { LOGIN_MAX_FAILURES } from '../../src/domain/constants.ts';
import { insertUserWithPassword } from '../../src/server/account/users.ts';
import { issueImageCode } from '../../src/server/account/imageCode.ts';
import { loginImageCodeAfter } from '../../src/server/account/loginGuard.ts';
import { SAFETY_MAX_FAILURES } from '../../src/server/cards/safety.ts';
import { expectZeroSum, setupTestApp, TestClient, type CallResult } from './helpers.ts';
import { escrowOf, player, playerBalance, room, sendIn } from './redenvelope-fixtures.ts';
import {
  holdBalance,
  newPlayer,
  SAVE,
  setSettings,
  walletOf,
  withdrawForm,
} from './withdraw-fixtures.ts';

const ctx = await setupTestApp();
const CONCURRENT = 40;
const LOCKED_MSG = '资金密码错误次数过多，请15分钟后再试';
let net = 0;

/**
 * `n` clients sharing `c`'s cookies, each on its own address, so the per-address rate limits
 * (30 a minute on card calls) let every one of the concurrent guesses through to the guard.
 */
function spread(c: TestClient, n: number): TestClient[] {
  const subnet = ++net;
  return Array.from({ length: n }, (_, i) => {
    const t = new TestClient(ctx.app, `10.77.${subnet}.${i + 1}`);
    t.cookies = new Map(c.cookies);
    return t;
  });
}

/** Sends one call from each client at once; answers their envelopes. */
const race = (clients: TestClient[], call: (c: TestClient) => Promise<CallResult>) =>
  Promise.all(clients.map(call));

const safetyFailures = async (userId: number) =>
  (
    await ctx.sql<
      { n: number }[]
    >`select count(*)::int as n from safety_password_failures where user_id = ${userId}`
  )[0]!.n;

/** The answers of a raced wrong safety password: one countdown each, everything else locked. */
function expectSafetyAnswers(answers: CallResult[]) {
  const countdown = Array.from(
    { length: SAFETY_MAX_FAILURES - 1 },
    (_, i) => `资金密码错误，还可尝试${SAFETY_MAX_FAILURES - 1 - i}次`,
  );
  const expected = [...countdown, ...Array(CONCURRENT - countdown.length).fill(LOCKED_MSG)];
  expect(answers.map((a) => a.msg).sort()).toEqual(expected.sort());
  for (const a of answers) expect(a).toMatchObject({ code: -1, status: 200 });
}

describe('the safety password under concurrent wrong guesses', () => {
  it('a red-envelope send: exactly 5 guesses checked and recorded, no money moved', async () => {
    const { roomCode } = await room(ctx);
    const p = await player(ctx);
    const before = await playerBalance(ctx.sql, p.userId);
    const wrong = safetyPasswordHash(p.userName, '000000');
    const answers = await race(spread(p, CONCURRENT), (c) =>
      sendIn(c as typeof p, roomCode, { safetyPassword: wrong }),
    );
    expectSafetyAnswers(answers);
    expect(await safetyFailures(p.userId)).toBe(SAFETY_MAX_FAILURES);
    // locked out now, the right password included
    expect((await sendIn(p, roomCode)).msg).toBe(LOCKED_MSG);
    expect(await playerBalance(ctx.sql, p.userId)).toBe(before);
    expect(await escrowOf(ctx.sql, p.userId)).toBe(0);
    expect((await ctx.sql`select 1 from red_envelopes where sender_id = ${p.userId}`).length).toBe(
      0,
    );
    await expectZeroSum(ctx.sql);
  });

  it('a withdrawal: exactly 5 guesses, no order, nothing held', async () => {
    await setSettings(ctx.sql, {});
    const p = await newPlayer(ctx, 100_000);
    const form = () =>
      withdrawForm(p, { safetyPassword: safetyPasswordHash(p.userName, '000000') });
    const answers = await race(spread(p, CONCURRENT), (c) => c.post(SAVE, form()));
    expectSafetyAnswers(answers);
    expect(await safetyFailures(p.userId)).toBe(SAFETY_MAX_FAILURES);
    expect((await p.post(SAVE, withdrawForm(p))).msg).toBe(LOCKED_MSG);
    expect(await walletOf(ctx.sql, p.userId)).toBe(100_000);
    expect(await holdBalance(ctx.sql, p.userId)).toBe(0);
    expect((await ctx.sql`select 1 from withdraw_orders where user_id = ${p.userId}`).length).toBe(
      0,
    );
  });

  it('a bank-card add: exactly 5 guesses, no card; a right answer later clears the count', async () => {
    const p = await newPlayer(ctx, 0);
    const add = (c: TestClient, digits: string, n: number) =>
      c.post('/v1/users/addBankCard', {
        bankCode: 'ICBC',
        bankNumber: `6222020${String(n).padStart(12, '0')}`,
        realName: '张三丰',
        branch: '北京朝阳支行',
        safetyPassword: safetyPasswordHash(p.userName, digits),
      });
    const answers = await race(spread(p, CONCURRENT), (c) => add(c, '000000', 1));
    expectSafetyAnswers(answers);
    expect(await safetyFailures(p.userId)).toBe(SAFETY_MAX_FAILURES);
    const cards = async () =>
      (await ctx.sql`select 1 from bank_cards where user_id = ${p.userId} and kind = 'bank'`)
        .length;
    expect(await cards()).toBe(1); // the fixture's own card
    await ctx.sql`update safety_password_failures set created_at = now() - interval '16 minutes' where user_id = ${p.userId}`;
    expect((await add(spread(p, 1)[0]!, '123456', 2)).code).toBe(1);
    expect(await safetyFailures(p.userId)).toBe(0);
  });

  it('concurrent right answers past the limit wait for each other instead of locking the player out', async () => {
    const p = await newPlayer(ctx, 0);
    const answers = await race(spread(p, CONCURRENT), (c) =>
      c.post('/v1/users/safetyCheckBankCard', { id: p.cardId, safetyPassword: p.safety }),
    );
    expect(answers.filter((a) => a.code !== 1).map((a) => a.msg)).toEqual([]);
    expect(await safetyFailures(p.userId)).toBe(0);
  });
});

describe('login under concurrent wrong guesses', () => {
  let codeAfter: number;
  beforeAll(async () => {
    codeAfter = await loginImageCodeAfter(ctx.sql);
  });

  const form = (userName: string, password: string, extra: Record<string, string> = {}) => ({
    userName,
    password: loginPasswordHash(userName, password),
    random: 'r1',
    ...extra,
  });
  const loginFailures = async (userName: string) =>
    (
      await ctx.sql<
        { n: number }[]
      >`select count(*)::int as n from login_failures where user_name_lc = ${userName}`
    )[0]!.n;
  const withCode = async (f: Record<string, string>) => {
    const ic = await issueImageCode(ctx.sql);
    return { ...f, imageKey: ic.imageKey, imageCode: ic.answer };
  };

  it.each([
    ['a known name', 'gl_known'],
    ['an unknown name', 'gl_nobody'],
  ])(
    'without image codes, %s gets exactly the threshold of checks; the code cannot be skipped by racing',
    async (_n, userName) => {
      if (userName === 'gl_known') await insertUserWithPassword(ctx.sql, userName, 'pass1234');
      const answers = await race(spread(ctx.client(), CONCURRENT), (c) =>
        c.post('/v1/users/login', form(userName, 'bad12345')),
      );
      const checked = answers.filter((a) => a.msg === '用户名或密码错误');
      expect(checked.length).toBe(codeAfter);
      const asked = answers.filter((a) => a.msg === '请输入验证码');
      expect(asked.length).toBe(CONCURRENT - codeAfter);
      for (const a of asked) expect(a).toMatchObject({ code: -1, data: { needImageCode: true } });
      expect(await loginFailures(userName)).toBe(codeAfter);
      // the right password without a code is still asked for one, and gets no session
      const c = ctx.client('10.78.0.1');
      expect(await c.post('/v1/users/login', form(userName, 'pass1234'))).toMatchObject({
        code: -1,
        data: { needImageCode: true },
      });
      expect(c.cookies.size).toBe(0);
    },
  );

  it('with image codes, exactly LOGIN_MAX_FAILURES are checked and the name is locked', async () => {
    const userName = 'gl_locked';
    await insertUserWithPassword(ctx.sql, userName, 'pass1234');
    const forms = await Promise.all(
      Array.from({ length: CONCURRENT }, () => withCode(form(userName, 'bad12345'))),
    );
    const clients = spread(ctx.client(), CONCURRENT);
    const answers = await Promise.all(clients.map((c, i) => c.post('/v1/users/login', forms[i]!)));
    expect(answers.filter((a) => a.msg === '用户名或密码错误').length).toBe(LOGIN_MAX_FAILURES - 1);
    expect(answers.filter((a) => /锁定.*15分钟/.test(a.msg)).length).toBe(
      CONCURRENT - (LOGIN_MAX_FAILURES - 1),
    );
    expect(await loginFailures(userName)).toBe(LOGIN_MAX_FAILURES);
    expect(
      (
        await ctx.sql`select 1 from login_locks where user_name_lc = ${userName} and locked_until > now()`
      ).length,
    ).toBe(1);
    const c = ctx.client('10.78.0.2');
    expect(
      (await c.post('/v1/users/login', await withCode(form(userName, 'pass1234')))).msg,
    ).toMatch(/锁定/);
    expect(c.cookies.size).toBe(0);
  });

  it('concurrent right logins past the image-code threshold all get in', async () => {
    const userName = 'gl_burst';
    await insertUserWithPassword(ctx.sql, userName, 'pass1234');
    const answers = await race(spread(ctx.client(), CONCURRENT), (c) =>
      c.post('/v1/users/login', form(userName, 'pass1234')),
    );
    expect(answers.filter((a) => a.code !== 1).map((a) => a.msg)).toEqual([]);
    expect(await loginFailures(userName)).toBe(0);
  });

  it('a right password forgets the counted guesses even when the login is refused after it (frozen)', async () => {
    const userName = 'gl_frozen';
    await insertUserWithPassword(ctx.sql, userName, 'pass1234');
    await ctx.sql`update users set status = 'frozen' where user_name = ${userName}`;
    const c = ctx.client('10.78.0.3');
    expect((await c.post('/v1/users/login', form(userName, 'bad12345'))).msg).toBe(
      '用户名或密码错误',
    );
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      expect((await c.post('/v1/users/login', form(userName, 'pass1234'))).code).toBe(-49);
    }
    expect(await loginFailures(userName)).toBe(0);
  });
});
