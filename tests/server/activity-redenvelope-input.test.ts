/** The activity red envelope: bad input and junk bodies get a Chinese message, never a 500. */
import { describe, expect, it } from 'vitest';
import { encodeEnpath } from '../../src/domain/enpath.ts';
import {
  ctx,
  NUMBER,
  LIST,
  RECEIVE,
  SAVE,
  HOUR,
  op,
  bj,
  form,
  create,
  player,
  itemOf,
} from './activity-redenvelope-fixtures.ts';

describe('bad input gets a Chinese message, never a 500', () => {
  it('junk envelope ids', async () => {
    const p = await player();
    for (const id of ['abc', '-1', '0', '1.5', '1e309', '', '99999999999999999999', '<script>']) {
      const r = await p.post(RECEIVE, { id });
      expect(r.status).toBeLessThan(500);
      expect(r.code).toBe(-1);
      expect(r.msg).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(await p.post(RECEIVE, { id: 987_654 })).toMatchObject({
      code: -1,
      msg: '红包活动不存在',
    });
    expect((await p.post(RECEIVE, { id: 1, requestId: 'bad id!' })).code).toBe(-1);
    expect((await p.post(RECEIVE, { id: 1, extra: 'x' })).code).toBe(-1);
  });

  it('the admin form refuses bad amounts, counts, times and grades', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ budget: '-5' }, '红包总额格式不正确，最多两位小数'],
      [{ budget: '0' }, '红包总额必须大于0'],
      [{ budget: '1.234' }, '红包总额格式不正确，最多两位小数'],
      [{ budget: '1e9' }, '红包总额格式不正确，最多两位小数'],
      [{ budget: '99999999999' }, '红包总额格式不正确，最多两位小数'],
      [{ budget: '10000000.01' }, '红包总额不能超过10000000元'],
      [{ amount: '200' }, '每人金额不能超过红包总额'],
      [{ amount: 'NaN' }, '每人金额格式不正确，最多两位小数'],
      [{ kind: 'rain', shares: '0' }, '红包份数须为1至10000的整数'],
      [{ kind: 'rain', shares: '2.5' }, '红包份数须为1至10000的整数'],
      [{ kind: 'rain', shares: '10001' }, '红包份数须为1至10000的整数'],
      [{ kind: 'rain', budget: '0.05', shares: '6' }, '红包总额不足，每份至少0.01元'],
      [{ kind: 'bomb' }, '请选择红包类型'],
      [{ title: '  ' }, '请输入活动标题'],
      [{ title: '长'.repeat(41) }, '活动标题最多40个字'],
      [{ startTime: '2026-02-30 10:00' }, '时间格式不正确（北京时间 YYYY-MM-DD HH:mm）'],
      [{ endTime: bj(Date.now() - 2 * HOUR) }, '结束时间必须晚于开始时间'],
      [
        { startTime: bj(Date.now() - 3 * HOUR), endTime: bj(Date.now() - 2 * HOUR) },
        '结束时间必须晚于当前时间',
      ],
      [{ minGrade: '5', maxGrade: '2' }, '最低等级不能高于最高等级'],
      [{ minGrade: '-1' }, '等级须为0至10的整数'],
      [{ requirement: 'recharge', requiredAmount: '10' }, '请填写统计天数或统计日期范围'],
      [
        { requirement: 'turnover', requiredAmount: '10', periodDays: '0' },
        '统计天数须为1至365的整数',
      ],
      [
        {
          requirement: 'turnover',
          requiredAmount: '10',
          periodStart: '2026-11-02',
          periodEnd: '2026-11-01',
        },
        '统计开始日期不能晚于结束日期',
      ],
      [{ requirement: 'vip' }, '领取条件类型不正确'],
    ];
    for (const [over, msg] of cases) {
      const r = await op.post(SAVE, form(over));
      expect({ over, msg: r.msg, status: r.status < 500 }).toEqual({ over, msg, status: true });
    }
    const odd = await op.post(SAVE, { ...form(), budget: 'x'.repeat(41) });
    expect(odd.code).toBe(-1);
    expect(odd.status).toBe(400);
    expect(await ctx.client().post(SAVE, form())).toMatchObject({ code: 0 });
    expect((await (await player()).post(SAVE, form())).status).toBe(403);
  });

  it('HTML in the title is stored as text', async () => {
    const title = '<img src=x onerror=alert(1)>';
    const id = await create({ title });
    const [row] = await ctx.sql`select title from activity_red_envelopes where id = ${id}`;
    expect(row.title).toBe(title);
    expect((await itemOf(await player(), id)).title).toBe(title);
  });

  it('an edit cannot go below what was paid, nor change a claimed giveaway amount', async () => {
    const id = await create({ budget: '10', amount: '4' });
    expect((await (await player()).post(RECEIVE, { id })).code).toBe(1);
    expect((await op.post(SAVE, form({ id: String(id), budget: '3', amount: '4' }))).msg).toBe(
      '每人金额不能超过红包总额',
    );
    expect((await op.post(SAVE, form({ id: String(id), budget: '10', amount: '5' }))).msg).toBe(
      '已有会员领取，不能修改每人金额',
    );
    expect(
      (await op.post(SAVE, form({ id: String(id), budget: '20', amount: '4', title: '加码' }))).msg,
    ).toBe('已保存');
    const claims = await op.get('/v1/admin/activityRedEnvelope/claims', { id });
    expect(claims.data).toMatchObject({
      total: 1,
      totalPaid: '4.00',
      envelope: { title: '加码', budget: '20.00', paid: '4.00' },
    });
    expect(claims.data.list[0].amount).toBe('4.00');
    const list = await op.get('/v1/admin/activityRedEnvelope/list');
    expect(list.data.list.find((e: { id: number }) => e.id === id)).toMatchObject({
      claimedCount: 1,
      paid: '4.00',
    });
  });
});

describe('junk bodies against every call', () => {
  const POSTS = [RECEIVE, SAVE, '/v1/admin/activityRedEnvelope/close'];
  const GETS = [
    NUMBER,
    LIST,
    '/v1/admin/activityRedEnvelope/list',
    '/v1/admin/activityRedEnvelope/claims',
  ];
  const BODIES = [
    '',
    '=',
    '&&&',
    'a[b]=1',
    '__proto__=1&constructor=1',
    'id=%00&requestId=%00&title=%00&budget=%00',
    `id=1e309&budget=1e309&title=${'x'.repeat(5000)}`,
    'id=NaN&budget=NaN&shares=NaN&kind=rain',
    'id=-9223372036854775809',
    'id=1&id=2&kind=rain&kind=giveaway',
    'title=%ED%A0%80&kind=giveaway',
    'kind=giveaway&title=%3Cscript%3E&budget=1&amount=1&startTime=x&endTime=y',
  ];
  const QUERIES = ['page=NaN', 'page=1e309', 'pageSize=-1', 'id=abc', 'id=1&id=2', 'x=1', 'id=%00'];

  it('answers an envelope with a Chinese message, never a 500, and moves no money', async () => {
    const who = [await player(), op];
    const count = async () =>
      (
        await ctx.sql`select (select count(*) from activity_red_envelopes)::int as e, (select count(*) from activity_red_envelope_claims)::int as c`
      )[0];
    const before = await count();
    for (const c of who) {
      for (const path of POSTS) {
        for (const payload of BODIES) {
          const res = await c.raw({
            method: 'POST',
            url: encodeEnpath(path),
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload,
          });
          const body = res.json();
          expect({
            path,
            payload,
            status: res.statusCode < 500,
            code: body.code !== 1,
            msg: /[\u4e00-\u9fff]/.test(body.msg),
          }).toEqual({ path, payload, status: true, code: true, msg: true });
        }
      }
      for (const path of GETS) {
        for (const q of QUERIES) {
          const res = await c.raw({ method: 'GET', url: `${encodeEnpath(path)}?${q}` });
          expect({ path, q, status: res.statusCode < 500 }).toEqual({ path, q, status: true });
          expect(res.json().msg).toMatch(/[\u4e00-\u9fff]/);
        }
      }
    }
    expect(await count()).toEqual(before);
  });
});
