/**
 * What every end-to-end test file shares, prepared once: the built PWA (dist/, made by
 * `vite build` before this project runs), one embedded PostgreSQL in a temp dir, and in it a
 * template database migrated and seeded as a first start of the real server leaves it (the
 * operator, the demo agent and player, the lotteries).
 *
 * Each test file then runs on its own (tests/e2e/fileServer.ts, started by the setup file
 * tests/e2e/setup.ts): a clone of the template and the real app on it on a free port, closed
 * after the file. No file sees another's players, settings or draws, so files need no order and
 * could run at once; on this 2-core machine they run one at a time (vitest.config.ts says why).
 * The files reach their own server through fileServer.ts's baseUrl() and dbUrl().
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../../src/server/config.ts';
import { connect } from '../../src/server/db/client.ts';
import { startEmbedded, type EmbeddedDb } from '../../src/server/db/embedded.ts';
import { seedLotteries } from '../../src/server/lottery/seed.ts';
import { migrateSite } from '../../src/server/migrateSite.ts';
import { seedIfEmpty } from '../../src/server/seed.ts';
import { DEFAULT_ADMIN } from '../../src/server/config.ts';
import { withDb } from './fileServer.ts';

let embedded: EmbeddedDb | null = null;
let dir: string | null = null;

const TEMPLATE_DB = 'e2e_template';

export async function setup(project: TestProject) {
  if (!fs.existsSync(path.resolve(process.env.DIST_DIR ?? 'dist', 'index.html'))) {
    throw new Error(
      'dist/index.html is missing: run `npx vite build` before the e2e tests (npm test does)',
    );
  }
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-e2e-pg-'));
  // embedded PostgreSQL runs as the `postgres` user when we are root: it must reach the dir.
  fs.chmodSync(dir, 0o755);
  embedded = await startEmbedded(dir);
  const admin = connect(embedded.url, 1);
  await admin.unsafe(`create database ${TEMPLATE_DB}`);
  await admin.end();
  // the steps of startServer's first start (src/server/main.ts), with the same settings as
  // scripts/tempServer.ts gives it: the demo password is the operator's own
  const config = loadConfig({ ...process.env, ADMIN_PASSWORD: DEFAULT_ADMIN.password });
  const tmpl = connect(withDb(embedded.url, TEMPLATE_DB), 2);
  try {
    await migrateSite(tmpl);
    await seedIfEmpty(tmpl, config, () => {});
    await seedLotteries(tmpl);
  } finally {
    await tmpl.end();
  }
  project.provide('e2ePgUrl', embedded.url);
  project.provide('e2eTemplate', TEMPLATE_DB);
}

export async function teardown() {
  await embedded?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2ePgUrl: string;
    e2eTemplate: string;
  }
}
