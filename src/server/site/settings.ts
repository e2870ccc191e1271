/**
 * Site-wide settings kept in `site_settings` as JSON under a key, read through a short cache
 * so every request does not hit the database; a write clears this instance's cache at once
 * (other instances see it within CACHE_MS).
 */
import type { Sql } from '../db/client.ts';

const CACHE_MS = 2000;
const cache = new Map<string, { at: number; value: unknown }>();

export async function getSetting<T>(sql: Sql, key: string, fallback: T): Promise<T> {
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.value as T;
  const [row] = await sql<{ value: T }[]>`select value from site_settings where key = ${key}`;
  const value = row ? { ...fallback, ...row.value } : fallback;
  cache.set(key, { at: Date.now(), value });
  return value;
}

export async function putSetting(sql: Sql, key: string, value: unknown): Promise<void> {
  await sql`
    insert into site_settings (key, value, updated_at) values (${key}, ${sql.json(value as never)}, now())
    on conflict (key) do update set value = excluded.value, updated_at = now()`;
  cache.delete(key);
}

export function clearSettingsCache(): void {
  cache.clear();
}
