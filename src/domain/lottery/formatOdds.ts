/**
 * Odds as odds sheets print them: at most two decimals, trailing zeros dropped (27.0833 → "27.08",
 * 1.980 → "1.98", 2.000 → "2"). Display only: the domain's odds stay exact for settlement. The cut is
 * downwards, so a sheet never shows more than the ticket pays.
 */
export function formatOdds(odds: number): string {
  if (!Number.isFinite(odds)) return '—';
  // the epsilon keeps binary noise (0.29 × 100 = 28.999…) from losing a cent
  const cents = Math.floor(odds * 100 + 1e-7);
  return String(cents / 100);
}
