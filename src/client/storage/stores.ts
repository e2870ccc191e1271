/**
 * IndexedDB stores (idb-keyval), one per domain: session, rebate cache, room
 * passwords, clock offset, tenant config. Nothing of these lives in localStorage.
 * Writes report quota errors to the user instead of swallowing them.
 */
import { createStore, get, set, del, clear, type UseStore } from 'idb-keyval';

export const sessionStore: UseStore = createStore('hy-session', 'kv');
export const rebateStore: UseStore = createStore('hy-rebate', 'kv');
export const roomPasswordStore: UseStore = createStore('hy-room-passwords', 'kv');
export const clockStore: UseStore = createStore('hy-clock', 'kv');
export const tenantStore: UseStore = createStore('hy-tenant', 'kv');

type QuotaListener = (msg: string) => void;
let onQuota: QuotaListener = () => {};
export function setQuotaListener(fn: QuotaListener): void { onQuota = fn; }

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
export function read<T>(store: UseStore, key: string): Promise<T | undefined> { return get<T>(key, store); }
export function remove(store: UseStore, key: string): Promise<void> { return del(key, store); }
export function wipe(store: UseStore): Promise<void> { return clear(store); }

/**
 * Bet submissions in flight (lottery feature): the requestId and exact payload are written here
 * BEFORE a bet or chase is sent, so a retry after a dropped connection reuses the same requestId
 * and the server answers the first result instead of taking the stake twice.
 */
export const betStore: UseStore = createStore('hy-bet', 'kv');
/** The other money actions in flight, the same way: a recharge order, a withdrawal (never its
 * password), a virtual-wallet transfer or pledge. One store each, keyed by user. */
export const rechargeStore: UseStore = createStore('hy-recharge', 'kv');
export const withdrawStore: UseStore = createStore('hy-withdraw', 'kv');
export const walletActionStore: UseStore = createStore('hy-wallet', 'kv');
/** The play catalogue of each lottery as a user last saw it, with its version (lottery feature):
 * the betting page shows it at once and asks the server only whether that version is current. */
export const playsStore: UseStore = createStore('hy-plays', 'kv');
