/**
 * Where the team list (/agentMember) stands: the member whose direct members it shows is in the
 * address (`?parentId=`), so the browser's back goes up a level, and the breadcrumb is me, then the
 * server's path down to that member.
 */
import type { Crumb } from './api';

export const TEAM_PATH = '/agentMember';

/** The list's parent from the query string: a positive whole id, or null (my own direct members). */
export function parentIdOf(search: string): number | null {
  const raw = new URLSearchParams(search).get('parentId') ?? '';
  if (!/^[1-9]\d{0,15}$/.test(raw)) return null;
  return Number(raw);
}

/** The address of the list of `userId`'s direct members; my own id is the bare page. */
export function teamHref(userId: number | null, me: number): string {
  return userId === null || userId === me ? TEAM_PATH : `${TEAM_PATH}?parentId=${userId}`;
}

/**
 * The breadcrumb from me down to the list's parent. The server's path runs down from me (it may
 * start with me or just below me); a crumb is never repeated, and one of a bare list is just me.
 */
export function crumbsOf(me: Crumb, path: readonly Crumb[] | null | undefined): Crumb[] {
  const out: Crumb[] = [me];
  for (const c of path ?? []) {
    if (out.some((x) => x.userId === c.userId)) continue;
    out.push(c);
  }
  return out;
}

/** Whether tapping a member opens its own downline: agents, and anyone who already has members. */
export function canDrill(member: { isAgent: 0 | 1; childCount: number }): boolean {
  return member.isAgent === 1 || member.childCount > 0;
}

/** The point editor is offered for direct members only: my own list, not a search over the team. */
export function editsPoints(parentId: number | null, me: number, searching: boolean): boolean {
  return !searching && (parentId === null || parentId === me);
}
