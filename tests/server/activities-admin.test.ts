/** Activities for the operator: saving with validation, sanitised content, images, and junk. */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { beijingFormTime } from '../../src/domain/activity/index.ts';
import { encodeEnpath } from '../../src/domain/enpath.ts';
import { ctx, A, ADM, HOUR, op, form, RECHARGE_RULE, create } from './activities-fixtures.ts';

describe('operator: save with validation', () => {
  it('refuses bad forms and bad rules in Chinese', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ category: '99' }, '请选择活动分类'],
      [{ kind: 'lottery' }, '请选择活动类型'],
      [{ title: '  ' }, '请输入活动标题'],
      [{ title: '<b>x</b>' }, '活动标题不能包含尖括号或控制字符'],
      [{ content: '<script>alert(1)</script>' }, '请输入活动内容'],
      [{ startTime: '2026-13-01 00:00' }, '时间格式不正确（北京时间 YYYY-MM-DD HH:mm）'],
      [{ endTime: beijingFormTime(Date.now() - 2 * HOUR) }, '结束时间必须晚于开始时间'],
      [{ coverImage: 'javascript:alert(1)' }, '封面图片地址不正确，请上传图片'],
      [{ kind: 'checkin', rule: 'not json' }, '活动规则格式不正确'],
      [{ kind: 'checkin', rule: '{"rewards":[]}' }, '请设置签到奖励'],
      [
        { kind: 'checkin', rule: '{"rewards":["1","-2"]}' },
        '第2天签到奖励格式不正确，最多两位小数',
      ],
      [
        { kind: 'checkin', rule: '{"rewards":["1"],"turnoverMultiple":"1.5"}' },
        '流水倍数须为0至100的整数',
      ],
      [
        { kind: 'recharge_bonus', rule: RECHARGE_RULE({ percent: '0' }) },
        '赠送比例须为0.01至1000之间的百分数，最多两位小数',
      ],
      [{ kind: 'recharge_bonus', rule: RECHARGE_RULE({ period: 'year' }) }, '请选择领取周期'],
      [{ kind: 'recharge_bonus', rule: RECHARGE_RULE({ cap: '' }) }, '请输入最高赠送金额'],
      [{ kind: 'turnover_bonus', rule: '{"period":"day","tiers":[]}' }, '请至少设置一个奖励档位'],
      [
        {
          kind: 'turnover_bonus',
          rule: '{"period":"day","tiers":[{"bet":"100","reward":"5"},{"bet":"50","reward":"9"}]}',
        },
        '奖励档位的有效投注须从低到高递增',
      ],
    ];
    for (const [over, msg] of cases) {
      const r = await op.post(ADM('save'), form(over));
      expect(r, JSON.stringify(over)).toMatchObject({ code: -1, msg });
      expect(r.status).toBeLessThan(500);
    }
    expect((await ctx.sql`select count(*)::int as n from activities`)[0]!.n).toBe(0);
  });

  it('stores content sanitised: no script, handler or javascript: URL survives; images, headings and tables stay', async () => {
    const dirty =
      '<h2 onclick="x()">标题</h2><script>alert(1)</script><img src="/uploads/a.png" onerror="alert(2)" alt="图">' +
      '<a href="javascript:alert(3)">坏链接</a><a href="jav&#x61;script:alert(4)">再坏</a><a href="https://example.com/x">好链接</a>' +
      '<table><tr><td colspan="2" style="x">格</td></tr></table><iframe src="https://evil"></iframe><svg onload="alert(5)"></svg><p>正文';
    const id = await create({ content: dirty });
    const [row] = await ctx.sql<
      { content: string }[]
    >`select content from activities where id = ${id}`;
    const html = row!.content;
    expect(html).not.toMatch(/script|onerror|onclick|onload|javascript|iframe|svg|style=/i);
    expect(html).toContain('<h2>标题</h2>');
    // sanitize-html writes void elements XML-style (`/>`); a browser reads both alike
    expect(html).toContain('<img src="/uploads/a.png" alt="图" loading="lazy" />');
    expect(html).toContain('<table><tr><td colspan="2">格</td></tr></table>');
    expect(html).toContain(
      '<a href="https://example.com/x" target="_blank" rel="noopener noreferrer nofollow">好链接</a>',
    );
    expect(html).toContain('<a>坏链接</a>');
    expect(html.endsWith('<p>正文</p>')).toBe(true);
    const detail = await ctx.client().get(A('getActivityDetails'), { id });
    expect(detail.data.content).toBe(html);
  });

  it('uploads an image (re-encoded, served at /uploads/), lists, disables, deletes; players never reach admin calls', async () => {
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#c03' } })
      .png()
      .toBuffer();
    const boundary = '----activityimage';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await op.raw({
      method: 'POST',
      url: encodeEnpath(ADM('uploadImage')),
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    const url = res.json().data.url as string;
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    const served = await ctx.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    const notImage = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n<script>alert(1)</script>\r\n--${boundary}--\r\n`,
      ),
    ]);
    const bad = await op.raw({
      method: 'POST',
      url: encodeEnpath(ADM('uploadImage')),
      payload: notImage,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(bad.json()).toMatchObject({
      code: -1,
      msg: '图片无法识别，请上传 JPG、PNG、GIF 或 WebP 图片',
    });

    const id = await create({ coverImage: url, content: `<p>看图</p><img src="${url}">` });
    const list = await op.get(ADM('list'));
    expect(list.data.list.find((a: { id: number }) => a.id === id)).toMatchObject({
      coverImage: url,
      enabled: true,
      claimCount: 0,
    });
    const guest = ctx.client();
    expect(
      (await guest.get(A('getActivityList'), { type: 1 })).data.list.map(
        (a: { id: number }) => a.id,
      ),
    ).toContain(id);
    expect(
      (await guest.get(A('getActivityList'), { type: 2 })).data.list.map(
        (a: { id: number }) => a.id,
      ),
    ).not.toContain(id);
    expect(await op.post(ADM('setEnabled'), { id, enabled: '0' })).toMatchObject({
      code: 1,
      msg: '已停用',
    });
    expect(
      (await guest.get(A('getActivityList'))).data.list.map((a: { id: number }) => a.id),
    ).not.toContain(id);
    expect(await guest.get(A('getActivityDetails'), { id })).toMatchObject({
      code: -1,
      msg: '活动不存在',
    });
    expect(await op.post(ADM('delete'), { id })).toMatchObject({ code: 1, msg: '已删除' });
    expect(await op.post(ADM('delete'), { id })).toMatchObject({ code: -1, msg: '活动不存在' });
    const p = await ctx.userClient();
    for (const r of [
      await p.get(ADM('list')),
      await p.post(ADM('save'), form()),
      await p.post(ADM('delete'), { id: 1 }),
    ]) {
      expect(r.status).toBe(403);
    }
  });

  it('junk ids and queries are refused below 500', async () => {
    const guest = ctx.client();
    for (const q of [{ id: 'abc' }, { id: '-1' }, { id: '1e309' }, {}] as Record<
      string,
      string
    >[]) {
      const r = await guest.get(A('getActivityDetails'), q);
      expect(r.status).toBeLessThan(500);
      expect(r.code).not.toBe(1);
    }
    expect((await guest.get(A('getActivityList'), { type: 'x' })).status).toBe(400);
    expect((await guest.post(A('checkin/signIn'), { id: 1 })).msg).toBe('请先登录');
    expect((await guest.get(A('checkActivityMsg'))).msg).toBe('请先登录');
    expect((await guest.get(A('getActivityRecordList'))).msg).toBe('请先登录');
  });
});
