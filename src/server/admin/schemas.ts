/** Shared pieces of the operator API: the route config and field schemas (paging: http/paging.ts). */
import { Type } from '@sinclair/typebox';
import { patterns } from '../../domain/validation.ts';

/** Every operator route carries this config: the session plugin refuses anyone else (403). */
export const OPERATOR = { auth: 'operator' as const };

/** Escapes LIKE wildcards so a keyword matches itself. */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A user name as the domain pattern defines it (typed, unlike the generic Pattern helper). */
export const UserName = Type.String({ pattern: patterns.userName.source, maxLength: 20 });
