/**
 * Two-sided / credit plays (odds model) over independent digits, §3.4 (SSC) and §4.3 (3D / PL3 / PL5):
 * 两面 (总和 + per position 大小单双质合), 数字, 龙虎和, 形态.
 */
import type { LotteryFamily, PlayDef } from './types.ts';
import { reprice, row, tier, valueSetPlay, withTiersFor } from './builders.ts';
import { DIGITS } from './digitStar.ts';
import { isOdd, PRIMES_0_9, shape3, SHAPE_IDS, SHAPES, shapeWays } from './attrs.ts';
import { sum } from './math.ts';

const TWO_SIDED_LABELS = ['大', '小', '单', '双', '质', '合'];
const TWO_SIDED_IDS = ['big', 'small', 'odd', 'even', 'prime', 'composite'];
const HALF = (id: string, nameZh: string) => tier(id, nameZh, 1, 2);
const LH_TIERS = [
  tier('dragon', '龙', 45, 100),
  tier('tiger', '虎', 45, 100),
  tier('tie', '和', 10, 100),
];
const shapeTiers = (wrap: boolean) =>
  SHAPE_IDS.map((id, i) => tier(id, SHAPES[i]!, shapeWays(wrap)[i]!, 1000));

/** Code 0 大 1 小 2 单 3 双 4 质 5 合 for a value with a big threshold (no ties on these families). */
function twoSidedHolds(code: number, v: number, bigFrom: number): boolean {
  switch (code) {
    case 0:
      return v >= bigFrom;
    case 1:
      return v < bigFrom;
    case 2:
      return isOdd(v);
    case 3:
      return !isOdd(v);
    case 4:
      return PRIMES_0_9.has(v);
    default:
      return !PRIMES_0_9.has(v);
  }
}

/**
 * A 龙虎 row named by its two positions: 万千 for one-character places (万位 千位 …, as SSC sheets), 第一位vs第二位
 * for ordinal places (排列5 sheets write 第一球VS第二球), whose first characters would all read 第.
 */
export function pairName(a: string, b: string): string {
  return a.startsWith('第') ? `${a}vs${b}` : `${a[0]}${b[0]}`;
}

export interface DigitCreditConfig {
  family: LotteryFamily;
  /** Prefix of the play codes when a family holds two boards (排列3 'P3_' next to the 排列5 board). */
  codePrefix?: string;
  posNames: readonly string[];
  /** Prefix of the play names when a family holds two boards in one group (排列3两面 next to 排列5两面). */
  namePrefix?: string;
  /** Draw indexes of the digits this lottery plays on (SSC all 5, 3D/PL3 the first 3). */
  window: readonly number[];
  /** 龙虎 pairs of draw indexes. */
  dragonPairs: readonly (readonly [number, number])[];
  /** 形态 windows: name and draw indexes. */
  shapeWindows: readonly { name: string; window: readonly number[] }[];
  /** 和尾 pairs (3D §4.3: units digit of a two-digit sum, 大 5–9 / 小 0–4); none for SSC. */
  sumTailPairs?: readonly (readonly [number, number])[];
}

export function digitCreditPlays(c: DigitCreditConfig): PlayDef[] {
  const F = c.family;
  const code = (suffix: string): string => `${c.codePrefix ?? ''}${suffix}`;
  const name = (base: string): string => `${c.namePrefix ?? ''}${base}`;
  // Sum of n digits is 大 from ceil(9n/2): 23 for 5 digits, 14 for 3 (exactly half each side).
  const sumBigFrom = Math.ceil((9 * c.window.length) / 2);
  const names = c.window.map((i) => c.posNames[i]!);
  return [
    valueSetPlay({
      family: F,
      code: code('LM'),
      nameZh: name('两面'),
      group: '两面',
      model: 'odds',
      rows: [
        row('总和', [0, 1, 2, 3], 0, 4, TWO_SIDED_LABELS.slice(0, 4)),
        ...names.map((n) => row(n, [0, 1, 2, 3, 4, 5], 0, 6, TWO_SIDED_LABELS)),
      ],
      tiers: TWO_SIDED_IDS.map((id, i) => HALF(id, TWO_SIDED_LABELS[i]!)),
      outcome: (r, code, d) => {
        const v = r === 0 ? sum(c.window.map((i) => d[i]!)) : d[c.window[r - 1]!]!;
        return twoSidedHolds(code, v, r === 0 ? sumBigFrom : 5)
          ? { tier: TWO_SIDED_IDS[code]! }
          : null;
      },
    }),
    valueSetPlay({
      family: F,
      code: code('SZ'),
      nameZh: name('数字'),
      group: '两面',
      model: 'odds',
      rows: names.map((n) => row(n, DIGITS, 0)),
      tiers: [tier('digit', '数字', 1, 10)],
      outcome: (r, v, d) => (d[c.window[r]!] === v ? { tier: 'digit' } : null),
    }),
    withTiersFor(
      valueSetPlay({
        family: F,
        code: code('LH'),
        nameZh: name('龙虎和'),
        group: '龙虎',
        model: 'odds',
        rows: c.dragonPairs.map(([a, b]) =>
          row(pairName(c.posNames[a]!, c.posNames[b]!), [0, 1, 2], 0, 3, ['龙', '虎', '和']),
        ),
        tiers: LH_TIERS,
        outcome: (r, code, d, flags) => {
          const [a, b] = [d[c.dragonPairs[r]![0]]!, d[c.dragonPairs[r]![1]]!];
          const result = a > b ? 0 : a < b ? 1 : 2;
          if (result === code) return { tier: ['dragon', 'tiger', 'tie'][code]! };
          // A tie voids 龙/虎 under the refund rule (§3.4 rule B), otherwise they lose.
          return result === 2 && flags.sscDragonTie === 'refund' ? 'refund' : null;
        },
      }),
      // Under the refund rule 龙/虎 are quoted on the resolved draws: 45 of 90.
      (f) =>
        f.sscDragonTie === 'refund'
          ? reprice(LH_TIERS, { dragon: [1, 2], tiger: [1, 2] })
          : LH_TIERS,
    ),
    withTiersFor(
      valueSetPlay({
        family: F,
        code: code('XT'),
        nameZh: name('形态'),
        group: '形态',
        model: 'odds',
        rows: c.shapeWindows.map((w) => row(w.name, [0, 1, 2, 3, 4], 0, 5, SHAPES)),
        tiers: shapeTiers(true),
        outcome: (r, code, d, flags) =>
          shape3(
            c.shapeWindows[r]!.window.map((i) => d[i]!),
            flags.wrapNineZero,
          ) === code
            ? { tier: SHAPE_IDS[code]! }
            : null,
      }),
      (f) => shapeTiers(f.wrapNineZero),
    ),
    ...(c.sumTailPairs
      ? [
          valueSetPlay({
            family: F,
            code: code('HW'),
            nameZh: name('和尾'),
            group: '两面',
            model: 'odds',
            rows: c.sumTailPairs.map(([a, b]) =>
              row(`${c.posNames[a]![0]}${c.posNames[b]![0]}和尾`, [0, 1], 0, 2, ['尾大', '尾小']),
            ),
            tiers: [HALF('tailBig', '尾大'), HALF('tailSmall', '尾小')],
            outcome: (r, code, d) => {
              const [a, b] = c.sumTailPairs![r]!;
              const big = (d[a]! + d[b]!) % 10 >= 5;
              return big === (code === 0) ? { tier: code === 0 ? 'tailBig' : 'tailSmall' } : null;
            },
          }),
        ]
      : []),
  ];
}

export function sscCreditPlays(
  family: LotteryFamily,
  posNames: readonly string[],
  namePrefix?: string,
): PlayDef[] {
  const pairs: [number, number][] = [];
  for (let a = 0; a < 5; a++) for (let b = a + 1; b < 5; b++) pairs.push([a, b]);
  return digitCreditPlays({
    family,
    posNames,
    namePrefix,
    window: [0, 1, 2, 3, 4],
    dragonPairs: pairs,
    shapeWindows: [
      { name: '前三', window: [0, 1, 2] },
      { name: '中三', window: [1, 2, 3] },
      { name: '后三', window: [2, 3, 4] },
    ],
  });
}
