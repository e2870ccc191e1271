/**
 * The room password gate of members and guests (docs/chat.md): a right password gives a grant
 * bound to the member or the guest identity and to the password's hash (a new password shuts old
 * grants out); every guess, on checkPassword(Guest) or on the socket, is counted with takeGuess
 * before it is checked, so N concurrent guesses are N counted ones and the one past the limit
 * never reaches the scrypt. Members are counted per member and room; guests per guest id and room
 * AND per address and room, since a guest makes new ids cheaply.
 */
import { checkGuess, type GuessBook, takeGuess } from '../auth/guesses.ts';
import type { Db, Sql, Tx } from '../db/client.ts';
import { refuse } from '../http/envelope.ts';
import {
  PASSWORD_FAILURE_WINDOW_SEC,
  PASSWORD_FAILURES_MAX,
  PASSWORD_FAILURES_PER_ADDRESS_MAX,
} from '../../domain/chat/constants.ts';
import { passwordMatches, type RoomRow } from './rooms.ts';

export const PASSWORD_NEEDED_MSG = '请输入房间密码';
export const PASSWORD_WRONG_MSG = '房间密码错误';
export const PASSWORD_LOCKED_MSG = '密码错误次数过多，请10分钟后再试';

const MD5 = /^[0-9a-f]{32}$/;

/** A guess book over a failures table: the rows of `column = value` in the room within the window. */
function book(
  key: string,
  max: number,
  table: string,
  roomId: number,
  column: string,
  value: number | string,
): GuessBook {
  const mine = (tx: Tx) => tx`${tx(table)} where room_id = ${roomId} and ${tx(column)} = ${value}`;
  return {
    key: `roompw:${roomId}:${key}`,
    max,
    count: async (tx) => {
      const [{ n }] = await tx<{ n: number }[]>`
        select count(*)::int as n from ${mine(tx)} and failed_at > now() - make_interval(secs => ${PASSWORD_FAILURE_WINDOW_SEC})`;
      return n;
    },
    record: async (tx) => {
      // the book's rows past the window go as new ones come
      await tx`delete from ${mine(tx)} and failed_at <= now() - make_interval(secs => ${PASSWORD_FAILURE_WINDOW_SEC})`;
      await tx`insert into ${tx(table)} (room_id, ${tx(column)}) values (${roomId}, ${value})`;
    },
  };
}

/** Counts one guess in every book, in order; the first full one refuses it (密码错误次数过多) unchecked. */
async function countGuess(sql: Sql, books: GuessBook[]): Promise<void> {
  for (const b of books) if (!(await takeGuess(sql, b)).allowed) refuse(PASSWORD_LOCKED_MSG);
}

/** Whether the user gave this room's current password (checkPassword). */
export async function hasGrant(sql: Db, room: RoomRow, userId: number): Promise<boolean> {
  if (!room.password_kdf) return true;
  const [row] = await sql`
    select 1 from chat_room_grants where room_id = ${room.id} and user_id = ${userId} and password_kdf = ${room.password_kdf}`;
  return !!row;
}

/**
 * A member's password guess: counted first (refused outright past PASSWORD_FAILURES_MAX in the
 * window), then checked. Something that is not an md5 cannot be right and is not a guess.
 */
export async function memberPasswordMatches(
  sql: Sql,
  room: RoomRow,
  userId: number,
  md5: string | undefined,
): Promise<boolean> {
  if (!room.password_kdf) return true;
  if (!md5 || !MD5.test(md5)) return false;
  // checkGuess: concurrent right answers (several tabs reconnecting) wait for each other, not a lock
  const verdict = await checkGuess(
    sql,
    book(`u${userId}`, PASSWORD_FAILURES_MAX, 'chat_password_failures', room.id, 'user_id', userId),
    () => passwordMatches(room, md5),
    () =>
      sql`delete from chat_password_failures where room_id = ${room.id} and user_id = ${userId}`,
  );
  if (!verdict.allowed) refuse(PASSWORD_LOCKED_MSG);
  return verdict.right;
}

/** Checks the password and records the grant; false when it is wrong (a remembered grant is dropped). */
export async function grantByPassword(
  sql: Sql,
  room: RoomRow,
  userId: number,
  md5: string,
): Promise<boolean> {
  if (!room.password_kdf) return true;
  if (!(await memberPasswordMatches(sql, room, userId, md5))) {
    await sql`delete from chat_room_grants where room_id = ${room.id} and user_id = ${userId}`;
    return false;
  }
  await sql`
    insert into chat_room_grants (room_id, user_id, password_kdf) values (${room.id}, ${userId}, ${room.password_kdf})
    on conflict (room_id, user_id) do update set password_kdf = excluded.password_kdf, created_at = now()`;
  return true;
}

/** Whether the guest identity gave this room's current password (checkPasswordGuest). */
export async function guestHasGrant(
  sql: Db,
  room: RoomRow,
  guestId: number | null,
): Promise<boolean> {
  if (!room.password_kdf) return true;
  if (guestId === null) return false;
  const [row] = await sql`
    select 1 from chat_room_guest_grants where room_id = ${room.id} and guest_id = ${guestId} and password_kdf = ${room.password_kdf}`;
  return !!row;
}

/**
 * A guest's password guess: counted for its identity (when it has one) and for its address in
 * this room, then checked. A right one clears the identity's count, never the address's (others
 * may be guessing from it).
 */
export async function guestPasswordMatches(
  sql: Sql,
  room: RoomRow,
  guestId: number | null,
  ip: string,
  md5: string | undefined,
): Promise<boolean> {
  if (!room.password_kdf) return true;
  if (!md5 || !MD5.test(md5)) return false;
  const table = 'chat_guest_password_failures';
  const address = book(`ip:${ip}`, PASSWORD_FAILURES_PER_ADDRESS_MAX, table, room.id, 'ip', ip);
  await countGuess(
    sql,
    guestId === null
      ? [address]
      : [book(`g${guestId}`, PASSWORD_FAILURES_MAX, table, room.id, 'guest_id', guestId), address],
  );
  if (!(await passwordMatches(room, md5))) return false;
  if (guestId !== null)
    await sql`delete from chat_guest_password_failures where room_id = ${room.id} and guest_id = ${guestId}`;
  return true;
}

/** A guest's checkPasswordGuest: checks the guess and records (or on a wrong one drops) the grant. */
export async function grantGuestByPassword(
  sql: Sql,
  room: RoomRow,
  guestId: number,
  ip: string,
  md5: string,
): Promise<boolean> {
  if (!room.password_kdf) return true;
  if (!(await guestPasswordMatches(sql, room, guestId, ip, md5))) {
    await sql`delete from chat_room_guest_grants where room_id = ${room.id} and guest_id = ${guestId}`;
    return false;
  }
  await sql`
    insert into chat_room_guest_grants (room_id, guest_id, password_kdf) values (${room.id}, ${guestId}, ${room.password_kdf})
    on conflict (room_id, guest_id) do update set password_kdf = excluded.password_kdf, created_at = now()`;
  return true;
}
