/**
 * IndexedDB stores (idb-keyval), one per domain: session, rebate cache, room passwords, clock
 * offset, tenant config, money actions in flight, play catalogues, last issues seen, the last answers
 * pages showed (for offline). Nothing of these lives in localStorage.
 * Writes report quota errors to the user instead of swallowing them.
 */
import {
  createStore,
  get,
  set,
  del,
  clear,
  entries as allEntries,
  type UseStore,
} from 'idb-keyval';

export const sessionStore: UseStore = createStore('hy-session', 'kv');
export const rebateStore: UseStore = createStore('hy-rebate', 'kv');
export const roomPasswordStore: UseStore = createStore('hy-room-passwords', 'kv');
export const clockStore: UseStore = createStore('hy-clock', 'kv');
export const tenantStore: UseStore = createStore('hy-tenant', 'kv');

type QuotaListener = (msg: string) => void;
let onQuota: QuotaListener = () => {};
export function setQuotaListener(fn: QuotaListener): void {
  onQuota = fn;
}

export const QUOTA_MSG = '本地存储空间不足，请清理浏览器数据后重试';

function isQuotaError(e: unknown): boolean {
  return e instanceof DOMException && (e.name === 'QuotaExceededError' || e.code === 22);
}

/** Writes a value; a quota error is shown and rethrown. */
export async function put(store: UseStore, key: string, value: unknown): Promise<void> {
  try {
    await set(key, value, store);
  } catch (e) {
    if (isQuotaError(e)) onQuota(QUOTA_MSG);
    throw e;
  }
}
export function read<T>(store: UseStore, key: string): Promise<T | undefined> {
  return get<T>(key, store);
}
export function remove(store: UseStore, key: string): Promise<void> {
  return del(key, store);
}
export function wipe(store: UseStore): Promise<void> {
  return clear(store);
}
export function entries<K extends IDBValidKey, V>(store: UseStore): Promise<[K, V][]> {
  return allEntries<K, V>(store);
}

/**
 * Money actions in flight (src/client/money/moneyAction.ts): bets, chases, long-dragon bets,
 * recharges, withdrawals (never the password), wallet transfers, pledges and operator adjustments.
 * The requestId and the form's fingerprint are written here BEFORE the request is sent, so a retry
 * after a dropped connection repeats the same requestId and the server applies the action once.
 * Keyed `userId:kind`; an entry is removed when the server gives its final answer.
 */
export const moneyActionStore: UseStore = createStore('hy-money', 'kv');
/** The play catalogue of each lottery as a user last saw it, with its version (lottery feature):
 * the betting page shows it at once and asks the server only whether that version is current. */
export const playsStore: UseStore = createStore('hy-plays', 'kv');
/** The last issue answer seen per lottery (lottery feature): what the hall and the game page show,
 * marked as offline, when the issue cannot be asked (the service worker never caches betting paths). */
export const issueStore: UseStore = createStore('hy-issues', 'kv');
/** The last answers the player's pages showed (records, chat history, room settings), per user, so a
 * page opened offline shows them marked as offline content (src/client/query/lastAnswers.ts). Keyed
 * `userId|queryKey`; emptied when the user logs out or another logs in (bootstrap.ts). */
export const lastAnswerStore: UseStore = createStore('hy-last-answers', 'kv');
