import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        // the enumerations over every draw run for seconds on 2 cores; the limit is for a hung test
        test: {
          name: 'domain',
          include: ['tests/domain/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/server/globalSetup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'client',
          include: ['tests/client/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/client/setup.ts'],
          // a page rendered in jsdom beside the domain's enumerations on 2 cores can pass 5 s of
          // wall time; the limit is for a test that hangs, not a speed check
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // one PostgreSQL and a template database for all files; each file its own clone and
          // server (setup.ts), so no file depends on what another left behind. One file at a time:
          // two at once on this 2-core machine made each file about twice as slow (no time won) and
          // pushed the UI steps of a chase or a bet past the one-minute issue they bet on
          // (a fresh-clone run on 2026-11-28: chase and new-plays failed so).
          globalSetup: ['tests/e2e/globalSetup.ts'],
          setupFiles: ['tests/e2e/setup.ts'],
          // the limit is for a test that hangs, not a speed check
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
