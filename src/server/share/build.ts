/**
 * The server step of message types 7 (shared bets) and 9 (shared day record) in the one chat
 * pipeline (chat/send.ts sendToRoom): the parsed references (`{orderIds}`, `{date}`) become the
 * stored payload `{"data":[...]}` built from the sharer's OWN records — never from what the client
 * claims. A bet that is not the sharer's, or does not exist, refuses the whole share.
 */
import { formatFen } from '../../domain/money.ts';
import { getPlay } from '../../domain/lottery/index.ts';
import { MessageType } from '../../domain/chat/messageTypes.ts';
import { SHARE_MSG, type SharedBet, type SharedRecord } from '../../domain/share/message.ts';
import type { Sql } from '../db/client.ts';
import { refuse } from '../http/envelope.ts';
import { UNIT_WIRE } from '../betting/tickets.ts';
import { betsOf } from '../betting/records.ts';
import { dayRange } from '../http/dates.ts';
import { profitLoss } from '../records/profitLoss.ts';

/** The sharer's bets of these ids, in the order given; refuses when any is missing or another's. */
export async function sharedBets(sql: Sql, userId: number, ids: number[]): Promise<SharedBet[]> {
  const rows = await betsOf(sql, userId, ids);
  if (rows.length !== ids.length) refuse(SHARE_MSG.badOrder);
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return ids.map((id) => {
    const r = byId.get(id)!;
    const playName = getPlay(r.family, r.play_code)?.nameZh ?? r.play_code;
    return {
      orderId: r.order_no,
      lotteryName: r.lottery_name,
      lotteryCode: r.lottery_code,
      lotteryType: r.family,
      // the lotteries table records no country; the field is kept for the spec's shape
      country: '',
      bettingIssue: r.issue,
      bettingAmount: formatFen(r.amount),
      bettingCount: r.betting_count,
      bettingUnit: UNIT_WIRE[r.unit],
      graduationCount: r.multiple,
      bettingNumber: r.betting_number,
      playDetailCode: r.lottery_code + r.play_code,
      betDetail: playName,
      betDetailTitle: `${r.lottery_name} 第${r.issue}期`,
      betDetailContent: r.betting_number,
      money: formatFen(r.amount),
    };
  });
}

/** The sharer's profit and loss of one Beijing day (the report's range rules apply). */
export async function sharedRecord(
  sql: Sql,
  userId: number,
  date: string,
  nowMs = Date.now(),
): Promise<SharedRecord> {
  const pl = await profitLoss(sql, userId, dayRange(date, date, nowMs));
  return {
    betAmount: pl.betAmount,
    returnAmount: pl.prizeAmount,
    profit: pl.profit,
    dateName: date,
  };
}

/** Types whose stored body the server builds from the sender's records. */
export function isShareKind(typeId: number): boolean {
  return typeId === MessageType.SHARED_BET || typeId === MessageType.SHARED_RECORD;
}

/** The stored body of a type 7 or 9 message from its parsed references. */
export async function shareBody(
  sql: Sql,
  senderId: number | null,
  typeId: number,
  parsed: string,
): Promise<string> {
  if (senderId === null) refuse(SHARE_MSG.guest);
  if (typeId === MessageType.SHARED_BET) {
    const { orderIds } = JSON.parse(parsed) as { orderIds: number[] };
    return JSON.stringify({ data: await sharedBets(sql, senderId, orderIds) });
  }
  const { date } = JSON.parse(parsed) as { date: string };
  return JSON.stringify({ data: [await sharedRecord(sql, senderId, date)] });
}
