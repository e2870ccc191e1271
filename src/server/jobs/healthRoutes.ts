/**
 * GET /v1/system/health, open to everyone and answered without touching the database (so it answers
 * while the database is away): whether this instance runs the scheduled jobs (holds the jobs lock)
 * and each job's state. Errors are reported by code only; their messages stay in the server log.
 */
import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope.ts';
import { beijingIso } from '../../domain/time.ts';
import type { RunnerHealth } from './runner.ts';

export interface HealthSource {
  health(): RunnerHealth;
}

const NOT_STARTED: RunnerHealth = {
  started: false,
  holdsLock: false,
  lock: { lastErrorAt: null, lastError: null, consecutiveFailures: 0 },
  jobs: [],
};

export default async function healthRoutes(app: FastifyInstance) {
  app.get('/v1/system/health', { config: { auth: 'none' } }, async () => {
    const h = app.deps.jobs?.health() ?? NOT_STARTED;
    return ok({
      serverTime: beijingIso(Date.now()),
      // this instance is the runner and none of its jobs is stuck in a failure streak
      jobsHealthy: h.holdsLock && h.jobs.every((j) => j.running && j.consecutiveFailures === 0),
      ...h,
    });
  });
}
