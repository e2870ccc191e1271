/**
 * Play builders whose lines are chosen from a pool or matched to a pattern (组选, 不定位, 任选, 胆拖,
 * 大小单双 products, 组选包胆); each closed form is checked against enumeration (tests/domain/lottery*).
 */
import type { Draw, PlayDef, TierDef } from './types.ts';
import { allTuples, choose, combinations, counts, product, sameMultiset } from './math.ts';
import {
  type PlayHead,
  head,
  WIN,
  tier,
  row,
  NO_WIN,
  one,
  pick,
  has,
  sortedAsc,
  once,
  strictlyAscending,
  nonDecreasing,
} from './playParts.ts';

/**
 * k-number combination plays (组六, 组选120, 不定位, 任选N, 三不同号, KL8 选N, LHC 连码 …), plain or
 * 胆拖 (bankers d, drags t: every line holds all bankers, 注数 C(t, k−d)). A line's tier depends only on
 * how many of its numbers are in the draw's hit set H (null H = nothing can win).
 * With h = #(pool∩H), lines hitting exactly m: C(h,m)·C(n−h,k−m); 胆拖 with hb, hd bankers/drags hit:
 * C(hd, m−hb)·C(t−hd, k−d−(m−hb)).
 */
export function poolPlay(
  h: PlayHead & {
    model?: PlayDef['model'];
    k: number;
    values: readonly number[];
    bankerDrag?: boolean;
    maxPick?: number;
    tiers: readonly TierDef[];
    hitSet: (draw: Draw) => ReadonlySet<number> | null;
    tierOfHits: (m: number) => string | null;
  },
): PlayDef {
  const { k } = h;
  const bd = h.bankerDrag ?? false;
  const rows = bd
    ? [row('胆码', h.values, 1, k - 1), row('拖码', h.values, 1, h.maxPick ?? h.values.length)]
    : [row('号码', h.values, k, h.maxPick ?? h.values.length)];
  const lines = (hb: number, hd: number, t: number, d: number, m: number): number =>
    choose(hd, m - hb) * choose(t - hd, k - d - (m - hb));
  return {
    ...head(h),
    model: h.model ?? 'prizeGroup',
    input: 'rows',
    rows,
    tiers: h.tiers,
    check: (sel) => {
      if (!bd) return null;
      const [b, t] = [sel.rows[0]!, sel.rows[1]!];
      if (b.some((v) => t.includes(v))) return '胆码与拖码不能重复';
      return b.length + t.length < k ? `胆码与拖码合计至少${k}个` : null;
    },
    countBets: (sel) =>
      bd ? choose(sel.rows[1]!.length, k - sel.rows[0]!.length) : choose(sel.rows[0]!.length, k),
    checkWin: (sel, draw) => {
      const H = h.hitSet(draw);
      if (!H) return NO_WIN;
      const b = bd ? sel.rows[0]! : [];
      const t = bd ? sel.rows[1]! : sel.rows[0]!;
      const hb = b.filter((v) => H.has(v)).length;
      const hd = t.filter((v) => H.has(v)).length;
      const wins: Record<string, number> = {};
      for (let m = 0; m <= k; m++) {
        const id = h.tierOfHits(m);
        const n = id ? lines(hb, hd, t.length, b.length, m) : 0;
        if (id && n > 0) wins[id] = (wins[id] ?? 0) + n;
      }
      return { wins, refunds: 0 };
    },
    line: {
      size: k,
      order: 'set',
      domain: (sel) => Array.from({ length: k }, () => sortedAsc([...new Set(sel.rows.flat())])),
      inSelection: (sel, l) =>
        bd
          ? sel.rows[0]!.every((v) => l.includes(v)) &&
            l.every((v) => sel.rows[0]!.includes(v) || sel.rows[1]!.includes(v))
          : l.every((v) => sel.rows[0]!.includes(v)),
      outcome: (l, draw) => {
        const H = h.hitSet(draw);
        const id = H ? h.tierOfHits(l.filter((v) => H.has(v)).length) : null;
        return id ? { tier: id } : null;
      },
    },
  };
}

/**
 * Repeat-pattern group plays (组选60/30/20/10/5, 组选12/6/4, 组三复式): the window must consist of
 * `parts[0].k` digits repeated `parts[0].rep` times, all from row parts[0].row, plus parts[1].k digits
 * repeated parts[1].rep times from row parts[1].row (distinct from the first part).
 * 注数 = Σ over k0-subsets S of A of C(#(B∖S), k1).
 */
export function patternPlay(
  h: PlayHead & {
    window: readonly number[];
    values: readonly number[];
    rowNames: readonly string[];
    parts: readonly { row: number; rep: number; k: number }[];
    p: [number, number];
  },
): PlayDef {
  const [p0, p1] = [h.parts[0]!, h.parts[1]];
  const size = p0.k + (p1?.k ?? 0);
  return {
    ...head(h),
    model: 'prizeGroup',
    input: 'rows',
    rows: h.rowNames.map((n) => row(n, h.values)),
    tiers: [tier(WIN, '中奖', h.p[0], h.p[1])],
    countBets: (sel) =>
      combinations(sel.rows[p0.row]!, p0.k).reduce(
        (n, s) =>
          n + (p1 ? choose(sel.rows[p1.row]!.filter((v) => !s.includes(v)).length, p1.k) : 1),
        0,
      ),
    checkWin: (sel, draw) => {
      const c = counts(pick(draw, h.window));
      const d0 = [...c].filter(([, n]) => n === p0.rep).map(([v]) => v);
      const d1 = p1 ? [...c].filter(([, n]) => n === p1.rep).map(([v]) => v) : [];
      const ok =
        c.size === size &&
        d0.length === p0.k &&
        d1.length === (p1?.k ?? 0) &&
        d0.every((v) => has(sel.rows[p0.row]!, v)) &&
        (!p1 || d1.every((v) => has(sel.rows[p1.row]!, v)));
      return ok ? one(WIN) : NO_WIN;
    },
    line: {
      size,
      order: 'ordered',
      domain: () => Array.from({ length: size }, () => h.values),
      inSelection: (sel, l) => {
        const a = l.slice(0, p0.k);
        const b = l.slice(p0.k);
        return (
          strictlyAscending(a) &&
          strictlyAscending(b) &&
          a.every((v) => has(sel.rows[p0.row]!, v)) &&
          (!p1 || b.every((v) => has(sel.rows[p1.row]!, v) && !a.includes(v)))
        );
      },
      outcome: (l, draw) => {
        const expanded = [
          ...l.slice(0, p0.k).flatMap((v) => Array(p0.rep).fill(v)),
          ...l.slice(p0.k).flatMap((v) => Array(p1!.rep).fill(v)),
        ];
        return sameMultiset(expanded, pick(draw, h.window)) ? { tier: WIN } : null;
      },
    },
  };
}

/** 大小单双 over several positions: one row of attribute codes per position, all must hold. */
export function attrProductPlay(
  h: PlayHead & {
    window: readonly number[];
    rowNames: readonly string[];
    codes: readonly number[];
    labels: readonly string[];
    holds: (code: number, v: number) => boolean;
    p: [number, number];
  },
): PlayDef {
  return {
    ...head(h),
    model: 'prizeGroup',
    input: 'rows',
    rows: h.rowNames.map((n) => row(n, h.codes, 1, h.codes.length, h.labels)),
    tiers: [tier(WIN, '中奖', h.p[0], h.p[1])],
    countBets: (sel) => product(sel.rows.map((r) => r.length)),
    checkWin: (sel, draw) => {
      const n = product(
        h.window.map((w, i) => sel.rows[i]!.filter((c) => h.holds(c, draw[w]!)).length),
      );
      return n > 0 ? { wins: { [WIN]: n }, refunds: 0 } : NO_WIN;
    },
    line: {
      size: h.window.length,
      order: 'ordered',
      domain: () => h.window.map(() => h.codes),
      inSelection: (sel, l) => l.every((c, i) => has(sel.rows[i]!, c)),
      outcome: (l, draw) =>
        l.every((c, i) => h.holds(c, draw[h.window[i]!]!)) ? { tier: WIN } : null,
    },
  };
}

/**
 * 组选包胆 with one or more banker digits (§3.3 "54 per digit"): each banker d stands for every non-pair
 * (non-triple) window multiset containing d, so a window holding two chosen bankers wins twice.
 * 注数 = #bankers × lines per banker; a line is (banker, window multiset).
 */
export function bankerGroupPlay(
  h: PlayHead & {
    window: readonly number[];
    values: readonly number[];
    valid: (t: readonly number[]) => boolean;
    tiers: readonly TierDef[];
    tierOf: (t: readonly number[]) => string;
  },
): PlayDef {
  const size = h.window.length;
  const perBanker = once(() => {
    const m = new Map<number, number>();
    for (const t of allTuples(h.values, size)) {
      if (!nonDecreasing(t) || !h.valid(t)) continue;
      for (const d of new Set(t)) m.set(d, (m.get(d) ?? 0) + 1);
    }
    return m;
  });
  const windowOf = (draw: Draw): number[] => sortedAsc(pick(draw, h.window));
  return {
    ...head(h),
    model: 'prizeGroup',
    input: 'rows',
    rows: [row('胆码', h.values, 1, h.values.length)],
    tiers: h.tiers,
    countBets: (sel) => sel.rows[0]!.reduce((n, d) => n + (perBanker().get(d) ?? 0), 0),
    checkWin: (sel, draw) => {
      const w = windowOf(draw);
      if (!h.valid(w)) return NO_WIN;
      const n = sel.rows[0]!.filter((d) => w.includes(d)).length;
      return n > 0 ? { wins: { [h.tierOf(w)]: n }, refunds: 0 } : NO_WIN;
    },
    line: {
      size: 1 + size,
      order: 'ordered',
      domain: (sel) => [sel.rows[0]!, ...h.window.map(() => h.values)],
      inSelection: (sel, l) => {
        const t = l.slice(1);
        return has(sel.rows[0]!, l[0]!) && nonDecreasing(t) && t.includes(l[0]!) && h.valid(t);
      },
      outcome: (l, draw) => {
        const w = windowOf(draw);
        return h.valid(w) && l.slice(1).every((v, i) => v === w[i]) ? { tier: h.tierOf(w) } : null;
      },
    },
  };
}
