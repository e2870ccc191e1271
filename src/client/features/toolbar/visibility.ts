/**
 * Where the floating toolbar shows (spec 000 section 6, spec 001 section 2): everywhere except the
 * pages the route guard opens without login (lottery help pages, trend chart, rebate description,
 * login, forgot password, maintenance, 404, website closed, register, retrieve password, set login
 * password), plus the IP-restricted page, which is a status page of the same kind. The 404 path is
 * an alias of /index (routeTable.ts ALIASES), so it never renders a page of its own.
 *
 * It is also left off where it would be in the way (issue 24): the betting page (its play grid and
 * bet bar fill the screen), the chat rooms (own avatars on the right, the input at the bottom), the
 * embedded chat and the operator pages. Every other page has the tab bar, which keeps it a slot.
 */
import { matchPath } from '../../routeTable';

export const TOOLBAR_HIDDEN_PATHS: readonly string[] = [
  '/howtoplay/:id',
  '/trendChart/:id',
  '/rebateDes',
  '/login',
  '/forgotPassword',
  '/maintain',
  '/404',
  '/websiteClosed',
  '/register',
  '/retrievePassword',
  '/setLoginPassword',
  '/noservice',
  '/lottery/:type/:code',
  '/chatRoom/:roomCode',
  '/chatDirect/:roomId',
  '/chatGuest',
  '/embedChat',
  '/admin',
];

export function toolbarHidden(path: string): boolean {
  return TOOLBAR_HIDDEN_PATHS.some((p) => matchPath(p, path) !== null);
}
