/**
 * Who may see and open an envelope: the room it was sent in (a public room's entry rules, a
 * private room's two members).
 */
import type { Sql } from '../db/client.ts';
import { maskName } from '../../domain/money.ts';
import { refuse } from '../http/envelope.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { MSG, RECORD_ID_PATTERN } from '../../domain/redEnvelope/rules.ts';
import { enterAsMember } from '../chat/entry.ts';
import { publicRoom } from '../chat/rooms.ts';

/**
 * The sender's name as an envelope shows it, the way the chat shows names: masked in a public
 * room (unmasked for the site's own system envelopes), unmasked in a private chat, where the peer
 * is known by name.
 */
export function shownSender(e: {
  is_direct: boolean;
  is_system: boolean;
  sender_nick: string | null;
  sender_name: string;
}): string {
  const name = e.sender_nick || e.sender_name;
  return e.is_direct || e.is_system ? name : maskName(name);
}

export interface EnvelopeRow {
  id: number;
  record_code: string;
  sender_id: number;
  room_id: number;
  is_direct: boolean;
  is_system: boolean;
  type: number;
  num: number;
  total_fen: number;
  taken: number;
  remaining_fen: number;
  state: number;
  wishing_remark: string;
  expires_at: Date;
  created_at: Date;
  message_id: number | null;
  /** the viewer's share, when they opened it */
  mine: number | null;
  sender_name: string;
  sender_nick: string | null;
  sender_avatar: string | null;
  /** the public room's code (null for a private room) */
  room_code: string | null;
}

/** The envelope with the viewer's share and the sender's name; refused as not found for junk ids. */
export async function envelopeFor(
  sql: Sql,
  recordId: string,
  viewerId: number,
): Promise<EnvelopeRow> {
  if (!RECORD_ID_PATTERN.test(recordId)) refuse(MSG.notFound);
  const [row] = await sql<EnvelopeRow[]>`
    select e.id, e.record_code, e.sender_id, e.room_id, e.is_direct, e.is_system, e.type, e.num, e.total_fen, e.taken,
           e.remaining_fen, e.state, e.wishing_remark, e.expires_at, e.created_at, e.message_id,
           (select amount_fen from red_envelope_receipts r where r.envelope_id = e.id and r.user_id = ${viewerId}) as mine,
           u.user_name as sender_name, u.nick_name as sender_nick, u.avatar as sender_avatar, c.room_code
    from red_envelopes e join users u on u.id = e.sender_id join chat_rooms c on c.id = e.room_id
    where e.record_code = ${recordId}`;
  if (!row) refuse(MSG.notFound);
  return row;
}

export interface Where {
  roomCode?: string;
  roomId?: number;
  isDirect?: number;
}

/**
 * The viewer may see this envelope: a private one only as a member of its room; a public one as
 * someone who may enter its room (the room named, when named, must be the envelope's). Another
 * room's envelope is answered as not found.
 */
export async function assertCanSee(
  sql: Sql,
  e: EnvelopeRow,
  user: SessionUser,
  where: Where,
): Promise<void> {
  if (e.is_direct) {
    if (where.roomId && where.roomId !== e.room_id) refuse(MSG.notFound);
    const [m] =
      await sql`select 1 from chat_direct_members where room_id = ${e.room_id} and user_id = ${user.userId}`;
    if (!m) refuse(MSG.notFound);
    return;
  }
  if (where.isDirect === 1) refuse(MSG.notFound);
  if (!e.room_code || (where.roomCode && where.roomCode !== e.room_code)) refuse(MSG.notFound);
  await enterAsMember(sql, await publicRoom(sql, e.room_code), user);
}
