/**
 * Sends push messages off the request path: a message's jobs (notify.ts) become one delivery per
 * subscription, run at most CONCURRENCY at a time on this instance, each encrypted by web-push
 * (aes128gcm, RFC 8291) and signed with the site's VAPID key. A send never waits for this and never
 * fails because of it: every error is logged. The push service's 404 or 410 deletes the
 * subscription. Only the instance that stored a message sends its pushes (it is called from the
 * send path), so nothing is sent twice across instances.
 */
import type { FastifyBaseLogger } from 'fastify';
import webpush, { WebPushError } from 'web-push';
import type { Sql } from '../db/client.ts';
import { PUSH_TOPIC_PATTERN } from '../../domain/push.ts';
import type { RoomRow } from '../chat/rooms.ts';
import { jobsFor, type PushJob, type StoredMessage } from './notify.ts';
import { dropExpired, subscriptionsOf, type StoredSubscription } from './subscriptions.ts';
import type { VapidKeys } from './vapid.ts';

/** Deliveries in flight at once on one instance (each is one HTTPS request to a push service). */
const CONCURRENCY = 16;
/** Deliveries waiting beyond this are dropped with a warning (a burst must not grow memory without end). */
const QUEUE_MAX = 50_000;
const PUSH_TIMEOUT_MS = 10_000;

interface Delivery {
  job: PushJob;
  sub: StoredSubscription;
}

export class PushSender {
  private queue: Delivery[] = [];
  private running = 0;
  private pending = 0;
  private idleWaiters: (() => void)[] = [];

  constructor(
    private sql: Sql,
    private keys: VapidKeys,
    private subject: string,
    private log: FastifyBaseLogger,
  ) {}

  get publicKey(): string {
    return this.keys.publicKey;
  }

  /** Called by the send path once a message is stored; returns at once. */
  afterMessage(room: RoomRow, message: StoredMessage): void {
    this.pending++;
    void this.plan(room, message)
      .catch((err) => this.log.warn({ err, messageId: message.id }, 'push planning failed'))
      .finally(() => { this.pending--; this.checkIdle(); });
  }

  /** Resolves when nothing is planned, queued or in flight (tests, graceful close). */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private isIdle(): boolean {
    return this.pending === 0 && this.running === 0 && this.queue.length === 0;
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
      this.log.warn({ userId: d.sub.userId }, 'push queue full: delivery dropped');
      return;
    }
    this.queue.push(d);
    this.pump();
  }

  private pump(): void {
    while (this.running < CONCURRENCY && this.queue.length > 0) {
      const d = this.queue.shift() as Delivery;
      this.running++;
      void this.deliver(d).catch((err) => this.log.warn({ err }, 'push delivery failed')).finally(() => {
        this.running--;
        this.pump();
        this.checkIdle();
      });
    }
  }

  private async deliver({ job, sub }: Delivery): Promise<void> {
    const ttlSec = Math.floor((job.expiresAtMs - Date.now()) / 1000);
    if (ttlSec <= 0) return;
    if (!PUSH_TOPIC_PATTERN.test(job.topic)) throw new Error(`push topic not URL-safe base64 of at most 32 chars: ${job.topic}`);
    try {
      await webpush.sendNotification(
        { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
        JSON.stringify(job.payload),
        {
          vapidDetails: { subject: this.subject, publicKey: this.keys.publicKey, privateKey: this.keys.privateKey },
          TTL: ttlSec,
          topic: job.topic,
          urgency: job.urgency,
          contentEncoding: 'aes128gcm',
          timeout: PUSH_TIMEOUT_MS,
        },
      );
    } catch (err) {
      if (err instanceof WebPushError && (err.statusCode === 404 || err.statusCode === 410)) {
        await dropExpired(this.sql, sub).catch((e) => this.log.warn({ err: e }, 'push subscription delete failed'));
        return;
      }
      this.log.warn({ err, kind: job.kind, subscriptionId: sub.id }, 'push delivery failed');
    }
  }
}
