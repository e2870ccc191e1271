/**
 * Control characters at the edge: a NUL (and every other C0/C1 control) in any kind of field —
 * query string, form body, multipart part, path parameter, field name, JSON text inside a field —
 * is refused with a 4xx envelope and a Chinese message, never a 500, and stores nothing. Tabs and
 * line breaks are kept only in the free-text fields of multi-line boxes.
 */
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeEnpath } from '../../src/domain/enpath.ts';
import { setupTestApp, type TestClient } from './helpers.ts';

const ctx = await setupTestApp();
let op: TestClient;
let player: TestClient;
beforeAll(async () => {
  op = await ctx.userClient({ isOperator: true });
  player = await ctx.userClient();
});

const rid = () => crypto.randomUUID();
const CONTROLS = ['\u0000', '\u0001', '\u0008', '\u001b', '\u007f', '\u0085', '\u009b'];

/** Rows any of the calls below could write. */
async function stored(): Promise<number> {
  const [row] = await ctx.sql<{ n: number }[]>`
    select ((select count(*) from transfers) + (select count(*) from bets) + (select count(*) from recharge_orders)
          + (select count(*) from withdraw_orders) + (select count(*) from content_notices) + (select count(*) from lottery_issues
            where status = 'cancelled'))::int as n`;
  return row!.n;
}

function expectRefused(res: { status: number; code: number; msg: string }, what: string) {
  expect(res.status, what).toBeGreaterThanOrEqual(400);
  expect(res.status, what).toBeLessThan(500);
  expect(res.code, what).toBe(-1);
  expect(res.msg, what).toMatch(/包含不允许的字符$/);
  expect(res.msg, what).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
}

describe('the calls of the issue', () => {
  it('verifyDraw refuses issue=a\\0b in the query (enpath and plain path)', async () => {
    const res = await ctx
      .client()
      .get('/v1/lottery/verifyDraw', { lotteryCode: '1201', issue: 'a\u0000b' });
    expectRefused(res, 'enpath query');
    expect(res.msg).toBe('期号包含不允许的字符');
    const raw = await ctx.app.inject({
      method: 'GET',
      url: '/v1/lottery/verifyDraw?lotteryCode=1201&issue=a%00b',
    });
    expect(raw.statusCode).toBe(400);
    expect(raw.json()).toEqual({ code: -1, msg: '期号包含不允许的字符', data: null });
  });

  it('cancelIssue refuses issue=a\\0b in the form body and cancels nothing', async () => {
    const before = await stored();
    const res = await op.post('/v1/admin/lottery/cancelIssue', {
      lotteryCode: '1201',
      issue: 'a\u0000b',
      remark: '测试',
    });
    expectRefused(res, 'cancelIssue');
    expect(await stored()).toBe(before);
  });
});

/** [who, method, path, a valid-looking form, the fields to poison] */
const CALLS: [() => TestClient, 'get' | 'post', string, Record<string, string>, string[]][] = [
  [
    () => ctx.client(),
    'post',
    '/v1/users/login',
    { userName: 'someone1', password: 'a'.repeat(32), random: 'r1' },
    ['userName', 'password', 'random'],
  ],
  [
    () => ctx.client(),
    'get',
    '/v1/lottery/verifyDraw',
    { lotteryCode: '1201', issue: '20260101-001' },
    ['lotteryCode', 'issue'],
  ],
  [
    () => op,
    'post',
    '/v1/admin/lottery/cancelIssue',
    { lotteryCode: '1201', issue: '20260101-001', remark: 'r' },
    ['lotteryCode', 'issue', 'remark'],
  ],
  [
    () => op,
    'post',
    '/v1/admin/balance/adjust',
    { userName: 'someone1', amount: '1', remark: 'r', requestId: 'abcdefgh12' },
    ['userName', 'amount', 'remark', 'requestId'],
  ],
  [
    () => op,
    'post',
    '/v1/admin/content/notices/save',
    { title: 't', content: 'c' },
    ['title', 'content'],
  ],
  [
    () => player,
    'post',
    '/v1/betting/addBetting',
    { bettingData: '[]', requestId: 'abcdefgh12' },
    ['bettingData', 'requestId'],
  ],
  [
    () => player,
    'post',
    '/v1/transaction/rechargeFrontPaymentRecord',
    { channel: 'alipay', configId: '1', amount: '100', payerName: '张三', requestId: 'abcdefgh12' },
    ['channel', 'amount', 'payerName', 'requestId'],
  ],
  [
    () => player,
    'post',
    '/v1/transaction/saveFrontWithdrawRecord',
    { amount: '100', cardId: '1', safetyPassword: 'a'.repeat(32), requestId: 'abcdefgh12' },
    ['amount', 'requestId'],
  ],
  [
    () => player,
    'post',
    '/v1/virtualWallet/transferIn',
    { amount: '1', requestId: 'abcdefgh12' },
    ['amount', 'requestId'],
  ],
  [
    () => player,
    'get',
    '/v1/betting/getBetting',
    { status: 'PENDING', startDate: '2026-01-01' },
    ['status', 'startDate'],
  ],
];

describe.each(CALLS)('every field of %#', (who, method, path, form, fields) => {
  it.each(fields)(`${method} ${path}: a control character in %s is refused`, async (field) => {
    const before = await stored();
    for (const c of CONTROLS) {
      const value = `${form[field]!.slice(0, 4)}${c}${form[field]!.slice(4)}`;
      const res = await who()[method](path, { ...form, [field]: value });
      expectRefused(res, `${path} ${field} ${JSON.stringify(c)}`);
    }
    expect(await stored()).toBe(before);
  });
});

describe('line breaks and tabs', () => {
  it('are refused in single-line fields', async () => {
    for (const c of ['\n', '\r', '\t']) {
      expectRefused(
        await op.post('/v1/admin/content/notices/save', { title: `a${c}b`, content: 'c' }),
        `title ${JSON.stringify(c)}`,
      );
      expectRefused(
        await ctx.client().get('/v1/lottery/verifyDraw', { lotteryCode: '1201', issue: `1${c}2` }),
        `issue ${JSON.stringify(c)}`,
      );
    }
  });

  it('are kept in the free text of a multi-line box', async () => {
    const res = await op.post('/v1/admin/content/notices/save', {
      title: '多行公告',
      content: '第一行\r\n第二行\n\t缩进',
    });
    expect(res.code).toBe(1);
    const [row] = await ctx.sql<
      { content: string }[]
    >`select content from content_notices where title = '多行公告'`;
    expect(row!.content).toContain('第一行\r\n第二行\n\t缩进');
  });

  it('while a NUL in the same free-text field is refused', async () => {
    expectRefused(
      await op.post('/v1/admin/content/notices/save', { title: 't', content: '第一行\n\u0000' }),
      'content NUL',
    );
  });
});

describe('other places a control character can hide', () => {
  it('a field name with a NUL is refused without echoing it', async () => {
    const res = await op.raw({
      method: 'POST',
      url: encodeEnpath('/v1/admin/content/notices/save'),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'title=t&content=c&a%00b=1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: -1, msg: '参数包含不允许的字符', data: null });
  });

  it('an escaped \\u0000 inside the JSON of bettingData is refused after parsing', async () => {
    const before = await stored();
    for (const escaped of ['\\u0000', '\\u001b', '\\u0085']) {
      const slip = `[{"lotteryCode":"1201","playDetailCode":"x${escaped}","bettingNumber":"1","bettingCount":1,"bettingAmount":2,"bettingPoint":0,"bettingUnit":1,"bettingIssue":"1","graduationCount":1}]`;
      const res = await player.post('/v1/betting/addBetting', {
        bettingData: slip,
        requestId: rid(),
      });
      expect(res.status).toBeLessThan(500);
      expect(res.code).toBe(-1);
      expect(res.msg).toBe('投注数据包含不允许的字符');
    }
    const chase = await player.post('/v1/betting/addChaseBetting', {
      chaseBettingData: '{"startIssue":"1\\u0000"}',
      requestId: rid(),
    });
    expect(chase).toMatchObject({ code: -1, msg: '追号数据包含不允许的字符' });
    expect(await stored()).toBe(before);
  });

  it('a path parameter with a NUL is refused', async () => {
    for (const name of ['a%00b.png', '%01.png', 'x%7F.png']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/uploads/${name}` });
      expect(res.statusCode, name).toBe(400);
      expect(res.json(), name).toEqual({ code: -1, msg: '参数包含不允许的字符', data: null });
    }
  });

  it('multipart: a text field or a field name with a control character is refused', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const multipart = (parts: string[]) => {
      const b = '----edge';
      const body = Buffer.concat([
        ...parts.map((p) => Buffer.from(`--${b}\r\n${p}\r\n`)),
        Buffer.from(
          `--${b}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${b}--\r\n`),
      ]);
      return player.raw({
        method: 'POST',
        url: encodeEnpath('/v1/users/uploadImage'),
        headers: { 'content-type': `multipart/form-data; boundary=${b}` },
        payload: body,
      });
    };
    for (const parts of [
      ['Content-Disposition: form-data; name="note"\r\n\r\na\u0000b'],
      ['Content-Disposition: form-data; name="no\u0001te"\r\n\r\nab'],
    ]) {
      const res = await multipart(parts);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: -1, msg: '上传内容包含不允许的字符', data: null });
    }
  });

  it('a repeated query field with a control character in one copy is refused', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/v1/lottery/verifyDraw?lotteryCode=1201&issue=1&issue=%00',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('期号包含不允许的字符');
  });
});
