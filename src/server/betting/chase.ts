/**
 * Chases (追号): one selection (or a few) bet on consecutive issues from `startIssue`, each at its own
 * multiple, paid up front (one 302 stake per bet, `bet:{betId}`), in one transaction with the chase
 * row. The chase's bets carry the request id `c:{requestId}`, so they never meet a plain submission's.
 * The chase row keeps its request's fingerprint: a repeat answers the stored chase only when it is
 * the same chase; the same id with another chase is refused.
 * Life cycle of a chase: running → finished (settled) | stopped (won, rest refunded by settlement)
 * | cancelled (the player took back every unstarted issue, see chaseCancel.ts).
 */
import { formatFen } from '../../domain/money.ts';
import { TxType } from '../../domain/txTypes.ts';
import type { Db, Sql, Tx } from '../db/client.ts';
import { AppError } from '../http/envelope.ts';
import { assertSameFingerprint, requestFingerprint } from '../http/idempotency.ts';
import { playerBalance } from '../ledger/ledger.ts';
import { ensureIssueRows, issueForSale, upcomingIssues } from '../lottery/issues.ts';
import { prizeGroupOf } from './groups.ts';
import { allocateBetIds, writeBets, type BetInsert } from './store.ts';
import {
  amountOf,
  issueOf,
  lotteryForSale,
  parseJsonField,
  playOf,
  priceTicket,
  rebateOf,
  refuseUnknownFields,
  selectionOf,
  ticketFingerprintFields,
  unitOf,
  type PricedTicket,
  type TicketInput,
} from './tickets.ts';
import { MAX_TICKETS } from './slipShape.ts';

export const MAX_CHASE_ISSUES = 50;
export const CHASE_STAKE_TYPE = TxType.CHASE_BET;
const CHASE_FIELDS = new Set([
  'isStopAfterWinning',
  'startIssue',
  'lotteryCode',
  'bettingPoint',
  'playDetailCode',
  'bettingUnit',
  'bettingAllAmount',
  'chaseCount',
  'eachInfo',
  'eachOrder',
]);
const INFO_FIELDS = new Set(['bettingNumber', 'bettingCount']);
const ORDER_FIELDS = new Set(['bettingIssue', 'graduationCount', 'bettingAmount']);

export interface ChasePlan {
  userId: number;
  requestId: string;
  stopAfterWin: boolean;
  startIssue: string;
  /** per issue, one ticket per selection (unpriced) */
  issues: { issue: string; amountFen: number; tickets: TicketInput[] }[];
  totalFen: number;
}

export interface PlacedChase {
  chaseId: number;
  orders: { id: number; orderNo: string; issue: string }[];
  balance: string;
}

const fail = (msg: string): never => {
  throw new AppError(msg);
};

function list(v: unknown, what: string, max: number): Record<string, unknown>[] {
  if (!Array.isArray(v) || v.length === 0) fail(`${what}不能为空`);
  if ((v as unknown[]).length > max) fail(`${what}不能超过${max}条`);
  for (const e of v as unknown[])
    if (typeof e !== 'object' || e === null || Array.isArray(e)) fail(`${what}格式不正确`);
  return v as Record<string, unknown>[];
}

function smallInt(v: unknown, msg: string): number {
  const t = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  if (!/^\d{1,9}$/.test(t)) fail(msg);
  return Number(t);
}

/** Parses and checks the chaseBettingData JSON (everything but the issue schedule and pricing). */
export async function parseChase(
  sql: Sql,
  userId: number,
  requestId: string,
  raw: string,
): Promise<ChasePlan> {
  const d = parseJsonField(raw, '追号数据');
  if (typeof d !== 'object' || d === null || Array.isArray(d)) return fail('追号数据格式不正确');
  const c = d as Record<string, unknown>;
  refuseUnknownFields(c, CHASE_FIELDS);
  const stop = c.isStopAfterWinning;
  if (![0, 1, '0', '1', true, false].includes(stop as never)) fail('追中即停参数不正确');
  const lottery = await lotteryForSale(sql, c.lotteryCode);
  const play = playOf(lottery, c.playDetailCode);
  if (play.model === 'odds') fail('该玩法不支持追号');
  const rebatePermille = rebateOf(c.bettingPoint);
  const unit = unitOf(c.bettingUnit);
  const startIssue = issueOf(c.startIssue);
  const totalFen = amountOf(c.bettingAllAmount);
  const chaseCount = smallInt(c.chaseCount, '追号期数格式不正确');
  if (chaseCount < 1 || chaseCount > MAX_CHASE_ISSUES)
    fail(`追号期数必须在1到${MAX_CHASE_ISSUES}之间`);
  const infos = list(c.eachInfo, '追号号码', MAX_TICKETS).map((e) => {
    refuseUnknownFields(e, INFO_FIELDS);
    const { selection, text } = selectionOf(play, e.bettingNumber);
    return {
      selection,
      bettingNumber: text,
      bettingCount: smallInt(e.bettingCount, '注数格式不正确'),
    };
  });
  const orders = list(c.eachOrder, '追号期号', MAX_CHASE_ISSUES);
  if (orders.length !== chaseCount) fail('追号期数不符');
  const issues = orders.map((o) => {
    refuseUnknownFields(o, ORDER_FIELDS);
    const issue = issueOf(o.bettingIssue);
    const multiple = smallInt(o.graduationCount, '倍数必须为正整数');
    const amountFen = amountOf(o.bettingAmount);
    const tickets = infos.map(
      (info): TicketInput => ({
        lottery,
        play,
        ...info,
        amountFen: 0,
        rebatePermille,
        unit,
        multiple,
        issue,
      }),
    );
    return { issue, amountFen, tickets };
  });
  if (new Set(issues.map((i) => i.issue)).size !== issues.length) fail('追号期号重复');
  return {
    userId,
    requestId,
    stopAfterWin: stop === 1 || stop === '1' || stop === true,
    startIssue,
    issues,
    totalFen,
  };
}

/** The fingerprint of a chase request: everything it would bet, per issue, and its stop rule. */
export function chaseFingerprint(plan: ChasePlan): string {
  return requestFingerprint({
    stopAfterWin: plan.stopAfterWin,
    startIssue: plan.startIssue,
    totalFen: plan.totalFen,
    issues: plan.issues.map((i) => ({
      issue: i.issue,
      amountFen: i.amountFen,
      tickets: i.tickets.map(ticketFingerprintFields),
    })),
  });
}

/** Prices every ticket at the bettor's group; each issue's and the whole amount must match. */
function priceChase(plan: ChasePlan, userGroup: number): PricedTicket[][] {
  let total = 0;
  const priced = plan.issues.map((iss) => {
    // the amount per entry is not on the wire: the domain prices it, the issue's sum must match
    const tickets = iss.tickets.map((t) => priceTicket(t, userGroup, { amountFromQuote: true }));
    const sum = tickets.reduce((s, t) => s + t.amountFen, 0);
    if (sum !== iss.amountFen) fail('金额不符');
    total += sum;
    return tickets;
  });
  if (total !== plan.totalFen) fail('金额不符');
  return priced;
}

/** The issues must be consecutive from `startIssue`, which must be on sale. */
async function checkIssues(tx: Tx, plan: ChasePlan, nowMs: number): Promise<void> {
  const lottery = plan.issues[0]!.tickets[0]!.lottery;
  if (plan.issues[0]!.issue !== plan.startIssue) fail('追号期号不连续');
  await issueForSale(tx, lottery.code, plan.startIssue, nowMs);
  const ahead = upcomingIssues(lottery, nowMs, MAX_CHASE_ISSUES + 10).map((i) => i.issue);
  const from = ahead.indexOf(plan.startIssue);
  const want = from < 0 ? [] : ahead.slice(from, from + plan.issues.length);
  if (want.length !== plan.issues.length) fail('追号期数超出可追范围');
  plan.issues.forEach((iss, i) => {
    if (iss.issue !== want[i]) fail('追号期号不连续');
  });
  const rows = await ensureIssueRows(tx, lottery, want);
  if (rows.length !== want.length || rows.some((r) => r.status !== 'pending')) fail('期号不存在');
}

/** The chase this request id made before (null if none); refused when it was another chase. */
async function storedChase(db: Db, plan: ChasePlan): Promise<Omit<PlacedChase, 'balance'> | null> {
  const [chase] = await db<{ id: number; request_hash: string | null }[]>`
    select id, request_hash from chases where user_id = ${plan.userId} and request_id = ${plan.requestId}`;
  if (!chase) return null;
  assertSameFingerprint(chase.request_hash, chaseFingerprint(plan));
  const orders = await db<{ id: number; order_no: string; issue: string }[]>`
    select id, order_no, issue from bets where chase_id = ${chase.id} order by request_index`;
  return {
    chaseId: chase.id,
    orders: orders.map((o) => ({ id: o.id, orderNo: o.order_no, issue: o.issue })),
  };
}

async function writeChase(
  tx: Tx,
  plan: ChasePlan,
  nowMs: number,
): Promise<Omit<PlacedChase, 'balance'>> {
  const first = plan.issues[0]!.tickets[0]!;
  const userGroup = await prizeGroupOf(
    tx,
    plan.userId,
    first.lottery.family,
    first.lottery.prizeGroupCap,
  );
  const priced = priceChase(plan, userGroup);
  await checkIssues(tx, plan, nowMs);
  const [chase] = await tx<{ id: number }[]>`
    insert into chases (user_id, request_id, lottery_code, play_code, betting_number, betting_count, unit,
                        rebate_permille, stop_after_win, start_issue, chase_count, total_amount, request_hash)
    values (${plan.userId}, ${plan.requestId}, ${first.lottery.code}, ${first.play.code},
            ${priced[0]!.map((t) => t.bettingNumber).join(' | ')},
            ${priced[0]!.reduce((s, t) => s + t.bettingCount, 0)}, ${first.unit}, ${first.rebatePermille},
            ${plan.stopAfterWin}, ${plan.startIssue}, ${plan.issues.length}, ${plan.totalFen}, ${chaseFingerprint(plan)})
    returning id`;
  const rows: BetInsert[] = priced.flat().map((ticket, i) => ({
    userId: plan.userId,
    requestId: `c:${plan.requestId}`,
    requestIndex: i,
    ticket,
    stakeType: CHASE_STAKE_TYPE,
    chaseId: chase!.id,
    requestHash: null,
  }));
  const orders = await writeBets(tx, rows, await allocateBetIds(tx, rows.length), nowMs);
  return {
    chaseId: chase!.id,
    orders: orders.map((o) => ({ id: o.id, orderNo: o.orderNo, issue: o.issue })),
  };
}

/** Places a chase once per (user, requestId); a repeat answers the stored chase. */
export async function placeChase(sql: Sql, plan: ChasePlan): Promise<PlacedChase> {
  const answer = async (c: Omit<PlacedChase, 'balance'>) => ({
    ...c,
    balance: formatFen(await playerBalance(sql, plan.userId)),
  });
  const prior = await storedChase(sql, plan);
  if (prior) return answer(prior);
  try {
    return answer(await sql.begin((tx) => writeChase(tx, plan, Date.now())));
  } catch (err) {
    if ((err as { code?: string }).code === '23505') {
      const won = await storedChase(sql, plan);
      if (won) return answer(won);
    }
    throw err;
  }
}
