/** Route types and lookups, free of page imports so the guard is testable on its own. */
import type { ComponentType, LazyExoticComponent } from 'react';

export interface RouteDef {
  path: string;
  title: string;
  component: LazyExoticComponent<ComponentType>;
  auth?: boolean;
  agentOnly?: boolean;
  operatorOnly?: boolean;
  /** Navigation between routes of the same group shows no loading overlay. */
  noLoadingGroup?: string;
  /** Navigation inside this route keeps no loading overlay while this param stays the same. */
  noLoadingSameParam?: string;
}

/** Aliases (spec: empty, /home, /404 → /index; /lottery → /lotteryHall). */
export const ALIASES: Record<string, string> = { '/': '/index', '': '/index', '/home': '/index', '/404': '/index', '/lottery': '/lotteryHall', '/recharge': '/index' };

/** Matches a path against a pattern with `:name` segments ('/lottery/:type/:code'); null if no match. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const want = pattern.split('/');
  const got = clean.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    if (want[i]!.startsWith(':')) {
      if (!got[i]) return null;
      try { params[want[i]!.slice(1)] = decodeURIComponent(got[i]!); } catch { return null; }
    } else if (want[i] !== got[i]) return null;
  }
  return params;
}

export function findRoute(path: string, table: RouteDef[]): RouteDef | null {
  return table.find((r) => matchPath(r.path, path) !== null) ?? null;
}
