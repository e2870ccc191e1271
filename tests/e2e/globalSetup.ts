/**
 * One real server for the end-to-end tests: the built PWA (dist/, made by `vite build` before
 * this project runs) served by the real app on a fresh embedded PostgreSQL, on a free port.
 * The tests get its base URL and a URL to its database (to expire a session, read a captcha).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startTempServer, type TempServer } from '../../scripts/tempServer.ts';

let temp: TempServer | null = null;

export async function setup(project: TestProject) {
  if (!fs.existsSync(path.resolve(process.env.DIST_DIR ?? 'dist', 'index.html'))) {
    throw new Error(
      'dist/index.html is missing: run `npx vite build` before the e2e tests (npm test does)',
    );
  }
  // with the test-only draw (lotteryHelpers.ts drawNow): a bet is settled without waiting for its draw time
  temp = await startTempServer({ testHooks: true });
  project.provide('baseUrl', temp.url);
  project.provide('dbUrl', temp.dbUrl);
}

export async function teardown() {
  await temp?.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dbUrl: string;
  }
}
