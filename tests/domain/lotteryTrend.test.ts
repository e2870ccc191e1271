/** Trend chart statistics: grid, misses, counts, hot and cold, per family view. */
import { describe, expect, it } from 'vitest';
import {
  computeTrend,
  hotColdSize,
  trendGroup,
  trendViews,
  type TrendGroupSpec,
} from '../../src/domain/lottery/trend.ts';
import { DRAW_FORMATS } from '../../src/domain/lottery/draws.ts';
import { LOTTERY_FAMILIES } from '../../src/domain/lottery/types.ts';

const digit0: TrendGroupSpec = {
  name: '万位',
  values: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  pick: (d) => [d[0]!],
};

describe('trendGroup', () => {
  // Oldest first: first digits 3, 5, 3, 3, 7, 5.
  const draws = [[3], [5], [3], [3], [7], [5]].map((d) => [...d, 0, 0, 0, 0]);
  const g = trendGroup(digit0, draws);

  it('marks the hit per row and counts misses since the last hit', () => {
    expect(g.rows.map((r) => r.hits.indexOf(1))).toEqual([3, 5, 3, 3, 7, 5]);
    expect(g.rows.map((r) => r.miss[3])).toEqual([0, 1, 0, 0, 1, 2]);
    expect(g.rows.map((r) => r.miss[5])).toEqual([1, 0, 1, 2, 3, 0]);
    expect(g.rows.map((r) => r.miss[0])).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('computes occurrences, max miss and current miss', () => {
    expect(g.count).toEqual([0, 0, 0, 3, 0, 2, 0, 1, 0, 0]);
    expect(g.maxMiss[3]).toBe(2); // the open run at the end
    expect(g.maxMiss[5]).toBe(3);
    expect(g.maxMiss[7]).toBe(4); // the run before the first hit counts too
    expect(g.maxMiss[0]).toBe(6);
    expect(g.currentMiss).toEqual([6, 6, 6, 2, 6, 0, 6, 1, 6, 6]);
    expect(g.single).toBe(true);
  });

  it('ranks hot values by count, ties broken by the more recent one, and cold ones last', () => {
    expect(hotColdSize(10)).toBe(3);
    expect(g.rank[3]).toBe(1);
    expect(g.rank[5]).toBe(2);
    expect(g.rank[7]).toBe(3);
    expect(g.hot).toEqual([3, 5, 7]);
    // the seven unseen digits are equally cold: marking three of them would be arbitrary
    expect(g.cold).toEqual([]);
  });

  it('marks cold the values seen least, the longer-missing first, and never splits a tie', () => {
    const die: TrendGroupSpec = { name: '一骰', values: [1, 2, 3, 4, 5, 6], pick: (d) => [d[0]!] };
    const s = trendGroup(
      die,
      [6, 1, 2, 1, 2, 3, 1, 4].map((v) => [v]),
    );
    expect(hotColdSize(6)).toBe(2);
    expect(s.count).toEqual([3, 2, 1, 1, 0, 1]);
    expect(s.currentMiss).toEqual([1, 3, 2, 0, 8, 7]);
    expect(s.hot).toEqual([1, 2]);
    expect(s.cold).toEqual([5, 6]);
    expect(s.rank).toEqual([1, 2, 4, 3, 6, 5]);
    const tied = trendGroup(
      die,
      [1, 1, 2, 3].map((v) => [v]),
    );
    expect(tied.hot).toEqual([1, 3]); // 2 and 3 tie on count: the more recent 3 is hotter
    expect(tied.cold).toEqual([]); // 4, 5 and 6 never came: three-way tie for two marks
  });

  it('has no hot or cold marks without draws, and no cold value as frequent as a hot one', () => {
    const empty = trendGroup(digit0, []);
    expect(empty.hot).toEqual([]);
    expect(empty.cold).toEqual([]);
    expect(empty.currentMiss.every((m) => m === 0)).toBe(true);
    const flat = trendGroup({ name: 'x', values: [1, 2, 3], pick: (d) => [d[0]!] }, [
      [1],
      [2],
      [3],
    ]);
    expect(flat.hot).toEqual([3]);
    expect(flat.cold).toEqual([]);
  });

  it('counts every value of a distribution group and is not single-valued', () => {
    const dist = trendGroup({ name: '号码', values: [1, 2, 3, 4], pick: (d) => d }, [
      [1, 2],
      [2, 3],
      [2, 4],
    ]);
    expect(dist.single).toBe(false);
    expect(dist.count).toEqual([1, 3, 1, 1]);
    expect(dist.rows[2]!.miss).toEqual([2, 0, 1, 0]);
    expect(dist.hot[0]).toBe(2);
  });

  it('refuses a draw value outside the chart', () => {
    expect(() => trendGroup(digit0, [[10, 0, 0, 0, 0]])).toThrow();
  });
});

describe('trendViews', () => {
  it('gives every family a first view whose groups accept its draws', () => {
    for (const family of LOTTERY_FAMILIES) {
      const f = DRAW_FORMATS[family];
      const low = Array.from({ length: f.size }, (_, i) => (f.distinct ? f.min + i : f.min));
      const high = Array.from({ length: f.size }, (_, i) => (f.distinct ? f.max - i : f.max));
      for (const view of trendViews(family)) {
        const groups = computeTrend(view, [low, high]);
        expect(groups.length).toBeGreaterThan(0);
        for (const g of groups)
          expect(g.count.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(2);
      }
    }
  });

  it('shapes the families as the chart needs', () => {
    expect(trendViews('SSC')[0]!.groups.map((g) => g.values.length)).toEqual([10, 10, 10, 10, 10]);
    expect(trendViews('PK10')[0]!.groups).toHaveLength(10);
    expect(trendViews('SYX5')[0]!.groups[0]!.values).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(trendViews('K3').map((v) => v.id)).toEqual(['pos', 'sum']);
    expect(trendViews('BJ28')[0]!.groups[0]!.values).toHaveLength(28);
    const [k3Sum] = computeTrend(trendViews('K3')[1]!, [
      [1, 2, 3],
      [6, 6, 6],
    ]);
    expect(k3Sum!.rows.map((r) => k3Sum!.values[r.hits.indexOf(1)])).toEqual([6, 18]);
    const [kl8] = computeTrend(trendViews('KL8')[0]!, [
      Array.from({ length: 20 }, (_, i) => i + 1),
    ]);
    expect(kl8!.count.slice(0, 21)).toEqual([...new Array(20).fill(1), 0]);
  });
});
