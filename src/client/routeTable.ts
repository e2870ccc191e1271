/** Route types and lookups, free of page imports so the guard is testable on its own. */
import type { ComponentType, LazyExoticComponent } from 'react';
import { matchRoute, type Parser } from 'wouter';

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
  /** A game screen with a bar of its own at the bottom: the main tab bar is hidden there. */
  noTabBar?: boolean;
  /** The operator console: the full window width, no player tab bar and no floating toolbar button. */
  console?: boolean;
}

/** Aliases (spec: empty, /home, /404 → /index; /lottery → /lotteryHall). */
export const ALIASES: Record<string, string> = {
  '/': '/index',
  '': '/index',
  '/home': '/index',
  '/404': '/index',
  '/lottery': '/lotteryHall',
  '/recharge': '/index',
};

/**
 * The table's path rule, as a wouter parser: a static segment matches exactly (case counts), a
 * `:name` segment takes one non-empty segment, URI-decoded (a malformed escape matches nothing),
 * trailing slashes are ignored. main.tsx gives it to wouter's <Router>, so useRoute in the pages and
 * matchPath in the guard match with the same rule. Each pattern is split once (every link on a page
 * is looked up in the table on each render).
 */
const parsed = new Map<string, ReturnType<Parser>>();

export const parseRoute: Parser = (pattern) => {
  const known = parsed.get(pattern);
  if (known) return known;
  const want = pattern.split('/');
  const keys = want.filter((s) => s.startsWith(':')).map((s) => s.slice(1));
  const exec = (path: string): RegExpExecArray | null => {
    const got = (path.length > 1 ? path.replace(/\/+$/, '') : path).split('/');
    if (want.length !== got.length) return null;
    const values: string[] = [];
    for (let i = 0; i < want.length; i++) {
      const w = want[i]!;
      const g = got[i]!;
      if (!w.startsWith(':')) {
        if (w !== g) return null;
        continue;
      }
      if (!g) return null;
      try {
        values.push(decodeURIComponent(g));
      } catch {
        return null;
      }
    }
    return Object.assign([path, ...values], {
      index: 0,
      input: path,
      groups: undefined,
    }) as RegExpExecArray;
  };
  const route = { keys, pattern: { exec } };
  parsed.set(pattern, route);
  return route;
};

/** The `:name` params of `path` under `pattern` ('/lottery/:type/:code'); null if it does not match. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const [matches, params] = matchRoute(parseRoute, pattern, path);
  return matches ? (params as Record<string, string>) : null;
}

export function findRoute(path: string, table: RouteDef[]): RouteDef | null {
  return table.find((r) => matchPath(r.path, path) !== null) ?? null;
}
