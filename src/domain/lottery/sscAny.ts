/**
 * SSC 任选二/三/四 (§3.3): direct compound over any positions, and group/sum/单式/混合 plays repeated over a
 * checked set of positions P (each k-subset of P is one window; 注数 = base 注数 × C(#P, k)).
 */
import type { PlayDef, Selection, WinCounts } from './types.ts';
import { entriesPlay, poolPlay, row, tier, WIN } from './builders.ts';
import { DIGITS, threeStarPlays, twoStarPlays } from './digitStar.ts';
import { choose, combinations, product } from './math.ts';

const F = 'SSC' as const;
const POSITIONS = [0, 1, 2, 3, 4];
const POS_LABELS = ['万', '千', '百', '十', '个'];
const POS_NAMES = ['万位', '千位', '百位', '十位', '个位'];
const ascending = (xs: readonly number[], strict: boolean): boolean =>
  xs.every((v, i) => i === 0 || (strict ? xs[i - 1]! < v : xs[i - 1]! <= v));

function addWins(into: Record<string, number>, w: WinCounts): void {
  for (const [t, n] of Object.entries(w.wins)) into[t] = (into[t] ?? 0) + n;
}

/** 任选k 直选复式: Σ over k-subsets of positions of ∏ #S_i lines; wins once per matching position tuple. */
function anyDirect(k: number, group: string, pDen: number): PlayDef {
  const subsets = combinations(POSITIONS, k);
  return {
    family: F,
    code: `RX${k}_ZXFS`,
    nameZh: '直选复式',
    group,
    model: 'prizeGroup',
    input: 'rows',
    rows: POS_NAMES.map((n) => row(n, DIGITS, 0)),
    tiers: [tier(WIN, '中奖', 1, pDen)],
    countBets: (sel) => subsets.reduce((n, s) => n + product(s.map((i) => sel.rows[i]!.length)), 0),
    checkWin: (sel, draw) => {
      const n = subsets.filter((s) => s.every((i) => sel.rows[i]!.includes(draw[i]!))).length;
      const wins: Record<string, number> = n ? { [WIN]: n } : {};
      return { wins, refunds: 0 };
    },
    line: {
      size: 2 * k,
      order: 'ordered',
      domain: (sel) => [
        ...Array(k).fill(POSITIONS),
        ...Array(k).fill([...new Set(sel.rows.flat())]),
      ],
      inSelection: (sel, l) =>
        ascending(l.slice(0, k), true) && l.slice(k).every((d, j) => sel.rows[l[j]!]!.includes(d)),
      outcome: (l, draw) => (l.slice(k).every((d, j) => draw[l[j]!] === d) ? { tier: WIN } : null),
    },
  };
}

/**
 * A window play repeated over every k-subset of the checked positions (the selection's last row). A 单式
 * base keeps its typed entries (input 'entries') and declares the position row as `positionRow`.
 */
export function withPositions(
  k: number,
  group: string,
  code: string,
  make: (window: number[]) => PlayDef,
): PlayDef {
  // each window's play is built when first needed: building all of them cost the betting page's first paint
  const byWindow = new Map<string, PlayDef>();
  const playAt = (w: readonly number[]): PlayDef => {
    const key = w.join();
    let p = byWindow.get(key);
    if (!p) {
      p = make([...w]);
      byWindow.set(key, p);
    }
    return p;
  };
  const base = playAt(combinations(POSITIONS, k)[0]!);
  const baseSel = (sel: Selection): Selection => ({ rows: sel.rows.slice(0, -1) });
  const windows = (sel: Selection): number[][] =>
    combinations(
      [...sel.rows.at(-1)!].sort((a, b) => a - b),
      k,
    );
  const positions = row('位置', POSITIONS, k, 5, POS_LABELS);
  const shape =
    base.input === 'entries'
      ? {
          input: 'entries' as const,
          rows: base.rows,
          entryLength: base.entryLength!,
          positionRow: positions,
        }
      : { input: 'rows' as const, rows: [...base.rows, positions] };
  return {
    family: F,
    code,
    nameZh: base.nameZh,
    group,
    model: 'prizeGroup',
    ...shape,
    tiers: base.tiers,
    check: (sel) => base.check?.(baseSel(sel)) ?? null,
    countBets: (sel) => base.countBets(baseSel(sel)) * choose(sel.rows.at(-1)!.length, k),
    checkWin: (sel, draw, flags) => {
      const wins: Record<string, number> = {};
      for (const w of windows(sel)) addWins(wins, playAt(w).checkWin(baseSel(sel), draw, flags));
      return { wins, refunds: 0 };
    },
    line: {
      size: k + base.line.size,
      order: 'ordered',
      domain: (sel) => [...Array(k).fill(POSITIONS), ...base.line.domain(baseSel(sel))],
      inSelection: (sel, l) => {
        const pos = l.slice(0, k);
        const rest = l.slice(k);
        const orderOk = base.line.order === 'ordered' || ascending(rest, base.line.order === 'set');
        return (
          ascending(pos, true) &&
          pos.every((p) => sel.rows.at(-1)!.includes(p)) &&
          orderOk &&
          base.line.inSelection(baseSel(sel), rest)
        );
      },
      outcome: (l, draw, flags) => playAt(l.slice(0, k)).line.outcome(l.slice(k), draw, flags),
    },
  };
}

export const find = (plays: PlayDef[], suffix: string): PlayDef =>
  plays.find((p) => p.code.endsWith(`_${suffix}`))!;
export const two = (w: number[]) => twoStarPlays({ family: F, window: w, prefix: 'X', group: '' });
export const three = (w: number[]) =>
  threeStarPlays({ family: F, window: w, prefix: 'X', group: '' });

/** 任选四 直选单式: 4-digit entries on each 4-subset of the checked positions. */
const fourEntries = (w: number[]) =>
  entriesPlay({
    family: F,
    code: 'X',
    nameZh: '直选单式',
    group: '',
    window: w,
    values: DIGITS,
    match: 'exact',
    tiers: [tier(WIN, '中奖', 1, 10_000)],
    tierOf: () => WIN,
  });

export function sscAnyPlays(): PlayDef[] {
  return [
    anyDirect(2, '任选二', 100),
    withPositions(2, '任选二', 'RX2_ZXDS', (w) => find(two(w), 'ZXDS')),
    withPositions(2, '任选二', 'RX2_ZXHZ', (w) => find(two(w), 'ZXHZ')),
    withPositions(2, '任选二', 'RX2_ZUXFS', (w) => find(two(w), 'ZUXFS')),
    anyDirect(3, '任选三', 1000),
    withPositions(3, '任选三', 'RX3_Z3FS', (w) => find(three(w), 'Z3FS')),
    withPositions(3, '任选三', 'RX3_Z6FS', (w) => find(three(w), 'Z6FS')),
    withPositions(3, '任选三', 'RX3_ZXDS', (w) => find(three(w), 'ZXDS')),
    withPositions(3, '任选三', 'RX3_HHZX', (w) => find(three(w), 'HHZX')),
    anyDirect(4, '任选四', 10_000),
    withPositions(4, '任选四', 'RX4_ZXDS', fourEntries),
    withPositions(4, '任选四', 'RX4_ZX24', (w) =>
      poolPlay({
        family: F,
        code: 'X',
        nameZh: '组选24',
        group: '',
        k: 4,
        values: DIGITS,
        tiers: [tier(WIN, '中奖', 24, 10_000)],
        hitSet: (d) => {
          const s = new Set(w.map((i) => d[i]!));
          return s.size === 4 ? s : null;
        },
        tierOfHits: (m) => (m === 4 ? WIN : null),
      }),
    ),
  ];
}
