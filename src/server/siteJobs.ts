/**
 * The site's scheduled work, all in one job runner (jobs/runner.ts) on the instance holding the
 * jobs lock: the lottery scheduler (open issues, draw, settle; every second), the wallet jobs
 * (interest, matured pledge terms; every minute), the red envelope refunds (every 20 s, so an
 * envelope is refunded within a minute of expiry) and housekeeping (expired short-lived rows, stale
 * recharge orders; every ten minutes), the push plans (predict, post, resolve; every 2 s) and grade
 * promotion (every minute). Each job retries with backoff on its own when it fails.
 */
import type { Sql } from './db/client.ts';
import { lotteryJob } from './lottery/scheduler.ts';
import { runWalletJobs } from './wallet/jobs.ts';
import { cleanupExpired } from './jobs/cleanup.ts';
import { REFUND_EVERY_MS, refundDue } from './redEnvelope/refund.ts';
import { PLAN_EVERY_MS, runPlans } from './plans/engine.ts';
import { GRADE_JOB_EVERY_MS, runGradePromotion } from './grades/promoteJob.ts';
import {
  createJobRunner,
  type JobRunner,
  type JobRunnerOptions,
  type JobSpec,
} from './jobs/runner.ts';

/** The advisory lock key the lottery scheduler always used, so old and new instances exclude each other. */
export const JOBS_LOCK = 727_003;
export const WALLET_JOBS_EVERY_MS = 60_000;
export const HOUSEKEEPING_EVERY_MS = 10 * 60_000;

type Log = (msg: string) => void;

function walletJob(sql: Sql, log: Log): JobSpec {
  return {
    name: 'wallet',
    run: async (nowMs) => {
      const r = await runWalletJobs(sql, nowMs);
      if (r.interestPaid > 0 || r.settled > 0)
        log(`wallet jobs: interest paid ${r.interestPaid}, pledge terms settled ${r.settled}`);
    },
    nextDelayMs: () => WALLET_JOBS_EVERY_MS,
  };
}

function redEnvelopeJob(sql: Sql, log: Log): JobSpec {
  return {
    name: 'redEnvelopeRefund',
    run: async (nowMs) => {
      const n = await refundDue(sql, nowMs);
      if (n > 0) log(`red envelopes refunded: ${n}`);
    },
    nextDelayMs: () => REFUND_EVERY_MS,
  };
}

function pushPlanJob(sql: Sql, log: Log): JobSpec {
  return {
    name: 'pushPlans',
    run: async (nowMs) => {
      const r = await runPlans(sql, nowMs);
      if (r.posted > 0 || r.resolved > 0)
        log(`push plans: posted ${r.posted}, resolved ${r.resolved}`);
    },
    nextDelayMs: () => PLAN_EVERY_MS,
  };
}

function gradeJob(sql: Sql, log: Log): JobSpec {
  return {
    name: 'gradePromotion',
    run: async () => {
      const r = await runGradePromotion(sql);
      if (r.raised > 0) log(`grades: ${r.raised} of ${r.checked} players promoted`);
    },
    nextDelayMs: () => GRADE_JOB_EVERY_MS,
  };
}

function housekeepingJob(sql: Sql): JobSpec {
  return {
    name: 'housekeeping',
    run: async () => {
      await cleanupExpired(sql);
    },
    nextDelayMs: () => HOUSEKEEPING_EVERY_MS,
  };
}

export function siteJobs(sql: Sql, log: Log, opts: { tickMs?: number } = {}): JobSpec[] {
  return [
    lotteryJob(sql, log, opts.tickMs),
    walletJob(sql, log),
    redEnvelopeJob(sql, log),
    pushPlanJob(sql, log),
    gradeJob(sql, log),
    housekeepingJob(sql),
  ];
}

/** The runner of every site job (not started: call start() once the server listens). */
export function createSiteJobRunner(
  sql: Sql,
  log: Log,
  opts: Omit<JobRunnerOptions, 'lockKey' | 'log'> & { tickMs?: number } = {},
): JobRunner {
  return createJobRunner(sql, siteJobs(sql, log, opts), { ...opts, lockKey: JOBS_LOCK, log });
}
