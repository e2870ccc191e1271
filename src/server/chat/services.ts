/**
 * What the chat routes and the socket share on one instance: the bus (Redis or in-process), the
 * hub of local sockets, presence and flood control. Made once per app by chat/plugin.ts.
 */
import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { Sql } from '../db/client.ts';
import { type BusEvent, type ChatBus, InProcessBus, RedisBus } from '../realtime/bus.ts';
import { ChatHub } from '../realtime/hub.ts';
import { Presence } from '../realtime/presence.ts';
import { FloodGate } from './flood.ts';
import { PushCode, type RoomEvent } from '../../domain/chat/push.ts';

type RoomEventCode = (typeof RoomEvent)[keyof typeof RoomEvent];

export class ChatServices {
  readonly bus: ChatBus;
  readonly hub: ChatHub;
  readonly presence: Presence;
  readonly flood: FloodGate;

  /** `nowMs`: the flood control's clock (AppDeps.now) */
  constructor(
    sql: Sql,
    redis: Redis | null,
    private log: FastifyBaseLogger,
    nowMs: () => number = Date.now,
  ) {
    this.bus = redis ? new RedisBus(redis) : new InProcessBus();
    this.hub = new ChatHub(sql, this.bus, log);
    this.presence = new Presence(redis);
    this.flood = new FloodGate(redis, nowMs);
  }

  /**
   * Publishes a hint. What it announces is already stored, so a bus failure (Redis away) is
   * logged, never the request's failure: messages are caught up from the database (hub resync).
   */
  async publish(event: BusEvent): Promise<void> {
    await this.bus
      .publish(event)
      .catch((err) => this.log.warn({ err, roomId: event.roomId }, 'chat publish failed'));
  }

  /** A room event (push 3 with its subtype) to every socket of the room, on every instance. */
  roomEvent(
    roomId: number,
    type: RoomEventCode,
    body: Record<string, unknown>,
    userId?: number,
  ): Promise<void> {
    const frame = JSON.stringify({ code: PushCode.ROOM_EVENT, type, body });
    return this.publish({ kind: 'room', roomId, frame, userId });
  }

  /** Any other push code (11/12 online, 13 room deleted, 15 permissions, 16 muted grades). */
  push(
    roomId: number,
    code: number,
    body: Record<string, unknown>,
    opts: { userId?: number; closeAfter?: boolean } = {},
  ) {
    const frame = JSON.stringify({ code, body });
    return this.publish({ kind: 'room', roomId, frame, ...opts });
  }

  async close(): Promise<void> {
    this.hub.close();
    await this.presence.close();
    await this.bus.close();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    chat: ChatServices;
  }
}
