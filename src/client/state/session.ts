/** The logged-in user: a signal mirrored into the IndexedDB session store. */
import { signal, type Signal } from '@preact/signals-react';
import { sessionStore, rebateStore, put, read, remove, wipe } from '../storage/stores';
import { request } from '../api/request';

export interface UserInfo {
  userId: number;
  userName: string;
  nickName: string;
  avatar: string;
  grade: number;
  agent: boolean;
  operator: boolean;
  /** an operator still on the built-in demo password (absent in users stored by older versions) */
  mustChangePassword?: boolean;
  isLogin: boolean;
  rebateupdatedAt: number;
  userHasDigitalPay: boolean;
  realName: string;
  phone: string;
  email: string;
  qq: string;
  wechat: string;
  gender: 0 | 1 | 2;
  birthday: string;
  hasSafetyPassword: boolean;
  hasSafetyQuestion: boolean;
  experience: number;
  createdAt: number;
}

const USER_KEY = 'user';
const LOGIN_MSG_KEY = 'loginMessage';
const LOGIN_AT_KEY = 'loginAt';

export const currentUser: Signal<UserInfo | null> = signal<UserInfo | null>(null);
/** Set once the stored user has been read at start-up. */
export const sessionLoaded: Signal<boolean> = signal(false);
let lastLoginAt = 0;
export function getLastLoginAt(): number {
  return lastLoginAt;
}

export async function loadStoredUser(): Promise<UserInfo | null> {
  // both reads at once: app start waits for them, and each IndexedDB answer is a task on a busy thread
  const [stored, loginAt] = await Promise.all([
    read<UserInfo>(sessionStore, USER_KEY),
    read<number>(sessionStore, LOGIN_AT_KEY),
  ]);
  const u = stored ?? null;
  lastLoginAt = loginAt ?? 0;
  currentUser.value = u;
  sessionLoaded.value = true;
  return u;
}

export async function setUser(u: UserInfo): Promise<void> {
  const wasLoggedIn = currentUser.value?.userId === u.userId;
  currentUser.value = u;
  if (!wasLoggedIn) {
    lastLoginAt = Date.now();
    await put(sessionStore, LOGIN_AT_KEY, lastLoginAt);
  }
  await put(sessionStore, USER_KEY, u);
}

export async function clearUser(): Promise<void> {
  currentUser.value = null;
  lastLoginAt = 0;
  await remove(sessionStore, USER_KEY);
  await remove(sessionStore, LOGIN_AT_KEY);
}

export async function refreshUser(opts: { quiet?: boolean } = {}): Promise<UserInfo | null> {
  try {
    const u = await request<UserInfo>('GET', '/v1/users/info', undefined, {
      inline: true,
      quiet: opts.quiet,
    });
    await setUser(u);
    return u;
  } catch {
    return null;
  }
}

/** Message stored by a forced logout, shown once on the login page. */
export async function storeLoginMessage(msg: string): Promise<void> {
  await put(sessionStore, LOGIN_MSG_KEY, msg);
}
export async function takeLoginMessage(): Promise<string | null> {
  const m = (await read<string>(sessionStore, LOGIN_MSG_KEY)) ?? null;
  if (m) await remove(sessionStore, LOGIN_MSG_KEY);
  return m;
}

/** The rebate cache (per user): wiped at logout; each app start asks the server afresh (features/lottery/storage.ts). */
export async function clearRebateCache(): Promise<void> {
  await wipe(rebateStore);
}
