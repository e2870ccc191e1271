/**
 * Chi-square goodness of fit for the fairness tests: Pearson's statistic and its exact upper tail
 * P(χ²_df ≥ x) = Q(df/2, x/2), the regularized upper incomplete gamma function (series below a + 1,
 * Lentz continued fraction above — Numerical Recipes §6.2), plus the Wilson–Hilferty normal
 * approximation used as an independent cross-check.
 */

/** ln Γ(x) for x > 0 (Lanczos, g = 7, n = 9; relative error < 1e-14). */
export function logGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
    -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
    1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let a = c[0]!;
  const t = z + 7.5;
  for (let i = 1; i < 9; i++) a += c[i]! / (z + i);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

const EPS = 1e-15;
const MAX_ITER = 100_000;

/** Regularized upper incomplete gamma Q(a, x). */
export function gammaQ(a: number, x: number): number {
  if (x < 0 || a <= 0) throw new Error('gammaQ: bad arguments');
  if (x === 0) return 1;
  const lead = -x + a * Math.log(x) - logGamma(a);
  if (x < a + 1) {
    // P(a, x) by its series; Q = 1 − P.
    let ap = a;
    let del = 1 / a;
    let total = del;
    for (let n = 0; n < MAX_ITER; n++) {
      ap += 1;
      del *= x / ap;
      total += del;
      if (Math.abs(del) < Math.abs(total) * EPS) return 1 - total * Math.exp(lead);
    }
    throw new Error('gammaQ: series did not converge');
  }
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < MAX_ITER; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < EPS) return Math.exp(lead) * h;
  }
  throw new Error('gammaQ: continued fraction did not converge');
}

/** P(χ²_df ≥ x). */
export function chiSquareSf(x: number, df: number): number {
  return gammaQ(df / 2, x / 2);
}

/** Standard normal upper tail via erfc (Numerical Recipes erfcc, |error| < 1.2e-7 relative). */
export function normalSf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.5 * x);
  const erfc =
    t *
    Math.exp(
      -x * x -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 +
                            t *
                              (-1.13520398 +
                                t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return z >= 0 ? erfc / 2 : 1 - erfc / 2;
}

/** Wilson–Hilferty: (χ²/df)^(1/3) is about normal with mean 1 − 2/(9df) and variance 2/(9df). */
export function chiSquareSfWilsonHilferty(x: number, df: number): number {
  const v = 2 / (9 * df);
  return normalSf((Math.cbrt(x / df) - (1 - v)) / Math.sqrt(v));
}

export interface FitResult {
  readonly statistic: number;
  readonly df: number;
  /** P(χ²_df ≥ statistic): small means the counts do not fit the expected law. */
  readonly pValue: number;
}

/** Pearson χ² of observed counts against expected probabilities (default uniform); df = cells − 1. */
export function chiSquareFit(
  observed: ArrayLike<number>,
  probabilities?: readonly number[],
): FitResult {
  const k = observed.length;
  let total = 0;
  for (let i = 0; i < k; i++) total += observed[i]!;
  let statistic = 0;
  for (let i = 0; i < k; i++) {
    const e = total * (probabilities ? probabilities[i]! : 1 / k);
    if (e <= 0) throw new Error('chiSquareFit: empty expected cell');
    statistic += (observed[i]! - e) ** 2 / e;
  }
  const df = k - 1;
  return { statistic, df, pValue: chiSquareSf(statistic, df) };
}
