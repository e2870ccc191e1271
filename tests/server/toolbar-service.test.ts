/** Customer-service lines: the operator's editor, the player's list, the tenant's service window and embed settings. */
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestClient } from './helpers.ts';

const ctx = await setupTestApp();
let op: TestClient;
let player: TestClient;
beforeAll(async () => {
  op = await ctx.userClient({ isOperator: true });
  player = await ctx.userClient();
});

const line = (over: Record<string, unknown> = {}) => ({
  name: '在线客服',
  linkType: 1,
  linkUrl: 'https://kf.example.com/chat?x=1',
  htmlPath: '',
  sort: 1,
  enabled: true,
  ...over,
});

describe('customer-service lines', () => {
  it('lists nothing before the operator configures a line, also for guests', async () => {
    const r = await ctx.client().get('/v1/site/customerServiceList');
    expect(r).toMatchObject({ code: 1, data: { list: [] } });
  });

  it('saves lines and shows the enabled ones to players in sort order', async () => {
    const lines = [
      line({ name: 'B线路', sort: 2 }),
      line({
        name: '人工验证页',
        linkType: 2,
        linkUrl: 'https://ignored.example.com',
        htmlPath: '/help',
        sort: 1,
      }),
      line({ name: '停用线路', enabled: false, sort: 0 }),
    ];
    const saved = await op.post('/v1/admin/site/customerService', {
      lines: JSON.stringify(lines),
      supportWidth: 900,
      supportHeight: 600,
    });
    expect(saved.code, saved.msg).toBe(1);
    expect(saved.data.lines).toHaveLength(3);
    // a local line keeps no external URL
    expect(saved.data.lines[1]).toMatchObject({ linkType: 2, linkUrl: '', htmlPath: '/help' });
    const list = (await player.get('/v1/site/customerServiceList')).data.list;
    expect(list.map((l: { name: string }) => l.name)).toEqual(['人工验证页', 'B线路']);
    expect(list[1]).toEqual({
      name: 'B线路',
      linkType: 1,
      linkUrl: 'https://kf.example.com/chat?x=1',
      htmlPath: '',
      sort: 2,
    });
    const tenant = (await ctx.client().get('/v1/management/tenant/getTenantConfig')).data;
    expect(tenant).toMatchObject({ supportWidth: 900, supportHeight: 600 });
  });

  it('refuses bad lines with a Chinese message and keeps the old ones', async () => {
    const bad: [unknown, string][] = [
      ['not json', '客服线路格式不正确'],
      [{ a: 1 }, '客服线路格式不正确'],
      [[line({ name: '' })], '第1条线路：线路名称不能为空'],
      [
        [line(), line({ linkUrl: 'javascript:alert(1)' })],
        '第2条线路：外部链接须为https://开头的网址',
      ],
      [
        [line({ linkType: 2, htmlPath: '//evil.example.com' })],
        '第1条线路：本站页面须为以/开头的站内路径',
      ],
      [[line({ name: '<b>x</b>' })], '第1条线路：线路名称须为1-20个字符，且不含尖括号'],
      [[line({ sort: -1 })], '第1条线路：排序须为0-9999的整数'],
      [Array.from({ length: 21 }, () => line()), '客服线路最多20条'],
    ];
    for (const [value, msg] of bad) {
      const r = await op.post('/v1/admin/site/customerService', {
        lines: typeof value === 'string' ? value : JSON.stringify(value),
      });
      expect(r.status).toBe(200);
      expect(r).toMatchObject({ code: -1, msg });
    }
    expect((await player.get('/v1/site/customerServiceList')).data.list).toHaveLength(2);
    const size = await op.post('/v1/admin/site/customerService', { supportWidth: 'x' });
    expect(size.status).toBeLessThan(500);
    expect(size.code).not.toBe(1);
    expect(size.msg).toMatch(/[\u4e00-\u9fa5]/);
    expect((await op.post('/v1/admin/site/customerService', {})).msg).toBe('没有要修改的内容');
  });

  it('is edited by operators only', async () => {
    expect((await player.post('/v1/admin/site/customerService', { lines: '[]' })).status).toBe(403);
    expect((await player.get('/v1/admin/site/customerService')).status).toBe(403);
    expect((await ctx.client().get('/v1/admin/site/customerService')).code).toBe(0);
  });

  it('sets the embedded chat partner: its origin comes from the URL, and it cannot be on without one', async () => {
    expect(
      (await op.post('/v1/admin/site/customerService', { embedChatUrl: '', embedChatEnabled: '1' }))
        .msg,
    ).toBe('开启嵌入聊天前请先填写嵌入聊天地址');
    expect(
      (await op.post('/v1/admin/site/customerService', { embedChatUrl: 'ftp://x.example.com' }))
        .msg,
    ).toBe('嵌入聊天地址须为http(s)://开头的网址');
    const r = await op.post('/v1/admin/site/customerService', {
      embedChatUrl: 'https://chat.partner.example:8443/embed?site=1',
      embedChatEnabled: '1',
    });
    expect(r.data).toMatchObject({
      embedChatEnabled: true,
      embedChatPartnerOrigin: 'https://chat.partner.example:8443',
    });
    const tenant = (await ctx.client().get('/v1/management/tenant/getTenantConfig')).data;
    expect(tenant).toMatchObject({
      embedChatEnabled: true,
      embedChatUrl: 'https://chat.partner.example:8443/embed?site=1',
      embedChatPartnerOrigin: 'https://chat.partner.example:8443',
    });
  });
});
