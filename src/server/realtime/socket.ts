/**
 * The live socket (platform-api.md): `GET /v1/broadCast/generateKey` makes a one-time key that
 * lives SOCKET_KEY_TTL_SEC, and `GET /v1/broadCast/chat?type=1|7&key=&roomId=&password=&guestCode=
 * &lastId=` upgrades with it. The first frame is push 2 (success or the refusal's message, then
 * the socket closes); then, with `lastId`, every message after it that the client missed (from
 * the database), then live pushes, each message once and in order (realtime/hub.ts). The server
 * sends push 6 every HEARTBEAT_INTERVAL_MS; a socket that sent nothing (e.g. `{"code":9}`) for
 * two intervals is closed.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { WebSocket } from 'ws';
import { Type, type Static } from '@sinclair/typebox';
import { newToken, tokenHash } from '../auth/kdf.ts';
import { sessionError } from '../auth/sessions.ts';
import { AppError, Form, ok, refuse } from '../http/envelope.ts';
import { enterRefusal, isManagerGrade } from '../../domain/chat/access.ts';
import { HEARTBEAT_INTERVAL_MS, SOCKET_KEY_TTL_SEC } from '../../domain/chat/constants.ts';
import { CloseCode, PushCode } from '../../domain/chat/push.ts';
import { maskName } from '../../domain/money.ts';
import { ResponseCode } from '../../domain/errors.ts';
import { DB_POOL_SIZE, type Sql } from '../db/client.ts';
import { Gate } from './gate.ts';
import { enterAsGuest, hasGrant, memberPasswordMatches, speakCheck } from '../chat/entry.ts';
import { seqAfterId } from '../chat/messages.ts';
import { directRoomOf, passwordMatches, publicRoom, rulesOf, viewerOf, type RoomRow } from '../chat/rooms.ts';
import { GuestCode } from '../chat/schemas.ts';
import type { ChatSocket } from './hub.ts';

const KeyQuery = Form({ guestCode: Type.Optional(GuestCode) });
const HEARTBEAT_FRAME = JSON.stringify({ code: PushCode.HEARTBEAT });

interface KeyOwner {
  userId: number | null;
  sessionId: number | null;
  guestCode: string | null;
}

/** Takes a key once: a used, expired or unknown key gives null. */
async function takeKey(sql: Sql, key: string): Promise<KeyOwner | null> {
  const [row] = await sql<{ user_id: number | null; session_id: number | null; guest_code: string | null }[]>`
    update chat_socket_keys set used_at = now()
    where key_hash = ${tokenHash(key)} and used_at is null and expires_at > now()
    returning user_id, session_id, guest_code`;
  return row ? { userId: row.user_id, sessionId: row.session_id, guestCode: row.guest_code } : null;
}

interface ConnectQuery {
  type?: string;
  key?: string;
  roomId?: string;
  password?: string;
  guestCode?: string;
  lastId?: string;
}

async function socketRoutes(app: FastifyInstance) {
  const sql = app.deps.sql;
  const live = new Map<WebSocket, { alive: boolean; sessionId: number | null }>();
  // connects (key, room, catch-up) share the pool with the HTTP calls: a few at a time
  const connects = new Gate(DB_POOL_SIZE);
  const beat = setInterval(() => {
    for (const [ws, state] of live) {
      if (!state.alive) {
        ws.close(CloseCode.IDLE, 'idle');
        continue;
      }
      state.alive = false;
      if (ws.readyState === 1) ws.send(HEARTBEAT_FRAME);
    }
    void closeEndedSessions().catch((err) => app.log.warn({ err }, 'chat session check failed'));
  }, HEARTBEAT_INTERVAL_MS);
  beat.unref();

  /** A socket whose session ended (logout, forced, frozen) gets push 14 with the reason and closes. */
  async function closeEndedSessions(): Promise<void> {
    const ids = [...new Set([...live.values()].map((s) => s.sessionId).filter((id): id is number => id !== null))];
    if (ids.length === 0) return;
    const ended = await sql<{ id: number; end_reason: string | null; end_message: string | null }[]>`
      select s.id, s.end_reason, s.end_message from sessions s join users u on u.id = s.user_id
      where s.id = any (${ids}) and (s.ended_at is not null or u.status <> 'active')`;
    const reasons = new Map(ended.map((e) => [e.id, sessionError(e.end_reason ?? 'revoked', e.end_message)]));
    for (const [ws, state] of live) {
      const why = state.sessionId === null ? undefined : reasons.get(state.sessionId);
      if (!why || ws.readyState !== 1) continue;
      ws.send(JSON.stringify({ code: PushCode.FORCED_LOGIN, success: false, msg: why.message }));
      ws.close(CloseCode.SESSION_ENDED, 'session ended');
    }
  }
  /** for tests: run the session check now */
  app.decorate('chatSessionCheck', closeEndedSessions);
  app.addHook('onClose', async () => clearInterval(beat));

  app.get<{ Querystring: Static<typeof KeyQuery> }>(
    '/v1/broadCast/generateKey', { config: { auth: 'optional' }, schema: { querystring: KeyQuery } }, async (req) => {
      const { token, hash } = newToken();
      if (req.user) {
        await sql`insert into chat_socket_keys (key_hash, user_id, session_id, expires_at)
                  values (${hash}, ${req.user.userId}, ${req.user.sessionId}, now() + make_interval(secs => ${SOCKET_KEY_TTL_SEC}))`;
      } else {
        const code = req.query.guestCode;
        // without a guest code a key needs a login: the ended session's code, or 请先登录
        if (!code) throw req.sessionProblem ?? new AppError('请先登录', ResponseCode.NOT_LOGGED_IN);
        const [room] = await sql`select 1 from chat_rooms where guest_code = ${code} and enabled`;
        if (!room) refuse('游客码不正确');
        await sql`insert into chat_socket_keys (key_hash, guest_code, expires_at)
                  values (${hash}, ${code}, now() + make_interval(secs => ${SOCKET_KEY_TTL_SEC}))`;
      }
      // expired keys are cleared as new ones are made
      await sql`delete from chat_socket_keys where expires_at < now() - interval '1 hour'`;
      return ok(token);
    },
  );

  app.get<{ Querystring: ConnectQuery }>('/v1/broadCast/chat', { websocket: true, config: { auth: 'none' } }, (ws, req) => {
    const state = { alive: true, sessionId: null as number | null };
    live.set(ws, state);
    let joined: ChatSocket | null = null;
    let counted = false;
    ws.on('message', () => {
      state.alive = true; // any frame (the client's {"code":9}) keeps the socket alive
    });
    ws.on('close', () => {
      live.delete(ws);
      if (joined) app.chat.hub.leave(joined);
      if (joined && counted && joined.userId !== null) void leftRoom(joined.roomId, joined.userId);
    });
    void connects.run(async () => {
      try {
        const accepted = await accept(req.query);
        if (ws.readyState !== 1) return;
        state.sessionId = accepted.sessionId;
        ws.send(JSON.stringify({ code: PushCode.CONNECT_RESULT, success: true, msg: '连接成功', body: accepted.body }));
        joined = { ws, roomId: accepted.room.id, userId: accepted.userId, seq: 0, queue: null };
        if (accepted.room.type === 1 && accepted.userId !== null) {
          counted = true;
          if (await app.chat.presence.add(accepted.room.id, accepted.userId)) {
            await app.chat.push(accepted.room.id, PushCode.MEMBER_ONLINE, accepted.online);
          }
        }
        const afterSeq = accepted.lastId ? await seqAfterId(sql, accepted.room.id, accepted.lastId, accepted.room.type === 1) : null;
        if (ws.readyState === 1) await app.chat.hub.join(joined, afterSeq);
      } catch (err) {
        const known = err instanceof AppError;
        if (!known) req.log.error({ err }, 'chat socket connect failed');
        const code = known && err.code !== -1 ? PushCode.FORCED_LOGIN : PushCode.CONNECT_RESULT;
        const msg = known ? err.message : '连接失败，请稍后再试';
        if (ws.readyState === 1) {
          ws.send(JSON.stringify({ code, success: false, msg }));
          ws.close(known ? CloseCode.REFUSED : 1011, 'refused');
        }
      }
    });
  });

  async function leftRoom(roomId: number, userId: number) {
    if (await app.chat.presence.remove(roomId, userId).catch(() => false)) {
      await app.chat.push(roomId, PushCode.MEMBER_OFFLINE, { userId: String(userId) }).catch(() => {});
    }
  }

  /** Checks the key, the room and the viewer's right to it; throws the refusal's message. */
  async function accept(q: ConnectQuery) {
    const owner = q.key ? await takeKey(sql, q.key) : null;
    if (!owner) refuse('连接已失效，请重新进入');
    const lastId = q.lastId && /^\d{1,15}$/.test(q.lastId) ? Number(q.lastId) : null;
    if (owner.userId !== null) {
      const [user] = await sql<{ id: number; user_name: string; nick_name: string | null; avatar: string | null; grade: number; status: string; ended: string | null }[]>`
        select u.id, u.user_name, u.nick_name, u.avatar, u.grade, u.status,
               (select coalesce(s.end_reason, 'revoked') from sessions s where s.id = ${owner.sessionId} and s.ended_at is not null) as ended
        from users u where u.id = ${owner.userId}`;
      if (user.ended) throw sessionError(user.ended);
      if (user.status !== 'active') throw sessionError(user.status);
      const member = { userId: user.id, userName: user.user_name, grade: user.grade };
      let room: RoomRow;
      let isManager = false;
      if (q.type === '7') {
        if (!q.roomId || !/^\d{1,15}$/.test(q.roomId)) refuse('私聊不存在');
        room = await directRoomOf(sql, Number(q.roomId), user.id);
      } else {
        room = await publicRoom(sql, String(q.roomId ?? ''));
        const viewer = await viewerOf(sql, room, member);
        isManager = viewer.isManager;
        const refusal = enterRefusal(rulesOf(room), viewer);
        if (refusal) refuse(refusal);
        // a member who gave the password (checkPassword) needs no other; else the socket's, counted like checkPassword's
        if (!isManager && !(await hasGrant(sql, room, user.id)) && !(await memberPasswordMatches(sql, room, user.id, q.password))) {
          refuse('房间密码错误');
        }
        const banned = await speakCheck(sql, room, viewer);
        const name = user.nick_name || user.user_name;
        return {
          room, userId: user.id, sessionId: owner.sessionId, lastId,
          body: { roomId: room.id, roomCode: room.room_code, isManager: isManager ? 1 : 0, bannedMessage: banned ?? '', mutedGrades: room.muted_grades },
          online: { userId: String(user.id), roleUserName: isManager || isManagerGrade(user.grade) ? name : maskName(name), avatar: user.avatar ?? '', isManager: isManager ? 1 : 0 },
        };
      }
      return { room, userId: user.id, sessionId: owner.sessionId, lastId, body: { roomId: room.id }, online: {} };
    }
    if (q.type === '7') refuse('游客不能私聊');
    const room = await publicRoom(sql, String(q.roomId ?? ''));
    enterAsGuest(room, owner.guestCode ?? '');
    if (q.guestCode !== owner.guestCode) refuse('游客码不正确');
    if (!(await passwordMatches(room, q.password))) refuse('房间密码错误');
    return {
      room, userId: null, sessionId: null, lastId,
      body: { roomId: room.id, roomCode: room.room_code, isManager: 0, bannedMessage: '游客不能发言，请先注册', registerLink: room.register_link },
      online: {},
    };
  }
}

/** Wrapped so the session check it decorates is visible to the whole app (and tests). */
export default fp(socketRoutes, { name: 'chat-socket' });

declare module 'fastify' {
  interface FastifyInstance {
    /** ends the sockets of sessions that have ended (runs with every heartbeat) */
    chatSessionCheck: () => Promise<void>;
  }
}
