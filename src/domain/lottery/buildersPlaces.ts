/**
 * Play builders added for issue 11: 按位中奖 (PK10 猜前N paid by how many places hit), set entries
 * (11x5 任选N 单式) and per-position attributes with a tier per attribute mix (11x5 中三 大小单双).
 * Like builders.ts, every closed form here has an elementary-line definition the tests enumerate.
 */
import type { Draw, PlayDef, Selection, TierDef, WinCounts } from './types.ts';
import { row, tier, type PlayHead } from './builders.ts';
import { combinations, injectiveCount } from './math.ts';

/** The play with its how-to-play text (PlayDef.helpZh). */
export function withHelp(play: PlayDef, helpZh: string): PlayDef {
  return { ...play, helpZh };
}

const NO_WIN: WinCounts = { wins: {}, refunds: 0 };
const sortedAsc = (xs: readonly number[]): number[] => [...xs].sort((a, b) => a - b);
const fallingFactorial = (n: number, k: number): number =>
  k === 0 ? 1 : n * fallingFactorial(n - 1, k - 1);

/**
 * Ordered tuples of k distinct values from n, against a draw without replacement: how many tuples hit
 * exactly m places, by inclusion–exclusion: C(k,m) Σ_j (−1)^j C(k−m,j) (n−m−j)_(k−m−j) … computed here by
 * enumerating the k-prefix space once (k ≤ 5, n ≤ 10: at most 30,240 tuples).
 */
function placeHitCounts(n: number, k: number): number[] {
  const out = Array<number>(k + 1).fill(0);
  const walk = (i: number, used: number, hits: number): void => {
    if (i === k) {
      out[hits]!++;
      return;
    }
    for (let v = 0; v < n; v++)
      if (!(used & (1 << v))) walk(i + 1, used | (1 << v), hits + (v === i ? 1 : 0));
  };
  walk(0, 0, 0);
  return out;
}

/**
 * 按位中奖 (§7.2a): 直选复式 rows for the first k places; each line (k distinct values) wins tier `h{m}` when
 * exactly m ≥ 1 of its places match. The prize for m hits is proportional to the falling factorial (n)_m —
 * the odds of naming m given places — so the tiers' shares are p_m·(n)_m / Σ_j p_j·(n)_j (TierDef.share).
 */
export function placesHitPlay(
  h: PlayHead & { k: number; values: readonly number[]; rowNames: readonly string[] },
): PlayDef {
  const n = h.values.length;
  const ways = placeHitCounts(n, h.k);
  const total = fallingFactorial(n, h.k);
  const weight = (m: number): number => ways[m]! * fallingFactorial(n, m);
  const weightSum = ways.reduce((s, _w, m) => s + (m > 0 ? weight(m) : 0), 0);
  const tiers: TierDef[] = ways.flatMap((w, m) =>
    m === 0
      ? []
      : [{ ...tier(`h${m}`, `中${m}位`, w, total), share: [weight(m), weightSum] as const }],
  );
  const distinctTuple = (l: readonly number[]): boolean => new Set(l).size === l.length;
  const hitsOf = (l: readonly number[], d: Draw): number => l.filter((v, i) => d[i] === v).length;
  return {
    family: h.family,
    code: h.code,
    nameZh: h.nameZh,
    group: h.group,
    model: 'prizeGroup',
    input: 'rows',
    rows: h.rowNames.map((r) => row(r, h.values)),
    tiers,
    countBets: (sel) => injectiveCount(sel.rows),
    // Lines by hits: a walk over the places with the used values as a bit set (≤ 2^n states per place).
    checkWin: (sel, d) => {
      let states = new Map<number, number[]>([[0, Array<number>(h.k + 1).fill(0)]]);
      states.get(0)![0] = 1;
      sel.rows.forEach((r, i) => {
        const next = new Map<number, number[]>();
        for (const [used, byHits] of states) {
          for (const v of r) {
            const bit = 1 << h.values.indexOf(v);
            if (used & bit) continue;
            const to = next.get(used | bit) ?? Array<number>(h.k + 1).fill(0);
            const hit = d[i] === v ? 1 : 0;
            byHits.forEach((c, m) => {
              if (c) to[m + hit]! += c;
            });
            next.set(used | bit, to);
          }
        }
        states = next;
      });
      const wins: Record<string, number> = {};
      for (const byHits of states.values())
        byHits.forEach((c, m) => {
          if (m > 0 && c) wins[`h${m}`] = (wins[`h${m}`] ?? 0) + c;
        });
      return { wins, refunds: 0 };
    },
    line: {
      size: h.k,
      order: 'ordered',
      domain: (sel) => sel.rows.map((r) => sortedAsc(r)),
      inSelection: (sel, l) => distinctTuple(l) && l.every((v, i) => sel.rows[i]!.includes(v)),
      outcome: (l, d) => {
        const m = hitsOf(l, d);
        return m > 0 ? { tier: `h${m}` } : null;
      },
    },
  };
}

/**
 * 单式 of a combination play (11x5 任选N 单式): every typed entry is k distinct numbers, order-free, one line
 * (duplicates count once); it wins when tierOfHits(#entry numbers in the hit set) names a tier.
 */
export function setEntriesPlay(
  h: PlayHead & {
    k: number;
    values: readonly number[];
    tiers: readonly TierDef[];
    hitSet: (d: Draw) => ReadonlySet<number>;
    tierOfHits: (m: number) => string | null;
  },
): PlayDef {
  const key = (e: readonly number[]): string => sortedAsc(e).join(' ');
  const entries = (sel: Selection): number[][] => [
    ...new Map(sel.rows.map((e) => [key(e), sortedAsc(e)])).values(),
  ];
  const outcomeOf = (e: readonly number[], d: Draw) => {
    const H = h.hitSet(d);
    const t = h.tierOfHits(e.filter((v) => H.has(v)).length);
    return t ? { tier: t } : null;
  };
  return {
    family: h.family,
    code: h.code,
    nameZh: h.nameZh,
    group: h.group,
    model: 'prizeGroup',
    input: 'entries',
    entryLength: h.k,
    rows: [row('号码', h.values, 1, 100_000)],
    tiers: h.tiers,
    check: (sel) =>
      sel.rows.every((e) => new Set(e).size === e.length) ? null : '每注号码不能重复',
    countBets: (sel) => entries(sel).length,
    checkWin: (sel, d) => {
      const wins: Record<string, number> = {};
      for (const e of entries(sel)) {
        const o = outcomeOf(e, d);
        if (o) wins[o.tier] = (wins[o.tier] ?? 0) + 1;
      }
      return Object.keys(wins).length ? { wins, refunds: 0 } : NO_WIN;
    },
    line: {
      size: h.k,
      order: 'set',
      domain: (sel) => Array.from({ length: h.k }, () => sortedAsc([...new Set(sel.rows.flat())])),
      inSelection: (sel, l) => entries(sel).some((e) => e.join(' ') === l.join(' ')),
      outcome: (l, d) => outcomeOf(l, d),
    },
  };
}

/**
 * Per-position attribute codes over a window of a draw without replacement (11x5 中三 大小单双): a line is
 * one code per position; its tier is the mix of codes (order-free, the draw being exchangeable), with p
 * from enumerating the ordered windows of distinct values.
 */
export function attrMixPlay(
  h: PlayHead & {
    window: readonly number[];
    rowNames: readonly string[];
    values: readonly number[];
    codes: readonly number[];
    labels: readonly string[];
    holds: (code: number, v: number) => boolean;
  },
): PlayDef {
  const k = h.window.length;
  // Every multiset of k codes, in code order (combinations of the codes each repeated k times, deduplicated).
  const mixes = [
    ...new Map(
      combinations(
        h.codes.flatMap((c) => Array<number>(k).fill(c)),
        k,
      ).map((m) => [m.join(), m]),
    ).values(),
  ];
  const windows = combinations(h.values, k).flatMap((s) => permutations(s));
  const mixId = (codes: readonly number[]): string => `m${sortedAsc(codes).join('_')}`;
  const tiers = mixes.map((codes) => {
    const ways = windows.filter((w) => w.every((v, i) => h.holds(codes[i]!, v))).length;
    return tier(
      mixId(codes),
      codes.map((c) => h.labels[h.codes.indexOf(c)]!).join(''),
      ways,
      windows.length,
    );
  });
  const lineOutcome = (l: readonly number[], d: Draw) =>
    l.every((c, i) => h.holds(c, d[h.window[i]!]!)) ? { tier: mixId(l) } : null;
  return {
    family: h.family,
    code: h.code,
    nameZh: h.nameZh,
    group: h.group,
    model: 'prizeGroup',
    input: 'rows',
    rows: h.rowNames.map((r) => row(r, h.codes, 1, h.codes.length, h.labels)),
    tiers,
    countBets: (sel) => sel.rows.reduce((n, r) => n * r.length, 1),
    checkWin: (sel, d) => {
      // At most two codes hold per position (one size, one parity): walk the matching lines.
      let lines: number[][] = [[]];
      sel.rows.forEach((r, i) => {
        const ok = r.filter((c) => h.holds(c, d[h.window[i]!]!));
        lines = lines.flatMap((l) => ok.map((c) => [...l, c]));
      });
      const wins: Record<string, number> = {};
      for (const l of lines) wins[mixId(l)] = (wins[mixId(l)] ?? 0) + 1;
      return { wins, refunds: 0 };
    },
    line: {
      size: k,
      order: 'ordered',
      domain: () => h.window.map(() => h.codes),
      inSelection: (sel, l) => l.every((c, i) => sel.rows[i]!.includes(c)),
      outcome: lineOutcome,
    },
  };
}

function permutations(xs: readonly number[]): number[][] {
  if (xs.length <= 1) return [[...xs]];
  return xs.flatMap((x, i) =>
    permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [x, ...p]),
  );
}
