/** Small exact combinatorics used by the closed-form bet counts (all results are safe integers). */

/** Binomial coefficient C(n, k); 0 outside 0 ≤ k ≤ n. */
export function choose(n: number, k: number): number {
  if (k < 0 || n < 0 || k > n) return 0;
  const kk = Math.min(k, n - k);
  let r = 1;
  // r stays an integer after each step: r·(n−kk+i)/i = C(n−kk+i, i).
  for (let i = 1; i <= kk; i++) r = (r * (n - kk + i)) / i;
  return Math.round(r);
}

/** All k-subsets of `items` (in the given order), as arrays. */
export function combinations<T>(items: readonly T[], k: number): T[][] {
  const out: T[][] = [];
  const pick: T[] = [];
  const walk = (start: number): void => {
    if (pick.length === k) {
      out.push([...pick]);
      return;
    }
    for (let i = start; i <= items.length - (k - pick.length); i++) {
      pick.push(items[i]!);
      walk(i + 1);
      pick.pop();
    }
  };
  walk(0);
  return out;
}

export function range(from: number, toInclusive: number): number[] {
  return Array.from({ length: toInclusive - from + 1 }, (_, i) => from + i);
}

export const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);
export const span = (xs: readonly number[]): number => Math.max(...xs) - Math.min(...xs);
export const product = (xs: readonly number[]): number => xs.reduce((a, b) => a * b, 1);

/** Number of tuples with pairwise-distinct entries, entry i taken from sets[i] (DFS; sets are small). */
export function injectiveCount(sets: readonly (readonly number[])[]): number {
  const used = new Set<number>();
  const walk = (i: number): number => {
    if (i === sets.length) return 1;
    let n = 0;
    for (const v of sets[i]!) {
      if (used.has(v)) continue;
      used.add(v);
      n += walk(i + 1);
      used.delete(v);
    }
    return n;
  };
  return walk(0);
}

/** Occurrence count of each value. */
export function counts(xs: readonly number[]): Map<number, number> {
  const m = new Map<number, number>();
  for (const x of xs) m.set(x, (m.get(x) ?? 0) + 1);
  return m;
}

/** Shape of a multiset as sorted multiplicities, e.g. [1,1,2] → '2,1'. */
export function shapeKey(xs: readonly number[]): string {
  return [...counts(xs).values()].sort((a, b) => b - a).join(',');
}

export function sameMultiset(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  const x = [...a].sort((p, q) => p - q);
  const y = [...b].sort((p, q) => p - q);
  return x.every((v, i) => v === y[i]);
}

/** Every tuple of `size` values from `digits` (ordered) — used once at load to tabulate weights. */
export function allTuples(digits: readonly number[], size: number): number[][] {
  let out: number[][] = [[]];
  for (let i = 0; i < size; i++) out = out.flatMap((t) => digits.map((d) => [...t, d]));
  return out;
}
