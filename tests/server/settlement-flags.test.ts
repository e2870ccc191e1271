/**
 * settleIssue settles by the lottery's own rule flags (rule_flags jsonb over DEFAULT_RULE_FLAGS) for the
 * issue 11 variants: LHC 正码过关 two legs with a 49 leg is 和 by default; 28 大小单双 on 13/14 refunded
 * only above the stake threshold.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { formatSelection, getPlay } from '../../src/domain/lottery/index.ts';
import { clearLotteryCache } from '../../src/server/lottery/lotteries.ts';
import { settleIssue } from '../../src/server/lottery/settlement/index.ts';
import {
  betRow,
  expectLedgerSound,
  fund,
  makeIssue,
  makeUser,
  placeBet,
  playerBalance,
  testDb,
} from './settlement-fixtures.ts';

const { sql } = await testDb();
afterEach(() => expectLedgerSound(sql));

const LHC = '9931';
const BJ28 = '9932';
await sql`
  insert into lotteries (code, family, name, source, schedule, close_lead_sec, prize_group_cap, rule_flags) values
    (${LHC}, 'LHC', '测试六合彩', 'self', ${sql.json({ kind: 'selfRun', intervalSec: 60 })}, 10, 1960, ${sql.json({})}),
    (${BJ28}, 'BJ28', '测试28', 'self', ${sql.json({ kind: 'selfRun', intervalSec: 60 })}, 10, 1960,
     ${sql.json({ bj28Special1314: { twoSided: 'refund', combo: 'refund', twoSidedRefundAboveFen: 100_000 } })})
  on conflict (code) do nothing`;
clearLotteryCache();

describe('settlement under issue 11 rule flags', () => {
  it('LHC 正码过关: two legs with a 49 leg are refunded; three legs count the 49 leg as odds 1', async () => {
    const u = await makeUser(sql, { group: 1950, family: 'LHC' });
    await fund(sql, u, 100_000);
    await makeIssue(sql, LHC, 'F-1', { result: '49,01,03,04,06,08,07' });
    const p = getPlay('LHC', 'ZMGG')!;
    const two = formatSelection(p, { rows: [[0], [10], [], [], [], []] }); // 正码1 大 (49: 和), 正码2 红波 (01: wins)
    const three = formatSelection(p, { rows: [[0], [10], [2], [], [], []] }); // … and 正码3 单 (03: wins)
    const bet = (number: string) =>
      placeBet(sql, {
        userId: u,
        code: LHC,
        family: 'LHC',
        issue: 'F-1',
        playCode: 'ZMGG',
        number,
        stakePerLineFen: 1000,
        userGroup: 1950,
      });
    const tie = await bet(two);
    const won = await bet(three);
    await settleIssue(sql, LHC, 'F-1');
    expect(await betRow(sql, tie.id)).toMatchObject({
      status: 'TIE_REFUND',
      payout: 1000,
      refund: 1000,
    });
    const row = await betRow(sql, won.id);
    expect(row).toMatchObject({ status: 'WON', refund: 0 });
    expect(row.payout).toBeGreaterThan(1000 * 2 * 2.5); // 红波 ≈ 2.9 × 单 ≈ 1.95, the 49 leg × 1
    expect(await playerBalance(sql, u)).toBe(100_000 - 2000 + 1000 + row.payout);
  });

  it('28 大 on 14 settles normally up to the threshold and is refunded above it', async () => {
    const u = await makeUser(sql, { group: 1950, family: 'BJ28' });
    await fund(sql, u, 1_000_000);
    await makeIssue(sql, BJ28, 'F-2', { result: '4,5,5' });
    const bet = (stakePerLineFen: number) =>
      placeBet(sql, {
        userId: u,
        code: BJ28,
        family: 'BJ28',
        issue: 'F-2',
        playCode: 'LM',
        number: '大',
        stakePerLineFen,
        userGroup: 1950,
      });
    const small = await bet(100_000);
    const big = await bet(100_100);
    await settleIssue(sql, BJ28, 'F-2');
    expect(await betRow(sql, small.id)).toMatchObject({ status: 'WON', refund: 0 });
    expect(await betRow(sql, big.id)).toMatchObject({
      status: 'TIE_REFUND',
      payout: 100_100,
      refund: 100_100,
    });
  });
});
