/**
 * Repeated figures: `npm run bench -- --runs 3` (or BENCH_RUNS=3) measures the first screen, the
 * game page and the throughput ratios that many times and prints each figure's median and its worst
 * run, so one noisy run on the shared machine neither hides nor fakes a regression.
 */

/** The runs asked for by `--runs N` or BENCH_RUNS, else `fallback`. */
export function benchRuns(fallback: number, argv = process.argv, env = process.env): number {
  const i = argv.indexOf('--runs');
  const raw = i > 0 ? argv[i + 1] : env.BENCH_RUNS;
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`--runs / BENCH_RUNS: a whole number ≥ 1, not ${raw}`);
  return n;
}

/** The middle value (the upper one of an even count). */
export const median = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

/** The worst run: the highest of a time or a size, the lowest of a throughput. */
export const worst = (xs: number[], better: 'lower' | 'higher') =>
  better === 'lower' ? Math.max(...xs) : Math.min(...xs);

/** `median M   worst W   runs [..]`, each value with `digits` decimals. */
export function spread(xs: number[], better: 'lower' | 'higher', digits = 0): string {
  const f = (x: number) => x.toFixed(digits);
  return `median ${f(median(xs))}   worst ${f(worst(xs, better))}   runs [${xs.map(f).join(', ')}]`;
}
