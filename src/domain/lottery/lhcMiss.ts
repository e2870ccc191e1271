/**
 * LHC plays added for issue 11 (odds model), lottery-rules.md §10.6: 生肖不中, 连肖不中, 连尾不中, 七色波 and
 * 合肖复式 (one ticket, several 合肖 lines). 49 counts like any number in the miss plays (no 和); 七色波 has
 * its own 和局; 合肖 keeps its 49 = 和 rule (§10.2).
 */
import type { Draw, PlayDef, RuleFlags, Selection } from './types.ts';
import { row, tier, valueSetPlay } from './builders.ts';
import { withHelp } from './buildersPlaces.ts';
import { choose, range } from './math.ts';
import { colourOf, COLOURS, LHC_NUMBERS, tailOf, ZODIACS, zodiacOf } from './lhcAttrs.ts';
import { allAppear } from './lhcCombo.ts';
import { LHC_DRAWS_6_1, noSetAppears, sevenWaveWays, sevenWaveWinner } from './lhcOdds.ts';

const F = 'LHC' as const;
const CN = ['', '一', '二', '三', '四', '五', '六', '七', '八', '九', '十', '十一'];
const TAILS = range(0, 9).map((t) => `${t}尾`);

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
const reduced = (num: number, den: number): [number, number] => [
  num / gcd(num, den),
  den / gcd(num, den),
];

/** 生肖不中 (一肖不中): one line per zodiac, winning when none of the 7 numbers carries it. */
function zodiacMiss(): PlayDef {
  return withHelp(
    valueSetPlay({
      family: F,
      code: 'SXBZ',
      nameZh: '生肖不中',
      group: '生肖',
      model: 'odds',
      rows: [row('生肖', range(0, 11), 1, 12, ZODIACS)],
      tiers: [
        tier('zodiac', '生肖', ...noSetAppears([4])),
        tier('yearAnimal', '本命肖', ...noSetAppears([5])),
      ],
      outcome: (_r, z, d, f) =>
        d.every((n) => zodiacOf(n, f.lhcZodiacYear) !== z)
          ? { tier: z === f.lhcZodiacYear ? 'yearAnimal' : 'zodiac' }
          : null,
    }),
    '每个生肖为一注，开奖的7个号码（6个正码和特码）都不属于该生肖即中奖；49照常计算，不算和局；本命肖有5个号码，赔率另计',
  );
}

/** 连肖不中 / 连尾不中: k zodiacs (tails) all absent from the 7; lines C(n,k), like 连肖 / 连尾 (§10.3). */
function linkedMiss(): PlayDef[] {
  const zodiacs = range(2, 5).map((k) =>
    allAppear({
      code: `LXBZ${k}`,
      nameZh: `${CN[k]}连肖不中`,
      group: '生肖',
      k,
      miss: true,
      values: range(0, 11),
      labels: ZODIACS,
      oddNameZh: '含本命肖',
      present: (d, f) => new Set(d.map((n) => zodiacOf(n, f.lhcZodiacYear))),
      odd: (f) => f.lhcZodiacYear,
      p: noSetAppears(Array<number>(k).fill(4)),
      pOdd: noSetAppears([5, ...Array<number>(k - 1).fill(4)]),
      helpZh: `选${k}至12个生肖，每${k}个生肖组成一注；该注${k}个生肖在开奖的7个号码中一个都没有出现即中奖；含本命肖的注赔率另计，49照常计算`,
    }),
  );
  const tails = range(2, 5).map((k) =>
    allAppear({
      code: `LWBZ${k}`,
      nameZh: `${CN[k]}连尾不中`,
      group: '尾数',
      k,
      miss: true,
      values: range(0, 9),
      labels: TAILS,
      oddNameZh: '含0尾',
      present: (d) => new Set(d.map(tailOf)),
      odd: () => 0,
      p: noSetAppears(Array<number>(k).fill(5)),
      pOdd: noSetAppears([4, ...Array<number>(k - 1).fill(5)]),
      helpZh: `选${k}至10个尾数，每${k}个尾数组成一注；该注${k}个尾数在开奖的7个号码的尾数中一个都没有出现即中奖；含0尾的注赔率另计，49照常计算`,
    }),
  );
  return [...zodiacs, ...tails];
}

const SEVEN_WAVE_LABELS = [...COLOURS.map((c) => `${c}波`), '和局'];

/** 七色波: the colour with most weight among the 7 (regulars 1, special 1.5) wins; 3 + 3 regulars and the special in the third colour is 和局. */
function sevenWave(): PlayDef {
  const ways = sevenWaveWays(
    COLOURS.map((_c, i) => LHC_NUMBERS.filter((n) => colourOf(n) === i).length),
  );
  const winner = (d: Draw) => {
    const regular = [0, 0, 0];
    for (const n of d.slice(0, 6)) regular[colourOf(n)]!++;
    return sevenWaveWinner(regular, colourOf(d[6]!));
  };
  return withHelp(
    valueSetPlay({
      family: F,
      code: 'QSB',
      nameZh: '七色波',
      group: '色波',
      model: 'odds',
      rows: [row('七色波', range(0, 3), 1, 4, SEVEN_WAVE_LABELS)],
      // 红/蓝/绿 are refunded on 和局, so their p is over the draws that are not 和局; 和局 itself never refunds.
      tiers: [
        ...COLOURS.map((c, i) =>
          tier(`c${i}`, `${c}波`, ...reduced(ways.wins[i]!, LHC_DRAWS_6_1 - ways.tie)),
        ),
        tier('tie', '和局', ...reduced(ways.tie, LHC_DRAWS_6_1)),
      ],
      outcome: (_r, v, d) => {
        const w = winner(d);
        if (v === 3) return w === 'tie' ? { tier: 'tie' } : null;
        if (w === 'tie') return 'refund';
        return w === v ? { tier: `c${v}` } : null;
      },
    }),
    '以开奖的7个号码的波色计：6个正码各算1个，特码算1.5个，哪种波色最多即该波色中奖；6个正码为3个和3个两种波色、特码为第三种波色时为和局，红蓝绿波退回本金，投注和局者中奖',
  );
}

/**
 * 合肖复式: choose the 合肖 size k (2–11) and n ≥ k zodiacs; every k of them is one 合肖 line (C(n,k)
 * lines), each settled like 合肖: it wins when the special's zodiac is among its k, and is 和 on 49.
 * A line is the bit mask of its k zodiacs.
 */
function hexiaoCompound(): PlayDef {
  const sizeOf = (sel: Selection): number => sel.rows[0]![0]!;
  const maskOf = (zs: readonly number[]): number => zs.reduce((m, z) => m | (1 << z), 0);
  const popcount = (m: number): number => range(0, 11).filter((z) => (m >> z) & 1).length;
  const lineOutcome = (mask: number, d: Draw, f: RuleFlags) => {
    if (d[6] === 49) return 'refund' as const;
    return (mask >> zodiacOf(d[6]!, f.lhcZodiacYear)) & 1 ? { tier: `k${popcount(mask)}` } : null;
  };
  return withHelp(
    {
      family: F,
      code: 'HXFS',
      nameZh: '合肖复式',
      group: '生肖',
      model: 'odds',
      input: 'rows',
      rows: [
        row(
          '合肖',
          range(2, 11),
          1,
          1,
          range(2, 11).map((k) => `${CN[k]}肖`),
        ),
        row('生肖', range(0, 11), 2, 12, ZODIACS),
      ],
      tiers: range(2, 11).map((k) => tier(`k${k}`, `${k}肖`, 4 * k, 48)),
      check: (sel) =>
        sel.rows[1]!.length < sizeOf(sel)
          ? `${CN[sizeOf(sel)]}肖合肖至少选择${sizeOf(sel)}个生肖`
          : null,
      countBets: (sel) => choose(sel.rows[1]!.length, sizeOf(sel)),
      checkWin: (sel, d, f) => {
        const k = sizeOf(sel);
        const lines = choose(sel.rows[1]!.length, k);
        if (d[6] === 49) return { wins: {}, refunds: lines };
        const hit = sel.rows[1]!.includes(zodiacOf(d[6]!, f.lhcZodiacYear));
        const won = hit ? choose(sel.rows[1]!.length - 1, k - 1) : 0;
        return { wins: won > 0 ? { [`k${k}`]: won } : {}, refunds: 0 };
      },
      line: {
        size: 1,
        order: 'ordered',
        domain: () => [range(1, (1 << 12) - 1)],
        inSelection: (sel, [m]) =>
          popcount(m!) === sizeOf(sel) && (m! & ~maskOf(sel.rows[1]!)) === 0,
        outcome: (l, d, f) => lineOutcome(l[0]!, d, f),
      },
    },
    '先选合肖的生肖个数，再选生肖：所选生肖中每几个（按所选个数）组成一注合肖；特码的生肖在该注生肖之中即中奖；特码为49时为和局，退回本金',
  );
}

export function lhcMissPlays(): PlayDef[] {
  return [zodiacMiss(), ...linkedMiss(), sevenWave(), hexiaoCompound()];
}
