/**
 * POST /v1/chat/shareMessage: one share (type 7 bets or 9 a day's record) into several rooms and
 * private chats at once (spec 001 sections 2, 5, 8). The references are checked and the payload
 * built once, before anything is sent (a bad id sends nothing anywhere); then each target goes
 * through the one send path exactly like addMessage / addDirectMessage (entry, mutes, flood), and
 * the answer lists each target's outcome. At most 30 rooms and 30 private chats.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { loggedIn } from '../auth/sessions.ts';
import { AppError, Form, ok, refuse } from '../http/envelope.ts';
import { messageKind } from '../../domain/chat/messageTypes.ts';
import { DIRECT_MESSAGE_LENGTH } from '../../domain/chat/constants.ts';
import { MAX_SHARE_DIRECT, SHARE_MSG } from '../../domain/share/message.ts';
import { directRoomOf } from '../chat/rooms.ts';
import { sendInPublicRoom, sendToRoom } from '../chat/send.ts';
import { shareBody } from './build.ts';

const List = (item: string) =>
  Type.Optional(Type.String({ pattern: `^(${item}(,${item}){0,99})?$`, maxLength: 2000 }));
export const ShareBody = Form({
  roomCodes: List('[0-9A-Za-z]{1,16}'),
  roomIds: List('\\d{1,16}'),
  messageTypeId: Type.Union([Type.Literal(7), Type.Literal(9)]),
  message: Type.String({ maxLength: 4000 }),
});
interface Share {
  roomCodes?: string;
  roomIds?: string;
  messageTypeId: 7 | 9;
  message: string;
}

export interface ShareOutcome {
  roomCode?: string;
  roomId?: number;
  ok: boolean;
  msg: string;
  messageId?: number;
}

const split = (s: string | undefined) => [...new Set((s ?? '').split(',').filter((x) => x !== ''))];

export default async function shareRoutes(app: FastifyInstance): Promise<void> {
  const sql = app.deps.sql;
  app.post<{ Body: Share }>(
    '/v1/chat/shareMessage',
    { config: { auth: 'user' }, schema: { body: ShareBody } },
    async (req) => {
      const user = loggedIn(req);
      const codes = split(req.body.roomCodes);
      const ids = split(req.body.roomIds).map(Number);
      if (codes.length + ids.length === 0) refuse(SHARE_MSG.noTargets);
      if (codes.length > MAX_SHARE_DIRECT || ids.length > MAX_SHARE_DIRECT)
        refuse(SHARE_MSG.tooManyTargets);
      // the references, checked once before any target: a bad id or date sends nothing anywhere
      const kind = messageKind(req.body.messageTypeId)!;
      const parsed = kind.parse(req.body.message, DIRECT_MESSAGE_LENGTH);
      if (!parsed.ok) refuse(parsed.msg);
      await shareBody(sql, user.userId, kind.id, parsed.body);
      const results: ShareOutcome[] = [];
      const attempt = async (
        target: Omit<ShareOutcome, 'ok' | 'msg'>,
        send: () => Promise<{ id: number }>,
      ) => {
        try {
          const m = await send();
          results.push({ ...target, ok: true, msg: SHARE_MSG.success, messageId: m.id });
        } catch (e) {
          if (!(e instanceof AppError)) throw e;
          results.push({ ...target, ok: false, msg: e.message });
        }
      };
      const message = { messageTypeId: kind.id, message: req.body.message };
      for (const roomCode of codes) {
        await attempt({ roomCode }, () =>
          sendInPublicRoom(app, user, { roomCode, ...message, status: 0 }, 'addMessage'),
        );
      }
      for (const roomId of ids) {
        await attempt({ roomId }, async () => {
          const room = await directRoomOf(sql, roomId, user.userId);
          const m = await sendToRoom(app, room, user.userId, message, 'addDirectMessage');
          await sql`update chat_direct_members set message_read_id = greatest(message_read_id, ${m.id})
                  where room_id = ${room.id} and user_id = ${user.userId}`;
          return m;
        });
      }
      const sent = results.filter((r) => r.ok).length;
      if (sent === 0) refuse(results[0]!.msg, undefined, { results });
      return ok(
        { sent, results },
        sent === results.length
          ? SHARE_MSG.success
          : `已分享到${sent}个聊天室，${results.length - sent}个失败`,
      );
    },
  );
}
