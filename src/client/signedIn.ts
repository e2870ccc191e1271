/**
 * Who is signed in, as a synchronous copy in localStorage: app start reads it before IndexedDB has
 * opened (90-140 ms of a phone's start, on the betting page's critical path) so the page's data can
 * go out at once (bootstrap.ts). The stored user in IndexedDB (state/session.ts) stays the truth:
 * this copy follows `currentUser` once that has been read, and a stale copy only costs a few GETs
 * whose answers no page takes (early answers are keyed by user id).
 */
import { effect } from '@preact/signals-react';
import { currentUser } from './state/session';

const SIGNED_IN_KEY = 'hy-signed-in';

export interface SignedIn { userId: number }

/** The copy, or null (none, unreadable, or storage refused). */
export function readSignedIn(): SignedIn | null {
  try {
    const v = JSON.parse(localStorage.getItem(SIGNED_IN_KEY) ?? 'null') as Partial<SignedIn> | null;
    return v && typeof v.userId === 'number' ? { userId: v.userId } : null;
  } catch {
    return null;
  }
}

let following = false;

/** Keeps the copy in step with `currentUser` (once per page). Start it only after the stored user has been read. */
export function followSignedIn(): void {
  if (following) return;
  following = true;
  effect(() => {
    const u = currentUser.value;
    try {
      if (u?.isLogin) localStorage.setItem(SIGNED_IN_KEY, JSON.stringify({ userId: u.userId } satisfies SignedIn));
      else localStorage.removeItem(SIGNED_IN_KEY);
    } catch {
      // storage refused (private mode, quota): app start then waits for IndexedDB, as before
    }
  });
}
