/**
 * What a room shows about a player (spec 001 sections 3 and 6): the player info panel
 * (playerInfo), the role card of a member in a room (getRoleUserCardFront) and whether a member is
 * muted there (getIsDownFront, for the long-press menu's mute or unmute).
 */
import type { FastifyInstance } from 'fastify';
import type { Static } from '@sinclair/typebox';
import { loggedIn } from '../auth/sessions.ts';
import { Form, ok, refuse } from '../http/envelope.ts';
import { speakRefusal } from '../../domain/chat/access.ts';
import { GRADE_MANAGER } from '../../domain/chat/constants.ts';
import { formatFen, maskName } from '../../domain/money.ts';
import { activeBan } from './entry.ts';
import { isRoomManager, publicRoom, rulesOf } from './rooms.ts';
import { Id, RoomCode } from './schemas.ts';

const USER = { auth: 'user' as const };
const PlayerQuery = Form({ userId: Id });
const RoomUserQuery = Form({ userId: Id, roomCode: RoomCode });
/** the lotteries shown as "liked": the most played of the last 30 days */
const LIKED_LOTTERIES = 6;

interface PlayerRow {
  id: number;
  user_name: string;
  nick_name: string | null;
  avatar: string | null;
  gender: number;
  grade: number;
  is_operator: boolean;
}

export default async function playerRoutes(app: FastifyInstance) {
  const sql = app.deps.sql;

  async function player(userId: number): Promise<PlayerRow> {
    const [row] = await sql<PlayerRow[]>`
      select id, user_name, nick_name, avatar, gender, grade, is_operator from users where id = ${userId}`;
    if (!row) refuse('用户不存在');
    return row;
  }

  app.get<{ Querystring: Static<typeof PlayerQuery> }>(
    '/v1/chat/playerInfo',
    { config: USER, schema: { querystring: PlayerQuery } },
    async (req) => {
      const me = loggedIn(req);
      const p = await player(req.query.userId);
      const [played] = await sql<{ codes: string[]; won: number }[]>`
      select coalesce((select array_agg(lottery_code order by n desc, lottery_code) from (
                select lottery_code, count(*) as n from bets
                where user_id = ${p.id} and created_at > now() - interval '30 days'
                group by lottery_code order by n desc, lottery_code limit ${LIKED_LOTTERIES}) t), '{}') as codes,
             coalesce((select sum(payout - refund) from bets where user_id = ${p.id} and status = 'WON'), 0)::bigint as won`;
      const self = p.id === me.userId;
      return ok({
        userId: String(p.id),
        userName: self ? p.user_name : maskName(p.user_name),
        nickName: p.nick_name ?? '',
        avatar: p.avatar ?? '',
        // the spec's sex: 0 female, 1 male, else secret; the account's gender: 1 male, 2 female, 0 not given
        sex: p.gender === 1 ? 1 : p.gender === 2 ? 0 : 2,
        playedLottery: played.codes.join(','),
        totalBonus: formatFen(played.won),
      });
    },
  );

  app.get<{ Querystring: Static<typeof RoomUserQuery> }>(
    '/v1/chat/getRoleUserCardFront',
    { config: USER, schema: { querystring: RoomUserQuery } },
    async (req) => {
      loggedIn(req);
      const room = await publicRoom(sql, req.query.roomCode);
      const p = await player(req.query.userId);
      const manager = await isRoomManager(sql, room.id, { userId: p.id, grade: p.grade });
      const ban = manager ? null : await activeBan(sql, room.id, p.id);
      // the mute's record, so a manager changes its duration with updateBanFront
      const [rec] = ban
        ? await sql<
            { id: number }[]
          >`select id from chat_bans where room_id = ${room.id} and user_id = ${p.id}`
        : [];
      const name = p.nick_name || p.user_name;
      return ok({
        userId: String(p.id),
        nickname: manager ? name : maskName(name),
        avatar: p.avatar ?? '',
        grade: manager ? GRADE_MANAGER : p.grade,
        isManager: manager ? 1 : 0,
        isBanned: ban ? 1 : 0,
        durationTypeId: ban?.durationTypeId ?? 0,
        banId: rec?.id ?? 0,
      });
    },
  );

  app.get<{ Querystring: Static<typeof RoomUserQuery> }>(
    '/v1/chat/getIsDownFront',
    { config: USER, schema: { querystring: RoomUserQuery } },
    async (req) => {
      loggedIn(req);
      const room = await publicRoom(sql, req.query.roomCode);
      const p = await player(req.query.userId);
      const manager = await isRoomManager(sql, room.id, { userId: p.id, grade: p.grade });
      const ban = manager ? null : await activeBan(sql, room.id, p.id);
      const why = speakRefusal(
        rulesOf(room),
        { userId: p.id, grade: p.grade, isManager: manager },
        ban,
        Date.now(),
      );
      return ok(why ? 1 : 0, why ?? '成功');
    },
  );
}
