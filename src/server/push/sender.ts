/**
 * Sends push messages off the request path: a message's jobs (notify.ts) become one delivery per
 * subscription, each encrypted by web-push (aes128gcm, RFC 8291) and signed with the site's VAPID
 * key. A send never waits for this and never fails because of it: every error is logged. The push
 * service's 404 or 410 deletes the subscription. Only the instance that stored a message sends its
 * pushes (it is called from the send path), so nothing is sent twice across instances.
 *
 * Slow push services cannot hold up the others: at most SLOTS deliveries are started at once, and
 * one still unanswered after SLOW_AFTER_MS gives its slot to the next and finishes aside (at most
 * ASIDE_MAX of those, so sockets and memory stay bounded); every delivery ends after timeoutMs.
 * Every endpoint is checked again (EndpointRule) right before its delivery.
 */
import type { FastifyBaseLogger } from 'fastify';
import webpush, { WebPushError } from 'web-push';
import type { Sql } from '../db/client.ts';
import { PUSH_TOPIC_PATTERN } from '../../domain/push.ts';
import type { RoomRow } from '../chat/rooms.ts';
import type { EndpointRule } from './endpoints.ts';
import { jobsFor, type PushJob, type StoredMessage } from './notify.ts';
import { dropExpired, subscriptionsOf, type StoredSubscription } from './subscriptions.ts';
import type { VapidKeys } from './vapid.ts';

/** Deliveries started and not yet aside, at once on one instance. */
const SLOTS = 16;
/** A delivery unanswered after this stops holding a slot. */
const SLOW_AFTER_MS = 1000;
/** Slow deliveries finishing aside at once; beyond it a slow one keeps its slot. */
const ASIDE_MAX = 512;
/** Deliveries waiting beyond this are dropped with a warning (a burst must not grow memory without end). */
const QUEUE_MAX = 50_000;

interface Delivery {
  job: PushJob;
  sub: StoredSubscription;
}

export interface SenderOptions {
  subject: string;
  rule: EndpointRule;
  /** the longest one delivery may take, from its start (PUSH_TIMEOUT_MS) */
  timeoutMs: number;
  log: FastifyBaseLogger;
}

/** What became of the deliveries since the start (for operators' logs and the tests). */
export interface SenderStats {
  sent: number;
  /** the push service no longer knows the subscription (404, 410): the row is deleted */
  gone: number;
  failed: number;
  timedOut: number;
  /** endpoints the address rule refused at delivery time */
  refused: number;
}
type Outcome = keyof SenderStats | 'skipped';

export class PushSender {
  readonly stats: SenderStats = { sent: 0, gone: 0, failed: 0, timedOut: 0, refused: 0 };
  private queue: Delivery[] = [];
  private running = 0;
  private aside = 0;
  private pending = 0;
  private idleWaiters: (() => void)[] = [];

  constructor(
    private sql: Sql,
    private keys: VapidKeys,
    private options: SenderOptions,
  ) {}

  get publicKey(): string {
    return this.keys.publicKey;
  }

  /** Called by the send path once a message is stored; returns at once. */
  afterMessage(room: RoomRow, message: StoredMessage): void {
    this.pending++;
    void this.plan(room, message)
      .catch((err) => this.options.log.warn({ err, messageId: message.id }, 'push planning failed'))
      .finally(() => {
        this.pending--;
        this.checkIdle();
      });
  }

  /** Resolves when nothing is planned, queued or in flight (tests, graceful close). */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private isIdle(): boolean {
    return this.pending === 0 && this.running === 0 && this.aside === 0 && this.queue.length === 0;
  }

  private checkIdle(): void {
    if (!this.isIdle()) return;
    for (const w of this.idleWaiters.splice(0)) w();
  }

  private async plan(room: RoomRow, message: StoredMessage): Promise<void> {
    const jobs = await jobsFor(this.sql, room, message, Date.now());
    for (const job of jobs) {
      for (const sub of await subscriptionsOf(this.sql, job.userIds)) this.enqueue({ job, sub });
    }
  }

  private enqueue(d: Delivery): void {
    if (this.queue.length >= QUEUE_MAX) {
      this.options.log.warn({ userId: d.sub.userId }, 'push queue full: delivery dropped');
      return;
    }
    this.queue.push(d);
    this.pump();
  }

  private pump(): void {
    while (this.running < SLOTS && this.queue.length > 0)
      this.start(this.queue.shift() as Delivery);
  }

  private start(d: Delivery): void {
    this.running++;
    let asideNow = false;
    const slow = setTimeout(() => {
      if (this.aside >= ASIDE_MAX) return;
      asideNow = true;
      this.aside++;
      this.running--;
      this.pump();
    }, SLOW_AFTER_MS);
    void this.deliverWithin(d).finally(() => {
      clearTimeout(slow);
      if (asideNow) this.aside--;
      else this.running--;
      this.pump();
      this.checkIdle();
    });
  }

  /** One delivery, ended after timeoutMs whatever the push service does; counted once; never rejects. */
  private async deliverWithin(d: Delivery): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<Outcome>((resolve) => {
      timer = setTimeout(() => resolve('timedOut'), this.options.timeoutMs);
    });
    const outcome = await Promise.race([
      this.deliver(d).catch((err) => this.failure(d, err)),
      deadline,
    ]);
    clearTimeout(timer);
    if (outcome === 'skipped') return;
    this.stats[outcome]++;
    if (outcome === 'timedOut')
      this.options.log.warn(
        { kind: d.job.kind, subscriptionId: d.sub.id },
        'push delivery timed out',
      );
  }

  private async deliver(d: Delivery): Promise<Outcome> {
    const { job, sub } = d;
    const ttlSec = Math.floor((job.expiresAtMs - Date.now()) / 1000);
    if (ttlSec <= 0) return 'skipped';
    if (!PUSH_TOPIC_PATTERN.test(job.topic))
      throw new Error(`push topic not URL-safe base64 of at most 32 chars: ${job.topic}`);
    if (!(await this.options.rule.allows(sub.endpoint))) {
      this.options.log.warn(
        { subscriptionId: sub.id },
        'push endpoint refused: not an allowed push service address',
      );
      return 'refused';
    }
    await webpush.sendNotification(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      JSON.stringify(job.payload),
      {
        vapidDetails: {
          subject: this.options.subject,
          publicKey: this.keys.publicKey,
          privateKey: this.keys.privateKey,
        },
        TTL: ttlSec,
        topic: job.topic,
        urgency: job.urgency,
        contentEncoding: 'aes128gcm',
        timeout: this.options.timeoutMs,
        agent: this.options.rule.agent,
      },
    );
    return 'sent';
  }

  private async failure({ job, sub }: Delivery, err: unknown): Promise<Outcome> {
    if (err instanceof WebPushError && (err.statusCode === 404 || err.statusCode === 410)) {
      await dropExpired(this.sql, sub).catch((e) =>
        this.options.log.warn({ err: e }, 'push subscription delete failed'),
      );
      return 'gone';
    }
    if (err instanceof Error && err.message === 'Socket timeout') return 'timedOut';
    this.options.log.warn({ err, kind: job.kind, subscriptionId: sub.id }, 'push delivery failed');
    return (err as NodeJS.ErrnoException).code === 'ENOTPUBLIC' ? 'refused' : 'failed';
  }
}
