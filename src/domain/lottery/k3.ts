/** K3 快3 (three dice), §5. Official plays use the prize-group model; dice plays use odds. */
import type { PlayDef, TierDef } from './types.ts';
import { patternPlay, poolPlay, row, tier, valueSetPlay, WIN, withTiersFor } from './builders.ts';
import { counts, range, sum } from './math.ts';
import { withHelp } from './buildersPlaces.ts';

const F = 'K3' as const;
const DICE = range(1, 6);
const SUMS = range(3, 18);
/** 三连号单选: a straight by its lowest die (123 … 456). */
const STRAIGHT_LOWS = [1, 2, 3, 4];
/** Ordered outcomes (of 216) per sum 3–18. */
export const K3_SUM_WAYS = [1, 3, 6, 10, 15, 21, 25, 27, 27, 25, 21, 15, 10, 6, 3, 1];
const isTriple = (d: readonly number[]): boolean => counts(d).size === 1;
const isStraight = (d: readonly number[]): boolean => {
  const s = [...d].sort((a, b) => a - b);
  return s[1] === s[0]! + 1 && s[2] === s[1]! + 1;
};
const distinctDice = (d: readonly number[]): Set<number> | null =>
  new Set(d).size === 3 ? new Set(d) : null;

/** At least two dice show v (three only when the triple counts, 二同号复选 / 对子). */
const pairWins = (d: readonly number[], v: number, includeTriple: boolean): boolean => {
  const n = counts(d).get(v) ?? 0;
  return includeTriple ? n >= 2 : n === 2;
};
/** Point-sum tiers; with the triple kill the six sums a triple makes lose that way (3 and 18 nominal). */
const sumTiers = (tripleKill: boolean): TierDef[] =>
  SUMS.map((s, i) => {
    const ways = K3_SUM_WAYS[i]! - (tripleKill && s % 3 === 0 && s !== 3 && s !== 18 ? 1 : 0);
    return tier(`s${s}`, `和值${s}`, ways, 216);
  });

function officialPlays(): PlayDef[] {
  const h = (code: string, nameZh: string, group: string) => ({ family: F, code, nameZh, group });
  return [
    valueSetPlay({
      ...h('HZ', '和值', '和值'),
      model: 'prizeGroup',
      rows: [row('和值', SUMS)],
      tiers: SUMS.map((s, i) => tier(`s${s}`, `和值${s}`, K3_SUM_WAYS[i]!, 216)),
      outcome: (_r, v, d) => (sum(d) === v ? { tier: `s${v}` } : null),
    }),
    valueSetPlay({
      ...h('STHTX', '三同号通选', '三同号'),
      model: 'prizeGroup',
      rows: [row('三同号通选', [0], 1, 1, ['三同号通选'])],
      tiers: [tier(WIN, '中奖', 6, 216)],
      outcome: (_r, _v, d) => (isTriple(d) ? { tier: WIN } : null),
    }),
    valueSetPlay({
      ...h('STHDX', '三同号单选', '三同号'),
      model: 'prizeGroup',
      rows: [
        row(
          '三同号',
          DICE,
          1,
          6,
          DICE.map((v) => `${v}${v}${v}`),
        ),
      ],
      tiers: [tier(WIN, '中奖', 1, 216)],
      outcome: (_r, v, d) => (d.every((x) => x === v) ? { tier: WIN } : null),
    }),
    poolPlay({
      ...h('SBTH', '三不同号', '三不同号'),
      k: 3,
      values: DICE,
      tiers: [tier(WIN, '中奖', 6, 216)],
      hitSet: distinctDice,
      tierOfHits: (m) => (m === 3 ? WIN : null),
    }),
    poolPlay({
      ...h('SBTH_DT', '三不同号胆拖', '三不同号'),
      k: 3,
      values: DICE,
      bankerDrag: true,
      tiers: [tier(WIN, '中奖', 6, 216)],
      hitSet: distinctDice,
      tierOfHits: (m) => (m === 3 ? WIN : null),
    }),
    valueSetPlay({
      ...h('SLHTX', '三连号通选', '三连号'),
      model: 'prizeGroup',
      rows: [row('三连号通选', [0], 1, 1, ['三连号通选'])],
      tiers: [tier(WIN, '中奖', 24, 216)],
      outcome: (_r, _v, d) => (isStraight(d) ? { tier: WIN } : null),
    }),
    withHelp(
      valueSetPlay({
        ...h('SLHDX', '三连号单选', '三连号'),
        model: 'prizeGroup',
        rows: [
          row(
            '三连号',
            STRAIGHT_LOWS,
            1,
            4,
            STRAIGHT_LOWS.map((v) => `${v}${v + 1}${v + 2}`),
          ),
        ],
        tiers: [tier(WIN, '中奖', 6, 216)],
        outcome: (_r, v, d) =>
          [...d].sort((a, b) => a - b).every((x, i) => x === v + i) ? { tier: WIN } : null,
      }),
      '从123、234、345、456中选择，开奖三个号码（不计顺序）与所选三连号相同即中奖。',
    ),
    withTiersFor(
      valueSetPlay({
        ...h('ETHFX', '二同号复选', '二同号'),
        model: 'prizeGroup',
        rows: [
          row(
            '二同号',
            DICE,
            1,
            6,
            DICE.map((v) => `${v}${v}*`),
          ),
        ],
        tiers: [tier(WIN, '中奖', 16, 216)],
        outcome: (_r, v, d, f) => (pairWins(d, v, f.k3PairIncludesTriple) ? { tier: WIN } : null),
      }),
      // Without the triple a pair digit wins 15 of 216 draws.
      (f) => [tier(WIN, '中奖', f.k3PairIncludesTriple ? 16 : 15, 216)],
    ),
    patternPlay({
      ...h('ETHDX', '二同号单选', '二同号'),
      window: [0, 1, 2],
      values: DICE,
      rowNames: ['同号', '不同号'],
      parts: [
        { row: 0, rep: 2, k: 1 },
        { row: 1, rep: 1, k: 1 },
      ],
      p: [3, 216],
    }),
    poolPlay({
      ...h('EBTH', '二不同号', '二不同号'),
      k: 2,
      values: DICE,
      tiers: [tier(WIN, '中奖', 30, 216)],
      hitSet: (d) => new Set(d),
      tierOfHits: (m) => (m === 2 ? WIN : null),
    }),
    poolPlay({
      ...h('EBTH_DT', '二不同号胆拖', '二不同号'),
      k: 2,
      values: DICE,
      bankerDrag: true,
      tiers: [tier(WIN, '中奖', 30, 216)],
      hitSet: (d) => new Set(d),
      tierOfHits: (m) => (m === 2 ? WIN : null),
    }),
    poolPlay({
      ...h('DTYS', '单挑一骰', '单挑一骰'),
      k: 1,
      values: DICE,
      tiers: [tier(WIN, '中奖', 91, 216)],
      hitSet: (d) => new Set(d),
      tierOfHits: (m) => (m === 1 ? WIN : null),
    }),
  ];
}

const BSOE = ['大', '小', '单', '双'];
const BSOE_IDS = ['big', 'small', 'odd', 'even'];

/** Credit / dice plays (odds model): 和值大小单双, 独胆, 围骰, 全骰, 两连 (长牌), 对子 (短牌). */
function dicePlays(): PlayDef[] {
  const h = (code: string, nameZh: string) => ({
    family: F,
    code,
    nameZh,
    group: '骰宝',
    model: 'odds' as const,
  });
  return [
    // 和值 on the odds sheet (§5.1: S12 / S13 sheets), next to the prize-group 和值 (HZ).
    // Under k3SumTripleKill a triple makes every point sum lose: 6, 9, 12 and 15 lose one way each, and 3
    // and 18 (only ever a triple) are not sold (their tiers keep a nominal p and are never quoted).
    {
      ...withTiersFor(
        valueSetPlay({
          ...h('SBHZ', '和值'),
          rows: [row('和值', SUMS)],
          tiers: sumTiers(false),
          outcome: (_r, v, d, f) =>
            sum(d) === v && !(f.k3SumTripleKill && isTriple(d)) ? { tier: `s${v}` } : null,
        }),
        (f) => sumTiers(f.k3SumTripleKill),
      ),
      checkUnder: (sel, f) =>
        f.k3SumTripleKill && sel.rows[0]!.some((v) => v === 3 || v === 18)
          ? '豹子通杀：和值3和18不开售'
          : null,
    },
    withTiersFor(
      valueSetPlay({
        ...h('HZDXDS', '和值大小单双'),
        rows: [row('和值', [0, 1, 2, 3], 1, 4, BSOE)],
        tiers: BSOE_IDS.map((id, i) => tier(id, BSOE[i]!, 108, 216)),
        outcome: (_r, code, d, f) => {
          if (f.k3TripleKill && isTriple(d)) return null; // 通杀: a triple makes 大/小/单/双 lose
          const s = sum(d);
          const hit = [s >= 11, s <= 10, s % 2 === 1, s % 2 === 0][code];
          return hit ? { tier: BSOE_IDS[code]! } : null;
        },
      }),
      // 通杀: three of each side's 108 draws are triples.
      (f) => BSOE_IDS.map((id, i) => tier(id, BSOE[i]!, f.k3TripleKill ? 105 : 108, 216)),
    ),
    poolPlay({
      ...h('DD', '独胆'),
      k: 1,
      values: DICE,
      tiers: [tier(WIN, '中奖', 91, 216)],
      hitSet: (d) => new Set(d),
      tierOfHits: (m) => (m === 1 ? WIN : null),
    }),
    // 独胆 paid per occurrence (§5.2 credit variant): 1, 2 or 3 dice showing the number. The tiers keep the
    // classic 1:1 / 1:2 / 1:3 ratio (decimal 2 : 3 : 4) and split the line's return 150 : 45 : 4.
    valueSetPlay({
      ...h('DDCS', '独胆(按次)'),
      rows: [row('号码', DICE)],
      tiers: [
        { ...tier('k1', '出现1次', 75, 216), share: [150, 199] },
        { ...tier('k2', '出现2次', 15, 216), share: [45, 199] },
        { ...tier('k3', '出现3次', 1, 216), share: [4, 199] },
      ],
      outcome: (_r, v, d) => {
        const n = counts(d).get(v) ?? 0;
        return n > 0 ? { tier: `k${n}` } : null;
      },
    }),
    valueSetPlay({
      ...h('WS', '围骰'),
      rows: [
        row(
          '围骰',
          DICE,
          1,
          6,
          DICE.map((v) => `${v}${v}${v}`),
        ),
      ],
      tiers: [tier(WIN, '中奖', 1, 216)],
      outcome: (_r, v, d) => (d.every((x) => x === v) ? { tier: WIN } : null),
    }),
    valueSetPlay({
      ...h('QS', '全骰'),
      rows: [row('全骰', [0], 1, 1, ['全骰'])],
      tiers: [tier(WIN, '中奖', 6, 216)],
      outcome: (_r, _v, d) => (isTriple(d) ? { tier: WIN } : null),
    }),
    poolPlay({
      ...h('LL', '两连'),
      k: 2,
      values: DICE,
      tiers: [tier(WIN, '中奖', 30, 216)],
      hitSet: (d) => new Set(d),
      tierOfHits: (m) => (m === 2 ? WIN : null),
    }),
    // 对子 follows the 二同号复选 flag: with the triple 16 of 216 draws, without it 15.
    withTiersFor(
      valueSetPlay({
        ...h('DZ', '对子'),
        rows: [
          row(
            '对子',
            DICE,
            1,
            6,
            DICE.map((v) => `${v}${v}`),
          ),
        ],
        tiers: [tier(WIN, '中奖', 16, 216)],
        outcome: (_r, v, d, f) => (pairWins(d, v, f.k3PairIncludesTriple) ? { tier: WIN } : null),
      }),
      (f) => [tier(WIN, '中奖', f.k3PairIncludesTriple ? 16 : 15, 216)],
    ),
  ];
}

export function k3Plays(): PlayDef[] {
  return [...officialPlays(), ...dicePlays()];
}
