/** Site calls: server time, tenant config, register settings, content, statistics. */
import { beforeAll, describe, expect, it } from 'vitest';
import { putSetting } from '../../src/server/site/settings.ts';
import { seedSiteContent, SEED_BANNERS } from '../../src/server/site/seedContent.ts';
import {
  DEFAULT_TENANT_CONFIG,
  TENANT_CONFIG_KEY,
  REGISTER_VERIFY_KEY,
} from '../../src/server/site/tenant.ts';
import { insertUserWithPassword } from '../../src/server/account/users.ts';
import { newToken } from '../../src/server/auth/kdf.ts';
import { seedIfEmpty } from '../../src/server/seed.ts';
import { DEMO_ROOMS } from '../../src/server/chat/seed.ts';
import { planPlayRefusal } from '../../src/domain/plans/pick.ts';
import { getPlay } from '../../src/domain/lottery/catalogue.ts';
import { expectZeroSum, setupTestApp } from './helpers.ts';

const ctx = await setupTestApp();

/** A client with a session made directly in the table (independent of the login route). */
async function sessionClient(userName: string) {
  const userId = (await insertUserWithPassword(ctx.sql, userName, 'pass1234'))!;
  const { token, hash } = newToken();
  await ctx.sql`insert into sessions (token_hash, user_id, expires_at) values (${hash}, ${userId}, now() + interval '1 day')`;
  const c = ctx.client();
  c.cookies.set('sid', token);
  return Object.assign(c, { userId });
}

describe('server time and tenant', () => {
  it('getServerTime answers a 13-digit ms timestamp near now', async () => {
    const before = Date.now();
    const res = await ctx.client().get('/v1/getServerTime');
    expect(res.code).toBe(1);
    expect(typeof res.data).toBe('number');
    expect(String(res.data)).toMatch(/^\d{13}$/);
    expect(res.data).toBeGreaterThanOrEqual(before);
    expect(res.data).toBeLessThanOrEqual(Date.now());
  });

  it('getTenantConfig answers the defaults, then the stored value merged over them', async () => {
    const first = await ctx.client().get('/v1/management/tenant/getTenantConfig');
    expect(first.code).toBe(1);
    expect(first.data).toEqual(DEFAULT_TENANT_CONFIG);
    expect(first.data.tenantName).toBe('鸿运彩票');
    expect(first.data.supportWidth).toBe(817);
    expect(first.data.supportHeight).toBe(500);
    await putSetting(ctx.sql, TENANT_CONFIG_KEY, { tenantName: '测试站', embedChatEnabled: true });
    const next = await ctx.client().get('/v1/management/tenant/getTenantConfig');
    expect(next.data).toEqual({
      ...DEFAULT_TENANT_CONFIG,
      tenantName: '测试站',
      embedChatEnabled: true,
    });
    await putSetting(ctx.sql, TENANT_CONFIG_KEY, {});
  });

  it('getSiteStatus answers the four status fields', async () => {
    const res = await ctx.client().get('/v1/management/tenant/getSiteStatus');
    expect(res.code).toBe(1);
    expect(res.data).toEqual({
      maintenance: false,
      maintenanceMessage: expect.any(String),
      closed: false,
      closedMessage: expect.any(String),
    });
  });

  it('a read without parameters ignores a stray query string', async () => {
    const res = await ctx.client().get('/v1/getServerTime', { x: 1 });
    expect(res.code).toBe(1);
  });
});

describe('register settings', () => {
  it('answers the defaults', async () => {
    const c = ctx.client();
    const v = await c.get('/v1/management/tenant/getRegisterVerifyFront');
    expect(v.data).toEqual({
      imageCode: true,
      phone: false,
      email: false,
      qq: false,
      realName: false,
      inviteCode: false,
    });
    const t = await c.get('/v1/management/tenant/getRegisterTypeFront');
    expect(t.data).toEqual({ types: ['account'], inviteCodeRequired: false });
    const n = await c.get('/v1/management/tenant/getNewRegisterVerifyFront');
    const fields = n.data.list.map((f: { field: string }) => f.field);
    expect(fields.slice(0, 3)).toEqual(['userName', 'password', 'confirmPassword']);
    expect(n.data.list.find((f: { field: string }) => f.field === 'imageCode').required).toBe(true);
    expect(n.data.list.find((f: { field: string }) => f.field === 'phone').required).toBe(false);
  });

  it('follows the stored setting', async () => {
    await putSetting(ctx.sql, REGISTER_VERIFY_KEY, {
      phone: true,
      inviteCode: true,
      imageCode: false,
    });
    const c = ctx.client();
    const v = await c.get('/v1/management/tenant/getRegisterVerifyFront');
    expect(v.data).toMatchObject({ phone: true, inviteCode: true, imageCode: false, email: false });
    const t = await c.get('/v1/management/tenant/getRegisterTypeFront');
    expect(t.data.inviteCodeRequired).toBe(true);
    const n = await c.get('/v1/management/tenant/getNewRegisterVerifyFront');
    const byField = Object.fromEntries(
      n.data.list.map((f: { field: string; required: boolean }) => [f.field, f.required]),
    );
    expect(byField).toMatchObject({
      phone: true,
      inviteCode: true,
      imageCode: false,
      userName: true,
    });
    await putSetting(ctx.sql, REGISTER_VERIFY_KEY, {});
  });
});

describe('content lists', () => {
  it('are empty before the seed', async () => {
    const res = await ctx.client().get('/v1/management/content/banners');
    expect(res).toMatchObject({ code: 1, data: { list: [] } });
  });

  describe('after the seed', () => {
    beforeAll(async () => {
      // the first-start path: seed.ts on an empty database calls seedSiteContent
      // the embedded demo's first start, also when the tests themselves run on DATABASE_URL
      expect(await seedIfEmpty(ctx.sql, { ...ctx.config, databaseUrl: null }, () => {})).toBe(true);
      await seedSiteContent(ctx.sql); // a second run adds nothing
      await expectZeroSum(ctx.sql);
    });

    it('opens the demo site with a lobby room, a guest room with its link, two service lines and a push plan', async () => {
      const player = await ctx.userClient();
      const rooms = await player.get('/v1/chat/getRoomList', { pageNum: 1, pageSize: 20 });
      expect(rooms.data.list.map((r: { roomCode: string }) => r.roomCode)).toEqual([
        DEMO_ROOMS.lobby.roomCode,
        DEMO_ROOMS.guest.roomCode,
      ]);
      expect(
        (await player.get('/v1/chat/getRoomWeb', { roomCode: DEMO_ROOMS.lobby.roomCode })).code,
      ).toBe(1);
      // a visitor reads and may write in the guest room through its guest link
      const guest = await ctx.client().get('/v1/chat/getRoomWebGuest', {
        roomCode: DEMO_ROOMS.guest.roomCode,
        guestCode: DEMO_ROOMS.guest.guestCode,
      });
      expect(guest.code, guest.msg).toBe(1);
      expect(guest.data).toMatchObject({ guestChat: 1, needPassword: 0 });
      // /chatRoom lists it to visitors with its link's code; the lobby, without a guest link, is not there
      const open = (await ctx.client().get('/v1/chat/getGuestRoomList')).data.list;
      expect(open).toEqual([
        expect.objectContaining({
          roomCode: DEMO_ROOMS.guest.roomCode,
          guestCode: DEMO_ROOMS.guest.guestCode,
          guestChat: 1,
        }),
      ]);
      const lines = (await ctx.client().get('/v1/site/customerServiceList')).data.list as {
        name: string;
        htmlPath: string;
      }[];
      expect(lines.map((l) => l.name)).toEqual(['常见问题', '游客咨询室']);
      const [plan] = await ctx.sql<
        {
          lottery_code: string;
          play_code: string;
          pick_count: number;
          enabled: boolean;
          room_ids: number[];
        }[]
      >`select * from push_plans`;
      expect(plan).toMatchObject({ lottery_code: '1407', play_code: 'HZ', enabled: true });
      expect(planPlayRefusal(getPlay('K3', plan!.play_code), plan!.pick_count)).toBeNull();
      const [lobby] = await ctx.sql<
        { id: number }[]
      >`select id from chat_rooms where room_code = ${DEMO_ROOMS.lobby.roomCode}`;
      expect(plan!.room_ids.map(Number)).toEqual([Number(lobby!.id)]);
    });

    it('lists the seeded banners in order with /banners/N.svg images', async () => {
      const res = await ctx.client().get('/v1/management/content/banners');
      expect(res.data.list).toHaveLength(SEED_BANNERS.length);
      expect(res.data.list.map((b: { image: string }) => b.image)).toEqual([
        '/banners/1.svg',
        '/banners/2.svg',
        '/banners/3.svg',
      ]);
      for (const b of res.data.list)
        expect(Object.keys(b).sort()).toEqual(['id', 'image', 'link', 'title']);
    });

    it('opens the demo site with its promotions on /activity: a check-in, a first-deposit bonus and a weekly turnover bonus', async () => {
      const res = await ctx.client().get('/v1/activity/getActivityList', { type: 0 });
      expect(res.code).toBe(1);
      const titles = res.data.list.map((a: { title: string }) => a.title);
      expect(titles).toEqual(
        expect.arrayContaining(['每日签到领彩金', '首充加赠 10%', '周投注奖励']),
      );
    });

    it('lists notices with createdAt in ms', async () => {
      const res = await ctx.client().get('/v1/management/content/notices');
      expect(res.data.list.length).toBeGreaterThanOrEqual(3);
      for (const n of res.data.list) {
        expect(n.content).toMatch(/[\u4e00-\u9fa5]/);
        expect(String(n.createdAt)).toMatch(/^\d{13}$/);
      }
    });

    it('lists help and about articles with Chinese text', async () => {
      const help = await ctx.client().get('/v1/management/content/helpList');
      const about = await ctx.client().get('/v1/management/content/aboutList');
      expect(help.data.list.length).toBeGreaterThanOrEqual(8);
      expect(about.data.list.length).toBeGreaterThanOrEqual(3);
      expect(help.data.list.map((a: { title: string }) => a.title)).toContain('如何购买彩票');
      for (const a of [...help.data.list, ...about.data.list]) {
        expect(a.content.length).toBeGreaterThan(40);
        expect(a.content).not.toMatch(/[<>]/);
      }
    });

    it('hides a disabled banner', async () => {
      await ctx.sql`update content_banners set enabled = false where image = '/banners/2.svg'`;
      const res = await ctx.client().get('/v1/management/content/banners');
      expect(res.data.list.map((b: { image: string }) => b.image)).toEqual([
        '/banners/1.svg',
        '/banners/3.svg',
      ]);
      await ctx.sql`update content_banners set enabled = true`;
    });
  });
});

describe('statistics', () => {
  const count = async (table: 'statistics_events' | 'usage_traces') =>
    (await ctx.sql<{ n: number }[]>`select count(*)::int as n from ${ctx.sql(table)}`)[0].n;

  it.each(['view', 'op', 'hc'])('stores a %s report without a user, and with one', async (kind) => {
    const anon = await ctx
      .client()
      .post(`/v1/statistics/${kind}`, { path: '/lotteryHall', title: '购彩大厅' });
    expect(anon).toMatchObject({ code: 1, data: null });
    const user = await sessionClient(`stat${kind}`);
    const res = await user.post(`/v1/statistics/${kind}`, {
      path: '/index',
      ref: '/login',
      value: 'x',
    });
    expect(res.code).toBe(1);
    const rows =
      await ctx.sql`select user_id, path, title, ref, value from statistics_events where kind = ${kind} order by id`;
    expect(rows).toEqual([
      { user_id: null, path: '/lotteryHall', title: '购彩大厅', ref: null, value: null },
      { user_id: user.userId, path: '/index', ref: '/login', value: 'x', title: null },
    ]);
  });

  it.each(['dataPush', 'yyDataPush'])('stores a %s usage trace', async (kind) => {
    const user = await sessionClient(`trace${kind}`);
    expect(
      (await user.post(`/v1/statistics/${kind}`, { path: '/index', elapsedSec: 60 })).code,
    ).toBe(1);
    const [row] =
      await ctx.sql`select user_id, path, elapsed_sec from usage_traces where kind = ${kind}`;
    expect(row).toEqual({ user_id: user.userId, path: '/index', elapsed_sec: 60 });
  });

  it('treats an ended session as anonymous', async () => {
    const user = await sessionClient('statended');
    await ctx.sql`update sessions set ended_at = now(), end_reason = 'logout' where user_id = ${user.userId}`;
    expect((await user.post('/v1/statistics/view', { path: '/ended' })).code).toBe(1);
    const [row] = await ctx.sql`select user_id from statistics_events where path = '/ended'`;
    expect(row.user_id).toBeNull();
  });

  it.each([
    ['missing path', { title: 'x' }],
    ['extra field', { path: '/a', userId: 1 }],
    ['path without slash', { path: 'index' }],
    ['path with space', { path: '/a b' }],
    ['path too long', { path: `/${'a'.repeat(300)}` }],
    ['title too long', { path: '/a', title: '标'.repeat(101) }],
    ['value too long', { path: '/a', value: 'v'.repeat(501) }],
    ['HTML in title', { path: '/a', title: '<script>alert(1)</script>' }],
    ['control character', { path: '/a', ref: 'a\u0007b' }],
    ['newline in title', { path: '/a', title: 'a\nb' }],
  ])('refuses a view with %s, storing nothing', async (_name, form) => {
    const before = await count('statistics_events');
    const res = await ctx.client().post('/v1/statistics/view', form as Record<string, string>);
    expect(res.code).toBe(-1);
    expect(res.status).toBe(400);
    expect(res.msg).toMatch(/[\u4e00-\u9fa5]/);
    expect(await count('statistics_events')).toBe(before);
  });

  it.each([
    ['negative elapsed', { path: '/a', elapsedSec: -1 }],
    ['fractional elapsed', { path: '/a', elapsedSec: '1.5' }],
    ['huge elapsed', { path: '/a', elapsedSec: '99999999999999999999' }],
    ['text elapsed', { path: '/a', elapsedSec: 'abc' }],
    ['missing elapsed', { path: '/a' }],
    ['missing path', { elapsedSec: 60 }],
    ['extra field', { path: '/a', elapsedSec: 60, x: 1 }],
  ])('refuses a usage trace with %s, storing nothing', async (_name, form) => {
    const before = await count('usage_traces');
    const res = await ctx.client().post('/v1/statistics/dataPush', form as Record<string, string>);
    expect(res.code).toBe(-1);
    expect(res.status).toBe(400);
    expect(await count('usage_traces')).toBe(before);
  });
});
