/**
 * Who is online in a room, site-wide. Each instance counts its own sockets per room and user (a
 * user with two tabs counts once). With Redis, each instance also keeps its set of online users
 * per room under its own key with a short expiry, refreshed on every change and every 20 s, and
 * lists itself in a sorted set of live instances; the online list is the union of the live
 * instances' sets, so an instance that dies drops out within a minute.
 */
import crypto from 'node:crypto';
import type { Redis } from 'ioredis';

const TTL_SEC = 60;
const REFRESH_MS = 20_000;
const INSTANCES = 'chat:instances';
const key = (instance: string, roomId: number) => `chat:online:${roomId}:${instance}`;

export class Presence {
  private local = new Map<number, Map<number, number>>();
  private readonly instance = crypto.randomUUID();
  private timer: NodeJS.Timeout | null = null;

  constructor(private redis: Redis | null) {
    if (redis) {
      this.timer = setInterval(() => void this.refreshAll().catch(() => {}), REFRESH_MS);
      this.timer.unref();
      void this.refreshAll().catch(() => {});
    }
  }

  /** Counts a socket in; true when the user was not online in the room on this instance before. */
  async add(roomId: number, userId: number): Promise<boolean> {
    let users = this.local.get(roomId);
    if (!users) {
      users = new Map();
      this.local.set(roomId, users);
    }
    const n = users.get(userId) ?? 0;
    users.set(userId, n + 1);
    if (n === 0) await this.refreshRoom(roomId);
    return n === 0;
  }

  /** Counts a socket out; true when that was the user's last socket in the room on this instance. */
  async remove(roomId: number, userId: number): Promise<boolean> {
    const users = this.local.get(roomId);
    const n = users?.get(userId) ?? 0;
    if (!users || n === 0) return false;
    if (n > 1) {
      users.set(userId, n - 1);
      return false;
    }
    users.delete(userId);
    if (users.size === 0) this.local.delete(roomId);
    await this.refreshRoom(roomId);
    return true;
  }

  /** The ids of the users online in a room, on every instance. */
  async online(roomId: number): Promise<number[]> {
    const local = () => [...(this.local.get(roomId)?.keys() ?? [])];
    if (!this.redis) return local();
    try {
      const live = await this.redis.zrangebyscore(INSTANCES, Date.now() - TTL_SEC * 1000, '+inf');
      if (live.length === 0) return local();
      const ids = await this.redis.sunion(...live.map((i) => key(i, roomId)));
      return [...new Set([...ids.map(Number), ...local()])];
    } catch {
      return local(); // Redis away: this instance's members, until it is back (refreshed every 20 s)
    }
  }

  private async refreshRoom(roomId: number): Promise<void> {
    await this.writeRoom(roomId).catch(() => {}); // rewritten by the next refresh
  }

  private async writeRoom(roomId: number): Promise<void> {
    if (!this.redis) return;
    const users = [...(this.local.get(roomId)?.keys() ?? [])];
    const k = key(this.instance, roomId);
    const tx = this.redis.multi().del(k);
    if (users.length > 0) tx.sadd(k, ...users.map(String)).expire(k, TTL_SEC);
    tx.zadd(INSTANCES, Date.now(), this.instance);
    await tx.exec();
  }

  private async refreshAll(): Promise<void> {
    if (!this.redis) return;
    await this.redis.zadd(INSTANCES, Date.now(), this.instance);
    await this.redis.zremrangebyscore(INSTANCES, '-inf', Date.now() - TTL_SEC * 1000);
    for (const roomId of this.local.keys()) await this.refreshRoom(roomId);
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    if (this.redis) await this.redis.zrem(INSTANCES, this.instance).catch(() => {});
  }
}
