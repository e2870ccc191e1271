/**
 * Paging of every list call: a page number (the spec names it `page` on some calls and `pageNum` on
 * others; the schema is the same), a page size, and the LIMIT / OFFSET they mean.
 *
 * The maximum page size: the spec fixes only the sizes the client asks for (chat history 20, saved
 * images 40, room lists 20 and 11, agent lists 10; spec 001 §9) and no server maximum. Every list
 * takes up to MAX_PAGE_SIZE rows, except the calls that name a smaller maximum with pageSizeUpTo and
 * their reason: the agent's team lists and reports (AGENT_MAX_PAGE_SIZE, 50: each row is a team
 * roll-up), the chat message history and room lists (chat MAX_PAGE_SIZE, 50), the saved images (the
 * spec's page, 40), and the lottery open-data feed, a count of recent draws rather than a page (200).
 * These are kept as they were: the spec names no maximum to change them to, and clients rely on them.
 */
import { Type } from '@sinclair/typebox';

/** The highest page number any list takes. */
export const MAX_PAGE = 100_000;
/** The largest page any list gives, unless the call names a smaller one. */
export const MAX_PAGE_SIZE = 100;
/** The page size when the client names none. */
export const DEFAULT_PAGE_SIZE = 20;

/** A page number, 1 … MAX_PAGE: `page` or `pageNum`. */
export const PageNum = Type.Integer({ minimum: 1, maximum: MAX_PAGE });

/** A page size, 1 … `maxSize`. */
export function pageSizeUpTo(maxSize: number) {
  return Type.Integer({ minimum: 1, maximum: maxSize });
}

/** A page size, 1 … MAX_PAGE_SIZE. */
export const PageSize = pageSizeUpTo(MAX_PAGE_SIZE);

/** The rows of page `page` (default 1) of `pageSize` rows (default `defaultSize`). */
export function paging(
  page?: number,
  pageSize?: number,
  defaultSize = DEFAULT_PAGE_SIZE,
): { limit: number; offset: number } {
  const size = pageSize ?? defaultSize;
  return { limit: size, offset: ((page ?? 1) - 1) * size };
}
