/**
 * BJ28 北京28 / PC蛋蛋 (odds model), §9. The draw is the three digits A, B, C (derived from KL8 by
 * draws.bj28FromKl8, or drawn uniformly by self-run games); the result is A+B+C in 0–27.
 */
import type { Draw, PlayDef, RuleFlags, TierDef } from './types.ts';
import { DEFAULT_RULE_FLAGS } from './flags.ts';
import { row, tier, valueSetPlay, withTiersFor } from './builders.ts';
import { allTuples, range, sum } from './math.ts';
import { shape3 } from './attrs.ts';
import { BJ28_BLUE, BJ28_GREEN, BJ28_RED } from './bj28Colours.ts';

const F = 'BJ28' as const;
const SUMS = range(0, 27);
/** Ordered digit triples per sum (of 1000) = N3 of §3.2. */
export const BJ28_SUM_WAYS: readonly number[] = (() => {
  // one pass over the 1000 triples: this runs when the catalogue module loads, on the betting page's first paint
  const ways = SUMS.map(() => 0);
  for (const t of allTuples(range(0, 9), 3)) ways[sum(t)]!++;
  return ways;
})();
const waysOf = (pred: (s: number) => boolean): number =>
  SUMS.filter(pred).reduce((n, s) => n + BJ28_SUM_WAYS[s]!, 0);

const RED = BJ28_RED;
const GREEN = BJ28_GREEN;
const BLUE = BJ28_BLUE;

/** 顺子 counts 60 of 1000 with the 8-9-0 / 9-0-1 wrap, 48 without. */
const shapeTiers = (wrap: boolean): TierDef[] => [
  tier('triple', '豹子', 10, 1000),
  tier('pair', '对子', 270, 1000),
  tier('straight', '顺子', wrap ? 60 : 48, 1000),
];

const LM_LABELS = ['大', '小', '单', '双', '大单', '大双', '小单', '小双', '极大', '极小'];
const LM_IDS = [
  'big',
  'small',
  'odd',
  'even',
  'bigOdd',
  'bigEven',
  'smallOdd',
  'smallEven',
  'extremeBig',
  'extremeSmall',
];

function lmHit(code: number, s: number, flags: RuleFlags): boolean {
  const big = s >= 14;
  const odd = s % 2 === 1;
  const [lo, hi] = flags.bj28ExtremeRange === 'A' ? [5, 22] : [4, 23];
  return [
    big,
    !big,
    odd,
    !odd,
    big && odd,
    big && !odd,
    !big && odd,
    !big && !odd,
    s >= hi,
    s <= lo,
  ][code]!;
}

function lmOutcome(code: number, d: Draw, flags: RuleFlags) {
  const s = sum(d);
  // The 13/14 protection rule refunds 大小单双 (codes 0–3) and/or 组合 (4–7) on sums 13 and 14.
  if (s === 13 || s === 14) {
    if (code <= 3 && flags.bj28Special1314.twoSided === 'refund') return 'refund' as const;
    if (code >= 4 && code <= 7 && flags.bj28Special1314.combo === 'refund')
      return 'refund' as const;
  }
  return lmHit(code, s, flags) ? { tier: LM_IDS[code]! } : null;
}

/**
 * 特码包三: one 注 = exactly three sums, winning when the result is one of them. It plays like three 特码
 * lines at a third of the stake each: the tier is the sum that came (p = its ways / 1000) with share 1/3, so
 * the odds are a third of that sum's 特码 odds and every pack returns exactly R.
 */
function packThree(): PlayDef {
  const settle = (pack: readonly number[], d: Draw) =>
    pack.includes(sum(d)) ? { tier: `s${sum(d)}` } : null;
  return {
    family: F,
    code: 'TMBS',
    nameZh: '特码包三',
    group: '特码',
    model: 'odds',
    input: 'rows',
    rows: [row('和值', SUMS, 3, 3)],
    tiers: SUMS.map((s) => ({
      ...tier(`s${s}`, `包三中${s}`, BJ28_SUM_WAYS[s]!, 1000),
      share: [1, 3] as const,
    })),
    countBets: () => 1,
    checkWin: (sel, d) => {
      const o = settle(sel.rows[0]!, d);
      return { wins: o ? { [o.tier]: 1 } : {}, refunds: 0 };
    },
    line: {
      size: 3,
      order: 'set',
      domain: (sel) => Array.from({ length: 3 }, () => [...sel.rows[0]!].sort((a, b) => a - b)),
      inSelection: (sel, l) => l.every((v) => sel.rows[0]!.includes(v)),
      outcome: (l, d) => settle(l, d),
    },
  };
}

/**
 * 两面 tiers under the flags: ways of the resolving sums (13 and 14 leave the denominator when their
 * refund rule applies to the code), 极值 by rule A or B.
 */
function lmTiers(flags: RuleFlags): TierDef[] {
  return LM_IDS.map((id, code) => {
    const refunds1314 =
      (code <= 3 && flags.bj28Special1314.twoSided === 'refund') ||
      (code >= 4 && code <= 7 && flags.bj28Special1314.combo === 'refund');
    const resolves = (s: number): boolean => !(refunds1314 && (s === 13 || s === 14));
    return tier(
      id,
      LM_LABELS[code]!,
      waysOf((s) => resolves(s) && lmHit(code, s, flags)),
      waysOf(resolves),
    );
  });
}

export function bj28Plays(): PlayDef[] {
  const h = (code: string, nameZh: string, group: string) => ({
    family: F,
    code,
    nameZh,
    group,
    model: 'odds' as const,
  });

  return [
    valueSetPlay({
      ...h('TM', '特码', '特码'),
      rows: [row('和值', SUMS)],
      tiers: SUMS.map((s) => tier(`s${s}`, `和值${s}`, BJ28_SUM_WAYS[s]!, 1000)),
      outcome: (_r, v, d) => (sum(d) === v ? { tier: `s${v}` } : null),
    }),
    packThree(),
    withTiersFor(
      valueSetPlay({
        ...h('LM', '两面', '两面'),
        rows: [row('两面', range(0, 9), 1, 10, LM_LABELS)],
        tiers: lmTiers(DEFAULT_RULE_FLAGS),
        outcome: (_r, code, d, flags) => lmOutcome(code, d, flags),
      }),
      lmTiers,
    ),
    valueSetPlay({
      ...h('BS', '波色', '波色'),
      rows: [row('波色', [0, 1, 2], 1, 3, ['红波', '绿波', '蓝波'])],
      tiers: [
        tier(
          'red',
          '红波',
          waysOf((s) => RED.includes(s)),
          1000,
        ),
        tier(
          'green',
          '绿波',
          waysOf((s) => GREEN.includes(s)),
          1000,
        ),
        tier(
          'blue',
          '蓝波',
          waysOf((s) => BLUE.includes(s)),
          1000,
        ),
      ],
      // 0, 13, 14 and 27 have no colour: every colour bet loses.
      outcome: (_r, code, d) =>
        [RED, GREEN, BLUE][code]!.includes(sum(d))
          ? { tier: ['red', 'green', 'blue'][code]! }
          : null,
    }),
    withTiersFor(
      valueSetPlay({
        ...h('XT', '豹子对子顺子', '形态'),
        rows: [row('形态', [0, 1, 2], 1, 3, ['豹子', '对子', '顺子'])],
        tiers: shapeTiers(true),
        outcome: (_r, code, d, flags) => {
          const s = shape3(d, flags.wrapNineZero);
          return s === [0, 2, 1][code] ? { tier: ['triple', 'pair', 'straight'][code]! } : null;
        },
      }),
      (f) => shapeTiers(f.wrapNineZero),
    ),
  ];
}
