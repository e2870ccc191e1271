/** Shared pieces of the operator API: the route config and paging. */
import { Type } from '@sinclair/typebox';
import { patterns } from '../../domain/validation.ts';

/** Every operator route carries this config: the session plugin refuses anyone else (403). */
export const OPERATOR = { auth: 'operator' as const };

export const MAX_PAGE = 100_000;
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;

export const Page = Type.Integer({ minimum: 1, maximum: MAX_PAGE });
export const PageSize = Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE });

export function paging(page?: number, pageSize?: number) {
  const size = pageSize ?? DEFAULT_PAGE_SIZE;
  return { limit: size, offset: ((page ?? 1) - 1) * size };
}

/** Escapes LIKE wildcards so a keyword matches itself. */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A user name as the domain pattern defines it (typed, unlike the generic Pattern helper). */
export const UserName = Type.String({ pattern: patterns.userName.source, maxLength: 20 });
