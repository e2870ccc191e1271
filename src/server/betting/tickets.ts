/**
 * One bet-slip entry from the wire (docs/lottery-design.md, Betting): its shape checked by the slip's
 * TypeBox schema (slipShape.ts: types, unknown fields refused), each field's text checked here (the
 * ranges), then priced with the domain's quoteBet at the bettor's group.
 * Parsing needs only the lottery catalogue; pricing needs the group, so it runs where the group is
 * known (inside the write). No rule is computed here that the domain already states.
 */
import { CONTROL_CHARS_MSG, deepHasControlChars } from '../../domain/controlChars.ts';
import { FEN_PER_YUAN, parseYuanToFen } from '../../domain/money.ts';
import {
  formatSelection,
  getPlay,
  parseSelection,
  quoteBet,
  rebatePointToPermille,
  type BetUnit,
  type PlayDef,
  type Selection,
} from '../../domain/lottery/index.ts';
import { checkStreakAmount, streakBetMessages } from '../../domain/validation.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../http/envelope.ts';
import {
  RefusalReason,
  ResponseCode,
  refusalData,
  type RefusalReasonValue,
} from '../../domain/errors.ts';
import { namedField } from '../http/errors.ts';
import { loadLottery, type Lottery } from '../lottery/lotteries.ts';
import { type EntryText, MAX_TICKETS, readSlip } from './slipShape.ts';

const UNITS: Readonly<Record<string, BetUnit>> = { '1': 'yuan', '0.1': 'jiao', '0.01': 'fen' };
export const UNIT_WIRE: Readonly<Record<BetUnit, number>> = { yuan: 1, jiao: 0.1, fen: 0.01 };
const ISSUE_TEXT = /^[0-9][0-9-]{3,23}$/;
const MAX_NUMBER_CHARS = 20_000;

/** A checked, not yet priced slip entry. */
export interface TicketInput {
  lottery: Lottery;
  play: PlayDef;
  selection: Selection;
  /** the selection text as sent; priced tickets carry the canonical text (what is stored) */
  bettingNumber: string;
  bettingCount: number;
  amountFen: number;
  rebatePermille: number;
  unit: BetUnit;
  multiple: number;
  issue: string;
}

/**
 * The money-relevant fields of an entry, in canonical form (the selection as the domain writes it),
 * for the request fingerprint of a submission: the same bet sent twice gives the same fields.
 */
export function ticketFingerprintFields(t: TicketInput) {
  return {
    lotteryCode: t.lottery.code,
    issue: t.issue,
    playCode: t.play.code,
    number: formatSelection(t.play, t.selection),
    count: t.bettingCount,
    unit: t.unit,
    multiple: t.multiple,
    rebatePermille: t.rebatePermille,
    amountFen: t.amountFen,
  };
}

/** A priced entry, ready to be written. */
export interface PricedTicket extends TicketInput {
  userGroup: number;
  betGroup: number;
  odds: Record<string, number> | null;
}

const fail = (msg: string, reason?: RefusalReasonValue): never => {
  throw new AppError(msg, ResponseCode.FAILED, 200, reason ? refusalData(reason) : null);
};

function text(v: unknown): string | null {
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return null;
}

function intField(v: unknown, msg: string): number {
  const t = text(v);
  if (t === null || !/^\d{1,9}$/.test(t)) fail(msg);
  return Number(t);
}

/** Parses the JSON text of a form field; refuses anything that is not the expected shape. */
export function parseJsonField(raw: string, what: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return fail(`${what}格式不正确`);
  }
  // an escaped \u0000 passes the form edge as six plain characters and becomes a NUL only here
  if (deepHasControlChars(value)) fail(CONTROL_CHARS_MSG(what));
  return value;
}

export async function lotteryForSale(sql: Db, code: unknown): Promise<Lottery> {
  const t = text(code);
  if (t === null || !/^\d{4}$/.test(t)) fail('彩种编号不正确');
  const lottery = await loadLottery(sql, t!);
  if (!lottery) fail('彩种不存在');
  if (!lottery!.enabled) fail('彩种已停售');
  return lottery!;
}

/** playDetailCode = lotteryCode + domain play code. */
export function playOf(lottery: Lottery, playDetailCode: unknown): PlayDef {
  const t = text(playDetailCode);
  if (t === null || !t.startsWith(lottery.code)) fail('玩法不存在');
  const play = getPlay(lottery.family, t!.slice(lottery.code.length));
  if (!play) fail('玩法不存在');
  return play!;
}

export function selectionOf(
  play: PlayDef,
  bettingNumber: unknown,
): { selection: Selection; text: string } {
  const t = text(bettingNumber);
  if (t === null || t === '') return fail(streakBetMessages.noSelection);
  if (t.length > MAX_NUMBER_CHARS) fail('投注号码过长');
  const selection = parseSelection(play, t);
  if (!selection) fail('投注号码格式不正确');
  return { selection: selection!, text: t };
}

export function amountOf(v: unknown): number {
  const t = text(v);
  if (t === null || t === '') fail(streakBetMessages.noAmount);
  const fen = parseYuanToFen(t!);
  if (fen === null || fen <= 0) fail('投注金额格式不正确');
  return fen!;
}

export function rebateOf(v: unknown): number {
  const t = text(v);
  if (t === null || t === '') fail(streakBetMessages.noRebate, RefusalReason.REBATE_STALE);
  const permille = rebatePointToPermille(t!);
  if (permille === null) fail('返点格式不正确', RefusalReason.REBATE_STALE);
  return permille!;
}

export function unitOf(v: unknown): BetUnit {
  const t = text(v);
  const unit = t === null ? undefined : UNITS[String(Number(t))];
  if (!unit) fail('投注单位不正确');
  return unit!;
}

export function issueOf(v: unknown): string {
  const t = text(v);
  if (t === null || !ISSUE_TEXT.test(t)) fail('期号格式不正确');
  return t!;
}

export function refuseUnknownFields(
  entry: Record<string, unknown>,
  allowed: ReadonlySet<string>,
): void {
  for (const k of Object.keys(entry))
    if (!allowed.has(k)) fail(namedField('投注数据含有不支持的字段', k));
}

/** One entry of bettingData: a field the shape refused is null, and refused at its turn. */
async function parseTicket(sql: Db, { fields: e, unknownField }: EntryText): Promise<TicketInput> {
  if (unknownField !== null) fail(namedField('投注数据含有不支持的字段', unknownField));
  const lottery = await lotteryForSale(sql, e.lotteryCode);
  const play = playOf(lottery, e.playDetailCode);
  const { selection, text: bettingNumber } = selectionOf(play, e.bettingNumber);
  const bettingCount = intField(e.bettingCount, '注数格式不正确');
  if (bettingCount < 1) fail('注数格式不正确');
  const amountFen = amountOf(e.bettingAmount);
  const rebatePermille = rebateOf(e.bettingPoint);
  const unit = unitOf(e.bettingUnit);
  const multiple = intField(e.graduationCount, '倍数必须为正整数');
  const issue = issueOf(e.bettingIssue);
  if (play.model === 'odds' && (unit !== 'yuan' || multiple !== 1))
    fail('该玩法的投注单位和倍数必须为1');
  return {
    lottery,
    play,
    selection,
    bettingNumber,
    bettingCount,
    amountFen,
    rebatePermille,
    unit,
    multiple,
    issue,
  };
}

const SLIP_FAULT_MSG = {
  empty: streakBetMessages.noSelection,
  tooMany: `单次最多提交${MAX_TICKETS}条投注`,
  notObject: '投注数据格式不正确',
} as const;

/** The entries of a bettingData JSON array (1 to MAX_TICKETS). */
function slipEntries(raw: string): EntryText[] {
  const read = readSlip(parseJsonField(raw, '投注数据'));
  if (!read.ok) return fail(SLIP_FAULT_MSG[read.fault]);
  return read.entries;
}

/** The whole bettingData array of addBetting. */
export async function parseSlip(sql: Db, raw: string): Promise<TicketInput[]> {
  const out: TicketInput[] = [];
  for (const entry of slipEntries(raw)) out.push(await parseTicket(sql, entry));
  return out;
}

const blank = (v: string | null) => v === null || v === '';

/**
 * The quick and long-dragon popups (spec 000 §5 streak bet): the same entries, odds plays only, and
 * the stake per selection is a positive whole number of yuan (≤ 1,000,000, ≤ 7 characters).
 */
export async function parseFastSlip(sql: Db, raw: string): Promise<TicketInput[]> {
  const out: TicketInput[] = [];
  for (const entry of slipEntries(raw)) {
    const e = entry.fields;
    if (blank(e.bettingNumber)) fail(streakBetMessages.noSelection);
    if (blank(e.bettingAmount)) fail(streakBetMessages.noAmount);
    if (blank(e.bettingPoint)) fail(streakBetMessages.noRebate, RefusalReason.REBATE_STALE);
    const t = await parseTicket(sql, entry);
    if (t.play.model !== 'odds') fail('该玩法不支持快捷投注');
    const perLineFen = t.amountFen / t.bettingCount;
    const perLineText =
      Number.isInteger(perLineFen) && perLineFen % FEN_PER_YUAN === 0
        ? String(perLineFen / FEN_PER_YUAN)
        : 'x';
    const bad = checkStreakAmount(perLineText);
    if (bad) fail(bad);
    out.push(t);
  }
  return out;
}

/**
 * Prices an entry at the bettor's group with the domain (the count and the amount must be the
 * domain's). Odds plays: the stake per line is bettingAmount ÷ count, in whole fen. A chase sends
 * one amount per issue, not per entry: `amountFromQuote` takes the domain's amount (prize-group plays).
 */
export function priceTicket(
  t: TicketInput,
  userGroup: number,
  opts: { amountFromQuote?: boolean } = {},
): PricedTicket {
  const lines = t.play.countBets(t.selection);
  const quote = (stakePerLineFen?: number) =>
    quoteBet(
      t.play,
      t.selection,
      {
        unit: t.unit,
        multiple: t.multiple,
        stakePerLineFen,
        userGroup,
        rebatePermille: t.rebatePermille,
      },
      t.lottery.odds[t.play.code],
      t.lottery.prizeGroupCap,
      t.lottery.ruleFlags,
    );
  // The domain's own message first (bad selection, rebate, multiple), then the count, then the amount.
  // An odds entry is checked at a 1-fen stake first: its real stake needs the count to be right.
  const odds = t.play.model === 'odds';
  const first = quote(odds ? 1 : undefined);
  if (!first.ok) return fail(first.msg, first.reason);
  if (lines !== t.bettingCount) fail('注数不符');
  if (odds && t.amountFen % lines !== 0) fail('金额不符');
  const q = odds ? quote(t.amountFen / lines) : first;
  if (!q.ok) return fail(q.msg, q.reason);
  if (!opts.amountFromQuote && q.amountFen !== t.amountFen) fail('金额不符');
  const bettingNumber = formatSelection(t.play, t.selection);
  return {
    ...t,
    bettingNumber,
    amountFen: q.amountFen,
    userGroup,
    betGroup: q.betGroup,
    odds: q.odds,
  };
}
