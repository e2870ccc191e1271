/**
 * Who a socket is for, and whether they may have it: the one-time key, the session it was made
 * in, the room and the viewer's rights (grades, password, private-room membership, guest code).
 * Throws the refusal (AppError) whose message the socket's first frame carries.
 */
import { tokenHash } from '../auth/kdf.ts';
import { sessionError } from '../auth/sessions.ts';
import { refuse } from '../http/envelope.ts';
import { RefusalReason, ResponseCode, refusalData } from '../../domain/errors.ts';
import { enterRefusal, GUEST_SEND_MSG } from '../../domain/chat/access.ts';
import { maskName } from '../../domain/money.ts';
import type { Sql } from '../db/client.ts';
import { enterAsGuest, speakCheck } from '../chat/entry.ts';
import {
  guestHasGrant,
  guestPasswordMatches,
  hasGrant,
  memberPasswordMatches,
  PASSWORD_WRONG_MSG,
} from '../chat/passwords.ts';
import { directRoomOf, publicRoom, rulesOf, viewerOf, type RoomRow } from '../chat/rooms.ts';

export interface ConnectQuery {
  type?: string;
  key?: string;
  roomId?: string;
  password?: string;
  guestCode?: string;
  lastId?: string;
}

export interface Accepted {
  room: RoomRow;
  userId: number | null;
  /** a guest's identity, when its key was made with one */
  guestId: number | null;
  sessionId: number | null;
  lastId: number | null;
  /** the body of the connect result */
  body: Record<string, unknown>;
  /** the body of push 11 when this is the member's first socket in a public room */
  online: Record<string, unknown>;
}

interface KeyOwner {
  userId: number | null;
  sessionId: number | null;
  guestCode: string | null;
  guestId: number | null;
}

const DIGITS = /^\d{1,15}$/;

/** Takes a key once: a used, expired or unknown key gives null. */
async function takeKey(sql: Sql, key: string): Promise<KeyOwner | null> {
  const [row] = await sql<
    {
      user_id: number | null;
      session_id: number | null;
      guest_code: string | null;
      guest_id: number | null;
    }[]
  >`
    update chat_socket_keys set used_at = now()
    where key_hash = ${tokenHash(key)} and used_at is null and expires_at > now()
    returning user_id, session_id, guest_code, guest_id`;
  return row
    ? {
        userId: row.user_id,
        sessionId: row.session_id,
        guestCode: row.guest_code,
        guestId: row.guest_id,
      }
    : null;
}

/** `ip`: the connecting address, by which a guest's password guesses are counted besides its id. */
export async function accept(sql: Sql, q: ConnectQuery, ip: string): Promise<Accepted> {
  if (q.type !== '1' && q.type !== '7') refuse('连接参数不正确');
  const owner = q.key ? await takeKey(sql, q.key) : null;
  if (!owner)
    refuse(
      '连接已失效，请重新进入',
      ResponseCode.FAILED,
      refusalData(RefusalReason.CHAT_KEY_STALE),
    );
  const lastId = q.lastId && DIGITS.test(q.lastId) ? Number(q.lastId) : null;
  return owner.userId === null
    ? acceptGuest(sql, q, owner, lastId, ip)
    : acceptMember(sql, q, owner, lastId);
}

async function acceptMember(
  sql: Sql,
  q: ConnectQuery,
  owner: KeyOwner,
  lastId: number | null,
): Promise<Accepted> {
  const [user] = await sql<
    {
      id: number;
      user_name: string;
      nick_name: string | null;
      avatar: string | null;
      grade: number;
      status: string;
      ended: string | null;
    }[]
  >`
    select u.id, u.user_name, u.nick_name, u.avatar, u.grade, u.status,
           (select coalesce(s.end_reason, 'revoked') from sessions s where s.id = ${owner.sessionId} and s.ended_at is not null) as ended
    from users u where u.id = ${owner.userId}`;
  if (user.ended) throw sessionError(user.ended);
  if (user.status !== 'active') throw sessionError(user.status);
  const base = { userId: user.id, guestId: null, sessionId: owner.sessionId, lastId };
  if (q.type === '7') {
    if (!q.roomId || !DIGITS.test(q.roomId)) refuse('私聊不存在');
    const room = await directRoomOf(sql, Number(q.roomId), user.id);
    return { ...base, room, body: { roomId: room.id }, online: {} };
  }
  const room = await publicRoom(sql, String(q.roomId ?? ''));
  const viewer = await viewerOf(sql, room, {
    userId: user.id,
    userName: user.user_name,
    grade: user.grade,
  });
  const refusal = enterRefusal(rulesOf(room), viewer);
  if (refusal) refuse(refusal);
  // a member who gave the password (checkPassword) needs no other; else the socket's, counted like checkPassword's
  if (
    !viewer.isManager &&
    !(await hasGrant(sql, room, user.id)) &&
    !(await memberPasswordMatches(sql, room, user.id, q.password))
  ) {
    refuse(PASSWORD_WRONG_MSG);
  }
  const banned = await speakCheck(sql, room, viewer);
  const name = user.nick_name || user.user_name;
  const isManager = viewer.isManager ? 1 : 0;
  return {
    ...base,
    room,
    body: {
      roomId: room.id,
      roomCode: room.room_code,
      isManager,
      bannedMessage: banned ?? '',
      mutedGrades: room.muted_grades,
    },
    online: {
      userId: String(user.id),
      roleUserName: isManager ? name : maskName(name),
      avatar: user.avatar ?? '',
      isManager,
    },
  };
}

async function acceptGuest(
  sql: Sql,
  q: ConnectQuery,
  owner: KeyOwner,
  lastId: number | null,
  ip: string,
): Promise<Accepted> {
  if (q.type === '7') refuse('游客不能私聊');
  const room = await publicRoom(sql, String(q.roomId ?? ''));
  enterAsGuest(room, owner.guestCode ?? '');
  if (q.guestCode !== owner.guestCode) refuse('游客码不正确');
  // a guest who gave the password (checkPasswordGuest) needs no other; else the socket's, counted like it
  const { guestId } = owner;
  if (
    !(await guestHasGrant(sql, room, guestId)) &&
    !(await guestPasswordMatches(sql, room, guestId, ip, q.password))
  ) {
    refuse(PASSWORD_WRONG_MSG);
  }
  return {
    room,
    userId: null,
    guestId,
    sessionId: null,
    lastId,
    // with guest chat on, the guest's own mute comes from getRoomWebGuest and pushes 3/3
    body: {
      roomId: room.id,
      roomCode: room.room_code,
      isManager: 0,
      bannedMessage: room.guest_chat ? '' : GUEST_SEND_MSG,
      registerLink: room.register_link,
      guestChat: room.guest_chat ? 1 : 0,
      mutedGrades: room.muted_grades,
    },
    online: {},
  };
}
