/**
 * The cache of server data: one entry per query key (an array, hashed to stable JSON), shaped like
 * TanStack Query's QueryClient so a later swap is mechanical, without its weight in the first screen.
 *
 * Life cycle of an entry: built on first ask → fetching (one request shared by every asker) → success
 * (data, `updatedAtMs`) or error (the error is kept beside any earlier data, never as data; the next
 * mount asks again). `invalidateQueries` marks entries under a key prefix stale: those on screen are
 * fetched again at once, the others are dropped. An entry nobody watches is dropped after GC_TIME_MS.
 */

export type QueryKey = readonly unknown[];
export type QueryFunction<T> = () => Promise<T>;
export type QueryStatus = 'pending' | 'success' | 'error';

export interface QueryState<T = unknown> {
  data: T | undefined;
  error: Error | null;
  status: QueryStatus;
  fetching: boolean;
  /** when the data last arrived (0: never) */
  updatedAtMs: number;
  /** marked stale by invalidateQueries: the next ask fetches whatever its staleTime */
  invalidated: boolean;
}

export interface FetchOptions<T> {
  queryKey: QueryKey;
  queryFn: QueryFunction<T>;
  staleTime?: number;
}

/** An entry nobody watches lives this long (TanStack's gcTime default). */
export const GC_TIME_MS = 5 * 60_000;

interface Entry {
  key: QueryKey;
  state: QueryState;
  /** the request in flight, shared by every asker */
  promise: Promise<unknown> | null;
  /** the last query function used, for refetches after an invalidation */
  fn: QueryFunction<unknown> | null;
  gcTimer: ReturnType<typeof setTimeout> | null;
}

const INITIAL: QueryState = {
  data: undefined,
  error: null,
  status: 'pending',
  fetching: false,
  updatedAtMs: 0,
  invalidated: false,
};

/** Stable JSON: object keys sorted, so `{ a, b }` and `{ b, a }` are the same key. */
export function hashKey(key: QueryKey): string {
  return JSON.stringify(key, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>)
            .filter(([, x]) => x !== undefined)
            .sort(([a], [b]) => a.localeCompare(b)),
        )
      : v,
  );
}

/** `prefix` covers `key` when it is the key's first elements (an empty prefix covers all). */
export function matchesPrefix(key: QueryKey, prefix: QueryKey): boolean {
  return prefix.length <= key.length && prefix.every((p, i) => hashKey([p]) === hashKey([key[i]]));
}

function toError(e: unknown): Error {
  return e instanceof Error ? e : new Error(String(e));
}

export class QueryClient {
  private readonly entries = new Map<string, Entry>();
  /** watchers per key hash, kept apart from entries so a dropped entry's screen still hears of its rebuild */
  private readonly listeners = new Map<string, Set<() => void>>();

  constructor(private readonly gcTimeMs = GC_TIME_MS) {}

  /** The entry for `key`, built empty if missing. */
  private build(key: QueryKey): Entry {
    const hash = hashKey(key);
    let entry = this.entries.get(hash);
    if (!entry) {
      entry = { key, state: INITIAL, promise: null, fn: null, gcTimer: null };
      this.entries.set(hash, entry);
      this.scheduleGc(hash, entry);
    }
    return entry;
  }

  private setState(hash: string, entry: Entry, patch: Partial<QueryState>): void {
    entry.state = { ...entry.state, ...patch };
    for (const l of [...(this.listeners.get(hash) ?? [])]) l();
  }

  private scheduleGc(hash: string, entry: Entry): void {
    if (entry.gcTimer) clearTimeout(entry.gcTimer);
    entry.gcTimer = null;
    if (this.listeners.get(hash)?.size) return;
    entry.gcTimer = setTimeout(() => {
      if (this.entries.get(hash) === entry && !entry.promise) this.entries.delete(hash);
    }, this.gcTimeMs);
  }

  getQueryState<T>(key: QueryKey): QueryState<T> {
    return (this.entries.get(hashKey(key))?.state ?? INITIAL) as QueryState<T>;
  }

  getQueryData<T>(key: QueryKey): T | undefined {
    return this.getQueryState<T>(key).data;
  }

  /** Puts data in the cache as a fresh answer (e.g. the balance a bet's answer carries). */
  setQueryData<T>(key: QueryKey, updater: T | ((old: T | undefined) => T)): void {
    const entry = this.build(key);
    const data =
      typeof updater === 'function'
        ? (updater as (old: T | undefined) => T)(entry.state.data as T | undefined)
        : updater;
    this.setState(hashKey(key), entry, {
      data,
      error: null,
      status: 'success',
      updatedAtMs: Date.now(),
      invalidated: false,
    });
  }

  /** Watches `key`: `listener` hears every change; while watched the entry is "active" and never collected. */
  subscribe(key: QueryKey, listener: () => void): () => void {
    const hash = hashKey(key);
    const set = this.listeners.get(hash) ?? new Set<() => void>();
    this.listeners.set(hash, set);
    set.add(listener);
    this.scheduleGc(hash, this.build(key));
    return () => {
      set.delete(listener);
      if (!set.size) this.listeners.delete(hash);
      const entry = this.entries.get(hash);
      if (entry) this.scheduleGc(hash, entry);
    };
  }

  isStale(key: QueryKey, staleTime = 0): boolean {
    const s = this.getQueryState(key);
    return s.status !== 'success' || s.invalidated || Date.now() - s.updatedAtMs >= staleTime;
  }

  /**
   * Asks the server: joins the request in flight for `key` if there is one, unless `force` (a newer
   * answer is needed, e.g. after an invalidation): then the older request's answer is ignored.
   */
  fetch<T>(key: QueryKey, fn: QueryFunction<T>, force = false): Promise<T> {
    const hash = hashKey(key);
    const entry = this.build(key);
    entry.fn = fn as QueryFunction<unknown>;
    if (entry.promise && !force) return entry.promise as Promise<T>;
    const promise: Promise<T> = fn();
    entry.promise = promise;
    this.setState(hash, entry, {
      fetching: true,
      error: null,
      status: entry.state.data === undefined ? 'pending' : 'success',
    });
    promise.then(
      (data) => {
        if (entry.promise !== promise) return;
        entry.promise = null;
        this.setState(hash, entry, {
          data,
          error: null,
          status: 'success',
          fetching: false,
          updatedAtMs: Date.now(),
          invalidated: false,
        });
      },
      (e: unknown) => {
        if (entry.promise !== promise) return;
        entry.promise = null;
        this.setState(hash, entry, { error: toError(e), status: 'error', fetching: false });
      },
    );
    return promise;
  }

  /** The cached data if younger than `staleTime` ms, else the request in flight, else a new one. */
  fetchQuery<T>({ queryKey, queryFn, staleTime = 0 }: FetchOptions<T>): Promise<T> {
    if (!this.isStale(queryKey, staleTime))
      return Promise.resolve(this.getQueryData<T>(queryKey) as T);
    return this.fetch(queryKey, queryFn);
  }

  /** fetchQuery started early and not awaited: a failure is left for the screen that asks later. */
  prefetchQuery<T>(options: FetchOptions<T>): void {
    this.fetchQuery(options).catch(() => {});
  }

  /** Marks every entry under `queryKey` stale; those watched are fetched again, the others dropped. */
  invalidateQueries({ queryKey }: { queryKey: QueryKey }): Promise<void> {
    const refetches: Promise<unknown>[] = [];
    for (const [hash, entry] of [...this.entries]) {
      if (!matchesPrefix(entry.key, queryKey)) continue;
      if (this.listeners.get(hash)?.size && entry.fn) {
        entry.state = { ...entry.state, invalidated: true };
        refetches.push(this.fetch(entry.key, entry.fn, true).catch(() => {}));
      } else {
        this.drop(hash, entry);
      }
    }
    return Promise.all(refetches).then(() => {});
  }

  removeQueries({ queryKey }: { queryKey: QueryKey }): void {
    for (const [hash, entry] of [...this.entries])
      if (matchesPrefix(entry.key, queryKey)) this.drop(hash, entry);
  }

  /** Everything forgotten (another user logged in; tests). Watched screens see an empty entry and ask again. */
  clear(): void {
    this.removeQueries({ queryKey: [] });
  }

  private drop(hash: string, entry: Entry): void {
    if (entry.gcTimer) clearTimeout(entry.gcTimer);
    entry.promise = null;
    this.entries.delete(hash);
    for (const l of [...(this.listeners.get(hash) ?? [])]) l();
  }
}

/** The app's one cache. */
export const queryClient = new QueryClient();
