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
}

/** Aliases (spec: empty, /home, /404 → /index; /lottery → /lotteryHall). */
export const ALIASES: Record<string, string> = { '/': '/index', '': '/index', '/home': '/index', '/404': '/index', '/lottery': '/lotteryHall' };

export function findRoute(path: string, table: RouteDef[]): RouteDef | null {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return table.find((r) => r.path === clean) ?? null;
}
