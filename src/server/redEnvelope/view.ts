/**
 * What players read about envelopes: the per-viewer state of type-3 messages in history lists,
 * the detail list (who got how much, best luck) and my records of the last 7 days.
 */
import type { Sql } from '../db/client.ts';
import { formatFen, maskName } from '../../domain/money.ts';
import { beijingDayStartOf, DAY_MS, formatBeijing, parseBeijingDay } from '../../domain/time.ts';
import { MessageType } from '../../domain/chat/messageTypes.ts';
import { EnvelopeType, RECORD_WINDOW_DAYS, viewerState } from '../../domain/redEnvelope/rules.ts';
import type { WireMessage } from '../chat/messages.ts';
import { shownSender, type EnvelopeRow } from './access.ts';
import { paging } from '../http/paging.ts';

interface StateRow {
  message_id: number;
  sender_id: number;
  state: number;
  taken: number;
  num: number;
  expired: boolean;
  mine: number | null;
  is_read: boolean;
}

/**
 * History lists: each type-3 message's JSON gains, for this viewer, isRead (0/1), state (0
 * available, 1 expired, 2 received, 3 exhausted, 4 refunded, 5 all taken) and amount when
 * received. One query for the page; other messages untouched. A guest (null) reads no receipts.
 */
export async function withEnvelopeState(
  sql: Sql,
  viewerId: number | null,
  list: WireMessage[],
): Promise<WireMessage[]> {
  const ids = list.filter((m) => m.messageTypeId === MessageType.RED_ENVELOPE).map((m) => m.id);
  if (ids.length === 0) return list;
  const uid = viewerId ?? 0;
  const rows = await sql<StateRow[]>`
    select e.message_id, e.sender_id, e.state, e.taken, e.num, e.expires_at <= now() as expired,
           (select amount_fen from red_envelope_receipts r where r.envelope_id = e.id and r.user_id = ${uid}) as mine,
           exists (select 1 from red_envelope_reads d where d.envelope_id = e.id and d.user_id = ${uid}) as is_read
    from red_envelopes e where e.message_id = any (${ids})`;
  const byMessage = new Map(rows.map((r) => [r.message_id, r]));
  return list.map((m) => {
    const r = byMessage.get(m.id);
    if (!r) return m;
    const state = viewerState({
      expired: r.expired,
      refunded: r.state === 4,
      allTaken: r.taken >= r.num,
      receivedFen: r.mine,
      viewerIsSender: r.sender_id === uid,
    });
    const body = JSON.parse(m.message) as Record<string, unknown>;
    const extra = {
      isRead: r.is_read || r.mine !== null ? 1 : 0,
      state,
      ...(r.mine !== null ? { amount: formatFen(r.mine) } : {}),
    };
    return { ...m, message: JSON.stringify({ ...body, ...extra }) };
  });
}

interface ReceiptRow {
  user_name: string;
  nick_name: string | null;
  avatar: string | null;
  amount_fen: number;
  seq: number;
  created_at: Date;
  total: number;
  received: number;
  best_seq: number | null;
}

/** queryReceiveRedEnvelope: the envelope's head and one page of its receipts, newest first. */
export async function envelopeDetail(
  sql: Sql,
  e: EnvelopeRow,
  viewerId: number,
  page: { limit: number; offset: number },
) {
  const rows = await sql<ReceiptRow[]>`
    select u.user_name, u.nick_name, u.avatar, r.amount_fen, r.seq, r.created_at,
           count(*) over ()::int as total, sum(r.amount_fen) over ()::bigint as received,
           (select seq from red_envelope_receipts b where b.envelope_id = ${e.id} order by amount_fen desc, seq limit 1) as best_seq
    from red_envelope_receipts r join users u on u.id = r.user_id
    where r.envelope_id = ${e.id}
    order by r.seq desc limit ${page.limit} offset ${page.offset}`;
  const [sums] =
    rows.length > 0
      ? [{ total: rows[0]!.total, received: rows[0]!.received }]
      : await sql<{ total: number; received: number }[]>`
        select count(*)::int as total, coalesce(sum(amount_fen), 0)::bigint as received
        from red_envelope_receipts where envelope_id = ${e.id}`;
  const fullyTaken = e.taken >= e.num;
  const state = viewerState({
    expired: e.expires_at.getTime() <= Date.now(),
    refunded: e.state === 4,
    allTaken: fullyTaken,
    receivedFen: e.mine,
    viewerIsSender: e.sender_id === viewerId,
  });
  return {
    amount: formatFen(e.mine ?? 0),
    total: sums!.total,
    numTotal: e.num,
    amountTotal: formatFen(e.total_fen),
    receiveAmount: formatFen(sums!.received),
    receiveNum: e.taken,
    type: e.type,
    wishingRemark: e.wishing_remark,
    senderName: shownSender(e),
    senderAvatar: e.sender_avatar ?? '',
    state,
    rows: rows.map((r) => ({
      userName: maskName(r.nick_name || r.user_name),
      avatar: r.avatar ?? '',
      dispatchType: e.type,
      receiveTime: formatBeijing(r.created_at),
      amount: formatFen(r.amount_fen),
      isBest: e.type === EnvelopeType.RANDOM && fullyTaken && r.seq === r.best_seq ? 1 : 0,
    })),
  };
}

interface RecordRow {
  record_code: string;
  kind: 'received' | 'sent';
  amount: number;
  wishing_remark: string;
  at: Date;
  sender_name: string;
  sender_nick: string | null;
  room_code: string | null;
  is_direct: boolean;
  is_system: boolean;
  room_title: string;
  type: number;
  state: number;
  num: number;
  taken: number;
  expired: boolean;
  sender_id: number;
  total: number;
  received_total: number;
  sent_total: number;
}

export interface RecordsQuery {
  pageNum?: number;
  pageSize?: number;
  roomCode?: string;
  startTime?: string;
  endTime?: string;
}

/** queryFrontReceiveRedEnvelopeByUserid: my received and sent envelopes, last 7 days at most. */
export async function myRecords(sql: Sql, userId: number, q: RecordsQuery, nowMs = Date.now()) {
  const floor = beijingDayStartOf(nowMs) - (RECORD_WINDOW_DAYS - 1) * DAY_MS;
  // a date that is no date (2026-13-45, 2026-02-30) is as if absent; the window never reaches past 7 days
  const start = q.startTime ? parseBeijingDay(q.startTime) : null;
  const end = q.endTime ? parseBeijingDay(q.endTime) : null;
  const from = start ? Math.max(floor, start.startMs) : floor;
  const to = end ? Math.min(nowMs + 1000, end.endMs) : nowMs + 1000;
  const { limit: size, offset } = paging(q.pageNum, q.pageSize);
  const [f, t] = [new Date(from), new Date(to)];
  const rows = await sql<RecordRow[]>`
    with items as (
      select e.id, 'received' as kind, r.amount_fen as amount, r.created_at as at
      from red_envelope_receipts r join red_envelopes e on e.id = r.envelope_id
      where r.user_id = ${userId} and r.created_at >= ${f} and r.created_at < ${t}
      union all
      select e.id, 'sent', e.total_fen, e.created_at from red_envelopes e
      where e.sender_id = ${userId} and e.created_at >= ${f} and e.created_at < ${t})
    select e.record_code, i.kind, i.amount, e.wishing_remark, i.at, u.user_name as sender_name, u.nick_name as sender_nick,
           c.room_code, c.title as room_title, e.is_direct, e.is_system, e.type, e.state, e.num, e.taken, e.expires_at <= now() as expired, e.sender_id,
           count(*) over ()::int as total,
           coalesce(sum(i.amount) filter (where i.kind = 'received') over (), 0)::bigint as received_total,
           coalesce(sum(i.amount) filter (where i.kind = 'sent') over (), 0)::bigint as sent_total
    from items i join red_envelopes e on e.id = i.id join users u on u.id = e.sender_id join chat_rooms c on c.id = e.room_id
    ${q.roomCode ? sql`where c.room_code = ${q.roomCode}` : sql``}
    order by i.at desc, e.id desc limit ${size} offset ${offset}`;
  return {
    list: rows.map((r) => ({
      recordId: r.record_code,
      kind: r.kind,
      amount: formatFen(r.amount),
      wishingRemark: r.wishing_remark,
      time: formatBeijing(r.at),
      senderName: shownSender(r),
      roomCode: r.room_code ?? '',
      roomTitle: r.room_title,
      type: r.type,
      state: viewerState({
        expired: r.expired,
        refunded: r.state === 4,
        allTaken: r.taken >= r.num,
        receivedFen: r.kind === 'received' ? r.amount : null,
        viewerIsSender: r.sender_id === userId,
      }),
      num: r.num,
      receiveNum: r.taken,
    })),
    total: rows[0]?.total ?? 0,
    receivedTotal: formatFen(rows[0]?.received_total ?? 0),
    sentTotal: formatFen(rows[0]?.sent_total ?? 0),
  };
}
