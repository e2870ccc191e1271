/**
 * The live socket (platform-api.md): `GET /v1/broadCast/generateKey` makes a one-time key that
 * lives SOCKET_KEY_TTL_SEC, and `GET /v1/broadCast/chat?type=1|7&key=&roomId=&password=&guestCode=
 * &lastId=` upgrades with it. The first frame is push 2 (success or the refusal's message, then
 * the socket closes); then, with `lastId`, every message after it that the client missed (from
 * the database), then live pushes, each message once and in order (realtime/hub.ts). The server
 * sends push 6 every HEARTBEAT_INTERVAL_MS; a socket that sent nothing (e.g. `{"code":9}`) for
 * two intervals is closed.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { WebSocket } from 'ws';
import { Type, type Static } from '@sinclair/typebox';
import { newToken } from '../auth/kdf.ts';
import { sessionError } from '../auth/sessions.ts';
import { AppError, Form, ok, refuse } from '../http/envelope.ts';
import { HEARTBEAT_INTERVAL_MS, SOCKET_KEY_TTL_SEC } from '../../domain/chat/constants.ts';
import { CloseCode, PushCode } from '../../domain/chat/push.ts';
import { ResponseCode } from '../../domain/errors.ts';
import { DB_POOL_SIZE } from '../db/client.ts';
import { seqAfterId } from '../chat/messages.ts';
import { GuestCode } from '../chat/schemas.ts';
import { currentGuest } from '../chat/guests.ts';
import { accept, type ConnectQuery } from './accept.ts';
import { Gate } from './gate.ts';
import type { ChatSocket } from './hub.ts';
import { SocketQuota, TOO_MANY_SOCKETS_MSG } from './quota.ts';

const KeyQuery = Form({ guestCode: Type.Optional(GuestCode) });
const HEARTBEAT_FRAME = JSON.stringify({ code: PushCode.HEARTBEAT });

async function socketRoutes(app: FastifyInstance) {
  const sql = app.deps.sql;
  const live = new Map<WebSocket, { alive: boolean; sessionId: number | null }>();
  // connects (key, room, catch-up) share the pool with the HTTP calls: a few at a time
  const connects = new Gate(DB_POOL_SIZE);
  const quota = new SocketQuota<WebSocket>();
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
    const ids = [
      ...new Set(
        [...live.values()].map((s) => s.sessionId).filter((id): id is number => id !== null),
      ),
    ];
    if (ids.length === 0) return;
    const ended = await sql<
      { id: number; end_reason: string | null; end_message: string | null }[]
    >`
      select s.id, s.end_reason, s.end_message from sessions s join users u on u.id = s.user_id
      where s.id = any (${ids}) and (s.ended_at is not null or u.status <> 'active')`;
    const reasons = new Map(
      ended.map((e) => [e.id, sessionError(e.end_reason ?? 'revoked', e.end_message)]),
    );
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
    '/v1/broadCast/generateKey',
    { config: { auth: 'optional' }, schema: { querystring: KeyQuery } },
    async (req) => {
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
        // the guest identity of this browser (its cookie), if any: the socket's password grant and guesses are its
        const guest = await currentGuest(sql, req);
        await sql`insert into chat_socket_keys (key_hash, guest_code, guest_id, expires_at)
                  values (${hash}, ${code}, ${guest?.id ?? null}, now() + make_interval(secs => ${SOCKET_KEY_TTL_SEC}))`;
      }
      // expired keys are cleared as new ones are made
      await sql`delete from chat_socket_keys where expires_at < now() - interval '1 hour'`;
      return ok(token);
    },
  );

  app.route<{ Querystring: ConnectQuery }>({
    method: 'GET',
    url: '/v1/broadCast/chat',
    config: { auth: 'none' },
    // a plain request (no upgrade) gets the envelope like every other answer
    handler: async () => {
      throw new AppError('请以WebSocket方式连接', ResponseCode.FAILED, 426);
    },
    wsHandler: (ws, req) => connected(ws, req),
  });

  function connected(ws: WebSocket, req: FastifyRequest<{ Querystring: ConnectQuery }>): void {
    const state = { alive: true, sessionId: null as number | null };
    live.set(ws, state);
    let joined: ChatSocket | null = null;
    let counted = false;
    ws.on('message', () => {
      state.alive = true; // any frame (the client's {"code":9}) keeps the socket alive
    });
    ws.on('close', () => {
      live.delete(ws);
      quota.remove(ws);
      if (joined) app.chat.hub.leave(joined);
      if (joined && counted && joined.userId !== null) void leftRoom(joined.roomId, joined.userId);
    });
    void connects.run(async () => {
      try {
        const accepted = await accept(sql, req.query, req.ip);
        const { room, userId } = accepted;
        const afterSeq = accepted.lastId
          ? await seqAfterId(sql, room.id, accepted.lastId, room.type === 1)
          : null;
        if (ws.readyState !== 1) return;
        displace(quota.add({ userId, guestId: accepted.guestId, ip: req.ip }, ws));
        state.sessionId = accepted.sessionId;
        joined = { ws, roomId: room.id, userId, seq: 0, queue: null };
        app.chat.hub.register(joined);
        ws.send(
          JSON.stringify({
            code: PushCode.CONNECT_RESULT,
            success: true,
            msg: '连接成功',
            body: accepted.body,
          }),
        );
        if (room.type === 1 && userId !== null) {
          counted = true;
          if (await app.chat.presence.add(room.id, userId))
            await app.chat.push(room.id, PushCode.MEMBER_ONLINE, accepted.online);
        }
        await app.chat.hub.catchUp(joined, afterSeq);
      } catch (err) {
        const known = err instanceof AppError;
        if (!known) req.log.error({ err }, 'chat socket connect failed');
        const code = known && err.code !== -1 ? PushCode.FORCED_LOGIN : PushCode.CONNECT_RESULT;
        const msg = known ? err.message : '连接失败，请稍后再试';
        if (ws.readyState === 1) {
          // a refusal's reason travels in the body (a stale key is worth a retry with a fresh one)
          ws.send(
            JSON.stringify({
              code,
              success: false,
              msg,
              ...(known && err.data ? { body: err.data } : {}),
            }),
          );
          ws.close(known ? CloseCode.REFUSED : CloseCode.SERVER_ERROR, 'refused');
        }
      }
    });
  }

  /**
   * The owner's oldest socket past the cap is told why (a refusal the client shows and does not
   * reconnect after) and closed.
   */
  function displace(old: WebSocket | null): void {
    if (old?.readyState !== 1) return;
    old.send(
      JSON.stringify({ code: PushCode.CONNECT_RESULT, success: false, msg: TOO_MANY_SOCKETS_MSG }),
    );
    old.close(CloseCode.TOO_MANY_SOCKETS, 'too many sockets');
  }

  async function leftRoom(roomId: number, userId: number) {
    if (await app.chat.presence.remove(roomId, userId).catch(() => false)) {
      await app.chat
        .push(roomId, PushCode.MEMBER_OFFLINE, { userId: String(userId) })
        .catch(() => {});
    }
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
