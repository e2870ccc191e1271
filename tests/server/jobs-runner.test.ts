/**
 * The job runner keeps every scheduled job going through a database outage: against a database that
 * refuses connections it retries with backoff, and it resumes by itself once connections are accepted
 * again (at start, and after losing the lock connection mid-run). The health endpoint shows it.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { connect, type Sql } from '../../src/server/db/client.ts';
import {
  backoffDelayMs,
  createJobRunner,
  holdOrTakeLock,
  within,
  type JobRunner,
} from '../../src/server/jobs/runner.ts';
import { createSiteJobRunner } from '../../src/server/siteJobs.ts';
import { DEFAULT_SITE_STATUS, SITE_STATUS_KEY } from '../../src/server/site/status.ts';
import { putSetting } from '../../src/server/site/settings.ts';
import { setupTestApp, type TestContext } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupTestApp();
});

/**
 * A TCP proxy in front of the test PostgreSQL on a fixed port: 'forward', or 'refuse' (nothing
 * listens: ECONNREFUSED; the open connections are cut: the database is gone).
 */
async function startProxy(target: { host: string; port: number }) {
  let mode: 'forward' | 'refuse' = 'forward';
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const s of [client, upstream]) {
      open.add(s);
      s.on('close', () => open.delete(s));
      s.on('error', () => {});
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.end());
    upstream.on('close', () => client.end());
  });
  const listen = (port: number) =>
    new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  const setMode = async (next: typeof mode) => {
    if (next === 'refuse') {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const s of open) s.end();
      await closed;
    } else if (!server.listening) await listen(port);
    mode = next;
  };
  return { port, setMode, close: () => setMode('refuse') };
}

function dbUrl(sql: Sql, port = sql.options.port[0]!): string {
  const o = sql.options;
  return `postgres://${encodeURIComponent(o.user)}:${encodeURIComponent(String(o.pass ?? ''))}@${o.host[0]}:${port}/${o.database}`;
}

const viaProxy = (sql: Sql, port: number): Sql => connect(dbUrl(sql, port), 4);

async function until(cond: () => boolean | Promise<boolean>, ms = 15_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await cond()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return cond();
}

const FAST = {
  lockRetryMs: 100,
  lockCheckMs: 100,
  lockTimeoutMs: 2000,
  jobTimeoutMs: 5000,
  backoff: { baseMs: 50, maxMs: 400 },
};

describe('backoffDelayMs', () => {
  it('doubles from the base, is capped, and keeps at least half of each step', () => {
    const b = { baseMs: 100, maxMs: 1000 };
    expect(backoffDelayMs(1, b, () => 0)).toBe(50);
    expect(backoffDelayMs(1, b, () => 1)).toBe(100);
    expect(backoffDelayMs(3, b, () => 1)).toBe(400);
    expect(backoffDelayMs(30, b, () => 1)).toBe(1000);
    expect(backoffDelayMs(30, b, () => 0)).toBe(500);
  });
});

describe('within', () => {
  it('gives up on an answer that never comes with the code given, and hands a late answer over', async () => {
    let answer: (v: string) => void = () => {};
    const late: string[] = [];
    const p = within(new Promise<string>((r) => (answer = r)), 30, 'SLOW', (v) => late.push(v));
    await expect(p).rejects.toMatchObject({ code: 'SLOW' });
    answer('conn');
    await new Promise((r) => setImmediate(r)); // the late answer's callback, queued behind it
    expect(late).toEqual(['conn']);
    expect(await within(Promise.resolve(7), 30, 'SLOW')).toBe(7);
  });
});

describe('GET /v1/system/health', () => {
  it('answers without login, also while the site is in maintenance; an instance without a runner runs no jobs', async () => {
    await putSetting(ctx.sql, SITE_STATUS_KEY, { ...DEFAULT_SITE_STATUS, maintenance: true });
    try {
      const res = await ctx.client().get('/v1/system/health');
      expect(res.status).toBe(200);
      expect(res.code).toBe(1);
      expect(res.data).toMatchObject({
        started: false,
        holdsLock: false,
        jobsHealthy: false,
        jobs: [],
      });
      expect(res.data.serverTime).toMatch(/\+08:00$/);
      expect((await ctx.client().get('/v1/management/content/banners')).code).not.toBe(1);
    } finally {
      await putSetting(ctx.sql, SITE_STATUS_KEY, DEFAULT_SITE_STATUS);
    }
  });
});

describe('holdOrTakeLock', () => {
  it('takes a free lock once, confirms it without stacking levels, and reports one held elsewhere', async () => {
    const key = 91_003;
    const mine = connect(dbUrl(ctx.sql), 1);
    const other = connect(dbUrl(ctx.sql), 1);
    try {
      for (let i = 0; i < 3; i++) expect(await holdOrTakeLock(mine, key, 5000)).toBe(true);
      expect(await holdOrTakeLock(other, key, 5000)).toBe(false);
      // one unlock frees it: the checks did not take it again
      expect((await mine<{ ok: boolean }[]>`select pg_advisory_unlock(${key}) as ok`)[0]!.ok).toBe(
        true,
      );
      expect(await holdOrTakeLock(other, key, 5000)).toBe(true);
      expect(await holdOrTakeLock(mine, key, 5000)).toBe(false);
    } finally {
      await mine.end();
      await other.end();
    }
  });
});

describe('the job runner', () => {
  let runner: JobRunner | null = null;
  afterAll(async () => {
    await runner?.stop();
  });

  it('a job that keeps failing is retried with backoff and runs normally once it succeeds', async () => {
    let calls = 0;
    const log: string[] = [];
    runner = createJobRunner(
      ctx.sql,
      [
        {
          name: 'flaky',
          run: async () => {
            calls++;
            if (calls <= 3) throw Object.assign(new Error('boom'), { code: 'EFLAKY' });
          },
          nextDelayMs: () => 20,
        },
      ],
      { ...FAST, lockKey: 91_001, log: (m) => log.push(m) },
    );
    runner.start();
    expect(await until(() => runner!.health().jobs[0]!.consecutiveFailures === 3)).toBe(true);
    expect(runner.health().jobs[0]).toMatchObject({
      name: 'flaky',
      running: true,
      lastError: 'EFLAKY',
      lastSuccessAt: null,
    });
    expect(await until(() => calls >= 8)).toBe(true);
    const job = runner.health().jobs[0]!;
    expect(job.consecutiveFailures).toBe(0);
    expect(job.lastSuccessAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+08:00$/);
    expect(log.filter((m) => m.includes('job flaky failed'))).toHaveLength(3);
    await runner.stop();
    const after = calls;
    await new Promise((r) => setTimeout(r, 200));
    expect(calls).toBe(after);
    expect(runner.health()).toMatchObject({ started: false, holdsLock: false });
    runner = null;
  });

  it('a run that never ends counts as failed after the job timeout and the job goes on', async () => {
    let calls = 0;
    runner = createJobRunner(
      ctx.sql,
      [
        {
          name: 'stuck-once',
          run: () => (++calls === 1 ? new Promise<void>(() => {}) : Promise.resolve()),
          nextDelayMs: () => 20,
        },
      ],
      { ...FAST, jobTimeoutMs: 200, lockKey: 91_002, log: () => {} },
    );
    runner.start();
    expect(await until(() => runner!.health().jobs[0]!.lastError === 'JOB_TIMEOUT')).toBe(true);
    expect(
      await until(() => calls >= 3 && runner!.health().jobs[0]!.consecutiveFailures === 0),
    ).toBe(true);
    await runner.stop();
    runner = null;
  });

  it('every site job waits out a database that refuses connections, then resumes, also after losing it mid-run', async () => {
    const o = ctx.sql.options;
    const proxy = await startProxy({ host: o.host[0]!, port: o.port[0]! });
    await proxy.setMode('refuse');
    const sql = viaProxy(ctx.sql, proxy.port);
    const log: string[] = [];
    runner = createSiteJobRunner(sql, (m) => log.push(m), FAST);
    const app = await buildApp({ config: ctx.config, sql: ctx.sql, jobs: runner });
    const health = async () => {
      const res = await app.inject({ method: 'GET', url: '/v1/system/health' });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.code).toBe(1);
      return body.data;
    };
    try {
      runner.start();
      // refused: the lock attempts (sql.reserve()) reject, again and again
      expect(await until(() => runner!.health().lock.consecutiveFailures >= 3)).toBe(true);
      let h = await health();
      expect(h).toMatchObject({
        started: true,
        holdsLock: false,
        jobsHealthy: false,
        lock: { lastError: 'ECONNREFUSED' },
      });
      expect(h.jobs.map((j: { name: string }) => j.name)).toEqual([
        'lottery',
        'wallet',
        'redEnvelopeRefund',
        'pushPlans',
        'gradePromotion',
        'housekeeping',
      ]);
      expect(
        h.jobs.every(
          (j: { running: boolean; lastSuccessAt: string | null }) =>
            !j.running && j.lastSuccessAt === null,
        ),
      ).toBe(true);
      expect(JSON.stringify(h)).not.toContain(String(o.pass));

      // accepted: the lock is taken and every job runs; the lottery job opened issues
      await proxy.setMode('forward');
      expect(await until(() => runner!.health().jobs.every((j) => j.lastSuccessAt !== null))).toBe(
        true,
      );
      h = await health();
      expect(h).toMatchObject({
        holdsLock: true,
        jobsHealthy: true,
        lock: { consecutiveFailures: 0 },
      });
      const [opened] = await ctx.sql<{ n: number }[]>`
        select count(*)::int as n from lottery_issues where lottery_code = '1008' and close_at > now()`;
      expect(opened!.n).toBeGreaterThanOrEqual(6);

      // the database goes away while this instance runs the jobs: lock lost, retries, back again
      await proxy.setMode('refuse');
      expect(
        await until(() => !runner!.holdsLock() && runner!.health().lock.consecutiveFailures >= 2),
      ).toBe(true);
      h = await health();
      expect(h).toMatchObject({ holdsLock: false, jobsHealthy: false });
      const lotteryBefore = runner.health().jobs[0]!.lastSuccessAt!;
      await proxy.setMode('forward');
      expect(
        await until(
          () => runner!.holdsLock() && runner!.health().jobs[0]!.lastSuccessAt! > lotteryBefore,
        ),
      ).toBe(true);
      expect(await until(async () => (await health()).jobsHealthy === true)).toBe(true);
      expect(log.some((m) => m.includes('lost the lock connection'))).toBe(true);
    } finally {
      await runner.stop();
      runner = null;
      await app.close();
      await sql.end({ timeout: 1 });
      await proxy.close();
    }
  }, 60_000);
});
