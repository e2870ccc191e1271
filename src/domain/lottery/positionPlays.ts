/**
 * Play builders whose lines are read position by position (直选, 单式 entries, window keys, 定位胆 and
 * every value-per-row play); each closed form is checked against enumeration (tests/domain/lottery*).
 */
import type { Draw, TierOutcome, PlayDef, RowSpec, Selection, TierDef } from './types.ts';
import { allTuples, injectiveCount, product, sameMultiset } from './math.ts';
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
} from './playParts.ts';

/** 直选复式: one pick row per window position; `distinct` for draws without replacement (11x5, PK10). */
export function directPlay(
  h: PlayHead & {
    window: readonly number[];
    rowNames: readonly string[];
    values: readonly number[];
    distinct?: boolean;
    p: [number, number];
  },
): PlayDef {
  const distinct = h.distinct ?? false;
  return {
    ...head(h),
    model: 'prizeGroup',
    input: 'rows',
    rows: h.rowNames.map((n) => row(n, h.values)),
    tiers: [tier(WIN, '中奖', h.p[0], h.p[1])],
    countBets: (sel) =>
      distinct ? injectiveCount(sel.rows) : product(sel.rows.map((r) => r.length)),
    checkWin: (sel, draw) =>
      h.window.every((w, i) => has(sel.rows[i]!, draw[w]!)) ? one(WIN) : NO_WIN,
    line: {
      size: h.window.length,
      order: 'ordered',
      domain: () => h.window.map(() => h.values),
      inSelection: (sel, l) =>
        l.every((v, i) => has(sel.rows[i]!, v)) && (!distinct || new Set(l).size === l.length),
      outcome: (l, draw) => (l.every((v, i) => draw[h.window[i]!] === v) ? { tier: WIN } : null),
    },
  };
}

/**
 * 单式 / 混合组选: every row is one typed entry. 'exact' matches the window in order; 'multiset' matches
 * order-free and the tier comes from the window's shape (组三 / 组六).
 */
export function entriesPlay(
  h: PlayHead & {
    window: readonly number[];
    values: readonly number[];
    match: 'exact' | 'multiset';
    tiers: readonly TierDef[];
    tierOf: (window: readonly number[]) => string | null;
    entryValid?: (entry: readonly number[]) => boolean;
  },
): PlayDef {
  const key = (e: readonly number[]): string => (h.match === 'exact' ? e : sortedAsc(e)).join(' ');
  const keys = (sel: Selection): Set<string> => new Set(sel.rows.map(key));
  return {
    ...head(h),
    model: 'prizeGroup',
    input: 'entries',
    entryLength: h.window.length,
    tiers: h.tiers,
    rows: [row('号码', h.values, 1, 100_000)],
    check: (sel) => (h.entryValid && !sel.rows.every(h.entryValid) ? '存在不符合玩法的号码' : null),
    countBets: (sel) => keys(sel).size,
    checkWin: (sel, draw) => {
      const w = pick(draw, h.window);
      const t = h.tierOf(w);
      return t && keys(sel).has(key(w)) ? one(t) : NO_WIN;
    },
    line: {
      size: h.window.length,
      order: h.match === 'exact' ? 'ordered' : 'multiset',
      // Only values typed somewhere in the entries can be in a line (keeps enumeration small).
      domain: (sel) =>
        h.window.map((_, i) =>
          sortedAsc([
            ...new Set(h.match === 'exact' ? sel.rows.map((e) => e[i]!) : sel.rows.flat()),
          ]),
        ),
      inSelection: (sel, l) => keys(sel).has(key(l)),
      outcome: (l, draw) => {
        const w = pick(draw, h.window);
        const t = h.tierOf(w);
        const hit = h.match === 'exact' ? l.every((v, i) => v === w[i]) : sameMultiset(l, w);
        return t && hit ? { tier: t } : null;
      },
    },
  };
}

/**
 * Plays whose lines are the window tuples carrying a chosen key (直选和值 / 跨度, 组选和值): the
 * bet count is Σ weight(key), weights tabulated once by enumerating the window space (≤ 1000 tuples).
 * (组选包胆, where one tuple carries several keys, is bankerGroupPlay.)
 */
export function windowKeyPlay(
  h: PlayHead & {
    window: readonly number[];
    values: readonly number[];
    order: 'ordered' | 'multiset';
    keys: readonly number[];
    keyName: string;
    keysOf: (t: readonly number[]) => readonly number[];
    valid?: (t: readonly number[]) => boolean;
    tiers: readonly TierDef[];
    tierOf: (t: readonly number[]) => string;
  },
): PlayDef {
  const valid = h.valid ?? (() => true);
  const weight = once(() => {
    const m = new Map<number, number>();
    for (const t of allTuples(h.values, h.window.length)) {
      if (h.order === 'multiset' && !t.every((v, i) => i === 0 || t[i - 1]! <= v)) continue;
      if (valid(t)) for (const k of h.keysOf(t)) m.set(k, (m.get(k) ?? 0) + 1);
    }
    return m;
  });
  const norm = (t: readonly number[]): number[] => (h.order === 'multiset' ? sortedAsc(t) : [...t]);
  const chosen = (sel: Selection, t: readonly number[]): boolean =>
    valid(t) && h.keysOf(t).some((k) => has(sel.rows[0]!, k));
  return {
    ...head(h),
    model: 'prizeGroup',
    input: 'rows',
    rows: [row(h.keyName, h.keys)],
    tiers: h.tiers,
    countBets: (sel) => sel.rows[0]!.reduce((n, k) => n + (weight().get(k) ?? 0), 0),
    checkWin: (sel, draw) => {
      const w = norm(pick(draw, h.window));
      return chosen(sel, w) ? one(h.tierOf(w)) : NO_WIN;
    },
    line: {
      size: h.window.length,
      order: h.order,
      domain: () => h.window.map(() => h.values),
      inSelection: chosen,
      outcome: (l, draw) => {
        const w = norm(pick(draw, h.window));
        return l.every((v, i) => v === w[i]) ? { tier: h.tierOf(w) } : null;
      },
    },
  };
}

/** One line per chosen value per row (定位胆, 和值 of K3, every two-sided / odds play). */
export function valueSetPlay(
  h: PlayHead & {
    model: PlayDef['model'];
    rows: readonly RowSpec[];
    tiers: readonly TierDef[];
    outcome: (
      rowIndex: number,
      value: number,
      draw: Draw,
      flags: Parameters<PlayDef['checkWin']>[2],
    ) => TierOutcome;
    check?: (sel: Selection) => string | null;
  },
): PlayDef {
  const allValues = [...new Set(h.rows.flatMap((r) => r.values))];
  return {
    ...head(h),
    model: h.model,
    rows: h.rows,
    tiers: h.tiers,
    input: 'rows',
    ...(h.check ? { check: h.check } : {}),
    countBets: (sel) => sel.rows.reduce((n, r) => n + r.length, 0),
    checkWin: (sel, draw, flags) => {
      const wins: Record<string, number> = {};
      let refunds = 0;
      sel.rows.forEach((r, i) => {
        for (const v of r) {
          const o = h.outcome(i, v, draw, flags);
          if (o === 'refund') refunds++;
          else if (o) wins[o.tier] = (wins[o.tier] ?? 0) + (o.count ?? 1);
        }
      });
      return { wins, refunds };
    },
    line: {
      size: 2,
      order: 'ordered',
      domain: () => [h.rows.map((_, i) => i), allValues],
      inSelection: (sel, l) => has(sel.rows[l[0]!] ?? [], l[1]!),
      outcome: (l, draw, flags) => h.outcome(l[0]!, l[1]!, draw, flags),
    },
  };
}
