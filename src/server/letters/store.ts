/**
 * Letters (站内信): one `letters` row per letter with its audience, never a row per recipient.
 *
 * A player's inbox is computed when asked: letters to them, letters to everyone and letters to their
 * current grade, the last two only when sent after the player registered. Their own state of a letter
 * (read, deleted) is a `letter_states` row written only when they read or delete it; a deleted letter
 * stays deleted (the row is never cleared, and reading it again is refused). docs/content.md.
 */
import type { Db, Sql } from '../db/client.ts';
import { AppError, refuse } from '../http/envelope.ts';
import {
  audienceOf,
  isKnownGrade,
  letterTextProblem,
  messageTypeOf,
  type LetterAudience,
  type LetterTo,
  type MessageTypeValue,
} from '../../domain/letters.ts';

export const LETTER_NOT_FOUND_MSG = '消息不存在或已删除';

export interface SendLetterInput {
  to: LetterTo;
  title: string;
  content: string;
  /** the operator who sent it; null or absent when the site sends it (a grade change, ...) */
  operatorId?: number | null;
}

/**
 * Stores one letter for its whole audience and returns its id. Refuses (AppError, Chinese) text with
 * markup or control characters, an unknown grade and a player who does not exist.
 */
export async function sendLetter(db: Db, input: SendLetterInput): Promise<number> {
  const problem = letterTextProblem(input.title, input.content);
  if (problem) throw new AppError(problem);
  const audience = audienceOf(input.to);
  const toUserId = 'userId' in input.to ? input.to.userId : null;
  const toGrade = 'grade' in input.to ? input.to.grade : null;
  if (toUserId !== null && (!Number.isSafeInteger(toUserId) || toUserId < 1))
    throw new AppError('收件会员不存在');
  if (toGrade !== null && (!Number.isInteger(toGrade) || !isKnownGrade(toGrade)))
    throw new AppError('会员等级不存在');
  if (toUserId !== null) {
    const [user] = await db`select id from users where id = ${toUserId}`;
    if (!user) throw new AppError('收件会员不存在');
  }
  const [row] = await db<{ id: number }[]>`
    insert into letters (audience, to_user_id, to_grade, title, content, operator_id)
    values (${audience}, ${toUserId}, ${toGrade}, ${input.title.trim()}, ${input.content.trim()}, ${input.operatorId ?? null})
    returning id`;
  return Number(row.id);
}

/**
 * The letters addressed to `userId` (before their own deletions), as a subquery `l`: to them, to
 * everyone, or to their current grade, the last two only when sent after they registered. Three
 * branches so each uses its own index (a player's own letters, the few broadcast ones).
 */
function addressedTo(sql: Db, userId: number) {
  return sql`(
    select l.id, l.audience, l.title, l.content, l.created_at from letters l
    where l.audience = 'user' and l.to_user_id = ${userId}
    union all
    select l.id, l.audience, l.title, l.content, l.created_at from letters l join users u on u.id = ${userId}
    where l.audience = 'all' and l.created_at >= u.created_at
    union all
    select l.id, l.audience, l.title, l.content, l.created_at from letters l join users u on u.id = ${userId}
    where l.audience = 'grade' and l.to_grade = u.grade and l.created_at >= u.created_at
  ) l left join letter_states s on s.user_id = ${userId} and s.letter_id = l.id`;
}

interface InboxRow {
  id: number;
  audience: LetterAudience;
  title: string;
  created_at: Date;
  read: boolean;
}

export interface InboxItem {
  id: number;
  title: string;
  messageType: MessageTypeValue;
  read: boolean;
  createdAtMs: number;
}

export async function inboxPage(
  sql: Sql,
  userId: number,
  limit: number,
  offset: number,
): Promise<{ list: InboxItem[]; total: number; unread: number }> {
  const [rows, [counts]] = await Promise.all([
    sql<InboxRow[]>`
      select l.id, l.audience, l.title, l.created_at, (s.read_at is not null) as read
      from ${addressedTo(sql, userId)}
      where s.deleted_at is null
      order by l.id desc limit ${limit} offset ${offset}`,
    inboxCounts(sql, userId),
  ]);
  return {
    list: rows.map((r) => ({
      id: Number(r.id),
      title: r.title,
      messageType: messageTypeOf(r.audience),
      read: r.read,
      createdAtMs: r.created_at.getTime(),
    })),
    total: counts.total,
    unread: counts.unread,
  };
}

function inboxCounts(sql: Db, userId: number) {
  return sql<{ total: number; unread: number }[]>`
    select count(*)::int as total, count(*) filter (where s.read_at is null)::int as unread
    from ${addressedTo(sql, userId)}
    where s.deleted_at is null`;
}

export async function unreadCount(sql: Sql, userId: number): Promise<number> {
  const [c] = await inboxCounts(sql, userId);
  return c.unread;
}

/** The ids among `ids` that are in the player's inbox (addressed to them and not deleted by them). */
async function ownLetterIds(sql: Db, userId: number, ids: number[]): Promise<Set<number>> {
  const rows = await sql<{ id: number }[]>`
    select l.id from ${addressedTo(sql, userId)}
    where l.id = any(${sql.array(ids.map(String))}::bigint[]) and s.deleted_at is null`;
  return new Set(rows.map((r) => Number(r.id)));
}

export interface LetterView extends InboxItem {
  content: string;
}

/**
 * Opens a letter of the player's inbox and marks it read (once: the first read time is kept).
 * `messageType`, when given, must be the letter's. Another player's letter, a deleted one and an
 * unknown id are all refused alike.
 */
export async function openLetter(
  sql: Sql,
  userId: number,
  id: number,
  messageType?: number,
): Promise<LetterView> {
  const [row] = await sql<(InboxRow & { content: string })[]>`
    select l.id, l.audience, l.title, l.content, l.created_at, true as read
    from ${addressedTo(sql, userId)}
    where l.id = ${id} and s.deleted_at is null`;
  if (!row || (messageType !== undefined && messageTypeOf(row.audience) !== messageType))
    refuse(LETTER_NOT_FOUND_MSG);
  await sql`
    insert into letter_states (user_id, letter_id, read_at) values (${userId}, ${id}, now())
    on conflict (user_id, letter_id) do update set read_at = coalesce(letter_states.read_at, excluded.read_at)`;
  return {
    id: Number(row.id),
    title: row.title,
    content: row.content,
    messageType: messageTypeOf(row.audience),
    read: true,
    createdAtMs: row.created_at.getTime(),
  };
}

/** Marks one letter read (refused when not in the inbox), or every unread letter of the inbox; returns how many changed. */
export async function markRead(sql: Sql, userId: number, id: number | null): Promise<number> {
  if (id !== null && !(await ownLetterIds(sql, userId, [id])).has(id)) refuse(LETTER_NOT_FOUND_MSG);
  const rows = await sql`
    insert into letter_states (user_id, letter_id, read_at)
    select ${userId}, l.id, now()
    from ${addressedTo(sql, userId)}
    where s.read_at is null and s.deleted_at is null ${id === null ? sql`` : sql`and l.id = ${id}`}
    on conflict (user_id, letter_id) do update set read_at = coalesce(letter_states.read_at, excluded.read_at)
    returning letter_id`;
  return rows.length;
}

/** Deletes letters from the player's inbox, all or none: an id not in the inbox refuses the whole request. */
export async function deleteLetters(sql: Sql, userId: number, ids: number[]): Promise<number> {
  return sql.begin(async (tx) => {
    const own = await ownLetterIds(tx, userId, ids);
    if (ids.some((id) => !own.has(id))) refuse(LETTER_NOT_FOUND_MSG);
    await tx`
      insert into letter_states (user_id, letter_id, read_at, deleted_at)
      select ${userId}, x, now(), now() from unnest(${tx.array(ids.map(String))}::bigint[]) as x
      on conflict (user_id, letter_id) do update
        set deleted_at = now(), read_at = coalesce(letter_states.read_at, excluded.read_at)`;
    return ids.length;
  });
}
