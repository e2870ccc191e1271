/**
 * 站点设置 (/v1/admin/site/settings): bad values refused in Chinese, every change audited with its
 * before and after, the register form and the register check following the operator's choice, the
 * login image-code threshold, and a second app instance (its own pool and cache) seeing a change
 * within the settings cache.
 */
import crypto from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { connect } from '../../src/server/db/client.ts';
import { issueImageCode } from '../../src/server/account/imageCode.ts';
import { loginPasswordHash } from '../../src/domain/credentials.ts';
import { SETTINGS_CACHE_MS } from '../../src/server/site/settings.ts';
import { setupTestApp, TestClient } from './helpers.ts';

const ctx = await setupTestApp();
const op = await ctx.userClient({ isOperator: true });
const player = await ctx.userClient();

async function registerForm(userName: string, extra: Record<string, string> = {}) {
  const hash = loginPasswordHash(userName, 'pass1234');
  return { userName, password: hash, confirmPassword: hash, ...extra };
}

describe('site settings: refusals', () => {
  it('refuses players and bad values with a Chinese message, changing nothing', async () => {
    expect((await player.post('/v1/admin/site/settings', { tenantName: '别人的站' })).status).toBe(
      403,
    );
    const cases: [Record<string, string>, RegExp][] = [
      [{}, /没有要修改的内容/],
      [{ tenantName: '   ' }, /站点名称不能为空/],
      [{ tenantName: '名'.repeat(21) }, /站点名称最多20个字/],
      [{ tenantName: '<b>站</b>' }, /站点名称不能包含/],
      [{ loginImageCodeAfterFailures: '9' }, /登录验证码阈值须为0到4之间的整数/],
      [{ loginImageCodeAfterFailures: '-1' }, /登录验证码阈值/],
      [{ loginImageCodeAfterFailures: '2.5' }, /登录验证码阈值/],
      [{ loginImageCodeAfterFailures: 'abc' }, /登录验证码阈值/],
      [{ yuebaoEnable: 'yes' }, /[\u4e00-\u9fa5]/],
      [{ phone: '2' }, /[\u4e00-\u9fa5]/],
      [{ embedChatEnabled: '1' }, /请先在客服设置中填写嵌入聊天地址/],
      [{ nonsense: '1' }, /不支持的参数/],
    ];
    for (const [form, msg] of cases) {
      const res = await op.post('/v1/admin/site/settings', form);
      expect(res.code, JSON.stringify(form)).not.toBe(1);
      expect(res.msg, JSON.stringify(form)).toMatch(msg);
      expect(res.status).toBeLessThan(500);
    }
    const [n] = await ctx.sql`select count(*)::int as n from settings_audit`;
    expect(n.n).toBe(0);
    expect((await ctx.client().get('/v1/management/tenant/getTenantConfig')).data.tenantName).toBe(
      '鸿运彩票',
    );
  });
});

describe('site settings: changes and their audit', () => {
  it('saves the tenant name and flags, serves them, and audits who, when, before and after', async () => {
    const before = Date.now();
    const res = await op.post('/v1/admin/site/settings', {
      tenantName: ' 新站名 ',
      yuebaoEnable: '0',
      loginImageCodeAfterFailures: '1',
    });
    expect(res.code).toBe(1);
    expect(res.data).toMatchObject({
      tenantName: '新站名',
      yuebaoEnable: false,
      loginImageCodeAfterFailures: 1,
    });
    const cfg = await ctx.client().get('/v1/management/tenant/getTenantConfig');
    expect(cfg.data).toMatchObject({
      tenantName: '新站名',
      yuebaoEnable: false,
      loginImageCodeAfterFailures: 1,
    });

    const audit = await op.get('/v1/admin/site/settingsAudit', { key: 'tenant_config' });
    expect(audit.code).toBe(1);
    expect(audit.data.total).toBe(1);
    const row = audit.data.list[0];
    expect(row.operatorName).toBe(op.userName);
    expect(row.createdAt).toBeGreaterThanOrEqual(before - 1000);
    expect(row.before).toBeNull(); // the defaults were never stored
    expect(row.after).toMatchObject({
      tenantName: '新站名',
      yuebaoEnable: false,
      loginImageCodeAfterFailures: 1,
    });

    await op.post('/v1/admin/site/settings', { tenantName: '再改名' });
    const again = await op.get('/v1/admin/site/settingsAudit', { key: 'tenant_config' });
    expect(again.data.total).toBe(2);
    expect(again.data.list[0].before.tenantName).toBe('新站名');
    expect(again.data.list[0].after.tenantName).toBe('再改名');
    // a save that changes nothing is not a change
    await op.post('/v1/admin/site/settings', { tenantName: '再改名' });
    expect(
      (await op.get('/v1/admin/site/settingsAudit', { key: 'tenant_config' })).data.total,
    ).toBe(2);
  });

  it('audits the customer-service lines and window through the same path', async () => {
    const lines = JSON.stringify([
      { name: '在线客服', linkType: 1, linkUrl: 'https://kf.example.com', sort: 1, enabled: true },
    ]);
    const res = await op.post('/v1/admin/site/customerService', { lines, supportWidth: 900 });
    expect(res.code).toBe(1);
    const audit = await op.get('/v1/admin/site/settingsAudit', { key: 'customer_service' });
    expect(audit.data.list[0].after.lines[0].name).toBe('在线客服');
    const t = await op.get('/v1/admin/site/settingsAudit', { key: 'tenant_config' });
    expect(t.data.list[0].before.supportWidth).toBe(817);
    expect(t.data.list[0].after.supportWidth).toBe(900);
    expect((await op.post('/v1/admin/site/customerService', { supportWidth: 50 })).msg).toMatch(
      /[\u4e00-\u9fa5]/,
    );
  });
});

describe('site settings: register fields', () => {
  it('the register form and the register check both follow the operator', async () => {
    expect(
      (await op.post('/v1/admin/site/settings', { imageCode: '0', phone: '1', qq: '1' })).code,
    ).toBe(1);
    const fields = await ctx.client().get('/v1/management/tenant/getNewRegisterVerifyFront');
    const required = fields.data.list
      .filter((f: { required: boolean }) => f.required)
      .map((f: { field: string }) => f.field);
    expect(required).toEqual(expect.arrayContaining(['phone', 'qq']));
    expect(required).not.toContain('imageCode');

    const c = new TestClient(ctx.app, '10.9.0.1');
    const noPhone = await c.post(
      '/v1/users/register',
      await registerForm('setreg_a', { qq: '123456' }),
    );
    expect(noPhone.code).not.toBe(1);
    expect(noPhone.msg).toMatch(/手机/);
    const okRes = await c.post(
      '/v1/users/register',
      await registerForm('setreg_a', { qq: '123456', phone: '13800138000' }),
    );
    expect(okRes.code, okRes.msg).toBe(1);

    // image code back on: a register without it is refused again
    expect(
      (await op.post('/v1/admin/site/settings', { imageCode: '1', phone: '0', qq: '0' })).code,
    ).toBe(1);
    const noImage = await new TestClient(ctx.app, '10.9.0.2').post(
      '/v1/users/register',
      await registerForm('setreg_b'),
    );
    expect(noImage.msg).toMatch(/验证码/);
    const ic = await issueImageCode(ctx.sql);
    const withImage = await new TestClient(ctx.app, '10.9.0.3').post(
      '/v1/users/register',
      await registerForm('setreg_b', { imageKey: ic.imageKey, imageCode: ic.answer }),
    );
    expect(withImage.code, withImage.msg).toBe(1);
    const audit = await op.get('/v1/admin/site/settingsAudit', { key: 'register_verify' });
    expect(audit.data.list[0].before).toMatchObject({ imageCode: false, phone: true, qq: true });
    expect(audit.data.list[0].after).toMatchObject({ imageCode: true, phone: false, qq: false });
  });

  it('the login asks for an image code after the operator threshold of failures', async () => {
    expect(
      (await op.post('/v1/admin/site/settings', { loginImageCodeAfterFailures: '1' })).code,
    ).toBe(1);
    const c = ctx.client('10.9.1.1');
    const bad = {
      userName: player.userName,
      password: loginPasswordHash(player.userName, 'wrong999'),
      random: crypto.randomUUID(),
    };
    const first = await c.post('/v1/users/login', bad);
    expect(first.data).toEqual({ needImageCode: true });
    const second = await c.login(player.userName, player.password);
    expect(second.code).not.toBe(1);
    expect(second.msg).toBe('请输入验证码');
    expect(
      (await op.post('/v1/admin/site/settings', { loginImageCodeAfterFailures: '4' })).code,
    ).toBe(1);
    const third = await c.login(player.userName, player.password);
    expect(third.code, third.msg).toBe(1);
  });
});

describe('site settings: a second instance', () => {
  const base = inject('pgBaseUrl');
  let close: (() => Promise<void>) | null = null;
  afterAll(async () => {
    await close?.();
  });

  it('sees a change within the settings cache, without a restart', async () => {
    const [{ db }] = await ctx.sql<{ db: string }[]>`select current_database() as db`;
    const u = new URL(base);
    u.pathname = `/${db}`;
    const sql2 = connect(u.toString(), 2);
    // the second instance's clock: its cache ages as the test moves it, not with the wall clock
    let clock = Date.now();
    const app2 = await buildApp({ config: ctx.config, sql: sql2, now: () => clock });
    await app2.ready();
    close = async () => {
      await app2.close();
      await sql2.end({ timeout: 5 });
    };
    const other = new TestClient(app2);
    const name = async () =>
      (await other.get('/v1/management/tenant/getTenantConfig')).data.tenantName as string;
    const old = await name(); // primes the second instance's cache
    expect((await op.post('/v1/admin/site/settings', { tenantName: '第二实例' })).code).toBe(1);
    expect(old).not.toBe('第二实例');
    // within the cache the second instance still serves what it read
    clock += SETTINGS_CACHE_MS - 1;
    expect(await name()).toBe(old);
    // once the cache has aged out it reads the change, without a restart
    clock += 1;
    expect(await name()).toBe('第二实例');
  });
});
