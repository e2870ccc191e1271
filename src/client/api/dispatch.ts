/**
 * The one dispatcher of non-success response codes (spec 000 section 8).
 * Behaviour comes from `actionForCode`; side effects go through `DispatchDeps`
 * so tests can observe them and the shell can wire the real UI in main.tsx.
 */
import { actionForCode } from '../../domain/errors';

export interface DispatchDeps {
  navigate(path: string): void;
  currentPath(): string;
  clearUser(): Promise<void>;
  /**
   * For an expired session: keeps the stored user with a falsy login flag when the current
   * route needs login, so the route guard shows the expired-login dialog (spec 000 section 2).
   * Returns false when that does not apply.
   */
  markExpired?(): Promise<boolean>;
  storeLoginMessage(msg: string): void;
  alert(text: string): Promise<void>;
  confirm(text: string): Promise<boolean>;
  toast(text: string): void;
  /** ms timestamp of the last successful login, 0 when none. */
  lastLoginAt(): number;
  now(): number;
  sleep(ms: number): Promise<void>;
}

let deps: DispatchDeps | null = null;
export function setDispatchDeps(d: DispatchDeps): void {
  deps = d;
}

/** The pages the site-status codes lead to (maintenance, closed, IP-restricted). */
export const STATUS_PAGES: readonly string[] = ['/maintain', '/websiteClosed', '/noservice'];

export function loginRedirect(path: string): string {
  return `/login?redirect=${encodeURIComponent(path)}`;
}

/** Runs the action for `code`; with `inline` a plain alert is left to the page. */
export async function dispatchCode(
  code: number,
  msg: string | undefined,
  opts: { inline?: boolean } = {},
): Promise<void> {
  const d = deps;
  if (!d) return;
  const action = actionForCode(code, msg);
  switch (action.kind) {
    case 'ok':
    case 'silent':
      return;
    case 'relogin': {
      const here = d.currentPath();
      if (action.expired && d.markExpired && (await d.markExpired())) return;
      if (action.clearUser) await d.clearUser();
      if (action.storeMessage && action.message) d.storeLoginMessage(action.message);
      else if (action.message && !opts.inline) d.toast(action.message);
      if (!here.startsWith('/login')) d.navigate(loginRedirect(here));
      return;
    }
    case 'page': {
      // the status page remembers where the player was going and goes there once the site is open
      const here = d.currentPath();
      const herePath = here.split('?')[0];
      if (STATUS_PAGES.includes(herePath)) {
        // from one status page to another, keeping the redirect
        if (herePath !== action.path) d.navigate(action.path + here.slice(herePath.length));
        return;
      }
      d.navigate(`${action.path}?redirect=${encodeURIComponent(here)}`);
      return;
    }
    case 'confirm':
      await d.confirm(action.message);
      return;
    case 'alert': {
      if (opts.inline) return;
      const since = d.now() - d.lastLoginAt();
      if (action.delayAfterLoginMs && d.lastLoginAt() > 0 && since < action.delayAfterLoginMs) {
        await d.sleep(action.delayAfterLoginMs);
      }
      await d.alert(action.message);
      return;
    }
    case 'alertThen':
      await d.alert(action.message);
      d.navigate(action.path);
      return;
    case 'loading':
      d.toast(action.message);
      return;
  }
}
