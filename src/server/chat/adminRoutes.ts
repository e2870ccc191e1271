/**
 * The operator's chat rooms under /v1/admin/chat/ (operator role, like every /v1/admin/ route):
 * list, create or update (with the room's named managers), and delete. A change players must
 * react to is pushed to the room: 16 muted grades, 15 permissions changed (grades or password),
 * 3/6 list visibility, 13 room deleted (the sockets close).
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { Form, ok, refuse } from '../http/envelope.ts';
import { kdfHash } from '../auth/kdf.ts';
import { PushCode, RoomEvent } from '../../domain/chat/push.ts';
import { roomPasswordHash } from '../../domain/chat/password.ts';
import { formatBeijing } from '../../domain/time.ts';
import { OPERATOR } from '../http/schemas.ts';
import { PlainText, SiteLink } from '../http/schemas.ts';
import { GuestCode, Id, RoomCode } from './schemas.ts';
import { ROOM_DELETED_MSG, type RoomRow } from './rooms.ts';

const Grades = Type.String({ pattern: '^(-?\\d{1,3}(,-?\\d{1,3}){0,19})?$', maxLength: 100 });
const Link = Type.Union([Type.Literal(''), SiteLink()]);
const RoomForm = Form({
  id: Type.Optional(Id),
  roomCode: RoomCode,
  title: PlainText(30, { minLength: 1 }),
  subTitle: Type.Optional(PlainText(60)),
  avatar: Type.Optional(Link),
  imageUrl: Type.Optional(Link),
  intro: Type.Optional(PlainText(500, { multiline: true })),
  /** 4 digits sets it, '' removes it, absent keeps it */
  password: Type.Optional(Type.String({ pattern: '^(\\d{4})?$', maxLength: 4 })),
  isShowList: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
  messageLength: Type.Optional(Type.Integer({ minimum: 1, maximum: 2000 })),
  registerLink: Type.Optional(Link),
  guestCode: Type.Optional(Type.Union([Type.Literal(''), GuestCode])),
  /** 游客可发言: guests with the guest code may send (1/0, default 0) */
  guestChat: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
  allowedGrades: Type.Optional(Grades),
  mutedGrades: Type.Optional(Grades),
  /** user names of the room's managers, comma separated; absent keeps them */
  managers: Type.Optional(
    Type.String({ pattern: '^(\\w{4,20}(,\\w{4,20}){0,49})?$', maxLength: 1100 }),
  ),
  sort: Type.Optional(Type.Integer({ minimum: -10_000, maximum: 10_000 })),
});
const DeleteForm = Form({ id: Id });
type RoomSave = Static<typeof RoomForm>;

const grades = (text: string | undefined, fallback: number[]) =>
  text === undefined
    ? fallback
    : text === ''
      ? []
      : [...new Set(text.split(',').map(Number))].sort((a, b) => a - b);
const sameList = (a: number[], b: number[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

export default async function chatAdminRoutes(app: FastifyInstance) {
  const sql = app.deps.sql;
  const opts = { config: OPERATOR };

  app.get('/v1/admin/chat/rooms', opts, async () => {
    const rows = await sql<(RoomRow & { managers: string[] })[]>`
      select r.*, coalesce((select array_agg(u.user_name order by u.user_name) from chat_room_managers m
                            join users u on u.id = m.user_id where m.room_id = r.id), '{}') as managers
      from chat_rooms r where r.type = 1 and r.enabled order by r.sort, r.id`;
    const list = rows.map((r) => ({
      id: r.id,
      roomCode: r.room_code,
      title: r.title,
      subTitle: r.sub_title,
      avatar: r.avatar,
      imageUrl: r.image_url,
      intro: r.intro,
      isPassword: r.password_kdf ? 1 : 0,
      isShowList: r.is_show_list ? 1 : 0,
      messageLength: r.message_length,
      registerLink: r.register_link,
      guestCode: r.guest_code ?? '',
      guestChat: r.guest_chat ? 1 : 0,
      allowedGrades: r.allowed_grades,
      mutedGrades: r.muted_grades,
      isMessageBanned: r.is_message_banned ? 1 : 0,
      managers: r.managers,
      sort: r.sort,
      gmtCreated: formatBeijing(r.created_at),
    }));
    return ok({ list });
  });

  app.post<{ Body: RoomSave }>(
    '/v1/admin/chat/rooms/save',
    { ...opts, schema: { body: RoomForm } },
    async (req) => {
      const b = req.body;
      if (b.title.trim() === '') refuse('标题不能为空');
      const managerIds =
        b.managers === undefined ? null : (await managerIdsOf(b.managers)).sort((x, y) => x - y);
      const passwordKdf = b.password ? await kdfHash(roomPasswordHash(b.password)) : null;
      const before = b.id ? await roomById(b.id) : null;
      if (b.id && !before) refuse('房间不存在');
      const managersBefore = before
        ? (
            await sql<
              { user_id: number }[]
            >`select user_id from chat_room_managers where room_id = ${before.id} order by user_id`
          ).map((r) => r.user_id)
        : [];
      const [taken] =
        await sql`select 1 from chat_rooms where room_code = ${b.roomCode} and id <> ${b.id ?? 0}`;
      if (taken) refuse('房间号已存在');
      if (b.guestCode) {
        const [used] =
          await sql`select 1 from chat_rooms where guest_code = ${b.guestCode} and id <> ${b.id ?? 0}`;
        if (used) refuse('游客码已被其他房间使用');
      }
      const row = {
        room_code: b.roomCode,
        title: b.title.trim(),
        sub_title: b.subTitle ?? before?.sub_title ?? '',
        avatar: b.avatar ?? before?.avatar ?? '',
        image_url: b.imageUrl ?? before?.image_url ?? '',
        intro: b.intro ?? before?.intro ?? '',
        password_kdf: b.password === undefined ? (before?.password_kdf ?? null) : passwordKdf,
        is_show_list:
          b.isShowList === undefined ? (before?.is_show_list ?? true) : b.isShowList === 1,
        message_length: b.messageLength ?? before?.message_length ?? 200,
        register_link: b.registerLink ?? before?.register_link ?? '',
        guest_code: b.guestCode === undefined ? (before?.guest_code ?? null) : b.guestCode || null,
        guest_chat: b.guestChat === undefined ? (before?.guest_chat ?? false) : b.guestChat === 1,
        allowed_grades: grades(b.allowedGrades, before?.allowed_grades ?? []),
        muted_grades: grades(b.mutedGrades, before?.muted_grades ?? []),
        sort: b.sort ?? before?.sort ?? 0,
      };
      const id = await sql.begin(async (tx) => {
        const [saved] = before
          ? await tx<
              { id: number }[]
            >`update chat_rooms set ${tx(row)}, updated_at = now() where id = ${before.id} returning id`
          : await tx<
              { id: number }[]
            >`insert into chat_rooms ${tx({ ...row, type: 1 })} returning id`;
        if (managerIds) {
          await tx`delete from chat_room_managers where room_id = ${saved.id}`;
          for (const uid of managerIds)
            await tx`insert into chat_room_managers (room_id, user_id) values (${saved.id}, ${uid})`;
        }
        return saved.id;
      });
      if (before)
        await announce(before, row, managerIds !== null && !sameList(managersBefore, managerIds));
      return ok({ id });
    },
  );

  app.post<{ Body: Static<typeof DeleteForm> }>(
    '/v1/admin/chat/rooms/delete',
    { ...opts, schema: { body: DeleteForm } },
    async (req) => {
      const [gone] = await sql<{ id: number }[]>`
      update chat_rooms set enabled = false, updated_at = now() where id = ${req.body.id} and type = 1 and enabled returning id`;
      if (!gone) refuse('房间不存在');
      await app.chat.push(
        gone.id,
        PushCode.ROOM_DELETED,
        { msg: ROOM_DELETED_MSG },
        { closeAfter: true },
      );
      return ok(null);
    },
  );

  async function roomById(id: number) {
    const [room] = await sql<
      RoomRow[]
    >`select * from chat_rooms where id = ${id} and type = 1 and enabled`;
    return room ?? null;
  }

  async function managerIdsOf(names: string): Promise<number[]> {
    if (names === '') return [];
    const list = [...new Set(names.split(',').map((n) => n.toLowerCase()))];
    const rows = await sql<
      { id: number }[]
    >`select id from users where lower(user_name) = any (${list})`;
    if (rows.length !== list.length) refuse('管理员账号不存在');
    return rows.map((r) => r.id);
  }

  /** Tells the room's sockets what changed for them. */
  async function announce(
    before: RoomRow,
    after: Pick<
      RoomRow,
      'password_kdf' | 'is_show_list' | 'guest_chat' | 'allowed_grades' | 'muted_grades'
    >,
    managersChanged: boolean,
  ) {
    if (!sameList(before.muted_grades, after.muted_grades)) {
      await app.chat.push(before.id, PushCode.MUTED_GRADES, { mutedGrades: after.muted_grades });
    }
    if (before.is_show_list !== after.is_show_list) {
      await app.chat.roomEvent(before.id, RoomEvent.LIST_VISIBILITY, {
        isShowList: after.is_show_list ? 1 : 0,
      });
    }
    if (before.guest_chat !== after.guest_chat) {
      await app.chat.roomEvent(before.id, RoomEvent.GUEST_CHAT, {
        guestChat: after.guest_chat ? 1 : 0,
      });
    }
    if (
      managersChanged ||
      before.password_kdf !== after.password_kdf ||
      !sameList(before.allowed_grades, after.allowed_grades)
    ) {
      await app.chat.push(before.id, PushCode.PERMISSIONS_CHANGED, {
        msg: '账号权限已变更，请重新进入房间',
      });
    }
  }
}
