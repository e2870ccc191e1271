/**
 * The chat bus: every instance publishes what it stored and every instance (itself included)
 * hears it and pushes it to its own sockets. With REDIS_URL one Redis pub/sub channel joins the
 * instances; without it the bus is in-process. The bus only carries hints: the database already
 * holds every message before it is published, and a socket that misses a publish reads the gap
 * from the database (realtime/hub.ts).
 */
import type { Redis } from 'ioredis';

export type BusEvent =
  /** a stored message: `seq` is its room_seq, `frame` the encoded push sent as is */
  | { kind: 'message'; roomId: number; seq: number; frame: string }
  /** a room event frame (mute, withdraw, online ...) for every socket of the room, or of one user in it */
  | { kind: 'room'; roomId: number; frame: string; userId?: number; closeAfter?: boolean };

export interface ChatBus {
  publish(event: BusEvent): Promise<void>;
  subscribe(handler: (event: BusEvent) => void): void;
  close(): Promise<void>;
}

export const BUS_CHANNEL = 'chat:bus';

export class InProcessBus implements ChatBus {
  private handlers: ((e: BusEvent) => void)[] = [];
  async publish(event: BusEvent): Promise<void> {
    // the same asynchrony as Redis: a publisher never re-enters its own handler synchronously
    queueMicrotask(() => {
      for (const h of this.handlers) h(event);
    });
  }
  subscribe(handler: (event: BusEvent) => void): void {
    this.handlers.push(handler);
  }
  async close(): Promise<void> {
    this.handlers = [];
  }
}

export class RedisBus implements ChatBus {
  private sub: Redis;
  private handlers: ((e: BusEvent) => void)[] = [];
  private ready: Promise<unknown>;

  constructor(private pub: Redis) {
    this.sub = pub.duplicate();
    // ioredis reconnects (and re-subscribes) by itself; while Redis is away the hub's resync
    // delivers from the database, so a connection error is not worth more than that
    this.sub.on('error', () => {});
    this.sub.on('message', (_channel: string, text: string) => {
      let event: BusEvent;
      try {
        event = JSON.parse(text) as BusEvent;
      } catch {
        return;
      }
      for (const h of this.handlers) h(event);
    });
    this.ready = this.sub.subscribe(BUS_CHANNEL);
  }

  async publish(event: BusEvent): Promise<void> {
    await this.pub.publish(BUS_CHANNEL, JSON.stringify(event));
  }
  subscribe(handler: (event: BusEvent) => void): void {
    this.handlers.push(handler);
  }
  /** resolves once the subscription is active (tests wait for it before sending) */
  whenReady(): Promise<unknown> {
    return this.ready;
  }
  async close(): Promise<void> {
    this.handlers = [];
    this.sub.disconnect();
  }
}
