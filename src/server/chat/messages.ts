/**
 * The one message pipeline: store (a room-ordered seq taken under the room row's lock, so within
 * a room id order is commit order and seq has no gaps), then publish to the bus. Lists and the
 * socket's catch-up read the same rows in the same wire shape, so a message looks the same
 * whether it came live, by catch-up or by paging.
 */
import { maskName } from '../../domain/money.ts';
import { formatBeijing } from '../../domain/time.ts';
import { GRADE_GUEST, GRADE_MANAGER, HISTORY_WINDOW_MS } from '../../domain/chat/constants.ts';
import { PushCode } from '../../domain/chat/push.ts';
import { guestWireId } from '../../domain/chat/guest.ts';
import type { Db, Sql } from '../db/client.ts';
import type { BusEvent } from '../realtime/bus.ts';
import { managesRoom } from './rooms.ts';

export interface MessageRow {
  id: number;
  room_id: number;
  room_seq: number;
  user_id: number | null;
  /** a guest's message (chat_guests): user_id is null */
  guest_id: number | null;
  message_type_id: number;
  body: string;
  status: number;
  state: number;
  created_at: Date;
  user_name: string | null;
  nick_name: string | null;
  avatar: string | null;
  grade: number | null;
  manager: boolean;
}

/** The message object of lists and pushes (spec 001 section 3, platform-api.md's example). */
export function wireMessage(row: MessageRow) {
  const name = row.nick_name || row.user_name || '';
  return {
    id: row.id,
    roomId: row.room_id,
    messageTypeId: row.message_type_id,
    message: row.body,
    userId:
      row.guest_id !== null
        ? guestWireId(row.guest_id)
        : row.user_id === null
          ? ''
          : String(row.user_id),
    // managers are shown by name; everyone else masked as the platform does
    nickname: row.manager ? name : maskName(name),
    avatar: row.avatar ?? '',
    grade: row.manager ? GRADE_MANAGER : row.guest_id !== null ? GRADE_GUEST : (row.grade ?? 0),
    nicknameColorId: '',
    messageColorId: '',
    status: row.status,
    gmtCreated: formatBeijing(row.created_at),
  };
}
export type WireMessage = ReturnType<typeof wireMessage>;

/** The new-message push: `{code:1, body:<message as JSON text>, extend:{}}`, encoded once. */
export function messageFrame(row: MessageRow): string {
  return JSON.stringify({
    code: PushCode.NEW_MESSAGE,
    body: JSON.stringify(wireMessage(row)),
    extend: {},
  });
}

/** The wire row's columns, read from `source` (the table, or the insert's own result) as `m`. */
const SELECT_FROM = (sql: Db, source: 'chat_messages' | 'made') => sql`
  select m.id, m.room_id, m.room_seq, m.user_id, m.guest_id, m.message_type_id, m.body, m.status, m.state, m.created_at,
         coalesce(u.user_name, g.name) as user_name, u.nick_name, u.avatar, u.grade,
         coalesce(${managesRoom(sql, 'u', sql`m.room_id`)}, false) as manager
  from ${sql(source)} m left join users u on u.id = m.user_id left join chat_guests g on g.id = m.guest_id`;
const SELECT = (sql: Db) => SELECT_FROM(sql, 'chat_messages');

export interface NewMessage {
  roomId: number;
  /** the member who sent it, or null for a guest (guestId) */
  userId: number | null;
  guestId?: number | null;
  messageTypeId: number;
  body: string;
  status?: number;
  mentionIds?: number[];
}

/**
 * Stores one message in ONE statement (one round trip): the room row's seq is taken under its row
 * lock, which the statement holds until it commits, so within a room id order is commit order and
 * seq has no gaps; the stored row comes back in the wire shape. Inside a transaction (`tx`) the
 * lock is held until that transaction commits.
 */
export async function storeMessage(sql: Db, m: NewMessage): Promise<MessageRow> {
  const [row] = await sql<MessageRow[]>`
    with seq as (update chat_rooms set last_seq = last_seq + 1 where id = ${m.roomId} returning last_seq),
    made as (
      insert into chat_messages (room_id, room_seq, user_id, guest_id, message_type_id, body, status, mention_ids)
      select ${m.roomId}, seq.last_seq, ${m.userId}, ${m.guestId ?? null}, ${m.messageTypeId}, ${m.body}, ${m.status ?? 0},
             ${m.mentionIds ?? []}
      from seq
      returning *)
    ${SELECT_FROM(sql, 'made')}`;
  if (!row) throw new Error(`chat room ${m.roomId} is missing`);
  return row;
}

/** Publishes a stored row (after its transaction committed) and answers its wire shape. */
export async function publishRow(
  publish: (e: BusEvent) => Promise<void>,
  row: MessageRow,
): Promise<WireMessage> {
  await publish({
    kind: 'message',
    roomId: row.room_id,
    seq: row.room_seq,
    frame: messageFrame(row),
  });
  return wireMessage(row);
}

/** Reads one stored message in its wire row (a money kind's replay answers its first message). */
export async function messageRow(sql: Db, id: number): Promise<MessageRow | null> {
  const [row] = await sql<MessageRow[]>`${SELECT(sql)} where m.id = ${id}`;
  return row ?? null;
}

/** Stores, then publishes: the database holds the message before any socket hears of it. */
export async function postMessage(
  sql: Sql,
  publish: (e: BusEvent) => Promise<void>,
  m: NewMessage,
): Promise<WireMessage> {
  return publishRow(publish, await storeMessage(sql, m));
}

/**
 * A page of history, newest first from below `beforeId` (paging up by id), shown messages only.
 * Public rooms show the last 12 h (HISTORY_WINDOW_MS); private rooms keep everything.
 */
export async function historyPage(
  sql: Sql,
  roomId: number,
  beforeId: number | undefined,
  pageSize: number,
  windowed: boolean,
) {
  const since = windowed ? new Date(Date.now() - HISTORY_WINDOW_MS) : new Date(0);
  const rows = await sql<MessageRow[]>`
    ${SELECT(sql)}
    where m.room_id = ${roomId} and m.state = 0 and m.created_at >= ${since}
      ${beforeId ? sql`and m.id < ${beforeId}` : sql``}
    order by m.id desc limit ${pageSize}`;
  return rows.reverse().map(wireMessage);
}

/** The rows after a room seq, in order, for a socket's catch-up and the hub's gap fill. */
export async function rowsAfterSeq(
  sql: Sql,
  roomId: number,
  afterSeq: number,
  limit: number,
): Promise<MessageRow[]> {
  return sql<MessageRow[]>`
    ${SELECT(sql)} where m.room_id = ${roomId} and m.room_seq > ${afterSeq} order by m.room_seq limit ${limit}`;
}

/**
 * The room seq a socket's catch-up starts after, from the last message id the client saw: that
 * message's seq, or (for an id from before the history window or of another room) the seq before
 * the window's first message.
 */
export async function seqAfterId(
  sql: Sql,
  roomId: number,
  lastId: number,
  windowed: boolean,
): Promise<number> {
  const since = windowed ? new Date(Date.now() - HISTORY_WINDOW_MS) : new Date(0);
  const [row] = await sql<{ seq: number }[]>`
    select coalesce(
      (select room_seq from chat_messages where room_id = ${roomId} and id <= ${lastId} and created_at >= ${since}
        order by id desc limit 1),
      (select room_seq - 1 from chat_messages where room_id = ${roomId} and created_at >= ${since}
        order by id limit 1),
      (select last_seq from chat_rooms where id = ${roomId})) as seq`;
  return row.seq;
}

export async function lastSeqOf(sql: Sql, roomId: number): Promise<number> {
  const [row] = await sql<
    { last_seq: number }[]
  >`select last_seq from chat_rooms where id = ${roomId}`;
  return row?.last_seq ?? 0;
}
