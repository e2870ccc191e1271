/**
 * Flood control (issue 23 item 8): guests have their own per-room budget, so guests flooding a
 * room never makes a member hear 发言太快. The gate's clock is fixed, so every count falls in one
 * second without waiting for the wall clock.
 */
import { describe, expect, it } from 'vitest';
import {
  ROOM_GUEST_MESSAGES_PER_SEC,
  ROOM_MESSAGES_PER_SEC,
  USER_MESSAGES_PER_SEC,
} from '../../src/domain/chat/constants.ts';
import { guestWireId } from '../../src/domain/chat/guest.ts';
import { FloodGate } from '../../src/server/chat/flood.ts';

const ROOM = 7;
const at = (ms: number) => new FloodGate(null, () => ms);

async function sendEach(
  gate: FloodGate,
  senders: (number | string)[],
  perSender: number,
): Promise<boolean[]> {
  const results: boolean[] = [];
  for (const s of senders)
    for (let i = 0; i < perSender; i++) results.push(await gate.allow(s, ROOM));
  return results;
}

describe('guests and members have separate room budgets', () => {
  it('guests flooding a room never refuse a member', async () => {
    const gate = at(1_700_000_000_500);
    const guests = Array.from({ length: 20 }, (_, i) => guestWireId(i + 1));
    const sent = await sendEach(gate, guests, USER_MESSAGES_PER_SEC);
    expect(sent.filter(Boolean)).toHaveLength(ROOM_GUEST_MESSAGES_PER_SEC);
    expect(await gate.allow(guestWireId(99), ROOM)).toBe(false);
    // every member still has the whole member budget of the second
    const members = Array.from(
      { length: ROOM_MESSAGES_PER_SEC / USER_MESSAGES_PER_SEC },
      (_, i) => i + 1,
    );
    expect((await sendEach(gate, members, USER_MESSAGES_PER_SEC)).every(Boolean)).toBe(true);
    expect(await gate.allow(1000, ROOM)).toBe(false);
  });

  it('members filling the room do not take the guests’ budget, and the next second starts afresh', async () => {
    let now = 1_700_000_001_000;
    const gate = new FloodGate(null, () => now);
    const members = Array.from(
      { length: ROOM_MESSAGES_PER_SEC / USER_MESSAGES_PER_SEC },
      (_, i) => i + 1,
    );
    expect((await sendEach(gate, members, USER_MESSAGES_PER_SEC)).every(Boolean)).toBe(true);
    expect(await gate.allow(guestWireId(1), ROOM)).toBe(true);
    now += 1000;
    expect(await gate.allow(1000, ROOM)).toBe(true);
  });
});
