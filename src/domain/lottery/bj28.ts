/**
 * BJ28 北京28 / PC蛋蛋 (odds model), §9. The draw is the three digits A, B, C (derived from KL8 by
 * draws.bj28FromKl8, or drawn uniformly by self-run games); the result is A+B+C in 0–27.
 */
import type { Draw, PlayDef, RuleFlags } from './types.ts';
import { poolPlay, row, tier, valueSetPlay, WIN } from './builders.ts';
import { allTuples, range, sum } from './math.ts';
import { shape3 } from './attrs.ts';

const F = 'BJ28' as const;
const SUMS = range(0, 27);
/** Ordered digit triples per sum (of 1000) = N3 of §3.2. */
export const BJ28_SUM_WAYS = SUMS.map((s) => allTuples(range(0, 9), 3).filter((t) => sum(t) === s).length);
const waysOf = (pred: (s: number) => boolean): number => SUMS.filter(pred).reduce((n, s) => n + BJ28_SUM_WAYS[s]!, 0);

const RED = [3, 6, 9, 12, 15, 18, 21, 24];
const GREEN = [1, 4, 7, 10, 16, 19, 22, 25];
const BLUE = [2, 5, 8, 11, 17, 20, 23, 26];

const LM_LABELS = ['大', '小', '单', '双', '大单', '大双', '小单', '小双', '极大', '极小'];
const LM_IDS = ['big', 'small', 'odd', 'even', 'bigOdd', 'bigEven', 'smallOdd', 'smallEven', 'extremeBig', 'extremeSmall'];

function lmHit(code: number, s: number, flags: RuleFlags): boolean {
  const big = s >= 14;
  const odd = s % 2 === 1;
  const [lo, hi] = flags.bj28ExtremeRange === 'A' ? [5, 22] : [4, 23];
  return [big, !big, odd, !odd, big && odd, big && !odd, !big && odd, !big && !odd, s >= hi, s <= lo][code]!;
}

function lmOutcome(code: number, d: Draw, flags: RuleFlags) {
  const s = sum(d);
  // The 13/14 protection rule refunds 大小单双 (codes 0–3) and/or 组合 (4–7) on sums 13 and 14.
  if (s === 13 || s === 14) {
    if (code <= 3 && flags.bj28Special1314.twoSided === 'refund') return 'refund' as const;
    if (code >= 4 && code <= 7 && flags.bj28Special1314.combo === 'refund') return 'refund' as const;
  }
  return lmHit(code, s, flags) ? { tier: LM_IDS[code]! } : null;
}

export function bj28Plays(): PlayDef[] {
  const h = (code: string, nameZh: string, group: string) => ({ family: F, code, nameZh, group, model: 'odds' as const });
  const lmWays = [
    waysOf((s) => s >= 14), waysOf((s) => s <= 13), waysOf((s) => s % 2 === 1), waysOf((s) => s % 2 === 0),
    waysOf((s) => s >= 14 && s % 2 === 1), waysOf((s) => s >= 14 && s % 2 === 0), waysOf((s) => s <= 13 && s % 2 === 1),
    waysOf((s) => s <= 13 && s % 2 === 0), waysOf((s) => s >= 22), waysOf((s) => s <= 5),
  ];
  return [
    valueSetPlay({ ...h('TM', '特码', '特码'), rows: [row('和值', SUMS)],
      tiers: SUMS.map((s) => tier(`s${s}`, `和值${s}`, BJ28_SUM_WAYS[s]!, 1000)),
      outcome: (_r, v, d) => (sum(d) === v ? { tier: `s${v}` } : null) }),
    // One 注 = exactly three sums; the quoted p is the average over all packs (3/28), odds are site config.
    poolPlay({ ...h('TMBS', '特码包三', '特码'), k: 3, values: SUMS, maxPick: 3, tiers: [tier(WIN, '中奖', 3, 28)],
      hitSet: (d) => new Set([sum(d)]), tierOfHits: (m) => (m === 1 ? WIN : null) }),
    valueSetPlay({ ...h('LM', '两面', '两面'), rows: [row('两面', range(0, 9), 1, 10, LM_LABELS)],
      // 极值 tiers quote rule A (0–5 / 22–27).
      tiers: LM_IDS.map((id, i) => tier(id, LM_LABELS[i]!, lmWays[i]!, 1000)),
      outcome: (_r, code, d, flags) => lmOutcome(code, d, flags) }),
    valueSetPlay({ ...h('BS', '波色', '波色'), rows: [row('波色', [0, 1, 2], 1, 3, ['红波', '绿波', '蓝波'])],
      tiers: [tier('red', '红波', waysOf((s) => RED.includes(s)), 1000), tier('green', '绿波', waysOf((s) => GREEN.includes(s)), 1000),
        tier('blue', '蓝波', waysOf((s) => BLUE.includes(s)), 1000)],
      // 0, 13, 14 and 27 have no colour: every colour bet loses.
      outcome: (_r, code, d) => ([RED, GREEN, BLUE][code]!.includes(sum(d)) ? { tier: ['red', 'green', 'blue'][code]! } : null) }),
    valueSetPlay({ ...h('XT', '豹子对子顺子', '形态'), rows: [row('形态', [0, 1, 2], 1, 3, ['豹子', '对子', '顺子'])],
      tiers: [tier('triple', '豹子', 10, 1000), tier('pair', '对子', 270, 1000), tier('straight', '顺子', 60, 1000)],
      outcome: (_r, code, d, flags) => {
        const s = shape3(d, flags.wrapNineZero);
        return s === [0, 2, 1][code] ? { tier: ['triple', 'pair', 'straight'][code]! } : null;
      } }),
  ];
}
