/** SYX5 11选5 (5 of 01–11 in draw order), §6. */
import type { PlayDef } from './types.ts';
import {
  directPlay,
  entriesPlay,
  poolPlay,
  row,
  tier,
  valueSetPlay,
  WIN,
  windowKeyPlay,
} from './builders.ts';
import { attrMixPlay, setEntriesPlay, withHelp } from './buildersPlaces.ts';
import { choose, combinations, range, sum } from './math.ts';
import { syx5CreditPlays } from './syx5Credit.ts';
import { syx5MorePlays } from './syx5More.ts';

const F = 'SYX5' as const;
export const BALLS_11 = range(1, 11);
const POS = ['第一位', '第二位', '第三位', '第四位', '第五位'];
/** Unordered draws (462) — used to tabulate exact probabilities of order-free attributes. */
export const SYX5_SETS = combinations(BALLS_11, 5);

function windowPlays(prefix: string, group: string, window: number[]): PlayDef[] {
  const k = window.length;
  const directDen = k === 3 ? 990 : 110;
  const groupNum = k === 3 ? 6 : 2;
  const h = (code: string, nameZh: string) => ({
    family: F,
    code: `${prefix}_${code}`,
    nameZh,
    group,
  });
  const winSet = (d: readonly number[]) => new Set(window.map((i) => d[i]!));
  return [
    directPlay({
      ...h('ZXFS', '直选复式'),
      window,
      rowNames: window.map((i) => POS[i]!),
      values: BALLS_11,
      distinct: true,
      p: [1, directDen],
    }),
    entriesPlay({
      ...h('ZXDS', '直选单式'),
      window,
      values: BALLS_11,
      match: 'exact',
      tiers: [tier(WIN, '中奖', 1, directDen)],
      tierOf: () => WIN,
      entryValid: (e) => new Set(e).size === e.length,
    }),
    poolPlay({
      ...h('ZUXFS', '组选复式'),
      k,
      values: BALLS_11,
      tiers: [tier(WIN, '中奖', groupNum, directDen)],
      hitSet: winSet,
      tierOfHits: (m) => (m === k ? WIN : null),
    }),
    poolPlay({
      ...h('ZUXDT', '组选胆拖'),
      k,
      values: BALLS_11,
      bankerDrag: true,
      tiers: [tier(WIN, '中奖', groupNum, directDen)],
      hitSet: winSet,
      tierOfHits: (m) => (m === k ? WIN : null),
    }),
    withHelp(
      entriesPlay({
        ...h('ZUXDS', '组选单式'),
        window,
        values: BALLS_11,
        match: 'multiset',
        tiers: [tier(WIN, '中奖', groupNum, directDen)],
        tierOf: () => WIN,
        entryValid: (e) => new Set(e).size === e.length,
      }),
      `手动输入${k}个不同号码为一注，开奖${group}号码与所输号码相同（不计顺序）即中奖。`,
    ),
  ];
}

/** 任选N中M: win probability per line and the hits a line needs (N ≤ 5: all N; N > 5: all 5 drawn). */
const ANY_N: [number, string, number, number][] = [
  [1, '任选一中一', 5, 11],
  [2, '任选二中二', 10, 55],
  [3, '任选三中三', 10, 165],
  [4, '任选四中四', 5, 330],
  [5, '任选五中五', 1, 462],
  [6, '任选六中五', 6, 462],
  [7, '任选七中五', 21, 462],
  [8, '任选八中五', 56, 462],
];

function anyPlays(): PlayDef[] {
  return ANY_N.flatMap(([n, nameZh, pNum, pDen]) => {
    const need = Math.min(n, 5);
    const base = {
      family: F,
      k: n,
      values: BALLS_11,
      tiers: [tier(WIN, '中奖', pNum, pDen)],
      hitSet: (d: readonly number[]) => new Set(d),
      tierOfHits: (m: number) => (m === need ? WIN : null),
    };
    const plain = poolPlay({ ...base, code: `RX${n}`, nameZh, group: '任选复式' });
    const single = withHelp(
      setEntriesPlay({ ...base, code: `RX${n}_DS`, nameZh: `${nameZh}单式`, group: '任选单式' }),
      n <= 5
        ? `手动输入${n}个不同号码为一注，所输号码全部在开奖的5个号码中即中奖。`
        : `手动输入${n}个不同号码为一注，开奖的5个号码全部在所输号码中即中奖。`,
    );
    return n === 1
      ? [plain, single]
      : [
          plain,
          poolPlay({
            ...base,
            code: `RX${n}_DT`,
            nameZh: `${nameZh}胆拖`,
            group: '任选胆拖',
            bankerDrag: true,
          }),
          single,
        ];
  });
}

const ODD_LABELS = range(0, 5).map((o) => `${o}单${5 - o}双`);
const MEDIANS = range(3, 9);

function funPlays(): PlayDef[] {
  const oddWays = range(0, 5).map((o) => choose(6, o) * choose(5, 5 - o));
  const medianWays = MEDIANS.map((m) => SYX5_SETS.filter((s) => s[2] === m).length);
  return [
    valueSetPlay({
      family: F,
      code: 'DDS',
      nameZh: '定单双',
      group: '趣味',
      model: 'prizeGroup',
      rows: [row('单双', range(0, 5), 1, 6, ODD_LABELS)],
      tiers: range(0, 5).map((o) => tier(`odd${o}`, ODD_LABELS[o]!, oddWays[o]!, 462)),
      outcome: (_r, v, d) =>
        d.filter((x) => x % 2 === 1).length === v ? { tier: `odd${v}` } : null,
    }),
    valueSetPlay({
      family: F,
      code: 'CZW',
      nameZh: '猜中位',
      group: '趣味',
      model: 'prizeGroup',
      rows: [row('中位', MEDIANS)],
      tiers: MEDIANS.map((m, i) => tier(`m${m}`, `中位${m}`, medianWays[i]!, 462)),
      outcome: (_r, v, d) => ([...d].sort((a, b) => a - b)[2] === v ? { tier: `m${v}` } : null),
    }),
  ];
}

/** 中三 直选和值 and 中三 大小单双 (大 06–11, 小 01–05, 单/双 by parity: every ball has a side, no 和). */
function middleThreePlays(): PlayDef[] {
  const window = [1, 2, 3];
  const distinct = (t: readonly number[]): boolean => new Set(t).size === t.length;
  return [
    withHelp(
      windowKeyPlay({
        family: F,
        code: 'Z3_ZXHZ',
        nameZh: '直选和值',
        group: '中三',
        window,
        values: BALLS_11,
        order: 'ordered',
        keys: range(6, 30),
        keyName: '和值',
        keysOf: (t) => [sum(t)],
        valid: distinct,
        tiers: [tier(WIN, '中奖', 1, 990)],
        tierOf: () => WIN,
      }),
      '选择和值（6–30），所选和值包含的每一组第二、三、四位号码（按位置顺序）为一注，开奖中三号码按位置与其中一注相同即中奖。',
    ),
    withHelp(
      attrMixPlay({
        family: F,
        code: 'Z3_DXDS',
        nameZh: '大小单双',
        group: '中三',
        window,
        rowNames: POS.slice(1, 4),
        values: BALLS_11,
        codes: [0, 1, 2, 3],
        labels: ['大', '小', '单', '双'],
        holds: (c, v) => [v >= 6, v <= 5, v % 2 === 1, v % 2 === 0][c]!,
      }),
      '第二、三、四位各选大(06–11)、小(01–05)、单、双中的属性，三位开奖号码的属性都与所选相符即中奖；奖金按所选属性组合计算。',
    ),
  ];
}

export function syx5Plays(): PlayDef[] {
  return [
    ...windowPlays('Q3', '前三', [0, 1, 2]),
    ...windowPlays('Z3', '中三', [1, 2, 3]),
    ...middleThreePlays(),
    ...windowPlays('H3', '后三', [2, 3, 4]),
    ...windowPlays('Q2', '前二', [0, 1]),
    ...windowPlays('H2', '后二', [3, 4]),
    poolPlay({
      family: F,
      code: 'Q3_BDW',
      nameZh: '前三不定位',
      group: '不定位',
      k: 1,
      values: BALLS_11,
      tiers: [tier(WIN, '中奖', 3, 11)],
      hitSet: (d) => new Set(d.slice(0, 3)),
      tierOfHits: (m) => (m === 1 ? WIN : null),
    }),
    valueSetPlay({
      family: F,
      code: 'DWD',
      nameZh: '定位胆',
      group: '定位胆',
      model: 'prizeGroup',
      rows: POS.map((n) => row(n, BALLS_11, 0)),
      tiers: [tier(WIN, '中奖', 1, 11)],
      outcome: (r, v, d) => (d[r] === v ? { tier: WIN } : null),
    }),
    ...anyPlays(),
    ...funPlays(),
    ...syx5MorePlays(),
    ...syx5CreditPlays(),
  ];
}
