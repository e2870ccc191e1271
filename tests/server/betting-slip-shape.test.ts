/**
 * The shape of bettingData (src/server/betting/slipShape.ts, a TypeBox schema): what it lets through
 * to the field rules, and, through addBetting / addFastBetting, the message each shape fault is
 * answered with, in the order it always was (these answers were taken from the hand-written checks
 * the schema replaced).
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readSlip } from '../../src/server/betting/slipShape.ts';
import { setupTestApp, type TestContext } from './helpers.ts';
import {
  balanceOf,
  dwdEntry,
  expectLedgerSound,
  fund,
  requestId,
  saleIssue,
  twoSidedEntry,
} from './betting-fixtures.ts';

const entry = (over: Record<string, unknown> = {}) => dwdEntry('20261128001', over);

describe('readSlip', () => {
  it('reads each field as its trimmed text, numbers included', () => {
    const read = readSlip([entry({ bettingAmount: ' 2.00 ', bettingCount: 1.5, bettingUnit: -1 })]);
    expect(read).toEqual({
      ok: true,
      entries: [
        {
          fields: {
            lotteryCode: '1008',
            playDetailCode: '1008DWD',
            bettingNumber: '1,-,-,-,-',
            bettingCount: '1.5',
            bettingAmount: '2.00',
            bettingPoint: '0',
            bettingUnit: '-1',
            bettingIssue: '20261128001',
            graduationCount: '1',
          },
          unknownField: null,
        },
      ],
    });
  });

  it('marks a missing field and a field of the wrong type, and names the first unknown field', () => {
    const { bettingCount: _, ...noCount } = entry();
    const read = readSlip([
      noCount,
      entry({ bettingAmount: null, bettingPoint: true, bettingUnit: [1], graduationCount: {} }),
      entry({ zeta: 1, 'a/b~c': 2 }),
    ]);
    if (!read.ok) throw new Error(read.fault);
    const refused = read.entries.map((e) =>
      Object.entries(e.fields).flatMap(([k, v]) => (v === null ? [k] : [])),
    );
    expect(refused).toEqual([
      ['bettingCount'],
      ['bettingAmount', 'bettingPoint', 'bettingUnit', 'graduationCount'],
      [],
    ]);
    expect(read.entries.map((e) => e.unknownField)).toEqual([null, null, 'zeta']);
    expect(readSlip([entry({ 'a/b~c': 2 })])).toMatchObject({
      entries: [{ unknownField: 'a/b~c' }],
    });
  });

  it('tells the faults of the list itself before any entry', () => {
    for (const list of [[], {}, null, 'x', 3])
      expect(readSlip(list)).toEqual({ ok: false, fault: 'empty' });
    expect(readSlip([entry(), 1])).toEqual({ ok: false, fault: 'notObject' });
    expect(readSlip([entry({ extra: 1 }), []])).toEqual({ ok: false, fault: 'notObject' });
    expect(readSlip([entry(), null])).toEqual({ ok: false, fault: 'notObject' });
    expect(readSlip(Array.from({ length: 51 }, () => entry()))).toEqual({
      ok: false,
      fault: 'tooMany',
    });
    // a huge list is refused by its length, whatever its entries hold
    expect(readSlip(Array.from({ length: 20_000 }, () => 1))).toEqual({
      ok: false,
      fault: 'tooMany',
    });
    expect(readSlip(Array.from({ length: 50 }, () => entry()))).toMatchObject({ ok: true });
  });
});

describe('bettingData shape faults through the API', () => {
  let ctx: TestContext;
  let issue: string;
  let c: Awaited<ReturnType<TestContext['userClient']>>;
  beforeAll(async () => {
    ctx = await setupTestApp();
    issue = await saleIssue(ctx.sql, '1008');
    c = await ctx.userClient();
    await fund(ctx.sql, c.userId, 100_000);
  });
  afterEach(async () => expectLedgerSound(ctx.sql));

  const post = async (path: string, entries: unknown[], extra: Record<string, string> = {}) => {
    const before = await balanceOf(ctx.sql, c.userId);
    const res = await c.post(path, {
      bettingData: JSON.stringify(entries),
      requestId: requestId(),
      ...extra,
    });
    // a refusal moves nothing
    if (res.code !== 1) expect(await balanceOf(ctx.sql, c.userId)).toBe(before);
    return res;
  };
  const ADD = '/v1/betting/addBetting';
  const FAST = '/v1/betting/addFastBetting';

  it('answers a missing or mistyped field with that field message', async () => {
    const byField: [string, string][] = [
      ['lotteryCode', '彩种编号不正确'],
      ['playDetailCode', '玩法不存在'],
      ['bettingNumber', '请选择一注号码投注'],
      ['bettingCount', '注数格式不正确'],
      ['bettingAmount', '投注金额不能为空'],
      ['bettingPoint', '返点获取失败，请刷新再试'],
      ['bettingUnit', '投注单位不正确'],
      ['bettingIssue', '期号格式不正确'],
      ['graduationCount', '倍数必须为正整数'],
    ];
    for (const [field, msg] of byField) {
      const { [field]: _, ...missing } = dwdEntry(issue);
      for (const bad of [
        missing,
        dwdEntry(issue, { [field]: null }),
        dwdEntry(issue, { [field]: [1] }),
      ]) {
        const res = await post(ADD, [bad]);
        expect([res.code, res.msg], `${field} ${JSON.stringify(bad[field])}`).toEqual([-1, msg]);
      }
    }
  });

  it('answers fractional, negative and oversized numbers with the field rules', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ bettingCount: 1.5 }, '注数格式不正确'],
      [{ bettingCount: -1 }, '注数格式不正确'],
      [{ bettingCount: 0 }, '注数格式不正确'],
      [{ bettingCount: 1e21 }, '注数格式不正确'],
      [{ graduationCount: 1.5 }, '倍数必须为正整数'],
      [{ graduationCount: -2 }, '倍数必须为正整数'],
      [{ bettingAmount: -2 }, '投注金额格式不正确'],
      [{ bettingAmount: 0 }, '投注金额格式不正确'],
      [{ bettingUnit: -1 }, '投注单位不正确'],
      [{ bettingUnit: 0.001 }, '投注单位不正确'],
      [{ lotteryCode: 1008.5 }, '彩种编号不正确'],
      [{ bettingIssue: -20261128 }, '期号格式不正确'],
    ];
    for (const [over, msg] of cases) {
      const res = await post(ADD, [dwdEntry(issue, over)]);
      expect([res.code, res.msg], JSON.stringify(over)).toEqual([-1, msg]);
    }
  });

  it('accepts numbers where the page sends text', async () => {
    const res = await post(ADD, [dwdEntry(issue, { bettingAmount: 2, lotteryCode: 1008 })]);
    expect([res.code, res.msg]).toEqual([1, expect.any(String)]);
  });

  it('names an unknown field when it is a plain name, and refuses it at its entry', async () => {
    expect((await post(ADD, [dwdEntry(issue, { extra: 1, other: 2 })])).msg).toBe(
      '投注数据含有不支持的字段：extra',
    );
    expect((await post(ADD, [dwdEntry(issue, { 备注: 1 })])).msg).toBe('投注数据含有不支持的字段');
    expect((await post(ADD, [dwdEntry(issue, { __proto__x: 1 })])).msg).toBe(
      '投注数据含有不支持的字段',
    );
    // the first entry is read (and refused by its lottery) before the second's fields are looked at
    const earlier = await post(ADD, [
      dwdEntry(issue, { lotteryCode: '9999', playDetailCode: '9999DWD' }),
      dwdEntry(issue, { extra: 1 }),
    ]);
    expect(earlier.msg).toBe('彩种不存在');
    // a field is read at its turn: the play is looked up before a missing count is refused
    const { bettingCount: _, ...noCount } = dwdEntry(issue, { playDetailCode: '1008NOPE' });
    expect((await post(ADD, [noCount])).msg).toBe('玩法不存在');
  });

  it('refuses the list before its entries: not objects, too many, huge', async () => {
    expect((await post(ADD, [dwdEntry(issue, { extra: 1 }), 'x'])).msg).toBe('投注数据格式不正确');
    expect((await post(ADD, [dwdEntry(issue), [dwdEntry(issue)]])).msg).toBe('投注数据格式不正确');
    const many = Array.from({ length: 51 }, () => 1);
    expect((await post(ADD, many)).msg).toBe('单次最多提交50条投注');
    const huge = Array.from({ length: 1_000 }, () => 0);
    expect((await post(ADD, huge)).msg).toBe('单次最多提交50条投注');
  });

  it('keeps the quick bet order: its blank checks before the entry is read', async () => {
    const quick = { source: 'quick' };
    expect((await post(FAST, [twoSidedEntry(issue, 10, { bettingNumber: 5 })], quick)).msg).toBe(
      '选号位置数量错误',
    );
    const cases: [Record<string, unknown>, string][] = [
      [{ bettingNumber: null, extra: 1 }, '请选择一注号码投注'],
      [{ bettingAmount: false, lotteryCode: '9999' }, '投注金额不能为空'],
      [{ bettingPoint: {}, bettingCount: 'x' }, '返点获取失败，请刷新再试'],
      [{ extra: 1, lotteryCode: '9999' }, '投注数据含有不支持的字段：extra'],
    ];
    for (const [over, msg] of cases) {
      const res = await post(FAST, [twoSidedEntry(issue, 10, over)], quick);
      expect([res.code, res.msg], JSON.stringify(over)).toEqual([-1, msg]);
    }
  });
});
