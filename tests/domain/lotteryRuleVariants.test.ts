/**
 * Issue 11 correctness: LHC 正码过关 two-leg 49 rule, 排列5 龙虎 row names, and the operator rule flags
 * K3 和值 triple kill, K3 对子 with/without the triple, LHC 半波 on 49, 28 13/14 refund above a stake.
 * (Exact returns of the repriced tiers are in lotteryFlagsReturn.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { getPlay } from '../../src/domain/lottery/catalogue.ts';
import { DEFAULT_RULE_FLAGS, flagsForStake } from '../../src/domain/lottery/flags.ts';
import { allTuples, range } from '../../src/domain/lottery/math.ts';
import { quoteBet, settleTicket } from '../../src/domain/lottery/pricing.ts';
import type {
  LotteryFamily,
  PlayDef,
  RuleFlags,
  Selection,
} from '../../src/domain/lottery/types.ts';

const F = DEFAULT_RULE_FLAGS;
const play = (family: LotteryFamily, code: string): PlayDef => {
  const p = getPlay(family, code);
  if (!p) throw new Error(`no ${family} play ${code}`);
  return p;
};
const oddsTicket = (p: PlayDef, sel: Selection, stakePerLineFen: number, flags: RuleFlags = F) => {
  const q = quoteBet(
    p,
    sel,
    { unit: 'yuan', multiple: 1, stakePerLineFen, userGroup: 1950, rebatePermille: 0 },
    undefined,
    undefined,
    flags,
  );
  if (!q.ok) throw new Error(q.msg);
  return {
    unit: 'yuan' as const,
    multiple: 1,
    lines: q.lines,
    amountFen: q.amountFen,
    betGroup: q.betGroup,
    odds: q.odds,
  };
};

describe('LHC 正码过关 with a 49 leg', () => {
  const p = play('LHC', 'ZMGG');
  const two = { rows: [[0], [10], [], [], [], []] }; // 正码1 大, 正码2 红波
  const three = { rows: [[0], [10], [2], [], [], []] }; // … and 正码3 单
  it('a two-leg parlay is 和 by default whether the other leg wins or loses', () => {
    const t = oddsTicket(p, two, 1000);
    expect(p.checkWin(two, [49, 1, 3, 4, 5, 6, 7], F)).toEqual({ wins: {}, refunds: 1 });
    expect(settleTicket(p, two, [49, 1, 3, 4, 5, 6, 7], F, t)).toMatchObject({
      status: 'TIE_REFUND',
      payoutFen: 1000,
      refundFen: 1000,
    });
    expect(settleTicket(p, two, [49, 3, 1, 4, 5, 6, 7], F, t)).toMatchObject({
      status: 'TIE_REFUND',
      payoutFen: 1000,
      refundFen: 1000,
    });
    // 49 on a colour leg is green, not 和: the parlay settles normally (红波 loses).
    expect(
      settleTicket(p, { rows: [[10], [0], [], [], [], []] }, [49, 30, 3, 4, 5, 6, 7], F, t),
    ).toMatchObject({ status: 'LOST' });
  });
  it('under oddsOne the other leg decides', () => {
    const flags = { ...F, lhcParlayTwoLeg49: 'oddsOne' as const };
    expect(p.checkWin(two, [49, 1, 3, 4, 5, 6, 7], flags)).toEqual({ wins: { c0: 1 }, refunds: 0 });
    expect(p.checkWin(two, [49, 3, 1, 4, 5, 6, 7], flags)).toEqual({ wins: {}, refunds: 0 });
  });
  it('three legs: a 49 leg counts odds 1 under either flag', () => {
    const t = oddsTicket(p, three, 1000);
    const o = t.odds!;
    for (const flags of [F, { ...F, lhcParlayTwoLeg49: 'oddsOne' as const }]) {
      expect(settleTicket(p, three, [49, 1, 5, 4, 6, 8, 7], flags, t)).toMatchObject({
        status: 'WON',
        payoutFen: Math.floor((1000 * o.c0! * o.odd!) / 1e8),
        refundFen: 0,
      });
      expect(settleTicket(p, three, [49, 1, 4, 3, 6, 8, 7], flags, t)).toMatchObject({
        status: 'LOST',
        payoutFen: 0,
      });
    }
  });
  it('the line definition agrees with the closed form on every 正码1/正码2 pair', () => {
    for (const flags of [F, { ...F, lhcParlayTwoLeg49: 'oddsOne' as const }]) {
      for (const [a, b] of allTuples(range(1, 49), 2)) {
        if (a === b) continue;
        const d = [
          a!,
          b!,
          ...range(1, 49)
            .filter((v) => v !== a && v !== b)
            .slice(0, 5),
        ];
        const o = p.line.outcome([0, 10, -1, -1, -1, -1], d, flags);
        const w = p.checkWin(two, d, flags);
        if (o === 'refund') expect(w).toEqual({ wins: {}, refunds: 1 });
        else if (o && 'legs' in o) expect(w).toEqual({ wins: o.legs, refunds: 0 });
        else expect(w).toEqual({ wins: {}, refunds: 0 });
      }
    }
  });
});

describe('排列5 龙虎和 rows', () => {
  it('name their two positions', () => {
    const names = play('PL35', 'LH').rows.map((r) => r.nameZh);
    expect(names).toHaveLength(10);
    expect(new Set(names).size).toBe(10);
    expect(names[0]).toBe('第一位vs第二位');
    expect(names[9]).toBe('第四位vs第五位');
    expect(names.some((n) => n.startsWith('第第'))).toBe(false);
    expect(play('SSC', 'LH').rows[0]!.nameZh).toBe('万千');
    expect(play('PL35', 'P3_LH').rows[0]!.nameZh).toBe('百个');
  });
});

describe('K3 rule variants', () => {
  const dice = allTuples(range(1, 6), 3);
  it('和值 triple kill: a triple loses every point sum; 3 and 18 are not sold', () => {
    const p = play('K3', 'SBHZ');
    const kill = { ...F, k3SumTripleKill: true };
    expect(p.checkWin({ rows: [[6]] }, [2, 2, 2], F).wins).toEqual({ s6: 1 });
    expect(p.checkWin({ rows: [[6]] }, [2, 2, 2], kill).wins).toEqual({});
    expect(p.checkWin({ rows: [[6]] }, [1, 2, 3], kill).wins).toEqual({ s6: 1 });
    const q = quoteBet(
      p,
      { rows: [[3, 10]] },
      { unit: 'yuan', multiple: 1, stakePerLineFen: 100, userGroup: 1950, rebatePermille: 0 },
      undefined,
      undefined,
      kill,
    );
    expect(q).toEqual({ ok: false, msg: '豹子通杀：和值3和18不开售' });
    expect(
      quoteBet(
        p,
        { rows: [[3, 10]] },
        { unit: 'yuan', multiple: 1, stakePerLineFen: 100, userGroup: 1950, rebatePermille: 0 },
      ).ok,
    ).toBe(true);
    // Winning draws per sum under the kill equal the repriced tiers (6, 9, 12, 15 lose their triple).
    const tiers = p.tiersFor!(kill);
    for (const s of range(4, 17)) {
      const wins = dice.filter((d) => p.checkWin({ rows: [[s]] }, d, kill).wins[`s${s}`]).length;
      expect(wins, `sum ${s}`).toBe(tiers.find((t) => t.id === `s${s}`)!.pNum);
    }
  });
  it('对子 counts the triple by default, not under k3PairIncludesTriple = false', () => {
    const p = play('K3', 'DZ');
    const wins = (flags: RuleFlags) =>
      dice.filter((d) => p.checkWin({ rows: [[4]] }, d, flags).wins.win).length;
    expect(wins(F)).toBe(16);
    expect(wins({ ...F, k3PairIncludesTriple: false })).toBe(15);
    expect(p.tiersFor!({ ...F, k3PairIncludesTriple: false })[0]!.pNum).toBe(15);
  });
});

describe('LHC 半波 on 49', () => {
  const p = play('LHC', 'BB');
  it('is 和 by default and loses under lhcHalfWave49 = lose', () => {
    const d = [1, 2, 3, 4, 5, 6, 49];
    expect(p.checkWin({ rows: [[12, 14]] }, d, F)).toEqual({ wins: {}, refunds: 2 });
    expect(p.checkWin({ rows: [[12, 14]] }, d, { ...F, lhcHalfWave49: 'lose' })).toEqual({
      wins: {},
      refunds: 0,
    });
    expect(p.tiersFor!({ ...F, lhcHalfWave49: 'lose' })[12]).toMatchObject({ pNum: 8, pDen: 49 });
    expect(p.tiers[12]).toMatchObject({ pNum: 8, pDen: 48 });
  });
});

describe('28 13/14 大小单双 refund above a stake', () => {
  const p = play('BJ28', 'LM');
  const flags: RuleFlags = {
    ...F,
    bj28Special1314: { twoSided: 'refund', combo: 'refund', twoSidedRefundAboveFen: 100_000 },
  };
  const sel = { rows: [[0, 4]] }; // 大, 大单
  it('settles small lines normally and refunds lines above the threshold; 组合 is refunded at any stake', () => {
    const small = oddsTicket(p, sel, 100_000, flags);
    const big = oddsTicket(p, sel, 100_100, flags);
    const draw = [4, 5, 5]; // 14: 大 under the normal rule
    expect(settleTicket(p, sel, draw, flags, small)).toMatchObject({
      status: 'WON',
      refundFen: 100_000,
    });
    expect(settleTicket(p, sel, draw, flags, small).payoutFen).toBe(
      100_000 + Math.floor((100_000 * small.odds!.big!) / 1e4),
    );
    expect(settleTicket(p, sel, draw, flags, big)).toMatchObject({
      status: 'TIE_REFUND',
      payoutFen: 200_200,
      refundFen: 200_200,
    });
  });
  it('quotes each line under the rule it settles by', () => {
    // 大 is 1/2 either way (500 of 1000, or 425 of the 850 resolving draws); the tiers say which rule applies.
    expect(p.tiersFor!(flagsForStake(flags, 100_000))[0]).toMatchObject({ pNum: 500, pDen: 1000 });
    expect(p.tiersFor!(flagsForStake(flags, 100_100))[0]).toMatchObject({ pNum: 425, pDen: 850 });
    const small = oddsTicket(p, sel, 100_000, flags).odds!;
    const big = oddsTicket(p, sel, 100_100, flags).odds!;
    expect(big.big).toBe(small.big);
    expect(big.bigOdd).toBe(small.bigOdd);
    expect(flagsForStake(flags, 100_000).bj28Special1314.twoSided).toBe('normal');
    expect(flagsForStake(flags, 100_001)).toBe(flags);
    expect(flagsForStake(F, 1)).toBe(F);
  });
});
