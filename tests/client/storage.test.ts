import { describe, it, expect } from 'vitest';
import {
  rebateStore,
  put,
  read,
  setQuotaListener,
  QUOTA_MSG,
  sessionStore,
} from '../../src/client/storage/stores';
import {
  currentUser,
  setUser,
  clearUser,
  loadStoredUser,
  storeLoginMessage,
  takeLoginMessage,
  clearRebateCache,
  type UserInfo,
} from '../../src/client/state/session';
import type { UseStore } from 'idb-keyval';

const user = {
  userId: 7,
  userName: 'player01',
  isLogin: true,
  agent: false,
  operator: false,
  grade: 1,
} as UserInfo;

describe('storage', () => {
  it('setUser stores in IndexedDB; loadStoredUser reads it back; clearUser removes it', async () => {
    await setUser(user);
    currentUser.value = null;
    expect(await loadStoredUser()).toEqual(user);
    expect(currentUser.value).toEqual(user);
    expect(localStorage.length).toBe(0);
    await clearUser();
    expect(currentUser.value).toBeNull();
    expect(await read(sessionStore, 'user')).toBeUndefined();
  });
  it('login message is taken once', async () => {
    await storeLoginMessage('您已被强制下线');
    expect(await takeLoginMessage()).toBe('您已被强制下线');
    expect(await takeLoginMessage()).toBeNull();
  });
  it('rebate cache clears', async () => {
    await put(rebateStore, 'u7', { a: 1 });
    await clearRebateCache();
    expect(await read(rebateStore, 'u7')).toBeUndefined();
  });
  it('quota errors are shown and rethrown', async () => {
    const shown: string[] = [];
    setQuotaListener((m) => shown.push(m));
    const full: UseStore = () => Promise.reject(new DOMException('full', 'QuotaExceededError'));
    await expect(put(full, 'k', 1)).rejects.toThrow('full');
    expect(shown).toEqual([QUOTA_MSG]);
    const other: UseStore = () => Promise.reject(new Error('boom'));
    await expect(put(other, 'k', 1)).rejects.toThrow('boom');
    expect(shown).toEqual([QUOTA_MSG]);
  });
});
