/**
 * Bounds the API requests in flight to a multiple of the database pool, queueing the rest in
 * the app: postgres.js degrades when more queries wait than it has connections (TOOLCHAIN.md).
 *
 * A request takes its slot once its body has been read (preValidation), so a client that trickles
 * a body, or never sends it, holds no slot; Node's header and request timeouts (serverTimeouts)
 * bound how long it may take. A slot is given back exactly once, on whichever comes first: the
 * response, an abort, the connection closing, or leaveInflight. A request whose client has gone
 * while it waited is dropped from the queue and is never handed a slot.
 */
import type { ServerOptions } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DB_POOL_SIZE } from '../db/client.ts';

export const MAX_INFLIGHT = DB_POOL_SIZE * 2;
export const MAX_QUEUED = 5_000;

/** A request's claim on a slot; `done` is final, so nothing is released twice. */
interface Ticket {
  state: 'waiting' | 'holding' | 'done';
  /** settles the wait: true with a slot, false when the client went first */
  wake: (granted: boolean) => void;
  /** the client's connection is gone: no one is left to answer */
  gone: () => boolean;
  /** gives the slot back, or leaves the queue; any later call does nothing */
  end: () => void;
}

const kTicket = Symbol('inflightTicket');
type WithTicket = { [kTicket]?: Ticket };

/** Releases a request's slot early: its remaining work is bounded elsewhere (betting's own queue). */
export function leaveInflight(req: object): void {
  (req as WithTicket)[kTicket]?.end();
}

/** Node's timeouts for slow clients, as Fastify server options (see Config). */
export function serverTimeouts(config: { headersTimeoutMs: number; requestTimeoutMs: number }) {
  const http: ServerOptions = {
    headersTimeout: config.headersTimeoutMs,
    requestTimeout: config.requestTimeoutMs,
    // Node looks for late requests this often (default 30 s, which would double the bound)
    connectionsCheckingInterval: Math.min(
      1_000,
      Math.max(10, Math.floor(config.headersTimeoutMs / 4)),
    ),
  };
  return { requestTimeout: config.requestTimeoutMs, http };
}

/**
 * Multipart uploads are read by their handlers, after every hook: a slot taken before would be
 * held while the file trickles in, so they are not counted (each is small work once read).
 */
function counts(req: FastifyRequest): boolean {
  return req.url.startsWith('/v1/') && !req.headers.upgrade && !req.isMultipart();
}

export function inflightLimit(app: FastifyInstance, max = MAX_INFLIGHT): void {
  let running = 0;
  const waiting = new Set<Ticket>(); // in arrival order; a leaving waiter is deleted in O(1)

  /** Hands a freed slot to the oldest waiter still connected, else frees it. */
  const handOn = () => {
    for (const next of waiting) {
      waiting.delete(next);
      if (next.gone()) {
        next.state = 'done';
        next.wake(false);
        continue;
      }
      next.state = 'holding';
      next.wake(true);
      return;
    }
    running--;
  };

  const end = (t: Ticket) => {
    if (t.state === 'holding') handOn();
    else if (t.state === 'waiting') {
      waiting.delete(t);
      t.wake(false);
    }
    t.state = 'done';
  };

  const take = async (req: FastifyRequest, reply: FastifyReply) => {
    if (!counts(req)) return;
    const t: Ticket = {
      state: 'done',
      wake: () => {},
      gone: () => connectionGone(req, reply),
      end: () => end(t),
    };
    (req as WithTicket)[kTicket] = t;
    // 'close' comes after the response is sent, and when the connection drops before that
    reply.raw.once('close', t.end);
    if (t.gone()) {
      reply.hijack(); // the client left before its turn: nothing to do and no one to answer
      return;
    }
    if (running < max) {
      running++;
      t.state = 'holding';
      return;
    }
    if (waiting.size >= MAX_QUEUED) {
      return reply.status(503).send({ code: -1, msg: '系统繁忙，请稍后再试', data: null });
    }
    t.state = 'waiting';
    const granted = await new Promise<boolean>((resolve) => {
      t.wake = resolve;
      waiting.add(t);
    });
    // the client left while waiting: nothing to do and no one to answer
    if (!granted) reply.hijack();
  };

  const done = async (req: FastifyRequest) => leaveInflight(req);
  app.addHook('preValidation', take);
  app.addHook('onResponse', done);
  app.addHook('onRequestAbort', done);
}

function connectionGone(req: FastifyRequest, reply: FastifyReply): boolean {
  return reply.raw.destroyed || req.raw.socket?.destroyed === true;
}
