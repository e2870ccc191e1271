/**
 * Bounds the API requests in flight to a multiple of the database pool, queueing the rest in
 * the app: postgres.js degrades when more queries wait than it has connections (TOOLCHAIN.md).
 */
import type { FastifyInstance } from 'fastify';
import { DB_POOL_SIZE } from '../db/client.ts';

export const MAX_INFLIGHT = DB_POOL_SIZE * 2;
export const MAX_QUEUED = 5_000;

/** Releases a request's slot early: its remaining work is bounded elsewhere (betting's own queue). */
export function leaveInflight(req: object): void {
  (req as { leaveInflight?: () => void }).leaveInflight?.();
}

export function inflightLimit(app: FastifyInstance, max = MAX_INFLIGHT): void {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/v1/') || req.headers.upgrade) return;
    if (running < max) running++;
    else {
      if (waiting.length >= MAX_QUEUED) {
        return reply.status(503).send({ code: -1, msg: '系统繁忙，请稍后再试', data: null });
      }
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    (req as { inflight?: boolean }).inflight = true;
    (req as { leaveInflight?: () => void }).leaveInflight = () => void done(req);
  });
  const done = async (req: object) => {
    const r = req as { inflight?: boolean };
    if (r.inflight) {
      r.inflight = false;
      release();
    }
  };
  app.addHook('onResponse', done);
  app.addHook('onRequestAbort', done);
}
