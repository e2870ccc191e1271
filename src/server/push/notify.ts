/**
 * What a stored chat message is announced as, and to whom (docs/push.md):
 * - a red envelope (type 3) in a public room: the room's recent members (entries.ts);
 * - an @-mention: the mentioned users (those entries.ts `mentionable` kept when the message was
 *   stored), never for a guest's message; a manager's @全部: the room's recent members;
 * - any message in a private room: the other member.
 * The sender is never notified. One push per recipient: an envelope that also mentions someone is
 * announced once, as the envelope.
 */
import { MessageType, messageKind } from '../../domain/chat/messageTypes.ts';
import { DEFAULT_WISH } from '../../domain/redEnvelope/rules.ts';
import {
  CHAT_PUSH_TTL_SEC,
  ENVELOPE_PUSH_TTL_SEC,
  PUSH_BODY_MAX_CHARS,
  PushKind,
  type PushKindName,
  type PushPayload,
} from '../../domain/push.ts';
import type { Sql } from '../db/client.ts';
import type { RoomRow } from '../chat/rooms.ts';
import { recentMembers } from './entries.ts';

/** The stored message as the send path knows it. */
export interface StoredMessage {
  id: number;
  messageTypeId: number;
  /** the stored body: text, or the type's JSON */
  body: string;
  /** the sender's name as the room shows it */
  nickname: string;
  /** null for a guest */
  senderId: number | null;
  mentionIds: readonly number[];
  /** 1: @全部 */
  status: number;
}

export interface PushJob {
  kind: PushKindName;
  userIds: number[];
  payload: PushPayload;
  /** the push service drops it after this (epoch ms): the envelope's end, or a short chat life */
  expiresAtMs: number;
  /** replaces an undelivered push of the same topic (≤32 URL-safe characters) */
  topic: string;
  urgency: 'high' | 'normal';
}

/** The wish of a red-envelope message's JSON (spec 001 §5: wishingRemark), else the default wish. */
export function envelopeWish(body: string): string {
  try {
    const v = JSON.parse(body) as { wishingRemark?: unknown } | null;
    if (v && typeof v.wishingRemark === 'string' && v.wishingRemark.trim())
      return clip(v.wishingRemark.trim());
  } catch {
    // not JSON: the default wish
  }
  return DEFAULT_WISH;
}

/** The envelope's own id when its JSON carries one (recordId), else the message id. */
function envelopeKey(body: string, messageId: number): string {
  try {
    const v = JSON.parse(body) as { recordId?: unknown } | null;
    const id = v?.recordId;
    if (
      (typeof id === 'string' || typeof id === 'number') &&
      /^[A-Za-z0-9_-]{1,30}$/.test(String(id))
    )
      return String(id);
  } catch {
    // not JSON: the message id
  }
  return String(messageId);
}

function clip(text: string): string {
  const chars = [...text.replace(/\s+/g, ' ')];
  return chars.length > PUSH_BODY_MAX_CHARS
    ? `${chars.slice(0, PUSH_BODY_MAX_CHARS - 1).join('')}…`
    : chars.join('');
}

function preview(m: StoredMessage): string {
  const kind = messageKind(m.messageTypeId);
  return clip(kind ? kind.preview(m.body) : '[新消息]');
}

/** The push jobs for one stored message (none for most messages of a public room). */
export async function jobsFor(
  sql: Sql,
  room: RoomRow,
  m: StoredMessage,
  nowMs: number,
): Promise<PushJob[]> {
  if (room.type === 7) {
    const other = [room.user_low, room.user_high].map(Number).find((id) => id !== m.senderId);
    if (other === undefined) return [];
    const isEnvelope = m.messageTypeId === MessageType.RED_ENVELOPE;
    const key = envelopeKey(m.body, m.id);
    // a private chat names the peer unmasked, as the private-chat list does
    const [sender] = await sql<
      { name: string }[]
    >`select coalesce(nullif(nick_name, ''), user_name) as name from users where id = ${m.senderId ?? 0}`;
    return [
      {
        kind: PushKind.DIRECT,
        userIds: [other],
        payload: {
          title: sender?.name || m.nickname || '私聊',
          body: isEnvelope ? `[红包] ${envelopeWish(m.body)}` : preview(m),
          url: `/chatDirect/${room.id}`,
          tag: isEnvelope ? `envelope-${key}` : `direct-${room.id}`,
        },
        expiresAtMs: nowMs + (isEnvelope ? ENVELOPE_PUSH_TTL_SEC : CHAT_PUSH_TTL_SEC) * 1000,
        topic: isEnvelope ? `e${key}` : `d${room.id}`,
        urgency: 'high',
      },
    ];
  }
  const url = `/chatRoom/${room.room_code}`;
  const jobs: PushJob[] = [];
  const told = new Set<number>();
  if (m.messageTypeId === MessageType.RED_ENVELOPE) {
    const key = envelopeKey(m.body, m.id);
    const userIds = await recentMembers(sql, room, m.senderId);
    for (const id of userIds) told.add(id);
    jobs.push({
      kind: PushKind.RED_ENVELOPE,
      userIds,
      payload: {
        title: room.title || '聊天室',
        body: `[红包] ${envelopeWish(m.body)}`,
        url,
        tag: `envelope-${key}`,
      },
      expiresAtMs: nowMs + ENVELOPE_PUSH_TTL_SEC * 1000,
      topic: `e${key}`,
      urgency: 'high',
    });
  }
  // guests have no @ (docs/chat.md): whatever ids their message carries, nobody is told
  const mentioned =
    m.senderId === null
      ? []
      : m.status === 1
        ? await recentMembers(sql, room, m.senderId)
        : [...m.mentionIds];
  const userIds = mentioned.filter((id) => id !== m.senderId && !told.has(id));
  if (userIds.length > 0) {
    jobs.push({
      kind: PushKind.MENTION,
      userIds,
      payload: {
        title: room.title || '聊天室',
        body: `${m.nickname || '有人'}@了你：${preview(m)}`,
        url,
        tag: `mention-${room.id}`,
      },
      expiresAtMs: nowMs + CHAT_PUSH_TTL_SEC * 1000,
      topic: `m${room.id}`,
      urgency: 'normal',
    });
  }
  return jobs.filter((j) => j.userIds.length > 0);
}
