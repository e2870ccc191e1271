/**
 * The test file's own server (see globalSetup.ts): a clone of the template database and the real
 * app serving dist/ on it, with the test-only routes (lotteryHelpers.ts drawNow: a bet is settled
 * without waiting for its draw time). setup.ts starts it before the file's modules load and closes
 * it after the file; the tests and helpers read its addresses with baseUrl() and dbUrl().
 */
import crypto from 'node:crypto';
import { inject } from 'vitest';
import { connect } from '../../src/server/db/client.ts';
import { clearSettingsCache } from '../../src/server/site/settings.ts';
import {
  startTempServer,
  type TempServer,
  type TempServerOptions,
} from '../../scripts/tempServer.ts';

let current: TempServer | null = null;

export function withDb(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

/** A new database cloned from the migrated and seeded template; returns its URL. */
export async function cloneTemplate(): Promise<string> {
  const base = inject('e2ePgUrl');
  const db = `e2e_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = connect(base, 1);
  try {
    await admin.unsafe(`create database ${db} template ${inject('e2eTemplate')}`);
  } finally {
    await admin.end();
  }
  return withDb(base, db);
}

/** A server on a fresh clone of the template; the caller closes it. */
export async function startCloneServer(
  opts: Omit<TempServerOptions, 'databaseUrl'> = {},
): Promise<TempServer> {
  return startTempServer({ ...opts, databaseUrl: await cloneTemplate() });
}

export async function startFileServer(): Promise<TempServer> {
  current = await startCloneServer({ testHooks: true });
  return current;
}

function server(): TempServer {
  if (!current) throw new Error('the file server starts in tests/e2e/setup.ts (setupFiles)');
  return current;
}

/** http://127.0.0.1:<port> of this file's server */
export const baseUrl = (): string => server().url;

/** A URL to this file's database, for tests that must reach behind the API. */
export const dbUrl = (): string => server().dbUrl;

/**
 * A setting written straight into the file's database takes effect now: the server runs in this
 * process, so its settings cache is told as putSetting tells it, instead of the test waiting out
 * the cache's 2 s.
 */
export function settingsChanged(): void {
  clearSettingsCache();
}
