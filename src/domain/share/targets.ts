/**
 * The share dialog's target rules (spec 001 sections 2, 5, 6): rooms are listed 11 a page; a room
 * muted for everyone (全体禁言) or for the viewer (已禁言) cannot be chosen; at most 30 private chats
 * (and 30 rooms) per share.
 */
import { MAX_SHARE_DIRECT, SHARE_MSG } from './message.ts';

export const SHARE_ROOM_PAGE_SIZE = 11;

export interface RoomMuteFlags {
  banned: number | boolean;
  isMessageBanned: number | boolean;
}

/** The label of a room the viewer cannot share into, or null when it can be chosen. */
export function roomMuteLabel(r: RoomMuteFlags): string | null {
  if (r.isMessageBanned === 1 || r.isMessageBanned === true) return '全体禁言';
  if (r.banned === 1 || r.banned === true) return '已禁言';
  return null;
}

/** Toggles `key` in `selected`; adding beyond the limit answers the spec's refusal and changes nothing. */
export function toggleTarget<K>(
  selected: readonly K[],
  key: K,
  max = MAX_SHARE_DIRECT,
): { selected: K[]; refusal: string | null } {
  if (selected.includes(key)) return { selected: selected.filter((k) => k !== key), refusal: null };
  if (selected.length >= max) return { selected: [...selected], refusal: SHARE_MSG.tooManyTargets };
  return { selected: [...selected, key], refusal: null };
}
