/**
 * How many sockets one owner holds on this instance: a member (SOCKETS_PER_USER_MAX), a guest
 * identity (SOCKETS_PER_GUEST_MAX), or a reading guest without one, by its address
 * (SOCKETS_PER_GUEST_ADDRESS_MAX, higher since several people may share an address). Checked and
 * taken in one synchronous step, so connects racing on this instance cannot pass the cap together.
 * Per instance: a client's sockets meet on one instance only by chance, so the cap bounds what
 * one owner can hold of any instance's memory, which is what it is for.
 */
import { SOCKETS_PER_GUEST_ADDRESS_MAX, SOCKETS_PER_GUEST_MAX, SOCKETS_PER_USER_MAX } from '../../domain/chat/constants.ts';

export const TOO_MANY_SOCKETS_MSG = '连接数过多，请关闭其他聊天页面后再试';

export interface SocketOwner {
  userId: number | null;
  guestId: number | null;
  ip: string;
}

export class SocketQuota {
  private held = new Map<string, number>();

  /** Takes a place for the owner; null when it holds its maximum already (nothing taken). */
  take(owner: SocketOwner): string | null {
    const [key, max] =
      owner.userId !== null ? [`u${owner.userId}`, SOCKETS_PER_USER_MAX]
      : owner.guestId !== null ? [`g${owner.guestId}`, SOCKETS_PER_GUEST_MAX]
      : [`ip:${owner.ip}`, SOCKETS_PER_GUEST_ADDRESS_MAX];
    const n = this.held.get(key) ?? 0;
    if (n >= max) return null;
    this.held.set(key, n + 1);
    return key;
  }

  /** Gives back the place `take` answered. */
  release(key: string): void {
    const n = (this.held.get(key) ?? 1) - 1;
    if (n <= 0) this.held.delete(key);
    else this.held.set(key, n);
  }
}
