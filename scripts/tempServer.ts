/**
 * The real server on a throw-away data directory: its own embedded PostgreSQL, migrated and
 * seeded with the demo accounts, serving the built dist/. Used by the end-to-end tests,
 * Lighthouse CI, the benchmarks and the screenshots, so they all exercise the same thing
 * `npm start` runs. close() stops the server and the database and removes the directory.
 * With `databaseUrl` the server runs on that database instead (the end-to-end tests: one
 * PostgreSQL, a database cloned from a template for each test file) and leaves it running.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_ADMIN } from '../src/server/config.ts';
import { startServer } from '../src/server/main.ts';

export interface TempServer {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  dataDir: string;
  /** a URL to the server's own database, for tests that must reach behind the API */
  dbUrl: string;
  server: Awaited<ReturnType<typeof startServer>>;
  close(): Promise<void>;
}

export interface TempServerOptions {
  port?: number;
  logLevel?: string;
  /**
   * the test-only routes (SITE_TEST_HOOKS=1, src/server/lottery/testDrawRoutes.ts: draw an issue
   * now): the end-to-end tests ask for them; Lighthouse, the benchmarks and the screenshots run
   * without, as `npm start` does
   */
  testHooks?: boolean;
  /** an existing database to run on instead of an embedded PostgreSQL of its own */
  databaseUrl?: string;
  env?: NodeJS.ProcessEnv;
}

export async function startTempServer(opts: TempServerOptions = {}): Promise<TempServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-run-'));
  // embedded PostgreSQL runs as the `postgres` user when we are root: it must reach the dir.
  fs.chmodSync(dataDir, 0o755);
  let server: TempServer['server'];
  try {
    server = await startServer({
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(opts.port ?? 0),
      HOST: '127.0.0.1',
      LOG_LEVEL: opts.logLevel ?? 'warn',
      DATABASE_URL: opts.databaseUrl ?? '',
      PGPORT: '',
      REDIS_URL: '',
      // Given explicitly, the demo password is the operator's own: no forced change at login,
      // so the tests, benchmarks and screenshots can use /admin straight away.
      ADMIN_PASSWORD: DEFAULT_ADMIN.password,
      SITE_TEST_HOOKS: opts.testHooks ? '1' : '',
      ...opts.env,
    });
  } catch (err) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  const o = server.sql.options;
  const dbUrl = `postgres://${encodeURIComponent(o.user)}:${encodeURIComponent(String(o.pass ?? ''))}@${o.host[0]}:${o.port[0]}/${o.database}`;
  let closing: Promise<void> | null = null;
  return {
    dbUrl,
    url: `http://127.0.0.1:${server.port}`,
    port: server.port,
    dataDir,
    server,
    close: () =>
      (closing ??= (async () => {
        await server.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      })()),
  };
}
