/**
 * Route guard (spec 000 section 2) as a pure function over the route table and
 * the stored user, so each decision is testable without a browser.
 */
import { ALIASES, findRoute, matchPath, type RouteDef } from './routeTable';
import { loginRedirect } from './api/dispatch';

export interface GuardUser {
  isLogin: boolean;
  agent: boolean;
  operator: boolean;
}

export type GuardDecision =
  | { kind: 'allow'; route: RouteDef }
  | { kind: 'redirect'; to: string }
  | { kind: 'expired'; loginTo: string }
  | { kind: 'probeInfo'; route: RouteDef };

/**
 * @param path     pathname being visited
 * @param fullPath pathname + search, kept in the login redirect
 * @param firstLoad true on the first navigation of the page load
 */
export function guard(
  path: string,
  fullPath: string,
  user: GuardUser | null,
  firstLoad: boolean,
  table: RouteDef[],
): GuardDecision {
  const alias = ALIASES[path];
  if (alias !== undefined) return { kind: 'redirect', to: alias };
  const route = findRoute(path, table);
  if (!route) return { kind: 'redirect', to: '/index' };
  if (route.auth || route.agentOnly || route.operatorOnly) {
    if (!user) return { kind: 'redirect', to: loginRedirect(fullPath) };
    if (!user.isLogin) return { kind: 'expired', loginTo: loginRedirect(fullPath) };
    if (route.agentOnly && !user.agent) return { kind: 'redirect', to: '/' };
    if (route.operatorOnly && !user.operator) return { kind: 'redirect', to: '/index' };
  }
  if (firstLoad && (route.path === '/login' || route.path === '/register'))
    return { kind: 'probeInfo', route };
  return { kind: 'allow', route };
}

/** Whether moving between two routes skips the loading overlay. */
export function skipsLoading(
  from: RouteDef | null,
  to: RouteDef,
  fromPath = '',
  toPath = '',
): boolean {
  if (!from) return false;
  if (from === to && to.noLoadingSameParam) {
    const a = matchPath(to.path, fromPath);
    const b = matchPath(to.path, toPath);
    return Boolean(a && b && a[to.noLoadingSameParam] === b[to.noLoadingSameParam]);
  }
  return Boolean(from.noLoadingGroup && from.noLoadingGroup === to.noLoadingGroup);
}
