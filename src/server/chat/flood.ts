/**
 * Flood control of sent messages: at most USER_MESSAGES_PER_SEC per user or guest, and per room
 * ROOM_MESSAGES_PER_SEC of members and, in a budget of their own, ROOM_GUEST_MESSAGES_PER_SEC of
 * guests (guests flooding never makes a member hear 发言太快), counted per whole second (with
 * Redis: site-wide, one INCR per key). Only what players send is counted; system pushes (mutes,
 * withdrawals, online notices) never pass here, so they are never dropped. Managers are limited
 * like everyone: the limit protects the room, not a right to speak.
 */
import type { Redis } from 'ioredis';
import {
  ROOM_GUEST_MESSAGES_PER_SEC,
  ROOM_MESSAGES_PER_SEC,
  USER_MESSAGES_PER_SEC,
} from '../../domain/chat/constants.ts';
import { isGuestWireId } from '../../domain/chat/guest.ts';

export const FLOOD_MSG = '发言太快，请稍后再试';

export class FloodGate {
  private counts = new Map<string, number>();
  private second = 0;

  /** `nowMs`: the clock (tests fix it, so a burst falls in one second without waiting) */
  constructor(
    private redis: Redis | null,
    private nowMs: () => number = Date.now,
  ) {}

  /**
   * Counts one message; false when the sender or its room budget is over its limit this second.
   * The sender is a member's id, or a guest's wire id (`g12`), counted in the guests' budget.
   */
  async allow(sender: number | string, roomId: number): Promise<boolean> {
    const sec = Math.floor(this.nowMs() / 1000);
    const guest = typeof sender === 'string' && isGuestWireId(sender);
    const keys = [`chat:fl:u:${sender}:${sec}`, `chat:fl:${guest ? 'rg' : 'r'}:${roomId}:${sec}`];
    // Redis away: counted on this instance alone rather than refusing every message
    const [user, room] = this.redis
      ? await this.countRedis(keys).catch(() => this.countLocal(sec, keys))
      : this.countLocal(sec, keys);
    return (
      user <= USER_MESSAGES_PER_SEC &&
      room <= (guest ? ROOM_GUEST_MESSAGES_PER_SEC : ROOM_MESSAGES_PER_SEC)
    );
  }

  private countLocal(sec: number, keys: string[]): number[] {
    if (sec !== this.second) {
      this.counts.clear();
      this.second = sec;
    }
    return keys.map((k) => {
      const n = (this.counts.get(k) ?? 0) + 1;
      this.counts.set(k, n);
      return n;
    });
  }

  private async countRedis(keys: string[]): Promise<number[]> {
    const redis = this.redis!;
    const res = await redis
      .multi()
      .incr(keys[0])
      .expire(keys[0], 2)
      .incr(keys[1])
      .expire(keys[1], 2)
      .exec();
    return [Number(res?.[0]?.[1] ?? 0), Number(res?.[2]?.[1] ?? 0)];
  }
}
