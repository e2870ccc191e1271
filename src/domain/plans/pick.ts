/**
 * Push plans (docs/push-plans.md): how a plan picks a selection of one play for the next issue, and
 * how that pick is resolved against the draw. A pick is a bet selection of the play, resolved with the
 * same rule settlement uses (settle.ts), so 中 means exactly what a bet on that selection would have won.
 * A pick is a pick: frequencies of past draws do not make a future draw more or less likely.
 */
import { uniformBelow, type ByteSource } from '../lottery/draws.ts';
import { settleOddsTicket, settlePrizeGroupTicket } from '../lottery/settle.ts';
import { formatSelection, validateSelection } from '../lottery/selection.ts';
import type { Draw, PlayDef, RuleFlags, Selection } from '../lottery/types.ts';

export const PLAN_RULES = ['hot', 'cold', 'repeat', 'seeded'] as const;
export type PlanRule = (typeof PLAN_RULES)[number];

/** How each rule is described to players: a pick, never a guarantee. */
export const RULE_NAMES: Readonly<Record<PlanRule, string>> = {
  hot: '热号：近期开出最多的号码',
  cold: '冷号：近期开出最少的号码',
  repeat: '重号：上一期中的号码',
  seeded: '随机：由随机数选出的号码',
};
export const PLAN_DISCLAIMER = '计划号码仅为按规则选出的参考，不代表任何中奖保证，请理性投注。';

/** 0 miss, 1 hit, 2 waiting (spec 001 §3); 3 the issue was cancelled (not counted). */
export const IsPrize = { MISS: 0, HIT: 1, WAITING: 2, CANCELLED: 3 } as const;

/** A plan may use a play entered as one row of choices, at least one of which forms a bet. */
export function planPlayRefusal(play: PlayDef | undefined, pickCount: number): string | null {
  if (!play) return '玩法不存在';
  if (play.input !== 'rows' || play.rows.length !== 1 || play.rows[0]!.min !== 1)
    return '该玩法不支持计划，请选择单行选号的玩法';
  const row = play.rows[0]!;
  if (pickCount < 1 || pickCount > row.max || pickCount >= row.values.length)
    return `选号个数需在1至${Math.min(row.max, row.values.length - 1)}之间`;
  const probe: Selection = { rows: [row.values.slice(0, pickCount)] };
  return validateSelection(play, probe) ? '该玩法不支持计划，请选择单行选号的玩法' : null;
}

/** Whether a selection wins on a draw, by the settlement rule (a refunded-only ticket is not a hit). */
export function selectionWins(
  play: PlayDef,
  sel: Selection,
  draw: Draw,
  flags: RuleFlags,
): boolean {
  if (play.model === 'odds') {
    const odds = Object.fromEntries(play.tiers.map((t) => [t.id, 20_000]));
    return (
      settleOddsTicket(play, sel, draw, flags, { stakePerLineFen: 200, odds }).status === 'WON'
    );
  }
  return (
    settlePrizeGroupTicket(play, sel, draw, flags, { group: 1800, unit: 'yuan', multiple: 1 })
      .status === 'WON'
  );
}

/** How many of `draws` each single value of the play's row would have won (value order). */
export function valueFrequencies(
  play: PlayDef,
  draws: readonly Draw[],
  flags: RuleFlags,
): Map<number, number> {
  const freq = new Map<number, number>();
  for (const v of play.rows[0]!.values) {
    freq.set(v, draws.filter((d) => selectionWins(play, { rows: [[v]] }, d, flags)).length);
  }
  return freq;
}

export interface PickInput {
  rule: PlanRule;
  play: PlayDef;
  pickCount: number;
  /** the past draws, newest first (the window for hot and cold; repeat takes the first) */
  draws: readonly Draw[];
  flags: RuleFlags;
  /** random bytes (server: node:crypto), for 'seeded' and for filling when history is short */
  bytes: ByteSource;
}

export interface Pick {
  selection: Selection;
  /** the selection as addBetting takes it */
  bettingNumber: string;
  betCount: number;
}

function randomPick(
  values: readonly number[],
  k: number,
  bytes: ByteSource,
  taken: number[] = [],
): number[] {
  const rest = values.filter((v) => !taken.includes(v));
  const out = [...taken];
  while (out.length < k && rest.length > 0)
    out.push(rest.splice(uniformBelow(rest.length, bytes), 1)[0]!);
  return out;
}

/** The plan's pick for one issue. Ties in hot/cold go to the smaller value; short history fills randomly. */
export function pickSelection(input: PickInput): Pick {
  const { play, pickCount: k, draws, flags, bytes } = input;
  const values = play.rows[0]!.values;
  let chosen: number[];
  if (input.rule === 'seeded' || draws.length === 0) {
    chosen = randomPick(values, k, bytes);
  } else if (input.rule === 'repeat') {
    const last = draws[0]!;
    chosen = randomPick(
      values,
      k,
      bytes,
      values.filter((v) => selectionWins(play, { rows: [[v]] }, last, flags)).slice(0, k),
    );
  } else {
    const freq = valueFrequencies(play, draws, flags);
    const sign = input.rule === 'hot' ? -1 : 1;
    chosen = [...values].sort((a, b) => sign * (freq.get(a)! - freq.get(b)!) || a - b).slice(0, k);
  }
  const selection: Selection = {
    rows: [[...chosen].sort((a, b) => values.indexOf(a) - values.indexOf(b))],
  };
  return {
    selection,
    bettingNumber: formatSelection(play, selection),
    betCount: play.countBets(selection),
  };
}

export interface WinRates {
  total: string;
  today: string;
}

/** hits / resolved as a percentage with two decimals ("0.00%" when nothing is resolved yet). */
export function winRate(rows: readonly { isPrize: number }[]): string {
  const resolved = rows.filter((r) => r.isPrize === IsPrize.HIT || r.isPrize === IsPrize.MISS);
  if (resolved.length === 0) return '0.00%';
  const hits = resolved.filter((r) => r.isPrize === IsPrize.HIT).length;
  return `${((hits * 100) / resolved.length).toFixed(2)}%`;
}
