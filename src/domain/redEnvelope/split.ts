/**
 * The split of an envelope into shares, decided once at SEND time on the server with crypto
 * randomness (the server passes node:crypto randomInt; tests pass a seeded source), stored with
 * the envelope; opens take the shares in stored order.
 *
 * Ordinary (type 1): every share is the per-person amount.
 * Random (type 2): a uniform random composition of the total into `num` positive parts: choose
 * num - 1 distinct cut points uniformly among the total - 1 gaps between fen (Floyd's sampling,
 * num - 1 draws whatever the total), sort them, the shares are the differences. Every composition
 * is equally likely, so the shares are exchangeable: each position (each opener, whatever their
 * turn) has the same distribution, mean total / num; every share is at least 1 fen and the shares
 * sum to the total exactly. tests/domain/redEnvelope-split.test.ts checks the uniformity with a
 * chi-square test and the means.
 */
import { EnvelopeType } from './rules.ts';

/** An integer in [min, max), like node:crypto's randomInt(min, max). */
export type RandomInt = (min: number, max: number) => number;

/** k distinct integers drawn uniformly from 1..n (Floyd's algorithm), sorted ascending. */
function sampleDistinct(k: number, n: number, randomInt: RandomInt): number[] {
  const chosen = new Set<number>();
  for (let j = n - k + 1; j <= n; j++) {
    const t = randomInt(1, j + 1);
    chosen.add(chosen.has(t) ? j : t);
  }
  return [...chosen].sort((a, b) => a - b);
}

/** The shares of an envelope, in the order opens take them. */
export function splitShares(
  type: number,
  num: number,
  totalFen: number,
  randomInt: RandomInt,
): number[] {
  if (!Number.isSafeInteger(num) || num < 1) throw new Error(`bad share count ${num}`);
  if (!Number.isSafeInteger(totalFen) || totalFen < num)
    throw new Error(`cannot split ${totalFen} fen into ${num} shares`);
  if (type === EnvelopeType.ORDINARY) {
    if (totalFen % num !== 0) throw new Error('an ordinary envelope splits evenly');
    return Array.from({ length: num }, () => totalFen / num);
  }
  if (num === 1) return [totalFen];
  const cuts = sampleDistinct(num - 1, totalFen - 1, randomInt);
  const shares: number[] = [];
  let prev = 0;
  for (const c of cuts) {
    shares.push(c - prev);
    prev = c;
  }
  shares.push(totalFen - prev);
  return shares;
}
