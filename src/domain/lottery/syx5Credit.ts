/** SYX5 two-sided plays (odds model), §6.3: per ball 大小单双 (11 per flag), 总和 大小单双 尾大小 (30 per flag), 龙虎. */
import type { PlayDef, RuleFlags, TierDef } from './types.ts';
import { row, tier, valueSetPlay, withTiersFor } from './builders.ts';
import { DEFAULT_RULE_FLAGS } from './flags.ts';
import { combinations, range, sum } from './math.ts';

const F = 'SYX5' as const;
const SETS = combinations(range(1, 11), 5);
const ways = (pred: (s: number[]) => boolean): number => SETS.filter(pred).length;
const LABELS_SUM = ['大', '小', '单', '双', '尾大', '尾小'];
const IDS_SUM = ['sumBig', 'sumSmall', 'sumOdd', 'sumEven', 'tailBig', 'tailSmall'];
const LABELS_BALL = ['大', '小', '单', '双'];
const IDS_BALL = ['big', 'small', 'odd', 'even'];

function sumOutcome(code: number, d: readonly number[], flags: RuleFlags) {
  const s = sum(d);
  if (code <= 1 && s === 30) return flags.syx5Sum30 === 'tie' ? ('refund' as const) : null;
  const hit = [s >= 31, s <= 29, s % 2 === 1, s % 2 === 0, s % 10 >= 5, s % 10 <= 4][code];
  return hit ? { tier: IDS_SUM[code]! } : null;
}

function ballOutcome(code: number, v: number, flags: RuleFlags) {
  if (v === 11 && flags.syx5ElevenIs !== 'big')
    return flags.syx5ElevenIs === 'tie' ? ('refund' as const) : null;
  const hit = [v >= 6, v <= 5, v % 2 === 1, v % 2 === 0][code];
  return hit ? { tier: IDS_BALL[code]! } : null;
}

/**
 * 两面 tiers under the flags, p given the bet is not refunded: 总和大小 resolve on 462 draws, or 430 when 30
 * is 和; a ball resolves on 11 numbers, or 10 when 11 is 和 (and counts as 大/单 under 'big').
 */
function lmTiers(flags: RuleFlags): TierDef[] {
  const sumTiers = IDS_SUM.map((id, code) => {
    const resolves = (s: number[]): boolean =>
      !(code <= 1 && sum(s) === 30 && flags.syx5Sum30 === 'tie');
    return tier(
      id,
      `总和${LABELS_SUM[code]}`,
      ways((s) => resolves(s) && sumOutcome(code, s, flags) !== null),
      ways(resolves),
    );
  });
  const balls = range(1, 11);
  const ballTiers = IDS_BALL.map((id, code) => {
    const resolving = balls.filter((v) => ballOutcome(code, v, flags) !== 'refund');
    return tier(
      id,
      LABELS_BALL[code]!,
      resolving.filter((v) => ballOutcome(code, v, flags) !== null).length,
      resolving.length,
    );
  });
  return [...sumTiers, ...ballTiers];
}

export function syx5CreditPlays(): PlayDef[] {
  const pos = ['第一球', '第二球', '第三球', '第四球', '第五球'];
  return [
    withTiersFor(
      valueSetPlay({
        family: F,
        code: 'LM',
        nameZh: '两面',
        group: '两面',
        model: 'odds',
        rows: [
          row('总和', range(0, 5), 0, 6, LABELS_SUM),
          ...pos.map((n) => row(n, [0, 1, 2, 3], 0, 4, LABELS_BALL)),
        ],
        tiers: lmTiers(DEFAULT_RULE_FLAGS),
        outcome: (r, code, d, flags) =>
          r === 0 ? sumOutcome(code, d, flags) : ballOutcome(code, d[r - 1]!, flags),
      }),
      lmTiers,
    ),
    valueSetPlay({
      family: F,
      code: 'LH',
      nameZh: '龙虎',
      group: '两面',
      model: 'odds',
      rows: [row('第一球VS第五球', [0, 1], 1, 2, ['龙', '虎'])],
      tiers: [tier('dragon', '龙', 1, 2), tier('tiger', '虎', 1, 2)],
      outcome: (_r, code, d) =>
        (code === 0 ? d[0]! > d[4]! : d[0]! < d[4]!)
          ? { tier: code === 0 ? 'dragon' : 'tiger' }
          : null,
    }),
  ];
}
