/**
 * LHC 对碰 tickets and 胆拖 of the two-number 连码 plays, and 特码五行 (odds model), §10.4 and §10.1.
 * (二全中 胆拖 is the generic poolPlay one in lhcCombo.ts.)
 *
 * 对碰 (pairing): two number groups; the lines are the distinct pairs {x, y} with x from group A, y from
 * group B and x ≠ y. 生肖对碰 / 尾数对碰 / 肖串尾数 are this ticket with the groups filled by a zodiac's or a
 * tail's numbers (the client expands them for the draw's year, so the count never depends on the year):
 * S11's 马 × 羊 = 16 lines, 0尾 × 5尾 = 20, a 5-number zodiac × a 5-number tail sharing one number = 24.
 */
import type { Draw, PlayDef, RuleFlags, Selection, TierDef } from './types.ts';
import { row, tier, valueSetPlay, WIN } from './builders.ts';
import { choose, range } from './math.ts';
import { ELEMENTS, LHC_NUMBERS } from './lhcAttrs.ts';
import { LHC_MAX_PICK } from './lhcCombo.ts';

const F = 'LHC' as const;
type PairKind = 'EQZ' | 'EZT' | 'TC';

/** The tiers of the plain two-number plays (same p and shares as 二全中 / 二中特 / 特串 in lhcCombo.ts). */
const PAIR_TIERS: Record<PairKind, readonly TierDef[]> = {
  EQZ: [tier(WIN, '二全中', choose(6, 2), choose(49, 2))],
  EZT: [
    { ...tier('z2', '中二', 5, 392), share: [5, 6] },
    { ...tier('zt', '中特', 1, 196), share: [1, 6] },
  ],
  TC: [tier('zt', '中特', 1, 196)],
};

/** One pair against the draw: both regular → 中二 (二全中 / 二中特); regular + special → 中特 (二中特 / 特串). */
function pairOutcome(kind: PairKind, a: number, b: number, d: Draw) {
  const R = d.slice(0, 6);
  if (R.includes(a) && R.includes(b))
    return kind === 'TC' ? null : { tier: kind === 'EQZ' ? WIN : 'z2' };
  const regSpecial = (R.includes(a) && b === d[6]) || (R.includes(b) && a === d[6]);
  return regSpecial && kind !== 'EQZ' ? { tier: 'zt' } : null;
}

/** Distinct pairs {x, y}, x ∈ A, y ∈ B, x ≠ y, with both in S: |A∩S|·|B∩S| − |A∩B∩S| − C(|A∩B∩S|, 2). */
function pairsWithin(
  A: readonly number[],
  B: readonly number[],
  inS: (v: number) => boolean,
): number {
  const a = A.filter(inS);
  const b = B.filter(inS);
  const ab = a.filter((v) => b.includes(v)).length;
  return a.length * b.length - ab - choose(ab, 2);
}

/**
 * Pairs across two groups. 对碰 (`_DP`): any two groups. 胆拖 (`_DT`) of 二中特 / 特串: group A is the one
 * banker (2 − 1 = 1) and every line pairs it with one drag, i.e. the 对碰 of {banker} × drags.
 */
function pairingPlay(kind: PairKind, nameZh: string, bankerDrag = false): PlayDef {
  const groups = (sel: Selection): [readonly number[], readonly number[]] => [
    sel.rows[0]!,
    sel.rows[1]!,
  ];
  return {
    family: F,
    code: `${kind}_${bankerDrag ? 'DT' : 'DP'}`,
    nameZh,
    group: '连码',
    model: 'odds',
    input: 'rows',
    rows: bankerDrag
      ? [row('胆码', LHC_NUMBERS, 1, 1), row('拖码', LHC_NUMBERS, 1, LHC_MAX_PICK)]
      : [row('第一组', LHC_NUMBERS, 1, LHC_MAX_PICK), row('第二组', LHC_NUMBERS, 1, LHC_MAX_PICK)],
    ...(bankerDrag
      ? {
          check: (sel: Selection) =>
            sel.rows[1]!.includes(sel.rows[0]![0]!) ? '胆码与拖码不能重复' : null,
        }
      : {}),
    tiers: PAIR_TIERS[kind],
    countBets: (sel) => pairsWithin(...groups(sel), () => true),
    checkWin: (sel, d) => {
      const [A, B] = groups(sel);
      const R = new Set(d.slice(0, 6));
      const sp = d[6]!;
      const both = pairsWithin(A, B, (v) => R.has(v));
      // Pairs {r, special} with r regular: r ∈ A and special ∈ B, or the other way round (counted once).
      const inA = A.includes(sp) ? 1 : 0;
      const inB = B.includes(sp) ? 1 : 0;
      const withSpecial =
        inB * A.filter((v) => R.has(v)).length +
        inA * B.filter((v) => R.has(v)).length -
        inA * inB * A.filter((v) => R.has(v) && B.includes(v)).length;
      const wins: Record<string, number> = {};
      if (kind !== 'TC' && both > 0) wins[kind === 'EQZ' ? WIN : 'z2'] = both;
      if (kind !== 'EQZ' && withSpecial > 0) wins.zt = withSpecial;
      return { wins, refunds: 0 };
    },
    line: {
      size: 2,
      order: 'set',
      domain: (sel) => {
        const all = [...new Set(sel.rows.flat())].sort((x, y) => x - y);
        return [all, all];
      },
      inSelection: (sel, [x, y]) => {
        const [A, B] = groups(sel);
        return (A.includes(x!) && B.includes(y!)) || (B.includes(x!) && A.includes(y!));
      },
      outcome: (l, d) => pairOutcome(kind, l[0]!, l[1]!, d),
    },
  };
}

/** Every size a yearly 五行 set takes over the 60-year cycle (8–12 numbers). */
export const FIVE_ELEMENT_SIZES = [8, 9, 10, 11, 12];

/** 特码五行: the special number's element in the year's table (flag lhcFiveElements); 49 has an element, no tie. */
function fiveElements(): PlayDef {
  const setOf = (code: number, f: RuleFlags): readonly number[] => {
    const set = f.lhcFiveElements[ELEMENTS[code]!];
    if (!set || !FIVE_ELEMENT_SIZES.includes(set.length))
      throw new Error(`五行 table has no valid ${ELEMENTS[code]} set`);
    return set;
  };
  return valueSetPlay({
    family: F,
    code: 'WX',
    nameZh: '五行',
    group: '特码',
    model: 'odds',
    rows: [row('五行', range(0, 4), 1, 5, [...ELEMENTS])],
    // The tier is the element's size this year: p = size / 49, so the odds stay exact whatever the table.
    tiers: FIVE_ELEMENT_SIZES.map((n) => tier(`n${n}`, `${n}码五行`, n, 49)),
    outcome: (_r, code, d, f) => {
      const set = setOf(code, f);
      return set.includes(d[6]!) ? { tier: `n${set.length}` } : null;
    },
  });
}

export function lhcExtraPlays(): PlayDef[] {
  return [
    fiveElements(),
    pairingPlay('EQZ', '二全中对碰'),
    pairingPlay('EZT', '二中特对碰'),
    pairingPlay('TC', '特串对碰'),
    pairingPlay('EZT', '二中特胆拖', true),
    pairingPlay('TC', '特串胆拖', true),
  ];
}
