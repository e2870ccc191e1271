/**
 * A guest's calls under /v1/chat/ (spec 001 sections 6-7): the room as a guest sees it, with the
 * guest identity when the room allows guest chat (游客可发言), and sending text and images. Every
 * call needs the room's guest code; sending goes through the one pipeline (send.ts), under the
 * same mutes and flood limits as members; a guest withdraws its own messages. Guests never save
 * images (请先注册).
 */
import type { FastifyInstance } from 'fastify';
import type { Static } from '@sinclair/typebox';
import { AppError, Form, ok, refuse } from '../http/envelope.ts';
import { readFilePart } from '../account/uploads.ts';
import { maskName } from '../../domain/money.ts';
import { GRADE_GUEST } from '../../domain/chat/constants.ts';
import { GUEST_SEND_MSG } from '../../domain/chat/access.ts';
import { RoomEvent } from '../../domain/chat/push.ts';
import { guestWireId } from '../../domain/chat/guest.ts';
import { enterAsGuest, enterAsGuestWithPassword, speakCheck } from './entry.ts';
import { currentGuest, issueGuest, requireGuest } from './guests.ts';
import { grantGuestByPassword, guestHasGrant, PASSWORD_WRONG_MSG } from './passwords.ts';
import { AddImageFields, storeChatImage } from './imageRoutes.ts';
import { publicRoom, roomSetting, type RoomRow } from './rooms.ts';
import {
  AddMessageBody,
  CheckPasswordBody,
  GuestCode,
  RoomCode,
  RoomMessageBody,
} from './schemas.ts';
import { sendAsGuest } from './send.ts';

const GUEST = { auth: 'none' as const };
const GuestRoomQuery = Form({ roomCode: RoomCode, guestCode: GuestCode });
const AddMessageGuestBody = Form({ ...AddMessageBody.properties, guestCode: GuestCode });
const AddImageGuestBody = Form({ ...AddImageFields, guestCode: GuestCode });
const WithdrawGuestBody = Form({ ...RoomMessageBody.properties, guestCode: GuestCode });
const CheckPasswordGuestBody = Form({ ...CheckPasswordBody.properties, guestCode: GuestCode });
const GUEST_SAVE_MSG = '游客不能收藏图片，请先注册';

/** The guest rooms /chatRoom lists to a visitor at most (the operator keeps a handful). */
const GUEST_ROOM_LIST_MAX = 50;

export default async function guestRoutes(app: FastifyInstance) {
  const sql = app.deps.sql;

  /**
   * The rooms a visitor may open without an account (/chatRoom for guests): shown in the list and
   * given a guest link by the operator; each with the link's code, as the operator's link carries it.
   */
  app.get('/v1/chat/getGuestRoomList', { config: GUEST }, async () => {
    const rows = await sql<RoomRow[]>`
      select * from chat_rooms where type = 1 and enabled and is_show_list and guest_code is not null
      order by sort, id limit ${GUEST_ROOM_LIST_MAX}`;
    const list = rows.map((r) => {
      const { roomCode, title, subTitle, avatar, isPassword } = roomSetting(r);
      return {
        roomCode,
        title,
        subTitle,
        avatar,
        isPassword,
        guestCode: r.guest_code,
        guestChat: r.guest_chat ? 1 : 0,
      };
    });
    return ok({ list });
  });

  /**
   * The room for a guest: its setting, whether guests may speak, and (when they may) the guest's
   * identity, issued on first use, and why it may not speak now ('' when it may). `needPassword`
   * is 1 in a password room until this guest gave its current password (checkPasswordGuest).
   */
  app.get<{ Querystring: Static<typeof GuestRoomQuery> }>(
    '/v1/chat/getRoomWebGuest',
    {
      config: { ...GUEST, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { querystring: GuestRoomQuery },
    },
    async (req, reply) => {
      const room = await publicRoom(sql, req.query.roomCode);
      enterAsGuest(room, req.query.guestCode);
      const base = { ...roomSetting(room), guestChat: room.guest_chat ? 1 : 0, grade: GRADE_GUEST };
      const guest = room.guest_chat
        ? await issueGuest(sql, req, reply)
        : await currentGuest(sql, req);
      const needPassword = (await guestHasGrant(sql, room, guest?.id ?? null)) ? 0 : 1;
      if (!room.guest_chat || !guest)
        return ok({
          ...base,
          needPassword,
          userId: '',
          nickname: '',
          bannedMessage: GUEST_SEND_MSG,
        });
      const banned = await speakCheck(sql, room, {
        userId: null,
        guestId: guest.id,
        grade: GRADE_GUEST,
        isManager: false,
      });
      return ok({
        ...base,
        needPassword,
        userId: guestWireId(guest.id),
        nickname: maskName(guest.name),
        bannedMessage: banned ?? '',
      });
    },
  );

  /**
   * A guest gives a password room's password (md5 of the 4 digits, as checkPassword): a right one
   * is remembered for the guest's identity (issued here when it has none) until the operator
   * changes it. Guesses are counted before they are checked, per guest and per address.
   */
  app.post<{ Body: Static<typeof CheckPasswordGuestBody> }>(
    '/v1/chat/checkPasswordGuest',
    { config: GUEST, schema: { body: CheckPasswordGuestBody } },
    async (req, reply) => {
      const room = await publicRoom(sql, req.body.roomCode);
      enterAsGuest(room, req.body.guestCode);
      if (!room.password_kdf) return ok(null, '密码正确');
      const guest = await issueGuest(sql, req, reply);
      if (!(await grantGuestByPassword(sql, room, guest.id, req.ip, req.body.password)))
        refuse(PASSWORD_WRONG_MSG);
      return ok(null, '密码正确');
    },
  );

  app.post<{ Body: Static<typeof AddMessageGuestBody> }>(
    '/v1/chat/addMessageGuest',
    { config: GUEST, schema: { body: AddMessageGuestBody } },
    async (req) => {
      const room = await publicRoom(sql, req.body.roomCode);
      await enterAsGuestWithPassword(sql, req, room, req.body.guestCode);
      if (!room.guest_chat) refuse(GUEST_SEND_MSG);
      const guest = await requireGuest(sql, req);
      return ok(await sendAsGuest(app, guest.id, req.body, 'addMessage'), '发送成功');
    },
  );

  app.post<{ Body: Static<typeof AddImageGuestBody> }>(
    '/v1/chat/addImageGuest',
    { config: GUEST, schema: { body: AddImageGuestBody } },
    async (req) => {
      const room = await publicRoom(sql, req.body.roomCode);
      await enterAsGuestWithPassword(sql, req, room, req.body.guestCode);
      if (!room.guest_chat) refuse(GUEST_SEND_MSG);
      const guest = await requireGuest(sql, req);
      return ok(await sendAsGuest(app, guest.id, req.body, 'addImage'), '发送成功');
    },
  );

  /**
   * A guest withdraws its own message (spec 001 §6: a normal user withdraws its own), as
   * updateMessageStateFront does for members: the same 3/5 push. Allowed while muted or after the
   * switch is turned off, as for members; only the identity that sent it.
   */
  app.post<{ Body: Static<typeof WithdrawGuestBody> }>(
    '/v1/chat/updateMessageStateGuest',
    { config: GUEST, schema: { body: WithdrawGuestBody } },
    async (req) => {
      const room = await publicRoom(sql, req.body.roomCode);
      await enterAsGuestWithPassword(sql, req, room, req.body.guestCode);
      const guest = await requireGuest(sql, req);
      const [done] = await sql<{ id: number }[]>`
        update chat_messages set state = 1
        where id = ${req.body.id} and room_id = ${room.id} and state = 0 and guest_id = ${guest.id}
        returning id`;
      if (!done) refuse('消息不存在或不能撤回');
      await app.chat.roomEvent(room.id, RoomEvent.MESSAGE_WITHDRAWN, { id: done.id });
      return ok(null, '撤回成功');
    },
  );

  /**
   * A guest's picture for addImageGuest: multipart `roomCode`, `guestCode` (before the file) and
   * `file`, in a room whose guests may speak now. Never saved as a favourite.
   */
  app.post(
    '/v1/files/uploadChatFileGuest',
    { config: { ...GUEST, rateLimit: { max: 30, timeWindow: '1 minute' } } },
    async (req) => {
      if (!req.isMultipart()) throw new AppError('请以文件方式上传', -1, 415);
      const fields: Record<string, string> = {};
      const bytes = await readFilePart(req, (parts) => {
        for (const name of ['roomCode', 'guestCode', 'isFavorite']) {
          const value = (parts[name] as { value?: unknown } | undefined)?.value;
          if (typeof value === 'string') fields[name] = value;
        }
      });
      if (fields.isFavorite === '1' || fields.isFavorite === 'true') refuse(GUEST_SAVE_MSG);
      if (!/^[0-9A-Za-z]{1,16}$/.test(fields.roomCode ?? '')) refuse('房间不存在');
      const room = await publicRoom(sql, fields.roomCode);
      await enterAsGuestWithPassword(sql, req, room, fields.guestCode ?? '');
      const guest = await requireGuest(sql, req);
      const refusal = await speakCheck(sql, room, {
        userId: null,
        guestId: guest.id,
        grade: GRADE_GUEST,
        isManager: false,
      });
      if (refusal) refuse(refusal);
      return ok(await storeChatImage(app, { guestId: guest.id }, bytes), '上传成功');
    },
  );
}
