/**
 * The job runner: every scheduled job of the site runs here, on the one instance holding a
 * session-level advisory lock on its own lock connection (the others retry the lock, so one takes
 * over when the holder dies).
 *
 * Nothing that fails stops it for good: a failed lock attempt (the database refusing connections),
 * a lost lock connection, a failed job run and a query that never answers (bounded by timeouts)
 * are caught, logged and retried after a capped exponential backoff with jitter, until stop().
 * Each job has its own timer, so a slow job (a big settlement) does not hold up the others. Every
 * job must be idempotent: a run cut short by a crash, a timeout or a lost lock is finished by a
 * later run, here or on the next lock holder (a timed-out run may still be going when the next
 * starts).
 *
 * health() is what GET /v1/system/health reports: whether this instance holds the lock and, per
 * job, whether it is scheduled, when it last succeeded and failed, and how often in a row it failed.
 */
import { randomInt } from 'node:crypto';
import postgres from 'postgres';
import { beijingIso } from '../../domain/time.ts';
import type { Sql } from '../db/client.ts';

type Log = (msg: string) => void;

export interface JobSpec {
  name: string;
  /** the job's work; a rejection is a failed run (retried with backoff) */
  run(nowMs: number): Promise<void>;
  /** delay after a successful run, from its end time */
  nextDelayMs(nowMs: number): number;
}

export interface Backoff {
  baseMs: number;
  maxMs: number;
}

export interface JobRunnerOptions {
  lockKey: number;
  log: Log;
  /** how often a non-holder tries the lock (default 5 s) */
  lockRetryMs?: number;
  /** how often the holder checks its lock connection is alive (default 1 s) */
  lockCheckMs?: number;
  /** retry delays after failures (default 1 s doubling to 60 s) */
  backoff?: Backoff;
  /** how long a lock attempt or check may wait for the database (default 15 s) */
  lockTimeoutMs?: number;
  /** how long a job run may take before it counts as failed and the next is scheduled (default 10 min) */
  jobTimeoutMs?: number;
}

export interface JobHealth {
  name: string;
  /** scheduled on this instance (it holds the lock and the runner is not stopped) */
  running: boolean;
  /** a run is in progress right now */
  busy: boolean;
  lastSuccessAt: string | null;
  lastErrorAt: string | null;
  /** the failure's error code (e.g. ECONNREFUSED, a SQLSTATE), never its message */
  lastError: string | null;
  consecutiveFailures: number;
  nextRunAt: string | null;
}

export interface RunnerHealth {
  started: boolean;
  holdsLock: boolean;
  lock: { lastErrorAt: string | null; lastError: string | null; consecutiveFailures: number };
  jobs: JobHealth[];
}

export interface JobRunner {
  start(): void;
  holdsLock(): boolean;
  health(): RunnerHealth;
  stop(): Promise<void>;
}

/** A uniform draw in [0, 1) from the crypto generator (server code takes no non-crypto randomness). */
const uniform = () => randomInt(0, 2 ** 32) / 2 ** 32;

const DEFAULT_BACKOFF: Backoff = { baseMs: 1000, maxMs: 60_000 };

/** Capped exponential backoff with "equal jitter": half the step fixed, half random. */
export function backoffDelayMs(
  failures: number,
  b: Backoff,
  random: () => number = uniform,
): number {
  const step = Math.min(b.maxMs, b.baseMs * 2 ** Math.max(0, failures - 1));
  return Math.round(step / 2 + (step / 2) * random());
}

/** An error's code (Node's ECONNREFUSED, PostgreSQL's SQLSTATE); messages may name hosts and stay in the log. */
function errorCode(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[A-Z0-9_]{1,40}$/.test(code) ? code : 'ERROR';
}

/**
 * Waits for `p` at most `ms`. postgres.js can leave a query waiting without end when a connection
 * is cut at the wrong moment, and one such wait must not stop the runner: it gives up with the
 * error code `code`; `late` receives what arrives afterwards (to hand back a connection).
 */
export async function within<T>(
  p: Promise<T>,
  ms: number,
  code: string,
  late?: (value: T) => void,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let timedOut = false;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timedOut = true;
      reject(Object.assign(new Error(`no answer within ${ms} ms`), { code }));
    }, ms);
  });
  p.then(
    (v) => timedOut && late?.(v),
    () => {},
  );
  try {
    return await Promise.race([p, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The lock lives on its own one-connection client, not on sql.reserve() of the shared pool:
 * postgres.js hands a reserved connection that was cut back to the pool on release(), where the
 * next query on it throws from a timer and the pool stops answering.
 */
function lockClient(sql: Sql): Sql {
  const o = sql.options;
  return postgres({
    host: o.host,
    port: o.port,
    user: o.user,
    pass: o.pass,
    database: o.database,
    ssl: o.ssl,
    max: 1,
    connect_timeout: 10,
    idle_timeout: 0,
    onnotice: () => {},
  } as unknown as postgres.Options<Record<string, never>>) as unknown as Sql;
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * True when this client's current session holds the advisory lock `key`, taking it if free: a
 * reconnect behind the client's back opens a session that does not hold it, and this sees that.
 * (Not pg_try_advisory_lock alone: it stacks one more lock level on every call.)
 */
export async function holdOrTakeLock(db: Sql, key: number, timeoutMs: number): Promise<boolean> {
  const [row] = await within(
    db<{ ok: boolean }[]>`
    select case when exists (
      select 1 from pg_locks where locktype = 'advisory' and pid = pg_backend_pid() and granted
        and classid = ${Math.floor(key / 2 ** 32)} and objid = ${key % 2 ** 32} and objsubid = 1)
    then true else pg_try_advisory_lock(${key}) end as ok`,
    timeoutMs,
    'LOCK_TIMEOUT',
  );
  return row?.ok === true;
}

interface Failures {
  lastErrorAt: number | null;
  lastError: string | null;
  count: number;
}

interface JobState extends Failures {
  spec: JobSpec;
  timer: NodeJS.Timeout | null;
  busy: Promise<void> | null;
  lastSuccessAt: number | null;
  nextRunAt: number | null;
}

const noteFailure = (f: Failures, err: unknown) => {
  f.count++;
  f.lastErrorAt = Date.now();
  f.lastError = errorCode(err);
};

export function createJobRunner(
  sql: Sql,
  specs: readonly JobSpec[],
  opts: JobRunnerOptions,
): JobRunner {
  const { lockKey, log } = opts;
  const lockRetryMs = opts.lockRetryMs ?? 5000;
  const lockCheckMs = opts.lockCheckMs ?? 1000;
  const backoff = opts.backoff ?? DEFAULT_BACKOFF;
  const lockTimeoutMs = opts.lockTimeoutMs ?? 15_000;
  const jobTimeoutMs = opts.jobTimeoutMs ?? 10 * 60_000;
  const jobs: JobState[] = specs.map((spec) => ({
    spec,
    timer: null,
    busy: null,
    lastSuccessAt: null,
    nextRunAt: null,
    lastErrorAt: null,
    lastError: null,
    count: 0,
  }));
  const lockFailures: Failures = { lastErrorAt: null, lastError: null, count: 0 };
  let started = false;
  let stopped = false;
  let lockDb: Sql | null = null;
  let held = false;
  let lockTimer: NodeJS.Timeout | null = null;
  let lockBusy: Promise<void> = Promise.resolve();

  const unschedule = (j: JobState) => {
    if (j.timer) clearTimeout(j.timer);
    j.timer = null;
    j.nextRunAt = null;
  };

  function scheduleJob(j: JobState, delayMs: number) {
    unschedule(j);
    if (stopped || !held) return;
    j.nextRunAt = Date.now() + delayMs;
    j.timer = setTimeout(() => {
      j.timer = null;
      // a run from before a lost-and-regained lock is still going: it schedules the next one
      if (j.busy !== null) return;
      j.busy = runJob(j).finally(() => (j.busy = null));
    }, delayMs);
  }

  async function runJob(j: JobState) {
    let delay: number;
    try {
      await within(j.spec.run(Date.now()), jobTimeoutMs, 'JOB_TIMEOUT');
      j.lastSuccessAt = Date.now();
      j.count = 0;
      delay = j.spec.nextDelayMs(Date.now());
    } catch (err) {
      noteFailure(j, err);
      delay = backoffDelayMs(j.count, backoff);
      log(
        `job ${j.spec.name} failed (${j.count} in a row, retry in ${delay} ms): ${messageOf(err)}`,
      );
    }
    scheduleJob(j, delay);
  }

  /** Parks the jobs and drops the lock client (its session, and the lock with it, ends). */
  async function loseLock() {
    held = false;
    for (const j of jobs) unschedule(j);
    const c = lockDb;
    lockDb = null;
    await c?.end({ timeout: 0 }).catch(() => {});
  }

  async function lockStep() {
    let delay: number;
    try {
      lockDb ??= lockClient(sql);
      const ok = await holdOrTakeLock(lockDb, lockKey, lockTimeoutMs);
      if (ok && !held) {
        held = true;
        log('job runner: this instance runs the scheduled jobs');
        for (const j of jobs) scheduleJob(j, 0);
      } else if (!ok && held) {
        log('job runner: the lock is held elsewhere now');
        await loseLock();
      }
      delay = ok ? lockCheckMs : lockRetryMs;
      lockFailures.count = 0;
    } catch (err) {
      const wasHeld = held;
      await loseLock();
      noteFailure(lockFailures, err);
      delay = backoffDelayMs(lockFailures.count, backoff);
      log(
        `job runner: ${wasHeld ? 'lost the lock connection' : 'lock attempt failed'} (retry in ${delay} ms): ${messageOf(err)}`,
      );
    }
    if (stopped) return;
    lockTimer = setTimeout(() => {
      lockBusy = lockStep();
    }, delay);
  }

  return {
    start() {
      if (started) return;
      started = true;
      lockBusy = lockStep();
    },
    holdsLock: () => held,
    health: () => ({
      started: started && !stopped,
      holdsLock: held,
      lock: {
        lastErrorAt: beijingIso(lockFailures.lastErrorAt),
        lastError: lockFailures.lastError,
        consecutiveFailures: lockFailures.count,
      },
      jobs: jobs.map((j) => ({
        name: j.spec.name,
        running: !stopped && held && (j.timer !== null || j.busy !== null),
        busy: j.busy !== null,
        lastSuccessAt: beijingIso(j.lastSuccessAt),
        lastErrorAt: beijingIso(j.lastErrorAt),
        lastError: j.lastError,
        consecutiveFailures: j.count,
        nextRunAt: beijingIso(j.nextRunAt),
      })),
    }),
    async stop() {
      stopped = true;
      if (lockTimer) clearTimeout(lockTimer);
      await lockBusy;
      for (const j of jobs) unschedule(j);
      await Promise.all(jobs.map((j) => j.busy));
      await loseLock();
    },
  };
}
