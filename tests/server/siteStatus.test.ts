/**
 * The site switches: maintenance (-7), closed (-12) and the IP list (-19) shut players out while
 * the operator's calls and the status calls stay open; the operator sets them with validation.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { insertUserWithPassword } from '../../src/server/account/users.ts';
import { newToken } from '../../src/server/auth/kdf.ts';
import { putSetting } from '../../src/server/site/settings.ts';
import { DEFAULT_SITE_STATUS, SITE_STATUS_KEY } from '../../src/server/site/status.ts';
import { setupTestApp } from './helpers.ts';

const ctx = await setupTestApp();

async function sessionClient(userName: string, opts: { isOperator?: boolean; ip?: string } = {}) {
  const userId = (await insertUserWithPassword(ctx.sql, userName, 'pass1234', {
    isOperator: opts.isOperator,
  }))!;
  const { token, hash } = newToken();
  await ctx.sql`insert into sessions (token_hash, user_id, expires_at) values (${hash}, ${userId}, now() + interval '1 day')`;
  const c = ctx.client(opts.ip);
  c.cookies.set('sid', token);
  return Object.assign(c, { userId, userName });
}
type Client = Awaited<ReturnType<typeof sessionClient>>;

let op: Client;
let player: Client;
beforeAll(async () => {
  op = await sessionClient('siteop01', { isOperator: true, ip: '203.0.113.9' });
  player = await sessionClient('siteplayer', { ip: '10.0.0.7' });
});
afterEach(async () => {
  await putSetting(ctx.sql, SITE_STATUS_KEY, DEFAULT_SITE_STATUS);
});

const setStatus = (form: Record<string, string>) => op.post('/v1/admin/site/status', form);
const OPEN_CALLS = [
  '/v1/management/tenant/getSiteStatus',
  '/v1/management/tenant/getTenantConfig',
  '/v1/getServerTime',
];

describe.each([
  [
    'maintenance',
    { maintenance: '1', maintenanceMessage: '系统升级中，预计一小时' },
    -7,
    '系统升级中，预计一小时',
  ],
  ['closed', { closed: '1', closedMessage: '本站已停止服务' }, -12, '本站已停止服务'],
  [
    'IP deny list',
    { ipMode: 'deny', ipList: '10.0.0.*\n192.168.1.1' },
    -19,
    '您所在的地区无法访问本站',
  ],
  [
    'IP allow list',
    { ipMode: 'allow', ipList: '203.0.113.0, 198.51.100.*' },
    -19,
    '您所在的地区无法访问本站',
  ],
])('%s', (_name, form, code, msg) => {
  it(`gives players ${code}, keeps the operator and the status calls working`, async () => {
    expect((await setStatus(form)).code).toBe(1);
    expect(await player.get('/v1/balance/queryBalanceFront')).toMatchObject({ code, msg });
    expect(await ctx.client('10.0.0.8').get('/v1/management/content/banners')).toMatchObject({
      code,
    });
    expect(await player.get('/v1/management/content/banners')).toMatchObject({ code });
    expect(
      await ctx.client('10.0.0.8').post('/v1/statistics/view', { path: '/index' }),
    ).toMatchObject({ code });
    expect((await op.get('/v1/balance/queryBalanceFront')).code).toBe(1);
    expect((await op.get('/v1/admin/users/list')).code).toBe(1);
    for (const path of OPEN_CALLS) expect((await player.get(path)).code).toBe(1);
    // the operator browsing the shut site still reads its open content
    expect((await op.get('/v1/management/content/banners')).code).toBe(1);
    expect((await op.post('/v1/statistics/view', { path: '/index' })).code).toBe(1);
  });
});

it('getSiteStatus reports the switches to the status pages', async () => {
  await setStatus({ maintenance: '1', maintenanceMessage: '维护中' });
  const res = await ctx.client().get('/v1/management/tenant/getSiteStatus');
  expect(res.data).toEqual({
    maintenance: true,
    maintenanceMessage: '维护中',
    closed: false,
    closedMessage: DEFAULT_SITE_STATUS.closedMessage,
  });
  await setStatus({ maintenance: '0' });
  expect((await player.get('/v1/balance/queryBalanceFront')).code).toBe(1);
});

it('an ended operator session does not open the shut site', async () => {
  const ended = await sessionClient('siteop02', { isOperator: true });
  await ctx.sql`update sessions set ended_at = now(), end_reason = 'logout' where user_id = ${ended.userId}`;
  await setStatus({ closed: '1' });
  expect((await ended.get('/v1/management/content/banners')).code).toBe(-12);
});

it('an IP outside the deny list still gets in', async () => {
  await setStatus({ ipMode: 'deny', ipList: '10.0.1.*' });
  expect((await player.get('/v1/balance/queryBalanceFront')).code).toBe(1);
});

describe('setting the status', () => {
  it('changes only the given fields and answers the whole status', async () => {
    const res = await setStatus({ ipMode: 'deny', ipList: '1.2.3.4,1.2.3.4\n5.6.*, ::1' });
    expect(res.data).toEqual({
      ...DEFAULT_SITE_STATUS,
      ipMode: 'deny',
      ipList: ['1.2.3.4', '5.6.*', '::1'],
    });
    expect((await op.get('/v1/admin/site/status')).data).toEqual(res.data);
  });

  it.each([
    ['nothing', {}],
    ['a bad flag', { maintenance: 'yes' }],
    ['an unknown mode', { ipMode: 'block' }],
    ['an unknown field', { maintenance: '1', evil: '1' }],
    ['an octet over 255', { ipList: '10.0.0.256' }],
    ['a short address', { ipList: '10.0.0' }],
    ['a wildcard in the middle', { ipList: '10.*.0.1' }],
    ['a bare wildcard', { ipList: '*' }],
    ['a host name', { ipList: 'example.com' }],
    ['a CIDR', { ipList: '10.0.0.0/8' }],
    ['an allow list that is empty', { ipMode: 'allow', ipList: '' }],
    ['an empty message', { maintenanceMessage: '' }],
    ['HTML in a message', { closedMessage: '<b>关闭</b>' }],
    ['a message too long', { maintenanceMessage: '维'.repeat(201) }],
    [
      'too many entries',
      {
        ipList: Array.from(
          { length: 201 },
          (_, i) => `10.1.${Math.floor(i / 250)}.${i % 250}`,
        ).join(','),
      },
    ],
  ])('refuses %s and changes nothing', async (_name, form) => {
    const before = await ctx.sql`select value from site_settings where key = ${SITE_STATUS_KEY}`;
    const res = await setStatus(form as Record<string, string>);
    expect(res.code).toBe(-1);
    expect(res.msg).toMatch(/[\u4e00-\u9fa5]/);
    expect(await ctx.sql`select value from site_settings where key = ${SITE_STATUS_KEY}`).toEqual(
      before,
    );
    expect((await player.get('/v1/balance/queryBalanceFront')).code).toBe(1);
  });
});
