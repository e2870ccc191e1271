/**
 * SSC plays added for issue 11 (§3.3a): 五星一码不定位, 前四 一码/二码不定位, 任二组选单式 / 组选和值,
 * 任三直选和值 / 组选和值, 任四组选12/6/4. They join their menu groups (不定位, 任选二/三/四) after the
 * plays already there; 不定位 keeps the S9 7.0 % rebate cap of its group. Odds-model additions (§3.4b):
 * 大单/小双 (总和 and per position) and 斗牛 (牛牛, niu.ts); 组合 (§3.4c, sscCombo.ts) joins 五星/四星/前四/三星 groups.
 */
import type { PlayDef } from './types.ts';
import { patternPlay, poolPlay, row, tier, valueSetPlay, WIN, withRebateCap } from './builders.ts';
import { withHelp } from './buildersPlaces.ts';
import { DIGITS } from './digitStar.ts';
import { sum } from './math.ts';
import { niuPlay } from './niu.ts';
import { sscComboPlays } from './sscCombo.ts';
import { SSC_POSITIONS } from './ssc.ts';
import { find, three, two, withPositions } from './sscAny.ts';

const F = 'SSC' as const;
const ALL5 = [0, 1, 2, 3, 4];
const FIRST4 = [0, 1, 2, 3];
/** S9: every 不定位 play carries a 7.0 % rebate cap (ssc.ts SSC_BDW_REBATE_PERMILLE). */
const BDW_REBATE_PERMILLE = 70;

/** k-code 不定位 on a window: every chosen digit appears in it; p = P(k given digits all appear). */
function anyPlace(
  code: string,
  nameZh: string,
  window: readonly number[],
  k: number,
  p: [number, number],
  places: string,
): PlayDef {
  return withHelp(
    poolPlay({
      family: F,
      code,
      nameZh,
      group: '不定位',
      k,
      values: DIGITS,
      tiers: [tier(WIN, '中奖', p[0], p[1])],
      hitSet: (d) => new Set(window.map((i) => d[i]!)),
      tierOfHits: (m) => (m === k ? WIN : null),
    }),
    `从0–9中至少选${k}个号码，每${k}个号码为一注，${places}开奖号码包含该注${k === 1 ? '号码' : `全部${k}个号码`}（不限位置）即中奖。`,
  );
}

/** 任四 组选12/6/4 on a window of four positions (as 四星 组选12/6/4). */
const fourGroup =
  (
    code: string,
    nameZh: string,
    rowNames: string[],
    parts: { row: number; rep: number; k: number }[],
    pNum: number,
  ) =>
  (w: number[]) =>
    patternPlay({
      family: F,
      code,
      nameZh,
      group: '',
      window: w,
      values: DIGITS,
      rowNames,
      parts,
      p: [pNum, 10_000],
    });

const COMBO_LABELS = ['大单', '大双', '小单', '小双'];
const COMBO_IDS = ['bigOdd', 'bigEven', 'smallOdd', 'smallEven'];
/**
 * 大单/大双/小单/小双: 总和 (大 ≥ 23 of 0–45) and every digit (大 5–9). No value is neither side, so there is
 * no 和 on SSC. Ways: digit 3, 2, 2, 3 of 10 ({5,7,9} {6,8} {1,3} {0,2,4}); 总和 26,508 / 23,492 / 23,492 /
 * 26,508 of 10^5.
 */
function sideComboPlay(): PlayDef {
  const digitWays = [3, 2, 2, 3];
  const sumWays = [26_508, 23_492, 23_492, 26_508];
  return withHelp(
    valueSetPlay({
      family: F,
      code: 'DXDS_ZH',
      nameZh: '大单小双',
      group: '两面',
      model: 'odds',
      rows: [
        row('总和', [0, 1, 2, 3], 0, 4, COMBO_LABELS),
        ...SSC_POSITIONS.map((n) => row(n, [0, 1, 2, 3], 0, 4, COMBO_LABELS)),
      ],
      tiers: [
        ...COMBO_IDS.map((id, i) =>
          tier(`sum_${id}`, `总和${COMBO_LABELS[i]}`, sumWays[i]!, 100_000),
        ),
        ...COMBO_IDS.map((id, i) => tier(id, COMBO_LABELS[i]!, digitWays[i]!, 10)),
      ],
      outcome: (r, code, d) => {
        const v = r === 0 ? sum(d) : d[r - 1]!;
        const big = v >= (r === 0 ? 23 : 5);
        const c = (big ? 0 : 2) + (v % 2 === 1 ? 0 : 1);
        return c === code ? { tier: r === 0 ? `sum_${COMBO_IDS[code]}` : COMBO_IDS[code]! } : null;
      },
    }),
    '总和或任一位选择大单、大双、小单、小双：大小与单双同时相符即中奖。各位号码5–9为大、0–4为小；五位之和23–45为大、0–22为小；单双按奇偶。时时彩每个号码和总和都分得出大小，没有“和”。',
  );
}

/** 斗牛 ways over the 10^5 五星 draws: 无牛, 牛1…牛9, 牛牛 (tests enumerate all of them). */
const NIU_WAYS = [35_649, 6375, 6505, 6375, 6505, 6375, 6505, 6375, 6505, 6375, 6456];

const POSITIONS_HELP = '并勾选至少所需个数的位置，每种位置组合各为一组投注';

export function sscMorePlays(): PlayDef[] {
  const anyPlaces = withRebateCap(
    [
      // 1 − 0.9^5, 1 − 0.9^4, and 1 − 2·0.9^4 + 0.8^4 (exact per 10^5 / 10^4).
      anyPlace('WX_BDW1', '五星一码不定位', ALL5, 1, [40_951, 100_000], '五位'),
      anyPlace('Q4_BDW1', '前四一码不定位', FIRST4, 1, [3439, 10_000], '万千百十四位'),
      anyPlace('Q4_BDW2', '前四二码不定位', FIRST4, 2, [974, 10_000], '万千百十四位'),
    ],
    BDW_REBATE_PERMILLE,
    () => true,
  );
  return [
    ...anyPlaces,
    ...sscComboPlays(),
    sideComboPlay(),
    niuPlay(
      F,
      'NN',
      '斗牛',
      NIU_WAYS,
      100_000,
      '以万千百十个五位开奖号码斗牛：任意3位之和为10的倍数即为有牛，其余2位之和的个位数为牛几（个位为0即牛牛）；找不到这样的3位为无牛。' +
        '选择无牛、牛1–牛9或牛牛，与开奖结果相同即中奖。',
    ),
    withHelp(
      withPositions(2, '任选二', 'RX2_ZUXDS', (w) => find(two(w), 'ZUXDS')),
      `手动输入两个不同数字为一注，${POSITIONS_HELP}；所选两位开奖号码与该注相同（不计顺序）即中奖。`,
    ),
    withHelp(
      withPositions(2, '任选二', 'RX2_ZUXHZ', (w) => find(two(w), 'ZUXHZ')),
      `选择和值（1–17），${POSITIONS_HELP}；所选两位开奖号码之和等于所选和值且两数不同即中奖。`,
    ),
    withHelp(
      withPositions(3, '任选三', 'RX3_ZXHZ', (w) => find(three(w), 'ZXHZ')),
      `选择和值（0–27），${POSITIONS_HELP}；所选三位开奖号码按位置构成和值所含的任一注即中奖。`,
    ),
    withHelp(
      withPositions(3, '任选三', 'RX3_ZUXHZ', (w) => find(three(w), 'ZUXHZ')),
      `选择和值（1–26），${POSITIONS_HELP}；所选三位开奖号码之和等于所选和值（组三或组六，豹子除外）即中奖，按组三、组六分别派奖。`,
    ),
    withHelp(
      withPositions(
        4,
        '任选四',
        'RX4_ZX12',
        fourGroup(
          'X',
          '组选12',
          ['二重号', '单号'],
          [
            { row: 0, rep: 2, k: 1 },
            { row: 1, rep: 1, k: 2 },
          ],
          12,
        ),
      ),
      `选1个二重号和2个单号，${POSITIONS_HELP}；所选四位开奖号码为该二重号两次加两个单号（不计顺序）即中奖。`,
    ),
    withHelp(
      withPositions(
        4,
        '任选四',
        'RX4_ZX6',
        fourGroup('X', '组选6', ['二重号'], [{ row: 0, rep: 2, k: 2 }], 6),
      ),
      `选2个二重号，${POSITIONS_HELP}；所选四位开奖号码为这两个号码各两次（不计顺序）即中奖。`,
    ),
    withHelp(
      withPositions(
        4,
        '任选四',
        'RX4_ZX4',
        fourGroup(
          'X',
          '组选4',
          ['三重号', '单号'],
          [
            { row: 0, rep: 3, k: 1 },
            { row: 1, rep: 1, k: 1 },
          ],
          4,
        ),
      ),
      `选1个三重号和1个单号，${POSITIONS_HELP}；所选四位开奖号码为该三重号三次加该单号（不计顺序）即中奖。`,
    ),
  ];
}
