/**
 * A slip ticket: one play, one selection, priced by the domain (quoteBet) — the client never counts
 * lines itself. Turns tickets into the wire rows of addBetting and addChaseBetting.
 */
import {
  betAmountFen,
  formatSelection,
  maxRebatePermille,
  parseSelection,
  permilleToRebatePoint,
  prizePerLineFen,
  quoteBet,
  UNIT_DIVISOR,
  type BetUnit,
  type LotteryFamily,
  type PlayDef,
  type Selection,
} from '../../../domain/lottery';
import { getPlay } from '../../../domain/lottery/lazyCatalogue';
import { formatFen as fenToYuan } from '../../../domain/money';
import type { BettingRow, ChaseBettingData } from './betsApi';
import { playCodeOf } from './families';

export const WIRE_UNIT: Readonly<Record<BetUnit, 1 | 0.1 | 0.01>> = {
  yuan: 1,
  jiao: 0.1,
  fen: 0.01,
};

export interface BetOptions {
  unit: BetUnit;
  multiple: number;
  /** odds plays: stake on every line, fen */
  stakePerLineFen: number;
  rebatePermille: number;
}

export interface Ticket {
  key: string;
  lotteryCode: string;
  playDetailCode: string;
  playName: string;
  model: PlayDef['model'];
  bettingNumber: string;
  lines: number;
  amountFen: number;
  unit: BetUnit;
  multiple: number;
  rebatePermille: number;
}

/** The domain play of a playDetailCode; the family must be loaded (useFamilyPlays). */
export function domainPlay(family: LotteryFamily, playDetailCode: string): PlayDef | undefined {
  return getPlay(family, playCodeOf(playDetailCode));
}

/** Selection of a 单式 textarea: entries separated by commas, semicolons or new lines. */
export function entriesSelection(
  play: PlayDef,
  text: string,
  positions: readonly number[] = [],
): Selection | null {
  const entries = text
    .split(/[,;，；\n\r]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  if (entries.length === 0) return { rows: [] };
  if (!play.positionRow) return parseSelection(play, entries.join(','));
  // 任选单式: the typed entries, then the row of checked positions
  const typed = parseSelection({ ...play, positionRow: undefined }, entries.join(','));
  return typed && { rows: [...typed.rows, [...positions]] };
}

export type Priced =
  | { ok: true; lines: number; amountFen: number; betGroup: number }
  | { ok: false; msg: string };

/** Prices a selection with the domain's quoteBet (validation, count, amount). */
export function priceSelection(
  play: PlayDef,
  sel: Selection | null,
  opts: BetOptions,
  userGroup: number,
): Priced {
  if (!sel) return { ok: false, msg: '号码格式错误' };
  const q = quoteBet(play, sel, {
    unit: play.model === 'odds' ? 'yuan' : opts.unit,
    multiple: play.model === 'odds' ? 1 : opts.multiple,
    stakePerLineFen: opts.stakePerLineFen,
    userGroup,
    rebatePermille: opts.rebatePermille,
  });
  return q.ok ? { ok: true, lines: q.lines, amountFen: q.amountFen, betGroup: q.betGroup } : q;
}

/** The largest rebate (‰) the user may take on a play: the server's max point, capped by the domain. */
export function rebateCapPermille(
  maxPoint: number,
  userGroup: number,
  play: PlayDef | undefined,
): number {
  return Math.min(Math.round(maxPoint * 10), maxRebatePermille(userGroup, play));
}

/** Prize (fen, rounded down) of one line at unit 元 ×1 for a prize-group tier at the bet group. */
export function tierPrizeFen(play: PlayDef, tierId: string, betGroup: number): number | null {
  const t = play.tiers.find((x) => x.id === tierId);
  return t ? prizePerLineFen(t, betGroup) : null;
}

let seq = 0;
export function makeTicket(
  lotteryCode: string,
  playDetailCode: string,
  playName: string,
  play: PlayDef,
  sel: Selection,
  opts: BetOptions,
  priced: { lines: number; amountFen: number },
): Ticket {
  seq += 1;
  return {
    key: `t${Date.now().toString(36)}${seq}`,
    lotteryCode,
    playDetailCode,
    playName,
    model: play.model,
    bettingNumber: formatSelection(play, sel),
    lines: priced.lines,
    amountFen: priced.amountFen,
    unit: play.model === 'odds' ? 'yuan' : opts.unit,
    multiple: play.model === 'odds' ? 1 : opts.multiple,
    rebatePermille: opts.rebatePermille,
  };
}

export function toBettingRow(t: Ticket, issue: string): BettingRow {
  return {
    lotteryCode: t.lotteryCode,
    playDetailCode: t.playDetailCode,
    bettingNumber: t.bettingNumber,
    bettingCount: t.lines,
    bettingAmount: fenToYuan(t.amountFen),
    bettingPoint: permilleToRebatePoint(t.rebatePermille),
    bettingUnit: WIRE_UNIT[t.unit],
    bettingIssue: issue,
    graduationCount: t.multiple,
  };
}

/** Whether tickets can form one chase: same prize-group play, unit and rebate. */
export function chaseKeyOf(t: Ticket): string | null {
  return t.model === 'odds' ? null : `${t.playDetailCode}|${t.unit}|${t.rebatePermille}`;
}

/**
 * Why the slip cannot be chased, or null when it can: a chase repeats one prize-group play at one
 * unit and rebate, so odds plays (两面 and the like, priced per bet) and mixed slips are told apart.
 */
export function chaseBlockReason(tickets: readonly Ticket[]): string | null {
  if (tickets.length === 0) return '号码篮是空的，请先选号';
  if (tickets.some((t) => t.model === 'odds')) return '两面等赔率玩法不支持追号，请先删除这些注单';
  if (new Set(tickets.map(chaseKeyOf)).size > 1)
    return '追号需号码篮中为同一玩法、同一模式和返点的注单';
  return null;
}

/** Cost (fen) of one issue of a chase at `multiple`, priced by the domain. */
export function chaseIssueFen(lines: number, unit: BetUnit, multiple: number): number | null {
  const r = betAmountFen(lines, unit, multiple);
  return r.ok ? r.amountFen : null;
}

export function toChaseData(
  tickets: Ticket[],
  issues: string[],
  multiples: number[],
  stopAfterWin: boolean,
): ChaseBettingData {
  const first = tickets[0]!;
  const lines = tickets.reduce((s, t) => s + t.lines, 0);
  const eachOrder = issues.map((issue, i) => ({
    bettingIssue: issue,
    graduationCount: multiples[i]!,
    bettingAmount: fenToYuan(chaseIssueFen(lines, first.unit, multiples[i]!) ?? 0),
  }));
  const totalFen = issues.reduce(
    (s, _, i) => s + (chaseIssueFen(lines, first.unit, multiples[i]!) ?? 0),
    0,
  );
  return {
    isStopAfterWinning: stopAfterWin ? 1 : 0,
    startIssue: issues[0]!,
    lotteryCode: first.lotteryCode,
    bettingPoint: permilleToRebatePoint(first.rebatePermille),
    playDetailCode: first.playDetailCode,
    bettingUnit: WIRE_UNIT[first.unit],
    bettingAllAmount: fenToYuan(totalFen),
    chaseCount: issues.length,
    eachInfo: tickets.map((t) => ({ bettingNumber: t.bettingNumber, bettingCount: t.lines })),
    eachOrder,
  };
}

export const unitDivisor = (u: BetUnit) => UNIT_DIVISOR[u];

/** A slip's total stake and line count. */
export const slipTotalFen = (tickets: readonly Ticket[]) =>
  tickets.reduce((s, t) => s + t.amountFen, 0);
export const slipLines = (tickets: readonly Ticket[]) => tickets.reduce((s, t) => s + t.lines, 0);
