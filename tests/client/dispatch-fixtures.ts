/**
 * The one dispatcher's deps (api/dispatch.ts) for the client tests: a quiet set where a code's
 * action does nothing the test has to answer, and one that logs where it navigates and what it
 * alerts, for tests that check what a refusal led to.
 */
import { setDispatchDeps, type DispatchDeps } from '../../src/client/api/dispatch';

/** Deps that do nothing: no navigation, every confirm accepted, no wait. */
export function quietDispatch(currentPath: string, over: Partial<DispatchDeps> = {}): void {
  setDispatchDeps({
    navigate: () => {},
    currentPath: () => currentPath,
    clearUser: async () => {},
    storeLoginMessage: () => {},
    alert: async () => {},
    confirm: async () => true,
    toast: () => {},
    lastLoginAt: () => 0,
    now: () => 0,
    sleep: async () => {},
    ...over,
  });
}

/** Quiet deps that log `navigate <path>` and `alert <text>` in the returned list, in order. */
export function loggedDispatch(currentPath: string): string[] {
  const log: string[] = [];
  quietDispatch(currentPath, {
    navigate: (p) => {
      log.push(`navigate ${p}`);
    },
    alert: async (t) => {
      log.push(`alert ${t}`);
    },
  });
  return log;
}
