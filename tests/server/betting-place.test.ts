/** addBetting / addFastBetting: happy paths, every refusal, idempotency and the concurrency race. */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
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
import { REQUEST_REUSED_MSG } from '../../src/domain/requests.ts';

let ctx: TestContext;
let issue: string;
beforeAll(async () => {
  ctx = await setupTestApp();
  issue = await saleIssue(ctx.sql, '1008');
});
afterEach(async () => expectLedgerSound(ctx.sql));

const ADD = '/v1/betting/addBetting';
const FAST = '/v1/betting/addFastBetting';
const slip = (...entries: Record<string, unknown>[]) => JSON.stringify(entries);

async function player(fenBalance: number) {
  const c = await ctx.userClient();
  if (fenBalance > 0) await fund(ctx.sql, c.userId, fenBalance);
  return c;
}

describe('addBetting', () => {
  it('places a slip of two entries, takes the stakes (301) and answers the orders and balance', async () => {
    const c = await player(10_000);
    const res = await c.post(ADD, {
      bettingData: slip(
        dwdEntry(issue),
        dwdEntry(issue, {
          bettingNumber: '1 2 3,-,-,-,-',
          bettingCount: 3,
          bettingAmount: '0.60',
          bettingUnit: 0.1,
        }),
      ),
      requestId: requestId(),
    });
    expect(res.code).toBe(1);
    expect(res.msg).toBe('投注成功');
    expect(res.data.orders).toHaveLength(2);
    expect(res.data.orders[0].orderNo).toMatch(/^\d{18}$/);
    expect(res.data.balance).toBe('97.40');
    expect(await balanceOf(ctx.sql, c.userId)).toBe(9_740);
    const bets = await ctx.sql<
      {
        id: number;
        amount: number;
        status: string;
        stake_type: number;
        unit: string;
        bet_group: number;
        user_group: number;
      }[]
    >`
      select id, amount, status, stake_type, unit, bet_group, user_group from bets where user_id = ${c.userId} order by request_index`;
    expect(bets.map((b) => [b.amount, b.status, b.stake_type, b.unit])).toEqual([
      [200, 'PENDING', 301, 'yuan'],
      [60, 'PENDING', 301, 'jiao'],
    ]);
    expect(bets[0]!.user_group).toBe(1950);
    const stakes = await ctx.sql<{ transfer_id: string; type_code: number; amount: number }[]>`
      select transfer_id, type_code, amount from transfers where user_id = ${c.userId} and type_code = 301 order by id`;
    expect(stakes).toEqual(
      bets.map((b) => ({ transfer_id: `bet:${b.id}`, type_code: 301, amount: b.amount })),
    );
  });

  it('stores the canonical selection text', async () => {
    const c = await player(1_000);
    const res = await c.post(ADD, {
      bettingData: slip(
        dwdEntry(issue, {
          playDetailCode: '1008WX_ZXDS',
          bettingNumber: '12345,67890',
          bettingCount: 2,
          bettingAmount: '4.00',
        }),
      ),
      requestId: requestId(),
    });
    expect(res.code).toBe(1);
    const [bet] = await ctx.sql`select betting_number from bets where user_id = ${c.userId}`;
    expect(bet!.betting_number).toBe('1 2 3 4 5,6 7 8 9 0');
  });

  it('stores the rebate taken and plays at the lower group', async () => {
    const c = await player(1_000);
    const res = await c.post(ADD, {
      bettingData: slip(dwdEntry(issue, { bettingPoint: 7.5 })),
      requestId: requestId(),
    });
    expect(res.code).toBe(1);
    const [bet] = await ctx.sql<
      { rebate_permille: number; bet_group: number }[]
    >`select rebate_permille, bet_group from bets where user_id = ${c.userId}`;
    expect(bet).toEqual({ rebate_permille: 75, bet_group: 1950 - 150 });
  });

  it('refuses every malformed or inconsistent entry with its message, and nothing moves', async () => {
    const c = await player(1_000);
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [dwdEntry(issue, { bettingCount: 2 }), '注数不符'],
      [dwdEntry(issue, { bettingAmount: '4.00' }), '金额不符'],
      [dwdEntry(issue, { bettingAmount: '2.001' }), '投注金额格式不正确'],
      [dwdEntry(issue, { bettingPoint: 13 }), /返点/],
      [dwdEntry(issue, { bettingPoint: 'x' }), /返点/],
      [dwdEntry(issue, { bettingUnit: 0.5 }), '投注单位不正确'],
      [
        dwdEntry(issue, { graduationCount: 10_001, bettingAmount: '20002.00' }),
        '倍数不能超过10000',
      ],
      [dwdEntry(issue, { graduationCount: 0 }), /倍数/],
      [dwdEntry(issue, { bettingNumber: '1,-,-,-,-,-' }), '投注号码格式不正确'],
      [dwdEntry(issue, { bettingNumber: 'a,-,-,-,-' }), '投注号码格式不正确'],
      [dwdEntry(issue, { bettingNumber: '-,-,-,-,-' }), '选号不足，无法构成一注'],
      [dwdEntry(issue, { playDetailCode: '1008NOPE' }), '玩法不存在'],
      [dwdEntry(issue, { playDetailCode: '1009DWD' }), '玩法不存在'],
      [dwdEntry(issue, { lotteryCode: '9999', playDetailCode: '9999DWD' }), '彩种不存在'],
      [dwdEntry(issue, { extra: 1 }), '投注数据含有不支持的字段：extra'],
      [dwdEntry('2020a'), '期号格式不正确'],
      [dwdEntry('20200101-0001'), '期号不存在'],
      [dwdEntry('202001010001'), /^第202001010001期已截止，当前为第\d{12}期$/],
      [dwdEntry('20991231999'), '期号不存在'],
      [
        dwdEntry(issue, {
          graduationCount: 10_000,
          bettingNumber: '0 1 2 3 4 5 6 7 8 9,-,-,-,-',
          bettingCount: 10,
          bettingAmount: '200000.00',
        }),
        '余额不足',
      ],
    ];
    for (const [entry, msg] of cases) {
      const res = await c.post(ADD, { bettingData: slip(entry), requestId: requestId() });
      expect(res.code, JSON.stringify(entry)).toBe(-1);
      if (typeof msg === 'string') expect(res.msg, JSON.stringify(entry)).toBe(msg);
      else expect(res.msg, JSON.stringify(entry)).toMatch(msg);
    }
    expect(await balanceOf(ctx.sql, c.userId)).toBe(1_000);
    expect((await ctx.sql`select id from bets where user_id = ${c.userId}`).length).toBe(0);
  });

  it('caps one ticket at 1,000,000 yuan (domain)', async () => {
    const c = await player(0);
    const entry = dwdEntry(issue, {
      playDetailCode: '1008H2_ZXFS',
      bettingNumber: '0 1 2 3 4 5 6 7 8 9,0 1 2 3 4 5',
      bettingCount: 60,
      graduationCount: 10_000,
      bettingAmount: '1200000.00',
    });
    const res = await c.post(ADD, { bettingData: slip(entry), requestId: requestId() });
    expect(res.msg).toBe('单注金额不能超过1000000元');
  });

  it('refuses a bad slip shape and a bad request id', async () => {
    const c = await player(1_000);
    const bad: [Record<string, string>, string | RegExp][] = [
      [{ bettingData: 'not json', requestId: requestId() }, '投注数据格式不正确'],
      [{ bettingData: '[]', requestId: requestId() }, '请选择一注号码投注'],
      [{ bettingData: '{}', requestId: requestId() }, '请选择一注号码投注'],
      [{ bettingData: '[1]', requestId: requestId() }, '投注数据格式不正确'],
      [
        {
          bettingData: slip(...Array.from({ length: 51 }, () => dwdEntry(issue))),
          requestId: requestId(),
        },
        '单次最多提交50条投注',
      ],
      [{ bettingData: slip(dwdEntry(issue)), requestId: 'short' }, /请求编号/],
      [{ bettingData: slip(dwdEntry(issue)), requestId: 'has space in it' }, /请求编号/],
      [{ bettingData: slip(dwdEntry(issue)), requestId: requestId(), other: 'x' }, /不支持的参数/],
    ];
    for (const [form, msg] of bad) {
      const res = await c.post(ADD, form);
      expect(res.code).toBe(-1);
      if (typeof msg === 'string') expect(res.msg).toBe(msg);
      else expect(res.msg).toMatch(msg);
    }
    expect(await balanceOf(ctx.sql, c.userId)).toBe(1_000);
  });

  it('a submission is all or nothing: one bad entry refuses the slip', async () => {
    const c = await player(1_000);
    const res = await c.post(ADD, {
      bettingData: slip(dwdEntry(issue), dwdEntry(issue, { bettingAmount: '3.00' })),
      requestId: requestId(),
    });
    expect(res.msg).toBe('金额不符');
    const poor = await player(300);
    const res2 = await poor.post(ADD, {
      bettingData: slip(dwdEntry(issue), dwdEntry(issue)),
      requestId: requestId(),
    });
    expect(res2.msg).toBe('余额不足');
    expect(await balanceOf(ctx.sql, poor.userId)).toBe(300);
    expect(
      (await ctx.sql`select id from bets where user_id in (${c.userId}, ${poor.userId})`).length,
    ).toBe(0);
  });

  it('refuses a disabled lottery with 彩种已停售', async () => {
    const c = await player(1_000);
    await ctx.sql`update lotteries set enabled = false where code = '1009'`;
    const { clearLotteryCache } = await import('../../src/server/lottery/lotteries.ts');
    clearLotteryCache();
    try {
      const res = await c.post(ADD, {
        bettingData: slip(dwdEntry(issue, { lotteryCode: '1009', playDetailCode: '1009DWD' })),
        requestId: requestId(),
      });
      expect(res.msg).toBe('彩种已停售');
    } finally {
      await ctx.sql`update lotteries set enabled = true where code = '1009'`;
      clearLotteryCache();
    }
  });

  it('needs a login', async () => {
    const res = await ctx
      .client()
      .post(ADD, { bettingData: slip(dwdEntry(issue)), requestId: requestId() });
    expect(res.code).toBe(0);
  });
});

describe('idempotency and races', () => {
  it('the same requestId again answers the first orders and bets once; with another slip it is refused', async () => {
    const c = await player(1_000);
    const id = requestId();
    const first = await c.post(ADD, { bettingData: slip(dwdEntry(issue)), requestId: id });
    const other = await c.post(ADD, {
      bettingData: slip(dwdEntry(issue), dwdEntry(issue)),
      requestId: id,
    });
    expect(other).toMatchObject({ code: -1, msg: REQUEST_REUSED_MSG });
    const again = await c.post(ADD, { bettingData: slip(dwdEntry(issue)), requestId: id });
    expect(again.code).toBe(1);
    expect(again.data.orders).toEqual(first.data.orders);
    expect(await balanceOf(ctx.sql, c.userId)).toBe(800);
  });

  it('the same requestId sent 50 times at once bets once', async () => {
    const c = await player(1_000);
    const id = requestId();
    const all = await Promise.all(
      Array.from({ length: 50 }, () =>
        c.post(ADD, { bettingData: slip(dwdEntry(issue)), requestId: id }),
      ),
    );
    expect(all.every((r) => r.code === 1)).toBe(true);
    expect(new Set(all.map((r) => JSON.stringify(r.data.orders))).size).toBe(1);
    expect((await ctx.sql`select id from bets where user_id = ${c.userId}`).length).toBe(1);
    expect(await balanceOf(ctx.sql, c.userId)).toBe(800);
  });

  it('two instances writing the same requestId at once: one bets, the other answers its orders', async () => {
    const { BetQueue } = await import('../../src/server/betting/place.ts');
    const { parseSlip } = await import('../../src/server/betting/tickets.ts');
    const c = await player(1_000);
    const id = requestId();
    const tickets = await parseSlip(ctx.sql, slip(dwdEntry(issue)));
    const a = new BetQueue(ctx.sql);
    const b = new BetQueue(ctx.sql);
    const sub = { userId: c.userId, requestId: id, tickets, stakeType: 301 };
    const all = await Promise.all([
      a.submit(sub),
      b.submit(sub),
      c.post(ADD, { bettingData: slip(dwdEntry(issue)), requestId: id }),
    ]);
    expect(all[0].orders).toEqual(all[1].orders);
    expect(all[2].data.orders).toEqual(all[0].orders);
    expect(await balanceOf(ctx.sql, c.userId)).toBe(800);
  });

  it('200 concurrent submissions against ten stakes: exactly ten bet, the balance ends at 0', async () => {
    const c = await player(2_000);
    const all = await Promise.all(
      Array.from({ length: 200 }, () =>
        c.post(ADD, { bettingData: slip(dwdEntry(issue)), requestId: requestId() }),
      ),
    );
    expect(all.filter((r) => r.code === 1)).toHaveLength(10);
    expect(all.filter((r) => r.code !== 1).every((r) => r.msg === '余额不足')).toBe(true);
    expect(await balanceOf(ctx.sql, c.userId)).toBe(0);
    expect((await ctx.sql`select id from bets where user_id = ${c.userId}`).length).toBe(10);
  });

  it('one player short of money does not fail the others batched with them', async () => {
    const rich = await Promise.all([player(1_000), player(1_000), player(1_000)]);
    const poor = await player(100);
    const all = await Promise.all([
      ...rich.map((c) =>
        c.post(ADD, { bettingData: slip(dwdEntry(issue)), requestId: requestId() }),
      ),
      poor.post(ADD, { bettingData: slip(dwdEntry(issue)), requestId: requestId() }),
    ]);
    expect(all.map((r) => r.code)).toEqual([1, 1, 1, -1]);
    for (const c of rich) expect(await balanceOf(ctx.sql, c.userId)).toBe(800);
  });
});

describe('addFastBetting', () => {
  it('places a two-sided quick bet (303) and a long-dragon bet (304) with the odds fixed', async () => {
    const c = await player(10_000);
    const quick = await c.post(FAST, {
      bettingData: slip(twoSidedEntry(issue, 10)),
      requestId: requestId(),
      source: 'quick',
    });
    expect(quick.code).toBe(1);
    const dragon = await c.post(FAST, {
      bettingData: slip(twoSidedEntry(issue, 5)),
      requestId: requestId(),
      source: 'dragon',
    });
    expect(dragon.code).toBe(1);
    const rows = await ctx.sql<
      { stake_type: number; amount: number; odds: Record<string, number> | null }[]
    >`
      select stake_type, amount, odds from bets where user_id = ${c.userId} order by id`;
    expect(rows.map((r) => [r.stake_type, r.amount])).toEqual([
      [303, 2_000],
      [304, 1_000],
    ]);
    expect(rows[0]!.odds).not.toBeNull();
    expect(Object.values(rows[0]!.odds!).every((o) => Number.isInteger(o) && o > 10_000)).toBe(
      true,
    );
    expect(await balanceOf(ctx.sql, c.userId)).toBe(7_000);
  });

  it('refuses with the streak-bet messages', async () => {
    const c = await player(10_000);
    const cases: [unknown[], string][] = [
      [[], '请选择一注号码投注'],
      [[twoSidedEntry(issue, 10, { bettingNumber: '' })], '请选择一注号码投注'],
      [[twoSidedEntry(issue, 10, { bettingAmount: '' })], '投注金额不能为空'],
      [[twoSidedEntry(issue, 10, { bettingPoint: '' })], '返点获取失败，请刷新再试'],
      [[twoSidedEntry(issue, 10, { bettingCount: 1, bettingAmount: '20' })], '注数不符'],
      [
        [
          twoSidedEntry(issue, 10, {
            bettingAmount: '2.50',
            bettingNumber: '大,-,-,-,-,-',
            bettingCount: 1,
          }),
        ],
        '投注金额格式不正确',
      ],
      [
        [twoSidedEntry(issue, 10, { bettingAmount: '2000002', bettingNumber: '大 小,-,-,-,-,-' })],
        '投注金额必须在1到1000000之间',
      ],
      [[dwdEntry(issue)], '该玩法不支持快捷投注'],
    ];
    for (const [entries, msg] of cases) {
      const res = await c.post(FAST, {
        bettingData: JSON.stringify(entries),
        requestId: requestId(),
        source: 'quick',
      });
      expect(res.msg, JSON.stringify(entries)).toBe(msg);
    }
    const badSource = await c.post(FAST, {
      bettingData: slip(twoSidedEntry(issue, 10)),
      requestId: requestId(),
      source: 'other',
    });
    expect(badSource.code).toBe(-1);
    expect(await balanceOf(ctx.sql, c.userId)).toBe(10_000);
  });
});
