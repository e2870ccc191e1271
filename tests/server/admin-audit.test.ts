/**
 * The operator audit log: every POST under /v1/admin/ is recorded (operator, path, page, outcome,
 * time) with its secrets redacted, refused ones included; GET /v1/admin/audit filters and pages it.
 */
import { describe, expect, it } from 'vitest';
import { encodeEnpath } from '../../src/domain/enpath.ts';
import { beijingDate } from '../../src/domain/time.ts';
import { adminPageOf, redactBody } from '../../src/server/admin/audit.ts';
import { setupTestApp } from './helpers.ts';

const ctx = await setupTestApp();
const op = await ctx.userClient({ isOperator: true });
const player = await ctx.userClient();
/** a player whose status the operator never touches (a frozen player's sessions end) */
const bystander = await ctx.userClient();

async function postAs(cookie: string, path: string, form: Record<string, string>, page?: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: encodeEnpath(path),
    headers: {
      cookie,
      'content-type': 'application/x-www-form-urlencoded',
      ...(page ? { 'x-admin-page': encodeURIComponent(page) } : {}),
    },
    payload: new URLSearchParams(form).toString(),
  });
  return res.json() as { code: number; msg: string };
}
const cookieOf = (c: { cookies: Map<string, string> }) =>
  [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

describe('redaction', () => {
  it('hides passwords, the safety password, keys, tokens and card numbers', () => {
    const out = redactBody({
      userName: 'bob',
      password: 'x',
      newPassword: 'y',
      safetyPassword: '123456',
      apiKey: 'k',
      token: 't',
      bankCardNo: '6222020202020202020',
      remark: '卡号6222020202020202020已核对',
      amount: '100',
      phone: '13800138000',
    });
    expect(out).toEqual({
      userName: 'bob',
      password: '[已隐藏]',
      newPassword: '[已隐藏]',
      safetyPassword: '[已隐藏]',
      apiKey: '[已隐藏]',
      token: '[已隐藏]',
      bankCardNo: '[已隐藏]',
      remark: '卡号****2020已核对',
      amount: '100',
      phone: '13800138000',
    });
    expect(redactBody(undefined)).toEqual({});
    expect(redactBody('text')).toEqual({});
  });

  it('takes the page from the header, else from the path', () => {
    expect(adminPageOf(encodeURIComponent('站点设置'), '/v1/admin/site/settings')).toBe('站点设置');
    expect(adminPageOf(undefined, '/v1/admin/users/setStatus')).toBe('users');
    expect(adminPageOf('%E0%A4%A', '/v1/admin/plans/save')).toBe('plans');
    expect(adminPageOf(encodeURIComponent('<script>'), '/v1/admin/plans/save')).toBe('script');
  });

  it('escapes the characters PostgreSQL refuses (NUL, lone surrogates) in keys and values', () => {
    const out = redactBody({ 'a\u0000b': 'x\u0000y', remark: 'hi\ud800there', tail: '\udc00' });
    expect(out).toEqual({ 'a\\u0000b': 'x\\u0000y', remark: 'hi\\ud800there', tail: '\\udc00' });
    expect(redactBody({ emoji: '红包🧧' })).toEqual({ emoji: '红包🧧' });
  });
});

describe('the audit hook', () => {
  it('records every admin POST: success, refusal, bad input and a player refused', async () => {
    const opCookie = cookieOf(op);
    const good = await postAs(
      opCookie,
      '/v1/admin/site/settings',
      { tenantName: '审计站' },
      '站点设置',
    );
    expect(good.code).toBe(1);
    const refused = await postAs(
      opCookie,
      '/v1/admin/site/settings',
      { loginImageCodeAfterFailures: '99' },
      '站点设置',
    );
    expect(refused.code).not.toBe(1);
    const adjust = await postAs(
      opCookie,
      '/v1/admin/users/setStatus',
      { userId: String(player.userId), status: 'frozen' },
      '用户',
    );
    expect(adjust.code).toBe(1);
    await postAs(opCookie, '/v1/admin/users/setStatus', {
      userId: String(player.userId),
      status: 'active',
    });
    const byPlayer = await postAs(cookieOf(bystander), '/v1/admin/site/settings', {
      tenantName: '坏人',
    });
    expect(byPlayer.code).not.toBe(1);
    const secrets = await postAs(
      opCookie,
      '/v1/admin/balance/adjust',
      {
        userName: player.userName,
        amount: 'abc',
        remark: '测试',
        requestId: 'r1',
        safetyPassword: 'e10adc3949ba59abbe56e057f20f883e',
      },
      '调账',
    );

    const rows = await ctx.sql`select * from admin_audit order by id`;
    expect(rows.map((r) => r.path)).toEqual([
      '/v1/admin/site/settings',
      '/v1/admin/site/settings',
      '/v1/admin/users/setStatus',
      '/v1/admin/users/setStatus',
      '/v1/admin/site/settings',
      '/v1/admin/balance/adjust',
    ]);
    expect(rows[0]).toMatchObject({
      operator_id: op.userId,
      operator_name: op.userName,
      page: '站点设置',
      outcome: 1,
      http_status: 200,
    });
    expect(rows[0].body).toEqual({ tenantName: '审计站' });
    expect(rows[1]).toMatchObject({ outcome: -1, page: '站点设置' });
    expect(rows[1].msg).toMatch(/登录验证码阈值/);
    expect(rows[2]).toMatchObject({
      page: '用户',
      outcome: 1,
      body: { userId: String(player.userId), status: 'frozen' },
    });
    expect(rows[3].page).toBe('users');
    expect(rows[4]).toMatchObject({ operator_id: bystander.userId, http_status: 403 });
    expect(rows[5].body.safetyPassword).toBe('[已隐藏]');
    expect(JSON.stringify(rows[5].body)).not.toContain('e10adc39');
    expect(rows[5].outcome).toBe(secrets.code);
    for (const r of rows) expect(r.created_at.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('does not record reads or player calls', async () => {
    const [before] = await ctx.sql`select count(*)::int as n from admin_audit`;
    await op.get('/v1/admin/site/settings');
    await bystander.post('/v1/users/infoUpdate', { nickname: 'x' });
    const [after] = await ctx.sql`select count(*)::int as n from admin_audit`;
    expect(after.n).toBe(before.n);
  });
});

describe('refused requests whose text PostgreSQL refuses', () => {
  it('records a POST with a NUL in a field, in a key and in a schema error, with the bytes escaped', async () => {
    const opCookie = cookieOf(op);
    const [before] = await ctx.sql`select max(id)::int as id from admin_audit`;
    const nul = await postAs(
      opCookie,
      '/v1/admin/site/settings',
      { tenantName: 'a\u0000b' },
      '站点设置',
    );
    expect(nul.code).not.toBe(1);
    expect(nul.msg).toMatch(/[\u4e00-\u9fa5]/);
    await postAs(opCookie, '/v1/admin/site/settings', { 'x\u0000': '1' }, '站点设置');
    await postAs(
      opCookie,
      '/v1/admin/users/setStatus',
      { userId: 'abc', status: 'frozen' },
      '用户',
    );
    const rows = await ctx.sql`select * from admin_audit where id > ${before.id ?? 0} order by id`;
    expect(rows.map((r) => r.http_status)).toEqual([400, 400, 400]);
    expect(rows[0].body).toEqual({ tenantName: 'a\\u0000b' });
    expect(rows[0]).toMatchObject({
      operator_id: op.userId,
      page: '站点设置',
      outcome: nul.code,
      msg: nul.msg,
    });
    expect(rows[1].body).toEqual({ 'x\\u0000': '1' });
    expect(rows[2]).toMatchObject({ page: '用户', body: { userId: 'abc', status: 'frozen' } });
    await ctx.sql`delete from admin_audit where id > ${before.id ?? 0}`;
  });
});

describe('GET /v1/admin/audit', () => {
  it('filters by operator, path and date, newest first, paged', async () => {
    const all = await op.get('/v1/admin/audit');
    expect(all.code).toBe(1);
    expect(all.data.total).toBe(6);
    expect(all.data.list[0].path).toBe('/v1/admin/balance/adjust');
    const byOp = await op.get('/v1/admin/audit', { operator: op.userName.toUpperCase() });
    expect(byOp.data.total).toBe(5);
    const byPath = await op.get('/v1/admin/audit', { path: 'users/setStatus' });
    expect(byPath.data.total).toBe(2);
    const paged = await op.get('/v1/admin/audit', { pageSize: 2, page: 2 });
    expect(paged.data.total).toBe(6);
    const beyond = await op.get('/v1/admin/audit', { pageSize: 2, page: 9 });
    expect(beyond.data).toEqual({ total: 6, list: [] });
    expect(paged.data.list.map((r: { id: number }) => r.id)).toEqual(
      all.data.list.slice(2, 4).map((r: { id: number }) => r.id),
    );
    const today = beijingDate(Date.now());
    expect((await op.get('/v1/admin/audit', { startDate: today, endDate: today })).data.total).toBe(
      6,
    );
    expect(
      (await op.get('/v1/admin/audit', { startDate: '2020-01-01', endDate: '2020-01-02' })).data
        .total,
    ).toBe(0);
    const bad = await op.get('/v1/admin/audit', { startDate: today, endDate: '2020-01-01' });
    expect(bad.msg).toBe('开始日期不能晚于结束日期');
    expect((await op.get('/v1/admin/audit', { startDate: '2020-13-45' })).code).not.toBe(1);
    // an impossible day is refused, not rolled over into March
    expect((await op.get('/v1/admin/audit', { startDate: '2020-02-30' })).msg).toBe(
      '日期格式不正确',
    );
    expect((await op.get('/v1/admin/audit', { startDate: 'yesterday' })).msg).toMatch(
      /[\u4e00-\u9fa5]/,
    );
    expect((await bystander.get('/v1/admin/audit')).status).toBe(403);
  });
});
