/**
 * The rain split (红包雨): a pool of `remainingFen` over `remainingShares` shares, decided one share
 * at a time when a player grabs it (the server passes node:crypto's randomInt; the domain has no I/O).
 *
 * Algorithm ("double mean"): a share is uniform in [1, 2 × mean − 1] fen, where mean is the pool left
 * divided by the shares left, capped so every later share can still get at least 1 fen; the last share
 * takes exactly what is left. So the shares always sum to the pool to the fen, none is below 0.01, and
 * each grab's expected amount is the mean of what is left (early and late grabbers are equal on average).
 */

/** A uniform integer in [min, max] inclusive. */
export type RandomInt = (min: number, maxInclusive: number) => number;

export function nextRainShareFen(
  remainingFen: number,
  remainingShares: number,
  randomInt: RandomInt,
): number {
  if (
    !Number.isSafeInteger(remainingFen) ||
    !Number.isSafeInteger(remainingShares) ||
    remainingShares < 1
  ) {
    throw new Error(`bad rain state ${remainingFen}/${remainingShares}`);
  }
  if (remainingFen < remainingShares)
    throw new Error(`pool ${remainingFen} fen cannot give ${remainingShares} shares 1 fen each`);
  if (remainingShares === 1) return remainingFen;
  const doubleMean = Math.floor((2 * remainingFen) / remainingShares);
  const maxFen = Math.min(Math.max(doubleMean - 1, 1), remainingFen - (remainingShares - 1));
  const amountFen = randomInt(1, maxFen);
  if (!Number.isSafeInteger(amountFen) || amountFen < 1 || amountFen > maxFen)
    throw new Error(`random out of range: ${amountFen}`);
  return amountFen;
}
