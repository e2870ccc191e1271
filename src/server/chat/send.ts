/**
 * Sending into a room, for every message type: the catalogue's payload rule, flood control, then
 * the one pipeline (store, publish). Red envelopes (3), shared bets (7) and records (9) are types here.
 */
import type { FastifyInstance } from 'fastify';
import { refuse } from '../http/envelope.ts';
import { MessageType, messageKind, type SendCall } from '../../domain/chat/messageTypes.ts';
import { RoomEvent } from '../../domain/chat/push.ts';
import { FLOOD_MSG } from './flood.ts';
import { postMessage, type WireMessage } from './messages.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { enterAsGuest, enterToSpeak, speakCheck } from './entry.ts';
import { guestWireId } from '../../domain/chat/guest.ts';
import { GRADE_GUEST } from '../../domain/chat/constants.ts';
import { publicRoom, type RoomRow } from './rooms.ts';
import { sendEnvelope, type MoneyFields } from '../redEnvelope/send.ts';
import { mutedSendRefusal } from '../../domain/chat/access.ts';
import { isShareKind, shareBody } from '../share/build.ts';
import { mentionable } from '../push/entries.ts';

export interface Outgoing {
  messageTypeId: number;
  message: string;
  status?: number;
  mentionIds?: number[];
  /** a money kind's fields (red envelope): the safety password hash and the request id */
  money?: MoneyFields;
}

/**
 * What the server checks of a type's payload beyond its shape (domain parse): an image must be
 * one the server stored (uploadChatFile). A new type with stored references adds its check here.
 */
const SERVER_CHECKS: Record<number, (app: FastifyInstance, body: string) => Promise<void>> = {
  [MessageType.IMAGE]: async (app, body) => {
    const { imgPath, thumbPath } = JSON.parse(body) as { imgPath: string; thumbPath: string };
    const [found] = await app.deps
      .sql`select 1 from chat_images where img_path = ${imgPath} and thumb_path = ${thumbPath}`;
    if (!found) refuse('图片不存在，请重新上传');
  },
};

/** Who sends: a member (a user id) or a guest with an issued identity (chat_guests). */
export type Sender = number | { guestId: number };

export async function sendToRoom(
  app: FastifyInstance,
  room: RoomRow,
  sender: Sender,
  out: Outgoing,
  via: SendCall,
): Promise<WireMessage> {
  const userId = typeof sender === 'number' ? sender : null;
  const guestId = typeof sender === 'number' ? null : sender.guestId;
  const kind = messageKind(out.messageTypeId);
  if (!kind?.sentBy.includes(via)) refuse('不支持的消息类型');
  const parsed = kind.parse(out.message, room.message_length);
  if (!parsed.ok) refuse(parsed.msg);
  await SERVER_CHECKS[kind.id]?.(app, parsed.body);
  // a shared bet or record: the stored payload is built from the sender's own records (share/build.ts)
  const body = isShareKind(kind.id)
    ? await shareBody(app.deps.sql, userId, kind.id, parsed.body)
    : parsed.body;
  // a money kind runs its own step (checks, ledger, row and message in one transaction); its
  // request id and daily count bound it, so flood control (which would refuse a retry) is not asked
  if (kind.id === MessageType.RED_ENVELOPE) {
    const sent = await sendEnvelope(app, room, userId, parsed.body, out.money ?? {});
    if (sent.fresh) await announce(app, room, sent.message, userId, [], 0);
    return sent.message;
  }
  if (!(await app.chat.flood.allow(userId ?? guestWireId(guestId ?? 0), room.id)))
    refuse(FLOOD_MSG);
  const sql = app.deps.sql;
  // who may be told of a mention: push/entries.ts (never for a guest, only users who may see the room)
  const mentionIds = await mentionable(sql, room, userId, out.mentionIds ?? [], () =>
    app.chat.presence.online(room.id),
  );
  const message = await postMessage(sql, (e) => app.chat.publish(e), {
    roomId: room.id,
    userId,
    guestId,
    messageTypeId: kind.id,
    body,
    status: out.status ?? 0,
    mentionIds,
  });
  await announce(app, room, message, userId, mentionIds, out.status ?? 0);
  return message;
}

/**
 * What follows every newly stored and published message, of every type: the web push (envelopes,
 * mentions, private messages; in the background) and the room's @ notice. A replayed money send
 * (the same request id) is not announced again.
 */
export async function announce(
  app: FastifyInstance,
  room: RoomRow,
  message: WireMessage,
  senderId: number | null,
  mentionIds: number[],
  status: number,
): Promise<void> {
  app.push.afterMessage(room, {
    id: message.id,
    messageTypeId: message.messageTypeId,
    body: message.message,
    nickname: message.nickname,
    senderId,
    mentionIds,
    status,
  });
  if (mentionIds.length > 0 || status === 1) {
    await app.chat.roomEvent(room.id, RoomEvent.MENTION, {
      id: message.id,
      userIds: mentionIds.map(String),
      all: status === 1 ? 1 : 0,
    });
  }
}

export interface PublicSend {
  roomCode: string;
  messageTypeId: number;
  message: string;
  status?: number;
  userIds?: string;
  safetyPassword?: string;
  requestId?: string;
}

/** A member sends into a public room: entry, mutes, @全部 for managers, then the pipeline. */
export async function sendInPublicRoom(
  app: FastifyInstance,
  user: SessionUser,
  body: PublicSend,
  via: SendCall,
): Promise<WireMessage> {
  const sql = app.deps.sql;
  const room = await publicRoom(sql, body.roomCode);
  const { viewer, refusal } = await enterToSpeak(sql, room, user);
  // a muted sender of an envelope or a share hears the spec's one message (spec 001 section 5)
  if (refusal)
    refuse(messageKind(body.messageTypeId)?.mutedSendMsg ? mutedSendRefusal(refusal) : refusal);
  if (body.status === 1 && !viewer.isManager) refuse('只有管理员可以@全部');
  const mentionIds = body.userIds ? [...new Set(body.userIds.split(',').map(Number))] : [];
  const money = { safetyPassword: body.safetyPassword, requestId: body.requestId };
  return sendToRoom(
    app,
    room,
    user.userId,
    {
      messageTypeId: body.messageTypeId,
      message: body.message,
      status: body.status ?? 0,
      mentionIds,
      money,
    },
    via,
  );
}

/**
 * A guest sends into a public room (addMessageGuest, addImageGuest): the guest code, then the
 * room's guest-chat switch and the same mutes as members (the guest's own, grade -2, the whole
 * room), then the one pipeline. Guests never use @全部.
 */
export async function sendAsGuest(
  app: FastifyInstance,
  guestId: number,
  body: PublicSend & { guestCode: string },
  via: SendCall,
): Promise<WireMessage> {
  const sql = app.deps.sql;
  const room = await publicRoom(sql, body.roomCode);
  enterAsGuest(room, body.guestCode);
  const guestRefusal = messageKind(body.messageTypeId)?.guestRefusal;
  if (guestRefusal) refuse(guestRefusal);
  const refusal = await speakCheck(sql, room, {
    userId: null,
    guestId,
    grade: GRADE_GUEST,
    isManager: false,
  });
  if (refusal) refuse(refusal);
  if (body.status === 1) refuse('只有管理员可以@全部');
  const mentionIds = body.userIds ? [...new Set(body.userIds.split(',').map(Number))] : [];
  return sendToRoom(
    app,
    room,
    { guestId },
    { messageTypeId: body.messageTypeId, message: body.message, status: 0, mentionIds },
    via,
  );
}
