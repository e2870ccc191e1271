/**
 * IndexedDB stores (idb-keyval), one per domain: session, rebate cache, room
 * passwords, clock offset, tenant config. Nothing of these lives in localStorage.
 * Writes report quota errors to the user instead of swallowing them.
 */
import { createStore, get, set, del, clear, type UseStore } from 'idb-keyval';

/**
 * A store whose database opens on first use: createStore opens at once, and opening every database
 * at app start queued the session read (the first thing start-up needs) behind nine others.
 */
function lazyStore(dbName: string, storeName: string): UseStore {
  let store: UseStore | undefined;
  return (txMode, callback) => (store ??= createStore(dbName, storeName))(txMode, callback);
}

export const sessionStore: UseStore = lazyStore('hy-session', 'kv');
export const rebateStore: UseStore = lazyStore('hy-rebate', 'kv');
export const roomPasswordStore: UseStore = lazyStore('hy-room-passwords', 'kv');
export const clockStore: UseStore = lazyStore('hy-clock', 'kv');
export const tenantStore: UseStore = lazyStore('hy-tenant', 'kv');

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
export const betStore: UseStore = lazyStore('hy-bet', 'kv');
/** The other money actions in flight, the same way: a recharge order, a withdrawal (never its
 * password), a virtual-wallet transfer or pledge. One store each, keyed by user. */
export const rechargeStore: UseStore = lazyStore('hy-recharge', 'kv');
export const withdrawStore: UseStore = lazyStore('hy-withdraw', 'kv');
export const walletActionStore: UseStore = lazyStore('hy-wallet', 'kv');
/** The play catalogue of each lottery as a user last saw it, with its version (lottery feature):
 * the betting page shows it at once and asks the server only whether that version is current. */
export const playsStore: UseStore = lazyStore('hy-plays', 'kv');
