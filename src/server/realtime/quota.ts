/**
 * The sockets one owner holds on this instance: a member (SOCKETS_PER_USER_MAX), a guest identity
 * (SOCKETS_PER_GUEST_MAX), or a reading guest without one, by its address
 * (SOCKETS_PER_GUEST_ADDRESS_MAX, higher since several people may share an address). One more
 * displaces the owner's oldest: a phone that changed networks leaves sockets the server only
 * notices at the next heartbeat, and the owner's newest socket is the one in use, so refusing it
 * would lock a user out for a minute; an old tab told why (a final refusal, no reconnect) is not.
 * Taken in one synchronous step, so connects racing on this instance cannot pass the cap together.
 * Per instance: it bounds what one owner can hold of an instance's memory, which is what it is for.
 */
import {
  SOCKETS_PER_GUEST_ADDRESS_MAX,
  SOCKETS_PER_GUEST_MAX,
  SOCKETS_PER_USER_MAX,
} from '../../domain/chat/constants.ts';

export const TOO_MANY_SOCKETS_MSG = '连接数过多，请关闭其他聊天页面后再试';

export interface SocketOwner {
  userId: number | null;
  guestId: number | null;
  ip: string;
}

function capOf(owner: SocketOwner): [key: string, max: number] {
  if (owner.userId !== null) return [`u${owner.userId}`, SOCKETS_PER_USER_MAX];
  if (owner.guestId !== null) return [`g${owner.guestId}`, SOCKETS_PER_GUEST_MAX];
  return [`ip:${owner.ip}`, SOCKETS_PER_GUEST_ADDRESS_MAX];
}

export class SocketQuota<S> {
  /** per owner, its sockets oldest first (a Set keeps insertion order) */
  private held = new Map<string, Set<S>>();
  private ownerOf = new Map<S, string>();

  /** Adds a socket to its owner's; answers the oldest one it displaces (the caller closes it), or null. */
  add(owner: SocketOwner, socket: S): S | null {
    const [key, max] = capOf(owner);
    const mine = this.held.get(key) ?? new Set<S>();
    this.held.set(key, mine);
    mine.add(socket);
    this.ownerOf.set(socket, key);
    if (mine.size <= max) return null;
    const oldest = mine.values().next().value as S;
    this.remove(oldest);
    return oldest;
  }

  /** Forgets a closed socket (nothing when it was never added or already displaced). */
  remove(socket: S): void {
    const key = this.ownerOf.get(socket);
    if (key === undefined) return;
    this.ownerOf.delete(socket);
    const mine = this.held.get(key);
    mine?.delete(socket);
    if (mine?.size === 0) this.held.delete(key);
  }
}
