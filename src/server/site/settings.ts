/**
 * Site-wide settings kept in `site_settings` as JSON under a key, read through a short cache
 * so every request does not hit the database. The cache belongs to one database pool (one app
 * instance): a write clears this instance's entry at once, and every other instance reads the
 * new value within SETTINGS_CACHE_MS, so an operator's change reaches the whole site in seconds
 * without a bus.
 *
 * A change made by an operator (`putSetting` with an actor) is audited in `settings_audit`:
 * who, when, the value before and after, written in the same transaction as the change.
 */
import type { Sql } from '../db/client.ts';

export const SETTINGS_CACHE_MS = 2000;

type Entry = { at: number; generation: number; value: unknown };
/** A pool's cache, and the clock it ages by: the app's (AppDeps.now), so a test moves it on. */
type Cache = { entries: Map<string, Entry>; now: () => number };
const caches = new WeakMap<object, Cache>();
let generation = 0;

function cacheOf(sql: Sql): Cache {
  let c = caches.get(sql);
  if (!c) {
    c = { entries: new Map(), now: Date.now };
    caches.set(sql, c);
  }
  return c;
}

/** Ages this pool's cache by `now` (the app's clock) instead of the wall clock. */
export function setSettingsClock(sql: Sql, now: () => number): void {
  cacheOf(sql).now = now;
}

export async function getSetting<T>(sql: Sql, key: string, fallback: T): Promise<T> {
  const { entries: cache, now } = cacheOf(sql);
  const hit = cache.get(key);
  if (hit && hit.generation === generation && now() - hit.at < SETTINGS_CACHE_MS)
    return hit.value as T;
  const [row] = await sql<{ value: T }[]>`select value from site_settings where key = ${key}`;
  const value = row ? { ...fallback, ...row.value } : fallback;
  cache.set(key, { at: now(), generation, value });
  return value;
}

/**
 * Stores a setting. With `actorId` (the operator making the change) the change is audited with
 * the value before and after; a save that changes nothing writes no audit row.
 */
export async function putSetting(
  sql: Sql,
  key: string,
  value: unknown,
  actorId?: number | null,
): Promise<void> {
  await sql.begin(async (tx) => {
    const [prev] = await tx<
      { value: unknown }[]
    >`select value from site_settings where key = ${key} for update`;
    await tx`
      insert into site_settings (key, value, updated_at) values (${key}, ${tx.json(value as never)}, now())
      on conflict (key) do update set value = excluded.value, updated_at = now()`;
    if (actorId == null) return;
    await tx`
      insert into settings_audit (key, actor_id, before, after)
      select ${key}, ${actorId}, ${prev ? tx.json(prev.value as never) : null}, s.value
      from site_settings s
      where s.key = ${key} and s.value is distinct from ${prev ? tx.json(prev.value as never) : null}::jsonb`;
  });
  cacheOf(sql).entries.delete(key);
}

export function clearSettingsCache(): void {
  generation++;
}
