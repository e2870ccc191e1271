/** LHC 六合彩 special-number and regular-number plays (odds model), §10.2–10.3. Draw: 正码1–6 then 特码. */
import type { Draw, PlayDef, RuleFlags, Selection, TierOutcome } from './types.ts';
import { poolPlay, reprice, row, tier, valueSetPlay, WIN, withTiersFor } from './builders.ts';
import { range, sum } from './math.ts';
import {
  colourOf,
  COLOURS,
  DOMESTIC,
  headOf,
  LHC_NUMBERS,
  lhcDigitSum,
  tailOf,
  ZODIACS,
  zodiacOf,
} from './lhcAttrs.ts';
import { lhcComboPlays } from './lhcCombo.ts';
import { lhcExtraPlays } from './lhcExtra.ts';
import { lhcMissPlays } from './lhcMiss.ts';
import { allSetsAppear, sumWays } from './lhcOdds.ts';

const F = 'LHC' as const;
const special = (d: Draw): number => d[6]!;

const TWO_LABELS = [
  '大',
  '小',
  '单',
  '双',
  '合单',
  '合双',
  '合大',
  '合小',
  '尾大',
  '尾小',
  '家禽',
  '野兽',
];
const TWO_IDS = [
  'big',
  'small',
  'odd',
  'even',
  'sumOdd',
  'sumEven',
  'sumBig',
  'sumSmall',
  'tailBig',
  'tailSmall',
  'domestic',
  'wild',
];

const TWO_TIERS = TWO_IDS.map((id, i) => tier(id, TWO_LABELS[i]!, 24, 48));

/** Does two-sided code hold for n (1–48; 49 is handled by the caller)? */
function twoSidedHolds(code: number, n: number, flags: RuleFlags): boolean {
  const ds = lhcDigitSum(n);
  switch (code) {
    case 0:
      return n >= 25;
    case 1:
      return n <= 24;
    case 2:
      return n % 2 === 1;
    case 3:
      return n % 2 === 0;
    case 4:
      return ds % 2 === 1;
    case 5:
      return ds % 2 === 0;
    case 6:
      return ds >= 7;
    case 7:
      return ds <= 6;
    case 8:
      return tailOf(n) >= 5;
    case 9:
      return tailOf(n) <= 4;
    case 10:
      return DOMESTIC.has(zodiacOf(n, flags.lhcZodiacYear));
    default:
      return !DOMESTIC.has(zodiacOf(n, flags.lhcZodiacYear));
  }
}

/** 49 is 和 (refund) for every two-sided code except 家禽/野兽 when lhcPoultryBeast49Tie is off. */
function twoSidedOutcome(code: number, n: number, flags: RuleFlags) {
  if (n === 49 && (code < 10 || flags.lhcPoultryBeast49Tie)) return 'refund' as const;
  return twoSidedHolds(code, n, flags) ? { tier: TWO_IDS[code]! } : null;
}

const HALF_ATTRS = ['大', '小', '单', '双', '合单', '合双'];
const halfWaveLabels = COLOURS.flatMap((c) => HALF_ATTRS.map((a) => `${c}${a}`));
const halfWaveHolds = (code: number, n: number): boolean =>
  colourOf(n) === Math.floor(code / 6) &&
  [n >= 25, n <= 24, n % 2 === 1, n % 2 === 0, lhcDigitSum(n) % 2 === 1, lhcDigitSum(n) % 2 === 0][
    code % 6
  ]!;

/** 半波 tiers: ways among 1–48 over 48 (49 = 和) or over 49 (49 loses). */
const halfWaveTiers = (den: number) =>
  halfWaveLabels.map((l, code) =>
    tier(`hw${code}`, l, LHC_NUMBERS.filter((n) => n !== 49 && halfWaveHolds(code, n)).length, den),
  );

function specialPlays(): PlayDef[] {
  const h = (code: string, nameZh: string, group: string) => ({
    family: F,
    code,
    nameZh,
    group,
    model: 'odds' as const,
  });
  const ofAll = (pred: (n: number) => boolean) => LHC_NUMBERS.filter(pred).length;
  return [
    valueSetPlay({
      ...h('TM', '特码', '特码'),
      rows: [row('特码', LHC_NUMBERS)],
      tiers: [tier('number', '特码', 1, 49)],
      outcome: (_r, v, d) => (special(d) === v ? { tier: 'number' } : null),
    }),
    withTiersFor(
      valueSetPlay({
        ...h('TMLM', '特码两面', '特码'),
        rows: [row('两面', range(0, 11), 1, 12, TWO_LABELS)],
        tiers: TWO_TIERS, // 49 is 和: 24 of the 48 resolving numbers
        outcome: (_r, code, d, flags) => twoSidedOutcome(code, special(d), flags),
      }),
      (f) => {
        if (f.lhcPoultryBeast49Tie) return TWO_TIERS;
        // 49 resolves 家禽/野兽 too: it carries the year animal.
        const domestic = DOMESTIC.has(zodiacOf(49, f.lhcZodiacYear)) ? 1 : 0;
        return reprice(TWO_TIERS, { domestic: [24 + domestic, 49], wild: [25 - domestic, 49] });
      },
    ),
    valueSetPlay({
      ...h('SB', '色波', '色波'),
      rows: [
        row(
          '色波',
          [0, 1, 2],
          1,
          3,
          COLOURS.map((c) => `${c}波`),
        ),
      ],
      tiers: COLOURS.map((c, i) =>
        tier(
          `c${i}`,
          `${c}波`,
          ofAll((n) => colourOf(n) === i),
          49,
        ),
      ),
      outcome: (_r, c, d) => (colourOf(special(d)) === c ? { tier: `c${c}` } : null),
    }), // 49 is green: no tie
    // 半波 on 49: 和 (refund, p over the 48 resolving numbers) or a loss for every 半波 (p over 49).
    withTiersFor(
      valueSetPlay({
        ...h('BB', '半波', '色波'),
        rows: [row('半波', range(0, 17), 1, 18, halfWaveLabels)],
        tiers: halfWaveTiers(48),
        outcome: (_r, code, d, f) => {
          if (special(d) === 49) return f.lhcHalfWave49 === 'tie' ? 'refund' : null;
          return halfWaveHolds(code, special(d)) ? { tier: `hw${code}` } : null;
        },
      }),
      (f) => halfWaveTiers(f.lhcHalfWave49 === 'tie' ? 48 : 49),
    ),
    valueSetPlay({
      ...h('TX', '特肖', '生肖'),
      rows: [row('生肖', range(0, 11), 1, 12, ZODIACS)],
      tiers: [tier('zodiac', '生肖', 4, 49), tier('yearAnimal', '本命肖', 5, 49)],
      outcome: (_r, z, d, f) =>
        zodiacOf(special(d), f.lhcZodiacYear) === z
          ? { tier: z === f.lhcZodiacYear ? 'yearAnimal' : 'zodiac' }
          : null,
    }),
    valueSetPlay({
      ...h('TTW', '特码头尾', '特码'),
      rows: [
        row(
          '头数',
          range(0, 4),
          0,
          5,
          range(0, 4).map((x) => `${x}头`),
        ),
        row(
          '尾数',
          range(0, 9),
          0,
          10,
          range(0, 9).map((x) => `${x}尾`),
        ),
      ],
      tiers: [
        tier('head0', '0头', 9, 49),
        tier('head', '头数', 10, 49),
        tier('tail0', '0尾', 4, 49),
        tier('tail', '尾数', 5, 49),
      ],
      outcome: (r, v, d) => {
        const n = special(d);
        if (r === 0) return headOf(n) === v ? { tier: v === 0 ? 'head0' : 'head' } : null;
        return tailOf(n) === v ? { tier: v === 0 ? 'tail0' : 'tail' } : null;
      },
    }),
    valueSetPlay({
      ...h('TMDS', '特码段', '特码'),
      rows: [row('号段', range(0, 4), 1, 5, ['01-10', '11-20', '21-30', '31-40', '41-49'])],
      tiers: [tier('seg', '号段', 10, 49), tier('seg49', '41-49', 9, 49)],
      outcome: (_r, s, d) =>
        Math.min(Math.floor((special(d) - 1) / 10), 4) === s
          ? { tier: s === 4 ? 'seg49' : 'seg' }
          : null,
    }),
  ];
}

const REG_LABELS = [...TWO_LABELS.slice(0, 10), '红波', '蓝波', '绿波'];
const REG_IDS = [...TWO_IDS.slice(0, 10), 'c0', 'c1', 'c2'];
const ZH_LABELS = ['总和大', '总和小', '总和单', '总和双', '总尾大', '总尾小'];
const ZH_IDS = ['big', 'small', 'odd', 'even', 'tailBig', 'tailSmall'];
const ZH_TESTS: readonly ((s: number) => boolean)[] = [
  (s) => s >= 175,
  (s) => s <= 174,
  (s) => s % 2 === 1,
  (s) => s % 2 === 0,
  (s) => s % 10 >= 5,
  (s) => s % 10 <= 4,
];

/** 正码1–6 两面 / 色波 outcome of code on the regular at draw index r (49: 和 for two-sided, green for colour). */
function regularOutcome(r: number, code: number, d: Draw, flags: RuleFlags): TierOutcome {
  const n = d[r]!;
  if (code >= 10) return colourOf(n) === code - 10 ? { tier: REG_IDS[code]! } : null;
  return twoSidedOutcome(code, n, flags);
}
const REG_TIERS = REG_IDS.map((id, i) =>
  i < 10 ? tier(id, REG_LABELS[i]!, 24, 48) : tier(id, REG_LABELS[i]!, [17, 16, 16][i - 10]!, 49),
);

/**
 * 正码过关 (§10.3): one option on each of at least two of 正码1–6; one line paying stake × the product of
 * the legs' odds (the tiers are the 正码1–6两面 tiers). A leg on 49 (和) counts odds 1 in a parlay of three
 * or more legs; a two-leg parlay with a 49 leg is no parlay any more and is 和 (stake back) under the
 * default flag lhcParlayTwoLeg49 = 'tie' (only one regular can be 49, so no other full refund exists).
 */
function parlay(): PlayDef {
  const legs = (sel: Selection): [number, number][] =>
    sel.rows.flatMap((r, i) => (r.length ? [[i, r[0]!] as [number, number]] : []));
  const settle = (chosen: readonly [number, number][], d: Draw, flags: RuleFlags) => {
    const won: Record<string, number> = {};
    let tied = false;
    let lost = false;
    for (const [i, code] of chosen) {
      const o = regularOutcome(i, code, d, flags);
      if (o === null) lost = true;
      else if (o === 'refund') tied = true;
      else won[o.tier] = (won[o.tier] ?? 0) + 1;
    }
    if (tied && chosen.length === 2 && flags.lhcParlayTwoLeg49 === 'tie') return 'refund' as const;
    return lost ? null : { legs: won };
  };
  return {
    family: F,
    code: 'ZMGG',
    nameZh: '正码过关',
    group: '正码',
    model: 'odds',
    input: 'rows',
    parlay: true,
    rows: range(1, 6).map((i) => row(`正码${i}`, range(0, 12), 0, 1, REG_LABELS)),
    tiers: REG_TIERS,
    check: (sel) => (legs(sel).length < 2 ? '正码过关至少选择两个正码' : null),
    countBets: (sel) => (legs(sel).length >= 2 ? 1 : 0),
    checkWin: (sel, d, flags) => {
      const o = settle(legs(sel), d, flags);
      return o === 'refund' ? { wins: {}, refunds: 1 } : { wins: o?.legs ?? {}, refunds: 0 };
    },
    line: {
      size: 6,
      order: 'ordered',
      domain: (sel) => sel.rows.map((r) => (r.length ? [r[0]!] : [-1])),
      inSelection: (sel, l) => l.every((c, i) => c === (sel.rows[i]![0] ?? -1)),
      outcome: (l, d, flags) =>
        settle(
          l.flatMap((c, i) => (c >= 0 ? [[i, c] as [number, number]] : [])),
          d,
          flags,
        ),
    },
  };
}

function regularPlays(): PlayDef[] {
  const h = (code: string, nameZh: string, group: string) => ({
    family: F,
    code,
    nameZh,
    group,
    model: 'odds' as const,
  });
  const regNames = range(1, 6).map((i) => `正码${i}`);
  return [
    poolPlay({
      ...h('ZM', '正码', '正码'),
      k: 1,
      values: LHC_NUMBERS,
      maxPick: 10,
      tiers: [tier(WIN, '中奖', 6, 49)],
      hitSet: (d) => new Set(d.slice(0, 6)),
      tierOfHits: (m) => (m === 1 ? WIN : null),
    }),
    valueSetPlay({
      ...h('ZMT', '正码特', '正码'),
      rows: regNames.map((n) => row(n, LHC_NUMBERS, 0)),
      tiers: [tier('number', '号码', 1, 49)],
      outcome: (r, v, d) => (d[r] === v ? { tier: 'number' } : null),
    }),
    valueSetPlay({
      ...h('ZMLM', '正码1-6两面', '正码'),
      rows: regNames.map((n) => row(n, range(0, 12), 0, 13, REG_LABELS)),
      tiers: REG_TIERS,
      outcome: regularOutcome,
    }),
    parlay(),
    valueSetPlay({
      ...h('ZH', '总和', '总和'),
      rows: [row('总和', range(0, 5), 1, 6, ZH_LABELS)],
      // Exact counts of the C(49,7) draws per total (§10.3 quotes 大 0.505572; parity and tail are ≈ 1/2).
      tiers: ZH_TESTS.map((test, i) => tier(ZH_IDS[i]!, ZH_LABELS[i]!, ...sumWays(test))),
      outcome: (_r, code, d) => {
        return ZH_TESTS[code]!(sum(d)) ? { tier: ZH_IDS[code]! } : null;
      },
    }),
    valueSetPlay({
      ...h('YX', '一肖', '生肖'),
      rows: [row('生肖', range(0, 11), 1, 12, ZODIACS)],
      tiers: [
        tier('zodiac', '生肖', ...allSetsAppear([4])),
        tier('yearAnimal', '本命肖', ...allSetsAppear([5])),
      ],
      outcome: (_r, z, d, f) =>
        d.some((n) => zodiacOf(n, f.lhcZodiacYear) === z)
          ? { tier: z === f.lhcZodiacYear ? 'yearAnimal' : 'zodiac' }
          : null,
    }),
    // 正肖: pays once per regular number carrying the zodiac, so p is the expected count 6·4/49 (6·5/49).
    valueSetPlay({
      ...h('ZX', '正肖', '生肖'),
      rows: [row('生肖', range(0, 11), 1, 12, ZODIACS)],
      tiers: [tier('zodiac', '生肖', 24, 49), tier('yearAnimal', '本命肖', 30, 49)],
      outcome: (_r, z, d, f) => {
        const count = d.slice(0, 6).filter((n) => zodiacOf(n, f.lhcZodiacYear) === z).length;
        return count > 0 ? { tier: z === f.lhcZodiacYear ? 'yearAnimal' : 'zodiac', count } : null;
      },
    }),
    valueSetPlay({
      ...h('PTW', '平特尾', '尾数'),
      rows: [
        row(
          '尾数',
          range(0, 9),
          1,
          10,
          range(0, 9).map((x) => `${x}尾`),
        ),
      ],
      tiers: [
        tier('tail0', '0尾', ...allSetsAppear([4])),
        tier('tail', '尾数', ...allSetsAppear([5])),
      ],
      outcome: (_r, t, d) =>
        d.some((n) => tailOf(n) === t) ? { tier: t === 0 ? 'tail0' : 'tail' } : null,
    }),
  ];
}

export function lhcPlays(): PlayDef[] {
  return [
    ...specialPlays(),
    ...regularPlays(),
    ...lhcComboPlays(),
    ...lhcExtraPlays(),
    ...lhcMissPlays(),
  ];
}
