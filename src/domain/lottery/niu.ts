/**
 * 斗牛 (牛牛) over five drawn numbers (lottery-rules.md §3.4b SSC, §6.2b 11x5): when any three of the five
 * sum to a multiple of 10 the draw has 牛, and the other two's sum mod 10 is the 牛 number (0 → 牛牛);
 * otherwise 无牛. The 牛 number equals the total mod 10 (the three make 0), so it does not depend on which
 * three are taken. 11x5 balls count at face value (10 ≡ 0 and 11 ≡ 1 mod 10, as 10/J/Q/K count 10 in cards).
 */
import type { LotteryFamily, PlayDef } from './types.ts';
import { row, tier, valueSetPlay } from './builders.ts';
import { withHelp } from './buildersPlaces.ts';
import { combinations, range, sum } from './math.ts';

/** 0 = 无牛, 1–9 = 牛1…牛9, 10 = 牛牛. */
export function niuOf(draw: readonly number[]): number {
  const three = combinations(range(0, draw.length - 1), 3).some(
    (t) => sum(t.map((i) => draw[i]!)) % 10 === 0,
  );
  if (!three) return 0;
  const r = sum(draw) % 10;
  return r === 0 ? 10 : r;
}

export const NIU_VALUES = range(0, 10);
export const NIU_LABELS = ['无牛', ...range(1, 9).map((n) => `牛${n}`), '牛牛'];
const NIU_IDS = ['none', ...range(1, 9).map((n) => `n${n}`), 'nn'];

/**
 * The 斗牛 play (odds model): one line per chosen outcome; `ways[v]` draws of `total` give outcome v (exact
 * counts, checked by enumeration in tests/domain/lotteryNiuComboPlays.test.ts), so odds = R / p at the family's
 * two-sided return like every odds play.
 */
export function niuPlay(
  family: LotteryFamily,
  code: string,
  group: string,
  ways: readonly number[],
  total: number,
  helpZh: string,
): PlayDef {
  return withHelp(
    valueSetPlay({
      family,
      code,
      nameZh: '牛牛',
      group,
      model: 'odds',
      rows: [row('牛牛', NIU_VALUES, 1, NIU_VALUES.length, NIU_LABELS)],
      tiers: NIU_VALUES.map((v) => tier(NIU_IDS[v]!, NIU_LABELS[v]!, ways[v]!, total)),
      outcome: (_r, v, d) => (niuOf(d) === v ? { tier: NIU_IDS[v]! } : null),
    }),
    helpZh,
  );
}
