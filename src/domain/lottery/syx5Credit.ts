/** SYX5 two-sided plays (odds model), §6.3: per ball 大小单双 (11 per flag), 总和 大小单双 尾大小 (30 per flag), 龙虎. */
import type { PlayDef, RuleFlags } from './types.ts';
import { row, tier, valueSetPlay } from './builders.ts';
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
  if (code <= 1 && s === 30) return flags.syx5Sum30 === 'tie' ? 'refund' as const : null;
  const hit = [s >= 31, s <= 29, s % 2 === 1, s % 2 === 0, s % 10 >= 5, s % 10 <= 4][code];
  return hit ? { tier: IDS_SUM[code]! } : null;
}

function ballOutcome(code: number, v: number, flags: RuleFlags) {
  if (v === 11 && flags.syx5ElevenIs !== 'big') return flags.syx5ElevenIs === 'tie' ? 'refund' as const : null;
  const hit = [v >= 6, v <= 5, v % 2 === 1, v % 2 === 0][code];
  return hit ? { tier: IDS_BALL[code]! } : null;
}

export function syx5CreditPlays(): PlayDef[] {
  const pos = ['第一球', '第二球', '第三球', '第四球', '第五球'];
  const sumWays = [ways((s) => sum(s) >= 31), ways((s) => sum(s) <= 29), ways((s) => sum(s) % 2 === 1),
    ways((s) => sum(s) % 2 === 0), ways((s) => sum(s) % 10 >= 5), ways((s) => sum(s) % 10 <= 4)];
  return [
    valueSetPlay({ family: F, code: 'LM', nameZh: '两面', group: '两面', model: 'odds',
      rows: [row('总和', range(0, 5), 0, 6, LABELS_SUM), ...pos.map((n) => row(n, [0, 1, 2, 3], 0, 4, LABELS_BALL))],
      // Quoted under the default rules (11 = 和, 30 = 和): p given the bet is not refunded.
      tiers: [...IDS_SUM.map((id, i) => tier(id, `总和${LABELS_SUM[i]}`, sumWays[i]!, i <= 1 ? 462 - ways((s) => sum(s) === 30) : 462)),
        ...IDS_BALL.map((id, i) => tier(id, LABELS_BALL[i]!, 1, 2))],
      outcome: (r, code, d, flags) => (r === 0 ? sumOutcome(code, d, flags) : ballOutcome(code, d[r - 1]!, flags)) }),
    valueSetPlay({ family: F, code: 'LH', nameZh: '龙虎', group: '两面', model: 'odds',
      rows: [row('第一球VS第五球', [0, 1], 1, 2, ['龙', '虎'])],
      tiers: [tier('dragon', '龙', 1, 2), tier('tiger', '虎', 1, 2)],
      outcome: (_r, code, d) => ((code === 0 ? d[0]! > d[4]! : d[0]! < d[4]!) ? { tier: code === 0 ? 'dragon' : 'tiger' } : null) }),
  ];
}
