/**
 * Fairness of the draws (§2.8): for every family, 10^5 draws from drawFromRandomBytes fed by node's
 * crypto.randomBytes, and 10^5 draws from drawFromSeed over random seeds, must fit the uniform law by
 * Pearson χ² at p > 1e-9: about 200 checks a run, so a fair generator fails about once in 5 million runs,
 * while the biased generators below sit hundreds of χ² units past the threshold:
 * - every position's value (first position included),
 * - the ordered pair of values at position pairs (first, second), (first, last), (second-last, last):
 *   uniform over the w² cells for independent digits, over the w(w−1) cells of distinct values for
 *   balls/cars drawn without replacement (order and pair independence, co-occurrence of pairs);
 * - the K3 and 28 sums against their exact tables.
 * The same machinery must reject deliberately biased generators, so it cannot pass vacuously.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  DRAW_FORMATS,
  drawFromRandomBytes,
  drawFromSeed,
  validateDraw,
  type ByteSource,
} from '../../src/domain/lottery/draws.ts';
import { BJ28_SUM_WAYS } from '../../src/domain/lottery/bj28.ts';
import { K3_SUM_WAYS } from '../../src/domain/lottery/k3.ts';
import { LOTTERY_FAMILIES, type LotteryFamily } from '../../src/domain/lottery/types.ts';
import {
  chiSquareFit,
  chiSquareSf,
  chiSquareSfWilsonHilferty,
  type FitResult,
} from './chiSquare.ts';

const N = 100_000;
const ALPHA = 1e-9;

/** crypto.randomBytes in 64 KiB blocks; `corrupt` may rewrite each byte (for the bias tests). */
function cryptoSource(corrupt?: (b: number) => number): ByteSource {
  let block = randomBytes(0);
  let at = 0;
  const one = new Uint8Array(1); // draws read one byte at a time: skip a view allocation per byte
  return (n) => {
    if (at + n > block.length) {
      block = randomBytes(65_536);
      if (corrupt) for (let i = 0; i < block.length; i++) block[i] = corrupt(block[i]!);
      at = 0;
    }
    if (n === 1) {
      one[0] = block[at++]!;
      return one;
    }
    const out = block.subarray(at, at + n);
    at += n;
    return out;
  };
}

interface Check {
  readonly name: string;
  readonly fit: FitResult;
}

/** Tallies n draws and returns every goodness-of-fit check described at the top of the file. */
function fairnessChecks(family: LotteryFamily, n: number, draw: () => readonly number[]): Check[] {
  const f = DRAW_FORMATS[family];
  const w = f.max - f.min + 1;
  const positions = Array.from({ length: f.size }, () => new Uint32Array(w));
  const pairIdx: [number, number][] = [
    [0, 1],
    [0, f.size - 1],
    [f.size - 2, f.size - 1],
  ];
  const pairs = pairIdx.map(() => new Uint32Array(w * w));
  const sums = new Uint32Array(28);
  let invalid = 0;
  for (let k = 0; k < n; k++) {
    const d = draw();
    if (validateDraw(family, d)) invalid++;
    for (let i = 0; i < f.size; i++) positions[i]![d[i]! - f.min]!++;
    for (let j = 0; j < pairIdx.length; j++) {
      const [a, b] = pairIdx[j]!;
      pairs[j]![(d[a]! - f.min) * w + (d[b]! - f.min)]!++;
    }
    if (family === 'K3' || family === 'BJ28') sums[d[0]! + d[1]! + d[2]!]!++;
  }
  expect(invalid, `${family}: invalid draws`).toBe(0);
  const checks: Check[] = positions.map((c, i) => ({
    name: `position ${i + 1}`,
    fit: chiSquareFit(c),
  }));
  pairs.forEach((c, j) => {
    // Without replacement the diagonal (a = b) must stay empty and the other w(w−1) cells are uniform.
    const cells: number[] = [];
    let diagonal = 0;
    for (let a = 0; a < w; a++) {
      for (let b = 0; b < w; b++) {
        if (f.distinct && a === b) diagonal += c[a * w + b]!;
        else cells.push(c[a * w + b]!);
      }
    }
    expect(diagonal, `${family}: repeated value in a draw`).toBe(0);
    checks.push({
      name: `pair of positions ${pairIdx[j]!.map((x) => x + 1).join('/')}`,
      fit: chiSquareFit(cells),
    });
  });
  if (family === 'K3')
    checks.push({
      name: 'sum',
      fit: chiSquareFit(
        sums.subarray(3, 19),
        K3_SUM_WAYS.map((x) => x / 216),
      ),
    });
  if (family === 'BJ28')
    checks.push({
      name: 'sum',
      fit: chiSquareFit(
        sums,
        BJ28_SUM_WAYS.map((x) => x / 1000),
      ),
    });
  return checks;
}

const failing = (checks: readonly Check[]): string[] =>
  checks
    .filter((c) => !(c.fit.pValue > ALPHA))
    .map(
      (c) =>
        `${c.name}: χ²=${c.fit.statistic.toFixed(1)} df=${c.fit.df} p=${c.fit.pValue.toExponential(2)}`,
    );

describe('chi-square upper tail', () => {
  it('matches table values and the closed form for 2 degrees of freedom', () => {
    expect(chiSquareSf(3.841458820694124, 1)).toBeCloseTo(0.05, 10);
    expect(chiSquareSf(18.307038053275146, 10)).toBeCloseTo(0.05, 10);
    expect(chiSquareSf(124.34211340400407, 100)).toBeCloseTo(0.05, 9);
    expect(chiSquareSf(23.209251158954356, 10)).toBeCloseTo(0.01, 10);
    for (const x of [0.5, 2, 7, 30]) expect(chiSquareSf(x, 2)).toBeCloseTo(Math.exp(-x / 2), 12);
    expect(chiSquareSf(0, 5)).toBe(1);
  });
  it('agrees with the Wilson–Hilferty approximation for the large tables used here', () => {
    for (const df of [99, 109, 2351, 6319]) {
      for (const z of [0, 2, 4.5]) {
        const x = df + z * Math.sqrt(2 * df);
        const exact = chiSquareSf(x, df);
        expect(
          Math.abs(Math.log(exact / chiSquareSfWilsonHilferty(x, df))),
          `df ${df} z ${z}`,
        ).toBeLessThan(0.1);
      }
    }
    // The fairness threshold p = 1e-9 sits about 6 standard deviations above the mean.
    const df = 6319;
    expect(chiSquareSf(df + 5 * Math.sqrt(2 * df), df)).toBeGreaterThan(ALPHA);
    expect(chiSquareSf(df + 7 * Math.sqrt(2 * df), df)).toBeLessThan(ALPHA);
  });
});

describe('draws from crypto random bytes fit the uniform law (10^5 per family)', () => {
  it.each([...LOTTERY_FAMILIES])('%s', (family) => {
    const next = cryptoSource();
    const checks = fairnessChecks(family, N, () => drawFromRandomBytes(family, next));
    expect(checks.length).toBeGreaterThanOrEqual(DRAW_FORMATS[family].size + 3);
    expect(failing(checks)).toEqual([]);
  });
});

describe('draws from random seeds (drawFromSeed) fit the uniform law (10^5 per family)', () => {
  it.each([...LOTTERY_FAMILIES])('%s', (family) => {
    const seedBytes = 96; // enough for 20 KL8 balls with rejection sampling, with room to spare
    const seeds = randomBytes(N * seedBytes);
    let k = 0;
    const checks = fairnessChecks(family, N, () =>
      drawFromSeed(family, seeds.subarray(k * seedBytes, ++k * seedBytes)),
    );
    expect(failing(checks)).toEqual([]);
  });
});

describe('the same checks reject biased generators', () => {
  const zeroBias =
    (rate: number) =>
    (b: number): number =>
      b < 256 * rate ? 0 : b;
  it('1 % of bytes forced to 0: SSC digits and LHC balls fail per position', () => {
    for (const family of ['SSC', 'LHC'] as const) {
      const next = cryptoSource(zeroBias(0.01));
      const bad = failing(fairnessChecks(family, N, () => drawFromRandomBytes(family, next)));
      expect(
        bad.some((m) => m.startsWith('position')),
        family,
      ).toBe(true);
    }
  });
  it('plain modulo instead of rejection sampling (byte % n): LHC fails', () => {
    // 256 % 49 = 11: the first 11 indexes of every step get 6/256 instead of 5/256.
    const next = cryptoSource();
    const biased = (): number[] => {
      const pool = Array.from({ length: 49 }, (_, i) => i + 1);
      for (let i = 0; i < 7; i++) {
        const j = i + (next(1)[0]! % (49 - i));
        [pool[i], pool[j]] = [pool[j]!, pool[i]!];
      }
      return pool.slice(0, 7);
    };
    expect(failing(fairnessChecks('LHC', N, biased)).some((m) => m.startsWith('position 1:'))).toBe(
      true,
    );
  });
  it('a bias only in the order (champion + runner-up = 11 redrawn half the time): marginals pass, the pair check fails', () => {
    const next = cryptoSource();
    const biased = (): number[] => {
      const d = drawFromRandomBytes('PK10', next);
      return d[0]! + d[1]! === 11 && next(1)[0]! < 128 ? drawFromRandomBytes('PK10', next) : d;
    };
    const bad = failing(fairnessChecks('PK10', N, biased));
    expect(bad.some((m) => m.startsWith('position'))).toBe(false);
    expect(bad.some((m) => m.startsWith('pair of positions 1/2'))).toBe(true);
  });
});
