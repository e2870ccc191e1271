/** LHC 合肖, 连肖, 连尾, 连码 and 不中 (odds model), §10.2 and §10.4. */
import type { Draw, PlayDef, RuleFlags, Selection } from './types.ts';
import { poolPlay, row, tier, WIN } from './builders.ts';
import { choose, range } from './math.ts';
import { LHC_NUMBERS, tailOf, ZODIACS, zodiacOf } from './lhcAttrs.ts';
import { allSetsAppear } from './lhcOdds.ts';

const F = 'LHC' as const;
const regulars = (d: Draw): Set<number> => new Set(d.slice(0, 6));
const CN = ['', '', '二', '三', '四', '五'];
/** Largest pick for multi-number tickets (UI limit; 注数 = C(n, k)). */
export const LHC_MAX_PICK = 12;

/** 合肖: k zodiacs (2–11) as ONE line, winning when the special's zodiac is among them; 49 → 和. */
function hexiao(): PlayDef {
  const mask = (sel: Selection): number => sel.rows[0]!.reduce((m, z) => m | (1 << z), 0);
  const settle = (zodiacs: readonly number[], d: Draw, f: RuleFlags) => {
    if (d[6] === 49) return 'refund' as const;
    return zodiacs.includes(zodiacOf(d[6]!, f.lhcZodiacYear))
      ? { tier: `k${zodiacs.length}` }
      : null;
  };
  const fromMask = (m: number): number[] => range(0, 11).filter((z) => (m >> z) & 1);
  return {
    family: F,
    code: 'HX',
    nameZh: '合肖',
    group: '生肖',
    model: 'odds',
    input: 'rows',
    rows: [row('生肖', range(0, 11), 2, 11, ZODIACS)],
    tiers: range(2, 11).map((k) => tier(`k${k}`, `${k}肖`, 4 * k, 48)),
    countBets: () => 1,
    checkWin: (sel, d, f) => {
      const o = settle(sel.rows[0]!, d, f);
      return o === 'refund'
        ? { wins: {}, refunds: 1 }
        : o
          ? { wins: { [o.tier]: 1 }, refunds: 0 }
          : { wins: {}, refunds: 0 };
    },
    line: {
      size: 1,
      order: 'ordered',
      domain: (sel) => [[mask(sel)]],
      inSelection: (sel, l) => l[0] === mask(sel),
      outcome: (l, d, f) => settle(fromMask(l[0]!), d, f),
    },
  };
}

/**
 * k values that must all appear among the 7 (连肖: zodiacs, 连尾: tails), or with `miss` all be absent
 * (连肖不中 / 连尾不中); lines C(n,k). Lines holding the odd-sized value (the year animal's 5 numbers /
 * 0尾's 4 numbers) have their own tier and odds. Closed form with h selected values hit (present, or absent
 * for `miss`): C(h,k) lines win; C(h−1,k−1) of them hold the odd value if it was hit.
 */
export function allAppear(o: {
  code: string;
  nameZh: string;
  group: string;
  k: number;
  values: number[];
  labels: readonly string[];
  present: (d: Draw, f: RuleFlags) => Set<number>;
  odd: (f: RuleFlags) => number;
  p: [number, number];
  pOdd: [number, number];
  miss?: boolean;
  helpZh?: string;
  oddNameZh?: string;
}): PlayDef {
  const { k } = o;
  const hitSet = (d: Draw, f: RuleFlags) => {
    const H = o.present(d, f);
    return o.miss ? { has: (v: number) => !H.has(v) } : H;
  };
  return {
    family: F,
    code: o.code,
    nameZh: o.nameZh,
    group: o.group,
    model: 'odds',
    input: 'rows',
    ...(o.helpZh ? { helpZh: o.helpZh } : {}),
    rows: [row(o.group, o.values, k, o.values.length, o.labels)],
    tiers: [
      tier('normal', o.nameZh, o.p[0], o.p[1]),
      tier('odd', o.oddNameZh ?? `${o.nameZh}(含特殊)`, o.pOdd[0], o.pOdd[1]),
    ],
    countBets: (sel) => choose(sel.rows[0]!.length, k),
    checkWin: (sel, d, f) => {
      const H = hitSet(d, f);
      const hit = sel.rows[0]!.filter((v) => H.has(v));
      const withOdd = hit.includes(o.odd(f)) ? choose(hit.length - 1, k - 1) : 0;
      const normal = choose(hit.length, k) - withOdd;
      const wins: Record<string, number> = {};
      if (normal > 0) wins.normal = normal;
      if (withOdd > 0) wins.odd = withOdd;
      return { wins, refunds: 0 };
    },
    line: {
      size: k,
      order: 'set',
      domain: (sel) => Array.from({ length: k }, () => [...sel.rows[0]!].sort((a, b) => a - b)),
      inSelection: (sel, l) => l.every((v) => sel.rows[0]!.includes(v)),
      outcome: (l, d, f) => {
        const H = hitSet(d, f);
        if (!l.every((v) => H.has(v))) return null;
        return { tier: l.includes(o.odd(f)) ? 'odd' : 'normal' };
      },
    },
  };
}

/** Exact p of k values all appearing (§10.3 quotes them to 5 digits): `size` numbers each, `oddSize` for the special one. */
const allOf = (k: number, size: number): [number, number] =>
  allSetsAppear(Array<number>(k).fill(size));
const withOdd = (k: number, size: number, oddSize: number): [number, number] =>
  allSetsAppear([oddSize, ...Array<number>(k - 1).fill(size)]);

/** 二中特 (tiers 中二 / 中特) and 特串 (中特 only) over pairs of chosen numbers. */
function pairWithSpecial(code: string, nameZh: string, bothRegularWins: boolean): PlayDef {
  const lineOutcome = (a: number, b: number, d: Draw) => {
    const R = regulars(d);
    if (R.has(a) && R.has(b)) return bothRegularWins ? { tier: 'z2' } : null;
    return (R.has(a) && b === d[6]) || (R.has(b) && a === d[6]) ? { tier: 'zt' } : null;
  };
  return {
    family: F,
    code,
    nameZh,
    group: '连码',
    model: 'odds',
    input: 'rows',
    rows: [row('号码', LHC_NUMBERS, 2, LHC_MAX_PICK)],
    // One 二中特 line wins 中二 or 中特: they split its return 5 : 1 (about the ratio of S12's 50 / 25 sheet).
    tiers: bothRegularWins
      ? [
          { ...tier('z2', '中二', 5, 392), share: [5, 6] },
          { ...tier('zt', '中特', 1, 196), share: [1, 6] },
        ]
      : [tier('zt', '中特', 1, 196)],
    countBets: (sel) => choose(sel.rows[0]!.length, 2),
    checkWin: (sel, d) => {
      const R = regulars(d);
      const h = sel.rows[0]!.filter((v) => R.has(v)).length;
      const t = sel.rows[0]!.includes(d[6]!) ? 1 : 0;
      const wins: Record<string, number> = {};
      if (bothRegularWins && choose(h, 2) > 0) wins.z2 = choose(h, 2);
      if (h * t > 0) wins.zt = h * t;
      return { wins, refunds: 0 };
    },
    line: {
      size: 2,
      order: 'set',
      domain: (sel) => [
        [...sel.rows[0]!].sort((a, b) => a - b),
        [...sel.rows[0]!].sort((a, b) => a - b),
      ],
      inSelection: (sel, l) => l.every((v) => sel.rows[0]!.includes(v)),
      outcome: (l, d) => lineOutcome(l[0]!, l[1]!, d),
    },
  };
}

function lianma(): PlayDef[] {
  // Each 连码 play comes plain (C(n,k) lines) and as 胆拖 (C(t, k−d) lines).
  const mk = (
    code: string,
    nameZh: string,
    k: number,
    tiers: ReturnType<typeof tier>[],
    tierOfHits: (m: number) => string | null,
  ) =>
    [false, true].map((bankerDrag) =>
      poolPlay({
        family: F,
        code: bankerDrag ? `${code}_DT` : code,
        nameZh: bankerDrag ? `${nameZh}胆拖` : nameZh,
        group: '连码',
        model: 'odds',
        k,
        values: LHC_NUMBERS,
        maxPick: LHC_MAX_PICK,
        tiers,
        hitSet: regulars,
        tierOfHits,
        bankerDrag,
      }),
    );
  return [
    // p: C(6,k)/C(49,k) for all-regular tiers; 三中二's 中二 = C(6,2)·C(43,1)/C(49,3).
    ...mk('SIQZ', '四全中', 4, [tier(WIN, '四全中', choose(6, 4), choose(49, 4))], (m) =>
      m === 4 ? WIN : null,
    ),
    ...mk('SQZ', '三全中', 3, [tier(WIN, '三全中', choose(6, 3), choose(49, 3))], (m) =>
      m === 3 ? WIN : null,
    ),
    // One 三中二 line wins 中三 or 中二: they split its return 1 : 6 (about the ratio of S12's 110 / 20 sheet).
    ...mk(
      'SZE',
      '三中二',
      3,
      [
        { ...tier('z3', '中三', choose(6, 3), choose(49, 3)), share: [1, 7] },
        { ...tier('z2', '中二', choose(6, 2) * 43, choose(49, 3)), share: [6, 7] },
      ],
      (m) => (m === 3 ? 'z3' : m === 2 ? 'z2' : null),
    ),
    ...mk('EQZ', '二全中', 2, [tier(WIN, '二全中', choose(6, 2), choose(49, 2))], (m) =>
      m === 2 ? WIN : null,
    ),
    pairWithSpecial('EZT', '二中特', true),
    pairWithSpecial('TC', '特串', false),
  ];
}

/** k不中: none of the k chosen numbers among all 7; p = C(42,k)/C(49,k). */
function buzhong(): PlayDef[] {
  const NAMES = ['', '', '', '', '', '五', '六', '七', '八', '九', '十', '十一', '十二'];
  // Plain (C(n,k) lines) and 胆拖 (bankers d ≤ k−1 in every line, C(t, k−d) lines).
  return range(5, 12).flatMap((k) =>
    [false, true].map((bankerDrag) =>
      poolPlay({
        family: F,
        code: bankerDrag ? `BZ${k}_DT` : `BZ${k}`,
        nameZh: `${NAMES[k]}不中${bankerDrag ? '胆拖' : ''}`,
        group: '不中',
        model: 'odds',
        k,
        bankerDrag,
        values: LHC_NUMBERS,
        maxPick: Math.max(LHC_MAX_PICK, k + 4),
        tiers: [tier(WIN, '中奖', choose(42, k), choose(49, k))],
        hitSet: (d) => new Set(d),
        tierOfHits: (m) => (m === 0 ? WIN : null),
      }),
    ),
  );
}

export function lhcComboPlays(): PlayDef[] {
  return [
    hexiao(),
    // Zodiacs own 4 numbers, the year animal 5; tails 1–9 own 5 numbers, 0尾 4.
    ...range(2, 5).map((k) =>
      allAppear({
        code: `LX${k}`,
        nameZh: `${CN[k]}连肖`,
        group: '生肖',
        k,
        values: range(0, 11),
        labels: ZODIACS,
        present: (d, f) => new Set(d.map((n) => zodiacOf(n, f.lhcZodiacYear))),
        odd: (f) => f.lhcZodiacYear,
        p: allOf(k, 4),
        pOdd: withOdd(k, 4, 5),
      }),
    ),
    ...range(2, 5).map((k) =>
      allAppear({
        code: `LW${k}`,
        nameZh: `${CN[k]}连尾`,
        group: '尾数',
        k,
        values: range(0, 9),
        labels: range(0, 9).map((t) => `${t}尾`),
        present: (d) => new Set(d.map(tailOf)),
        odd: () => 0,
        p: allOf(k, 5),
        pOdd: withOdd(k, 5, 4),
      }),
    ),
    ...lianma(),
    ...buzhong(),
  ];
}
