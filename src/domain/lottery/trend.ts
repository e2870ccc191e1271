/**
 * Trend chart (走势图) statistics from a list of draws, pure and family-aware.
 *
 * A chart is a set of groups (a position such as 万位 / 冠军, a sum, or a whole-draw number
 * distribution). Each group has its value range and picks the values a draw hits in it. For every
 * value the chart shows, row by row, either the hit or the miss count (遗漏: draws since that value
 * last came, counted from the start of the window), and below the grid the stats rows: 出现次数
 * (occurrences), 最大遗漏 (longest run without it, including the open run at either end) and 当前遗漏
 * (draws since it last came, up to the newest draw). Hot values come most often, cold ones least.
 */
import type { Draw, LotteryFamily } from './types.ts';
import { range, sum } from './math.ts';

export interface TrendGroupSpec {
  readonly name: string;
  readonly values: readonly number[];
  /** The values this draw hits in the group (one for a position or a sum, several for a distribution). */
  readonly pick: (draw: Draw) => readonly number[];
}

/** A chart view of a family, e.g. 定位 (per position) or 和值 (sum). */
export interface TrendView {
  readonly id: string;
  readonly nameZh: string;
  readonly groups: readonly TrendGroupSpec[];
}

export interface TrendRow {
  /** Per value (same order as `values`): how many times this draw hits it (0 = miss). */
  readonly hits: readonly number[];
  /** Per value: 0 when hit, else the draws since it was last hit (counting this one). */
  readonly miss: readonly number[];
}

export interface TrendGroup {
  readonly name: string;
  readonly values: readonly number[];
  /** Every draw hits exactly one value, so a line can join the hits row by row. */
  readonly single: boolean;
  readonly rows: readonly TrendRow[];
  readonly count: readonly number[];
  readonly maxMiss: readonly number[];
  readonly currentMiss: readonly number[];
  /** Per value: 1 = came most often (ties: the one seen more recently first). */
  readonly rank: readonly number[];
  readonly hot: readonly number[];
  readonly cold: readonly number[];
}

const position = (name: string, at: number, values: readonly number[]): TrendGroupSpec => ({
  name,
  values,
  pick: (d) => [d[at]!],
});
const positions = (names: readonly string[], values: readonly number[]): TrendGroupSpec[] =>
  names.map((n, i) => position(n, i, values));
const sumGroup = (
  name: string,
  values: readonly number[],
  of: (d: Draw) => number = sum,
): TrendGroupSpec => ({ name, values, pick: (d) => [of(d)] });

const DIGITS = range(0, 9);
const FIVE = ['万位', '千位', '百位', '十位', '个位'];
const ORDINAL = ['第一位', '第二位', '第三位', '第四位', '第五位'];
const CARS = [
  '冠军',
  '亚军',
  '第三名',
  '第四名',
  '第五名',
  '第六名',
  '第七名',
  '第八名',
  '第九名',
  '第十名',
];

/** The chart views of a family; the first is the default. */
export function trendViews(family: LotteryFamily): TrendView[] {
  switch (family) {
    case 'SSC':
      return [
        { id: 'pos', nameZh: '定位走势', groups: positions(FIVE, DIGITS) },
        { id: 'sum', nameZh: '和值走势', groups: [sumGroup('和值', range(0, 45))] },
      ];
    case 'PL35':
      return [{ id: 'pos', nameZh: '定位走势', groups: positions(ORDINAL, DIGITS) }];
    case 'FC3D':
      return [
        { id: 'pos', nameZh: '定位走势', groups: positions(['百位', '十位', '个位'], DIGITS) },
        { id: 'sum', nameZh: '和值走势', groups: [sumGroup('和值', range(0, 27))] },
      ];
    case 'K3':
      return [
        { id: 'pos', nameZh: '骰子走势', groups: positions(['一骰', '二骰', '三骰'], range(1, 6)) },
        { id: 'sum', nameZh: '和值走势', groups: [sumGroup('和值', range(3, 18))] },
      ];
    case 'PK10':
      return [
        { id: 'pos', nameZh: '名次走势', groups: positions(CARS, range(1, 10)) },
        {
          id: 'gy',
          nameZh: '冠亚和走势',
          groups: [sumGroup('冠亚和', range(3, 19), (d) => d[0]! + d[1]!)],
        },
      ];
    case 'SYX5':
      return [{ id: 'pos', nameZh: '定位走势', groups: positions(ORDINAL, range(1, 11)) }];
    case 'BJ28':
      return [
        { id: 'sum', nameZh: '和值走势', groups: [sumGroup('和值', range(0, 27))] },
        {
          id: 'pos',
          nameZh: '定位走势',
          groups: positions(['第一球', '第二球', '第三球'], DIGITS),
        },
      ];
    case 'KL8':
      return [
        {
          id: 'dist',
          nameZh: '号码分布',
          groups: [{ name: '开奖号码', values: range(1, 80), pick: (d) => d }],
        },
      ];
    case 'LHC':
      return [
        {
          id: 'dist',
          nameZh: '号码分布',
          groups: [{ name: '正码+特码', values: range(1, 49), pick: (d) => d }],
        },
        { id: 'special', nameZh: '特码走势', groups: [position('特码', 6, range(1, 49))] },
      ];
  }
}

/** How many values are marked hot and cold in a group of `size` values. */
export function hotColdSize(size: number): number {
  return Math.max(1, Math.min(3, Math.floor(size / 3)));
}

/** Statistics of one group over draws given OLDEST FIRST. */
export function trendGroup(spec: TrendGroupSpec, draws: readonly Draw[]): TrendGroup {
  const n = spec.values.length;
  const index = new Map(spec.values.map((v, i) => [v, i]));
  const count = new Array<number>(n).fill(0);
  const run = new Array<number>(n).fill(0);
  const maxMiss = new Array<number>(n).fill(0);
  let single = true;
  const rows: TrendRow[] = draws.map((d) => {
    const hits = new Array<number>(n).fill(0);
    const picked = spec.pick(d);
    if (picked.length !== 1) single = false;
    for (const v of picked) {
      const i = index.get(v);
      if (i === undefined) throw new Error(`${spec.name}: value ${v} outside the chart`);
      hits[i]!++;
    }
    const miss = hits.map((h, i) => {
      if (h > 0) {
        count[i]! += h;
        run[i] = 0;
        return 0;
      }
      run[i]!++;
      maxMiss[i] = Math.max(maxMiss[i]!, run[i]!);
      return run[i]!;
    });
    return { hits, miss };
  });
  const currentMiss = [...run];
  // Hotter first: more occurrences, then seen more recently.
  const hotter = (a: number, b: number) =>
    count[b]! - count[a]! || currentMiss[a]! - currentMiss[b]!;
  const order = spec.values.map((_, i) => i).sort((a, b) => hotter(a, b) || a - b);
  const rank = new Array<number>(n).fill(0);
  order.forEach((i, r) => {
    rank[i] = r + 1;
  });
  // Marks go only to values strictly hotter (colder) than the next in line, never to one of a tie
  // cut in two by the mark count, and a value as frequent as a hot one is never called cold.
  const k = hotColdSize(n);
  const coldOrder = [...order].reverse();
  const hotIdx =
    draws.length === 0
      ? []
      : order
          .slice(0, k)
          .filter((i) => count[i]! > 0 && (order[k] === undefined || hotter(i, order[k]!) < 0));
  const minHot = hotIdx.length ? Math.min(...hotIdx.map((i) => count[i]!)) : Infinity;
  const coldIdx =
    draws.length === 0
      ? []
      : coldOrder
          .slice(0, k)
          .filter(
            (i) =>
              !hotIdx.includes(i) &&
              count[i]! < minHot &&
              (coldOrder[k] === undefined || hotter(i, coldOrder[k]!) > 0),
          );
  return {
    name: spec.name,
    values: spec.values,
    single: single && draws.length > 0,
    rows,
    count,
    maxMiss,
    currentMiss,
    rank,
    hot: hotIdx.map((i) => spec.values[i]!),
    cold: coldIdx.map((i) => spec.values[i]!),
  };
}

/** Every group of a view over draws given OLDEST FIRST. */
export function computeTrend(view: TrendView, draws: readonly Draw[]): TrendGroup[] {
  return view.groups.map((g) => trendGroup(g, draws));
}
