/**
 * The operator API: who may call it, and the manual balance adjustment with bad input of
 * every kind. Sessions are made directly in the table so these tests do not depend on login.
 */
import crypto from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { insertUserWithPassword } from '../../src/server/account/users.ts';
import { newToken } from '../../src/server/auth/kdf.ts';
import { ledgerMismatches, playerBalance } from '../../src/server/ledger/ledger.ts';
import { expectZeroSum, setupTestApp } from './helpers.ts';
import { REQUEST_REUSED_MSG } from '../../src/domain/requests.ts';

const ctx = await setupTestApp();

async function sessionClient(userName: string, opts: { isOperator?: boolean } = {}) {
  const userId = (await insertUserWithPassword(ctx.sql, userName, 'pass1234', opts))!;
  const { token, hash } = newToken();
  await ctx.sql`insert into sessions (token_hash, user_id, expires_at) values (${hash}, ${userId}, now() + interval '1 day')`;
  const c = ctx.client();
  c.cookies.set('sid', token);
  return Object.assign(c, { userId, userName });
}

const rid = () => crypto.randomUUID();
type Client = Awaited<ReturnType<typeof sessionClient>>;
let op: Client;
let player: Client;

beforeAll(async () => {
  op = await sessionClient('operator1', { isOperator: true });
  player = await sessionClient('player1');
});
afterEach(async () => {
  await expectZeroSum(ctx.sql);
  expect(await ledgerMismatches(ctx.sql)).toEqual([]);
});

async function snapshot() {
  return {
    transfers: await ctx.sql`select id, transfer_id, amount from transfers order by id`,
    balances: await ctx.sql`select id, balance from ledger_accounts order by id`,
    users: await ctx.sql`select id, status from users order by id`,
    sessions: await ctx.sql`select id, ended_at from sessions order by id`,
    settings: await ctx.sql`select key, value from site_settings order by key`,
    banners: await ctx.sql`select * from content_banners order by id`,
  };
}

const ADMIN_CALLS: [string, string, Record<string, string | number>][] = [
  [
    'post',
    '/v1/admin/balance/adjust',
    { userName: 'player1', amount: '10.00', remark: '测试', requestId: 'abcdefgh1' },
  ],
  ['get', '/v1/admin/users/list', {}],
  ['post', '/v1/admin/users/forceLogout', { userId: 1 }],
  ['post', '/v1/admin/users/setStatus', { userId: 1, status: 'frozen' }],
  ['get', '/v1/admin/site/status', {}],
  ['post', '/v1/admin/site/status', { maintenance: '1' }],
  ['get', '/v1/admin/codes/outbox', {}],
  ['get', '/v1/admin/ledger/transfers', {}],
  ['get', '/v1/admin/content/banners', {}],
  ['post', '/v1/admin/content/banners/save', { title: '标题', image: '/banners/1.svg' }],
  ['post', '/v1/admin/content/banners/delete', { id: 1 }],
  ['get', '/v1/admin/content/notices', {}],
  ['post', '/v1/admin/content/notices/save', { title: '标题', content: '内容' }],
  ['post', '/v1/admin/content/notices/delete', { id: 1 }],
  ['get', '/v1/admin/content/articles', { kind: 'help' }],
  ['post', '/v1/admin/content/articles/save', { kind: 'help', title: '标题', content: '内容' }],
  ['post', '/v1/admin/content/articles/delete', { id: 1, kind: 'help' }],
  ['post', '/v1/admin/content/banners/uploadImage', {}],
];

describe('who may call the operator API', () => {
  it.each(ADMIN_CALLS)(
    '%s %s: a player gets 403 and nothing changes',
    async (method, path, form) => {
      const before = await snapshot();
      const res = method === 'get' ? await player.get(path, form) : await player.post(path, form);
      expect(res.status).toBe(403);
      expect(res.code).toBe(-1);
      expect(res.msg).toBe('没有权限');
      expect(await snapshot()).toEqual(before);
    },
  );

  it.each(ADMIN_CALLS)(
    '%s %s: no session gets code 0 and nothing changes',
    async (method, path, form) => {
      const before = await snapshot();
      const anon = ctx.client();
      const res = method === 'get' ? await anon.get(path, form) : await anon.post(path, form);
      expect(res.code).toBe(0);
      expect(await snapshot()).toEqual(before);
    },
  );

  it('an operator whose session ended gets the session code', async () => {
    const ended = await sessionClient('operator2', { isOperator: true });
    await ctx.sql`update sessions set ended_at = now(), end_reason = 'forced' where user_id = ${ended.userId}`;
    const res = await ended.get('/v1/admin/users/list');
    expect(res.code).toBe(-6);
  });
});

describe('balance adjust', () => {
  const adjust = (form: Record<string, string | number>, who: Client = op) =>
    who.post('/v1/admin/balance/adjust', form);

  it('credits a player with type 401 by default, and records who did it', async () => {
    const requestId = rid();
    const res = await adjust({
      userName: 'player1',
      amount: '100.50',
      remark: '活动补偿',
      requestId,
    });
    expect(res.code).toBe(1);
    expect(res.data).toEqual({
      transferId: `admin-adjust:${requestId}`,
      balance: '100.50',
      balanceFen: 10050,
      applied: true,
    });
    const [t] =
      await ctx.sql`select type_code, amount, remark, operator_id, user_id from transfers where transfer_id = ${res.data.transferId}`;
    expect(t).toEqual({
      type_code: 401,
      amount: 10050,
      remark: '活动补偿',
      operator_id: op.userId,
      user_id: player.userId,
    });
  });

  it('debits with type 402 by default; the name is case-insensitive', async () => {
    const start = await playerBalance(ctx.sql, player.userId);
    const res = await adjust({
      userName: 'PLAYER1',
      amount: '-0.50',
      remark: '扣回',
      requestId: rid(),
    });
    expect(res.code).toBe(1);
    expect(res.data.balanceFen).toBe(start - 50);
    const [t] =
      await ctx.sql`select type_code from transfers where transfer_id = ${res.data.transferId}`;
    expect(t.type_code).toBe(402);
  });

  it('takes a type code that fits the direction and refuses one that does not', async () => {
    const ok = await adjust({
      userName: 'player1',
      amount: '1',
      remark: '加奖',
      typeCode: 403,
      requestId: rid(),
    });
    expect(ok.code).toBe(1);
    const wrongWay = await adjust({
      userName: 'player1',
      amount: '1',
      remark: '扣除',
      typeCode: 402,
      requestId: rid(),
    });
    expect(wrongWay).toMatchObject({ code: -1, msg: '该账变类型只能用于扣款' });
    const wrongWay2 = await adjust({
      userName: 'player1',
      amount: '-1',
      remark: '存入',
      typeCode: 401,
      requestId: rid(),
    });
    expect(wrongWay2).toMatchObject({ code: -1, msg: '该账变类型只能用于加款' });
    const either = await adjust({
      userName: 'player1',
      amount: '-1',
      remark: '冲正',
      typeCode: 413,
      requestId: rid(),
    });
    expect(either.code).toBe(1);
  });

  it('applies a retried request once and answers the same result', async () => {
    const requestId = rid();
    const start = await playerBalance(ctx.sql, player.userId);
    const first = await adjust({ userName: 'player1', amount: '5', remark: '重试', requestId });
    const again = await adjust({ userName: 'player1', amount: '5', remark: '重试', requestId });
    expect(first.data.applied).toBe(true);
    expect(again.code).toBe(1);
    expect(again.data).toMatchObject({
      transferId: first.data.transferId,
      balanceFen: start + 500,
      applied: false,
    });
    expect(await playerBalance(ctx.sql, player.userId)).toBe(start + 500);
  });

  it('refuses a request id reused for a different adjustment', async () => {
    const requestId = rid();
    await adjust({ userName: 'player1', amount: '5', remark: '一', requestId });
    const before = await snapshot();
    const other = await adjust({ userName: 'player1', amount: '6', remark: '二', requestId });
    expect(other).toMatchObject({ code: -1, msg: REQUEST_REUSED_MSG });
    const otherSign = await adjust({ userName: 'player1', amount: '-5', remark: '二', requestId });
    expect(otherSign.code).toBe(-1);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a debit larger than the balance with 余额不足 and moves nothing', async () => {
    const poor = await sessionClient('poorplayer');
    await adjust({ userName: 'poorplayer', amount: '1.00', remark: '存入', requestId: rid() });
    const before = await snapshot();
    const res = await adjust({
      userName: 'poorplayer',
      amount: '-1.01',
      remark: '扣除',
      requestId: rid(),
    });
    expect(res).toMatchObject({ code: -1, msg: '余额不足' });
    expect(await snapshot()).toEqual(before);
    expect(await playerBalance(ctx.sql, poor.userId)).toBe(100);
  });

  it('refuses an unknown user', async () => {
    const res = await adjust({
      userName: 'nobody99',
      amount: '1',
      remark: '存入',
      requestId: rid(),
    });
    expect(res).toMatchObject({ code: -1, msg: '用户不存在' });
  });

  const good = { userName: 'player1', amount: '1.00', remark: '备注', requestId: 'req-good-0001' };
  it.each([
    ['missing userName', { ...good, userName: undefined }],
    ['missing amount', { ...good, amount: undefined }],
    ['missing remark', { ...good, remark: undefined }],
    ['missing requestId', { ...good, requestId: undefined }],
    ['extra field', { ...good, userId: 1 }],
    ['zero amount', { ...good, amount: '0' }],
    ['zero amount with decimals', { ...good, amount: '-0.00' }],
    ['3-decimal amount', { ...good, amount: '1.005' }],
    ['fractional fen', { ...good, amount: '0.001' }],
    ['amount with exponent', { ...good, amount: '1e3' }],
    ['amount with spaces', { ...good, amount: ' 1' }],
    ['amount with plus', { ...good, amount: '+1' }],
    ['amount text', { ...good, amount: '十元' }],
    ['amount hex', { ...good, amount: '0x10' }],
    ['amount leading zero', { ...good, amount: '01' }],
    ['huge amount', { ...good, amount: '99999999999999999999' }],
    ['amount over the cap', { ...good, amount: '1000000001' }],
    ['double minus', { ...good, amount: '--1' }],
    ['empty remark', { ...good, remark: '' }],
    ['blank remark', { ...good, remark: '   ' }],
    ['remark too long', { ...good, remark: '备'.repeat(201) }],
    ['HTML in remark', { ...good, remark: '<img src=x onerror=alert(1)>' }],
    ['control char in remark', { ...good, remark: 'a\u0000b' }],
    ['type code below range', { ...good, typeCode: 400 }],
    ['type code above range', { ...good, typeCode: 424 }],
    ['type code not a number', { ...good, typeCode: 'abc' }],
    ['type code fractional', { ...good, typeCode: '401.5' }],
    ['request id too short', { ...good, requestId: 'abc' }],
    ['request id too long', { ...good, requestId: 'a'.repeat(65) }],
    ['request id with odd characters', { ...good, requestId: 'abc def ghi' }],
    ['bad user name', { ...good, userName: 'a b' }],
    ['user name too long', { ...good, userName: 'a'.repeat(21) }],
  ])('refuses %s and changes nothing', async (_name, form) => {
    const before = await snapshot();
    const clean = Object.fromEntries(
      Object.entries(form).filter(([, v]) => v !== undefined),
    ) as Record<string, string>;
    const res = await adjust(clean);
    expect(res.code).toBe(-1);
    expect(res.msg).toMatch(/[\u4e00-\u9fa5]/);
    expect(res.status).toBeLessThan(500);
    expect(await snapshot()).toEqual(before);
  });
});
