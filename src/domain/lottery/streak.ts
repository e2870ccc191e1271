/**
 * Long dragon (长龙) detection, §2.7. For each attribute key of a family, walk the draws in issue order:
 * a tie/none value resets the run to 0 (ties break a dragon), the same value extends it, another value
 * starts a run of 1. Undrawn or cancelled issues (null) are skipped without resetting.
 */
import type { Draw, LotteryFamily, RuleFlags } from './types.ts';
import { sum } from './math.ts';
import { colourOf, COLOURS, DOMESTIC, lhcDigitSum, tailOf, zodiacOf } from './lhcAttrs.ts';

/** One tracked attribute: `name` is the position shown (和, 万, 冠亚 …); value null = tie / none. */
/** A streak row on the wire (spec 000 §3: lotteryType, lotteryName, playCode, name, desc, times,
 * currIssue, endTime), with the quick-bet options of the long-dragon helper. */
export interface LongDragonRow {
  lotteryCode: string;
  lotteryName: string;
  lotteryType: LotteryFamily;
  playCode: string;
  name: string;
  desc: string;
  times: number;
  currIssue: string;
  endTime: number;
  options: { label: string; bettingNumber: string; odds: number }[];
}

export interface StreakKey {
  readonly name: string;
  readonly attr: (draw: Draw, flags: RuleFlags) => string | null;
}

/** dafacloud shape `{name, desc, times}` (§2.7). */
export interface StreakEntry {
  readonly name: string;
  readonly desc: string;
  readonly times: number;
}

const bs = (v: number, bigFrom: number): string => (v >= bigFrom ? '大' : '小');
const oe = (v: number): string => (v % 2 === 1 ? '单' : '双');
const dragon = (a: number, b: number): string | null => (a > b ? '龙' : a < b ? '虎' : null);

function digitKeys(
  names: readonly string[],
  sumBigFrom: number,
  dragonPair: [number, number],
): StreakKey[] {
  const idx = names.map((_, i) => i);
  return [
    { name: '和', attr: (d) => bs(sum(idx.map((i) => d[i]!)), sumBigFrom) },
    { name: '和', attr: (d) => oe(sum(idx.map((i) => d[i]!))) },
    ...names.flatMap((n, i) => [
      { name: n, attr: (d: Draw) => bs(d[i]!, 5) },
      { name: n, attr: (d: Draw) => oe(d[i]!) },
    ]),
    { name: '龙虎', attr: (d) => dragon(d[dragonPair[0]]!, d[dragonPair[1]]!) },
  ];
}

function syx5Ball(v: number, kind: 'bs' | 'oe', flags: RuleFlags): string | null {
  if (v === 11 && flags.syx5ElevenIs !== 'big') return null;
  return kind === 'bs' ? bs(v, 6) : oe(v);
}

const PK10_NAMES = [
  '冠军',
  '亚军',
  '第三名',
  '第四名',
  '第五名',
  '第六名',
  '第七名',
  '第八名',
  '第九名',
  '第十名',
];

function kl8Keys(): StreakKey[] {
  return [
    // 810 is neither 大 nor 小 under either kl8Sum810 rule, so it always breaks the run.
    { name: '总和', attr: (d) => (sum(d) === 810 ? null : bs(sum(d), 811)) },
    { name: '总和', attr: (d) => oe(sum(d)) },
    {
      name: '上下盘',
      attr: (d) => {
        const up = d.filter((x) => x <= 40).length;
        return up > 10 ? '上' : up < 10 ? '下' : null;
      },
    },
    {
      name: '奇偶盘',
      attr: (d) => {
        const odd = d.filter((x) => x % 2 === 1).length;
        return odd > 10 ? '奇' : odd < 10 ? '偶' : null;
      },
    },
  ];
}

function lhcKeys(): StreakKey[] {
  const sp = (d: Draw): number => d[6]!;
  const no49 =
    (f: (n: number) => string) =>
    (d: Draw): string | null =>
      sp(d) === 49 ? null : f(sp(d));
  return [
    { name: '特码', attr: no49((n) => bs(n, 25)) },
    { name: '特码', attr: no49(oe) },
    { name: '特码合', attr: no49((n) => `合${oe(lhcDigitSum(n))}`) },
    { name: '特码尾', attr: no49((n) => (tailOf(n) >= 5 ? '尾大' : '尾小')) },
    {
      name: '特码',
      attr: (d, f) =>
        sp(d) === 49 && f.lhcPoultryBeast49Tie
          ? null
          : DOMESTIC.has(zodiacOf(sp(d), f.lhcZodiacYear))
            ? '家禽'
            : '野兽',
    },
    { name: '特码', attr: (d) => `${COLOURS[colourOf(sp(d))]}波` },
    { name: '总和', attr: (d) => bs(sum(d), 175) },
    { name: '总和', attr: (d) => oe(sum(d)) },
  ];
}

/** The attribute keys tracked per family (§3.5, §4.3, §5.3, §6.3, §7.3, §8.3, §9.3, §10.5). */
export function streakKeys(family: LotteryFamily): StreakKey[] {
  switch (family) {
    case 'SSC':
      return digitKeys(['万', '千', '百', '十', '个'], 23, [0, 4]);
    case 'FC3D':
    case 'PL35':
      return digitKeys(['百', '十', '个'], 14, [0, 2]); // 3D / 排列3 keys on the first three digits
    case 'K3':
      return [
        {
          name: '和值',
          attr: (d, f) =>
            f.k3TripleKill && d[0] === d[1] && d[1] === d[2] ? null : bs(sum(d), 11),
        },
        {
          name: '和值',
          attr: (d, f) => (f.k3TripleKill && d[0] === d[1] && d[1] === d[2] ? null : oe(sum(d))),
        },
      ];
    case 'SYX5':
      return [
        ...['第一球', '第二球', '第三球', '第四球', '第五球'].flatMap((n, i) => [
          { name: n, attr: (d: Draw, f: RuleFlags) => syx5Ball(d[i]!, 'bs', f) },
          { name: n, attr: (d: Draw, f: RuleFlags) => syx5Ball(d[i]!, 'oe', f) },
        ]),
        { name: '总和', attr: (d) => (sum(d) === 30 ? null : bs(sum(d), 31)) }, // 30 is neither side under either rule
        { name: '总和', attr: (d) => oe(sum(d)) },
        { name: '龙虎', attr: (d) => dragon(d[0]!, d[4]!) },
      ];
    case 'PK10':
      return [
        ...PK10_NAMES.flatMap((n, i) => [
          { name: n, attr: (d: Draw) => bs(d[i]!, 6) },
          { name: n, attr: (d: Draw) => oe(d[i]!) },
        ]),
        {
          name: '冠亚和',
          attr: (d, f) =>
            d[0]! + d[1]! === 11 && f.pk10GySumElevenTie ? null : bs(d[0]! + d[1]!, 12),
        },
        {
          name: '冠亚和',
          attr: (d, f) => (d[0]! + d[1]! === 11 && f.pk10GySumElevenTie ? null : oe(d[0]! + d[1]!)),
        },
        ...PK10_NAMES.slice(0, 5).map((n, i) => ({
          name: n,
          attr: (d: Draw) => dragon(d[i]!, d[9 - i]!),
        })),
      ];
    case 'KL8':
      return kl8Keys();
    case 'BJ28':
      return [
        { name: '和值', attr: (d) => bs(sum(d), 14) },
        { name: '和值', attr: (d) => oe(sum(d)) },
      ];
    case 'LHC':
      return lhcKeys();
  }
}

/** Current runs of length ≥ threshold after the given draws (oldest first). */
export function detectStreaks(
  family: LotteryFamily,
  draws: readonly (Draw | null)[],
  flags: RuleFlags,
  threshold = 3,
): StreakEntry[] {
  const out: StreakEntry[] = [];
  for (const key of streakKeys(family)) {
    let last: string | null = null;
    let run = 0;
    for (const d of draws) {
      if (!d) continue;
      const v = key.attr(d, flags);
      if (v === null) [last, run] = [null, 0];
      else if (v === last) run++;
      else [last, run] = [v, 1];
    }
    if (last !== null && run >= threshold) out.push({ name: key.name, desc: last, times: run });
  }
  return out;
}
