/**
 * Sending into a room, for every message type: the catalogue's payload rule, flood control, then
 * the one pipeline (store, publish). Red envelopes and shared bets will arrive here as new types.
 */
import type { FastifyInstance } from 'fastify';
import { refuse } from '../http/envelope.ts';
import { messageKind } from '../../domain/chat/messageTypes.ts';
import { RoomEvent } from '../../domain/chat/push.ts';
import { FLOOD_MSG } from './flood.ts';
import { postMessage, type WireMessage } from './messages.ts';
import type { RoomRow } from './rooms.ts';

export interface Outgoing {
  messageTypeId: number;
  message: string;
  status?: number;
  mentionIds?: number[];
}

export async function sendToRoom(app: FastifyInstance, room: RoomRow, userId: number, out: Outgoing): Promise<WireMessage> {
  const kind = messageKind(out.messageTypeId);
  if (!kind?.viaAddMessage) refuse('不支持的消息类型');
  const parsed = kind.parse(out.message, room.message_length);
  if (!parsed.ok) refuse(parsed.msg);
  if (!(await app.chat.flood.allow(userId, room.id))) refuse(FLOOD_MSG);
  const sql = app.deps.sql;
  const mentionIds = out.mentionIds?.length
    ? (await sql<{ id: number }[]>`select id from users where id = any (${out.mentionIds}) and id <> ${userId}`).map((r) => r.id)
    : [];
  const message = await postMessage(sql, app.chat.bus, {
    roomId: room.id,
    userId,
    messageTypeId: kind.id,
    body: parsed.body,
    status: out.status ?? 0,
    mentionIds,
  });
  if (mentionIds.length > 0 || out.status === 1) {
    await app.chat.roomEvent(room.id, RoomEvent.MENTION, { id: message.id, userIds: mentionIds.map(String), all: out.status === 1 ? 1 : 0 });
  }
  return message;
}
