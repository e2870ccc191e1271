/** PK10 PK拾 / 赛车 / 飞艇 (permutation of 01–10), §7. */
import type { PlayDef } from './types.ts';
import {
  directPlay,
  entriesPlay,
  poolPlay,
  reprice,
  row,
  tier,
  valueSetPlay,
  WIN,
  withTiersFor,
} from './builders.ts';
import { range } from './math.ts';
import { placesHitPlay, withHelp } from './buildersPlaces.ts';

const F = 'PK10' as const;
const CARS = range(1, 10);
export const PK10_POSITIONS = [
  '冠军',
  '亚军',
  '季军',
  '第四名',
  '第五名',
  '第六名',
  '第七名',
  '第八名',
  '第九名',
  '第十名',
];
/** 冠亚和 3–19: ordered pairs of distinct cars (of 90). */
export const GY_SUM_WAYS = [2, 2, 4, 4, 6, 6, 8, 8, 10, 8, 8, 6, 6, 4, 4, 2, 2];

function officialPlays(): PlayDef[] {
  const guess: [number, string, string, number][] = [
    [2, 'QE', '猜前二', 90],
    [3, 'QS', '猜前三', 720],
    [4, 'QSI', '猜前四', 5040],
    [5, 'QW', '猜前五', 30_240],
  ];
  return [
    valueSetPlay({
      family: F,
      code: 'DWD',
      nameZh: '定位胆',
      group: '定位胆',
      model: 'prizeGroup',
      rows: PK10_POSITIONS.map((n) => row(n, CARS, 0)),
      tiers: [tier(WIN, '中奖', 1, 10)],
      outcome: (r, v, d) => (d[r] === v ? { tier: WIN } : null),
    }),
    poolPlay({
      family: F,
      code: 'GJ',
      nameZh: '猜冠军',
      group: '猜冠军',
      k: 1,
      values: CARS,
      tiers: [tier(WIN, '中奖', 1, 10)],
      hitSet: (d) => new Set([d[0]!]),
      tierOfHits: (m) => (m === 1 ? WIN : null),
    }),
    ...guess.flatMap(([k, code, nameZh, den]) => {
      const window = range(0, k - 1);
      const direct = directPlay({
        family: F,
        code: `${code}_FS`,
        nameZh: `${nameZh}复式`,
        group: nameZh,
        window,
        rowNames: PK10_POSITIONS.slice(0, k),
        values: CARS,
        distinct: true,
        p: [1, den],
      });
      const single = entriesPlay({
        family: F,
        code: `${code}_DS`,
        nameZh: `${nameZh}单式`,
        group: nameZh,
        window,
        values: CARS,
        match: 'exact',
        tiers: [tier(WIN, '中奖', 1, den)],
        tierOf: () => WIN,
        entryValid: (e) => new Set(e).size === e.length,
      });
      const byPlaces = withHelp(
        placesHitPlay({
          family: F,
          code: `${code}_AW`,
          nameZh: `${nameZh}按位`,
          group: nameZh,
          k,
          values: CARS,
          rowNames: PK10_POSITIONS.slice(0, k),
        }),
        `从${PK10_POSITIONS.slice(0, k).join('、')}各选号码（同一注号码不重复），按猜中的名次个数派奖：猜中越多奖金越高，猜中1位即中奖。`,
      );
      return [direct, single, byPlaces];
    }),
  ];
}

const BSOE = ['大', '小', '单', '双'];
const GY_IDS = ['gyBig', 'gySmall', 'gyOdd', 'gyEven'];
const POS_IDS = ['big', 'small', 'odd', 'even'];
/** 冠亚和 tiers quote the no-tie convention (大 40/90, 小 50/90, 单 50/90, 双 40/90). */
const LM_TIERS = [
  ...GY_IDS.map((id, i) => tier(id, `冠亚${BSOE[i]}`, [40, 50, 50, 40][i]!, 90)),
  ...POS_IDS.map((id, i) => tier(id, BSOE[i]!, 1, 2)),
];

function creditPlays(): PlayDef[] {
  const h = (code: string, nameZh: string, group: string) => ({
    family: F,
    code,
    nameZh,
    group,
    model: 'odds' as const,
  });
  return [
    withTiersFor(
      valueSetPlay({
        ...h('LM', '两面', '两面'),
        rows: [
          row('冠亚和', [0, 1, 2, 3], 0, 4, BSOE),
          ...PK10_POSITIONS.map((n) => row(n, [0, 1, 2, 3], 0, 4, BSOE)),
        ],
        tiers: LM_TIERS,
        outcome: (r, code, d, flags) => {
          if (r === 0) {
            const s = d[0]! + d[1]!;
            if (s === 11 && flags.pk10GySumElevenTie) return 'refund'; // "等于11视为和，不计算输赢"
            return [s >= 12, s <= 11, s % 2 === 1, s % 2 === 0][code]
              ? { tier: GY_IDS[code]! }
              : null;
          }
          const v = d[r - 1]!;
          return [v >= 6, v <= 5, v % 2 === 1, v % 2 === 0][code] ? { tier: POS_IDS[code]! } : null;
        },
      }),
      // With 11 as 和 every 冠亚和 side resolves on the other 80 pairs: 40 each.
      (f) =>
        f.pk10GySumElevenTie
          ? reprice(LM_TIERS, Object.fromEntries(GY_IDS.map((id) => [id, [40, 80] as const])))
          : LM_TIERS,
    ),
    valueSetPlay({
      ...h('LH', '龙虎', '两面'),
      rows: range(0, 4).map((i) =>
        row(`${PK10_POSITIONS[i]}VS${PK10_POSITIONS[9 - i]}`, [0, 1], 0, 2, ['龙', '虎']),
      ),
      tiers: [tier('dragon', '龙', 1, 2), tier('tiger', '虎', 1, 2)],
      outcome: (r, code, d) =>
        (code === 0 ? d[r]! > d[9 - r]! : d[r]! < d[9 - r]!)
          ? { tier: code === 0 ? 'dragon' : 'tiger' }
          : null,
    }),
    valueSetPlay({
      ...h('HM', '号码', '号码'),
      rows: PK10_POSITIONS.map((n) => row(n, CARS, 0)),
      tiers: [tier('number', '号码', 1, 10)],
      outcome: (r, v, d) => (d[r] === v ? { tier: 'number' } : null),
    }),
    valueSetPlay({
      ...h('GYH', '冠亚和', '冠亚和'),
      rows: [row('冠亚和', range(3, 19))],
      tiers: range(3, 19).map((s, i) => tier(`s${s}`, `和${s}`, GY_SUM_WAYS[i]!, 90)),
      outcome: (_r, v, d) => (d[0]! + d[1]! === v ? { tier: `s${v}` } : null),
    }),
  ];
}

export function pk10Plays(): PlayDef[] {
  return [...officialPlays(), ...creditPlays()];
}
