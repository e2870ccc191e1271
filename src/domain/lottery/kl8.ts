/** KL8 快乐8 (20 of 01–80), §8: 任选 选一…选十 (fixed-prize table, rescaled by group) and credit fun plays. */
import type { Draw, PlayDef, RuleFlags } from './types.ts';
import { poolPlay, reprice, row, tier, valueSetPlay, WIN, withTiersFor } from './builders.ts';
import { choose, range, sum } from './math.ts';

const F = 'KL8' as const;
const BALLS_80 = range(1, 80);
/** Largest compound pick per 任选 ticket (UI limit; 注数 = C(n, N)). */
export const KL8_MAX_PICK = 16;

/** Classic 北京快乐8 prize table per 2-yuan line in yuan, hits → prize (§8.2; configuration in production). */
const CLASSIC: Record<number, Record<number, number>> = {
  1: { 1: 4.6 },
  2: { 2: 19 },
  3: { 3: 53, 2: 3 },
  4: { 4: 100, 3: 5, 2: 3 },
  5: { 5: 1000, 4: 21, 3: 3 },
  6: { 6: 3000, 5: 30, 4: 10, 3: 3 },
  7: { 7: 10_000, 6: 288, 5: 28, 4: 4, 0: 2 },
  8: { 8: 50_000, 7: 800, 6: 88, 5: 10, 4: 3, 0: 2 },
  9: { 9: 300_000, 8: 2000, 7: 200, 6: 20, 5: 5, 4: 3, 0: 2 },
  10: { 10: 5_000_000, 9: 8000, 8: 800, 7: 80, 6: 5, 5: 3, 0: 2 },
};
const CN = ['', '一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];

/**
 * 选N: the classic row keeps its prize ratios and is rescaled to return exactly G/2000: tier m takes the
 * share p_m·prize_m / Σ_j p_j·prize_j of the line's return (prize_m = printed × (G/2000) / row return).
 */
function pickPlay(n: number): PlayDef {
  const table = CLASSIC[n]!;
  const hits = Object.keys(table)
    .map(Number)
    .sort((a, b) => b - a);
  // P(N, m) = C(20,m)·C(60,N−m) / C(80,N): exact integers below 2^53.
  const pNum = (m: number): number => choose(20, m) * choose(60, n - m);
  const fen = (m: number): number => Math.round(table[m]! * 100);
  const weight = hits.reduce((s, m) => s + pNum(m) * fen(m), 0);
  if (!Number.isSafeInteger(weight)) throw new Error(`KL8 选${n} table weight overflows`);
  const tiers = hits.map((m) => ({
    ...tier(`h${m}`, `选${CN[n]}中${m === 0 ? '零' : CN[m]}`, pNum(m), choose(80, n)),
    fixedPrizeFen: fen(m),
    share: [pNum(m) * fen(m), weight] as const,
  }));
  return poolPlay({
    family: F,
    code: `RX${n}`,
    nameZh: `选${CN[n]}`,
    group: '任选',
    k: n,
    values: BALLS_80,
    maxPick: KL8_MAX_PICK,
    tiers,
    hitSet: (d) => new Set(d),
    tierOfHits: (m) => (table[m] !== undefined ? `h${m}` : null),
  });
}

/** Fun-play probabilities from §8.3 (exact DP values, quoted to 6 digits; used only for default odds). */
const micro = (id: string, nameZh: string, pMicro: number) => tier(id, nameZh, pMicro, 1_000_000);

const SUM_LABELS = ['大', '小', '单', '双', '810', '大单', '大双', '小单', '小双'];
const SUM_IDS = [
  'big',
  'small',
  'odd',
  'even',
  'sum810',
  'bigOdd',
  'bigEven',
  'smallOdd',
  'smallEven',
];
const ELEMENTS: [string, number, number][] = [
  ['金', 210, 695],
  ['木', 696, 763],
  ['水', 764, 855],
  ['火', 856, 923],
  ['土', 924, 1410],
];

/** Quoted under the default 810 = 和 rule, i.e. given the sum is not 810 for 大小 and 过关. */
const SUM_TIERS = [
  micro('big', '大', 500_000),
  micro('small', '小', 500_000),
  micro('odd', '单', 500_000),
  micro('even', '双', 500_000),
  micro('sum810', '810', 4396),
  micro('bigOdd', '大单', 251_104),
  micro('bigEven', '大双', 248_896),
  micro('smallOdd', '小单', 251_104),
  micro('smallEven', '小双', 248_896),
];

function sumOutcome(code: number, d: Draw, flags: RuleFlags) {
  const s = sum(d);
  if (code === 4) return s === 810 ? { tier: 'sum810' } : null;
  // 810 voids 大/小 and the 过关 combinations under the tie rule, or makes them lose (§8.3). 单/双 settle normally.
  const sizeBased = code <= 1 || code >= 5;
  if (s === 810 && sizeBased) return flags.kl8Sum810 === 'tie' ? ('refund' as const) : null;
  const big = s > 810;
  const odd = s % 2 === 1;
  const hit = [big, !big, odd, !odd, false, big && odd, big && !odd, !big && odd, !big && !odd][
    code
  ];
  return hit ? { tier: SUM_IDS[code]! } : null;
}

function funPlays(): PlayDef[] {
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
        ...h('ZH', '总和', '趣味'),
        rows: [row('总和', range(0, 8), 1, 9, SUM_LABELS)],
        tiers: SUM_TIERS,
        outcome: (_r, code, d, flags) => sumOutcome(code, d, flags),
      }),
      // When 810 loses, 大小 and 过关 are quoted on all draws (§8.3: 0.497801, 0.250000, 0.247802).
      (f) =>
        f.kl8Sum810 === 'tie'
          ? SUM_TIERS
          : reprice(SUM_TIERS, {
              big: [497_801, 1_000_000],
              small: [497_801, 1_000_000],
              bigOdd: [250_000, 1_000_000],
              bigEven: [247_802, 1_000_000],
              smallOdd: [250_000, 1_000_000],
              smallEven: [247_802, 1_000_000],
            }),
    ),
    valueSetPlay({
      ...h('SXP', '上中下盘', '趣味'),
      rows: [row('盘面', [0, 1, 2], 1, 3, ['上', '中', '下'])],
      tiers: [
        micro('up', '上', 398_378),
        micro('mid', '中', 203_243),
        micro('down', '下', 398_378),
      ],
      outcome: (_r, code, d) => {
        const up = d.filter((x) => x <= 40).length;
        return (up > 10 ? 0 : up === 10 ? 1 : 2) === code
          ? { tier: ['up', 'mid', 'down'][code]! }
          : null;
      },
    }),
    valueSetPlay({
      ...h('JOP', '奇偶和盘', '趣味'),
      rows: [row('盘面', [0, 1, 2], 1, 3, ['奇', '和', '偶'])],
      tiers: [
        micro('odd', '奇', 398_378),
        micro('tie', '和', 203_243),
        micro('even', '偶', 398_378),
      ],
      outcome: (_r, code, d) => {
        const odd = d.filter((x) => x % 2 === 1).length;
        return (odd > 10 ? 0 : odd === 10 ? 1 : 2) === code
          ? { tier: ['odd', 'tie', 'even'][code]! }
          : null;
      },
    }),
    valueSetPlay({
      ...h('WX', '五行', '趣味'),
      rows: [
        row(
          '五行',
          range(0, 4),
          1,
          5,
          ELEMENTS.map((e) => e[0]),
        ),
      ],
      tiers: [
        micro('metal', '金', 102_515),
        micro('wood', '木', 201_527),
        micro('water', '水', 388_040),
        micro('fire', '火', 203_391),
        micro('earth', '土', 104_524),
      ],
      outcome: (_r, code, d) => {
        const s = sum(d);
        const [, lo, hi] = ELEMENTS[code]!;
        return s >= lo && s <= hi
          ? { tier: ['metal', 'wood', 'water', 'fire', 'earth'][code]! }
          : null;
      },
    }),
    poolPlay({
      ...h('ZM', '正码', '趣味'),
      k: 1,
      values: BALLS_80,
      maxPick: 10,
      tiers: [tier(WIN, '中奖', 1, 4)],
      hitSet: (d) => new Set(d),
      tierOfHits: (m) => (m === 1 ? WIN : null),
    }),
  ];
}

export function kl8Plays(): PlayDef[] {
  return [...range(1, 10).map(pickPlay), ...funPlays()];
}
