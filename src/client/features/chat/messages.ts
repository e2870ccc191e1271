/**
 * The message list of a chat view, pure: merged by id (never a duplicate, always in id order), at
 * most MAX_IN_VIEW kept, and the client-only time dividers (type 20) where two neighbours are 60 s
 * or more apart (spec 001 sections 3 and 9).
 */
import type { ChatMessage } from './api';
import { parseImage } from '../../../domain/chat/messageTypes';
import { beijingDate, parseBeijingDateTime } from '../../../domain/time';

export const MAX_IN_VIEW = 200;
export const DIVIDER_GAP_MS = 60_000;
export const DIVIDER_TYPE = 20;

/** "YYYY-MM-DD HH:mm:ss" in Beijing time → epoch ms; NaN (no divider gap to measure) for anything else. */
export function beijingMs(gmt: string): number {
  return parseBeijingDateTime(gmt) ?? Number.NaN;
}

/**
 * `current` and `incoming` merged: one message per id (a later copy replaces an earlier one), in id
 * order. `keep` says which end survives the MAX_IN_VIEW cut: 'newest' when live messages arrive,
 * 'oldest' when an older page was just loaded above.
 */
export function mergeMessages(
  current: readonly ChatMessage[],
  incoming: readonly ChatMessage[],
  keep: 'newest' | 'oldest' = 'newest',
): ChatMessage[] {
  if (!incoming.length) return current as ChatMessage[];
  const byId = new Map<number, ChatMessage>();
  for (const m of current) byId.set(m.id, m);
  for (const m of incoming) byId.set(m.id, m);
  const all = [...byId.values()].sort((a, b) => a.id - b.id);
  if (all.length <= MAX_IN_VIEW) return all;
  return keep === 'newest' ? all.slice(all.length - MAX_IN_VIEW) : all.slice(0, MAX_IN_VIEW);
}

export function removeMessage(current: readonly ChatMessage[], id: number): ChatMessage[] {
  return current.filter((m) => m.id !== id);
}

/**
 * A message withdrawn while shown keeps its place as a notice (…撤回了一条消息), its content gone;
 * one not in the list is nothing to show.
 */
export function markWithdrawn(current: readonly ChatMessage[], id: number): ChatMessage[] {
  if (!current.some((m) => m.id === id)) return current as ChatMessage[];
  return current.map((m) => (m.id === id ? { ...m, message: '', withdrawn: true } : m));
}

/** The notice in a withdrawn message's place: mine says 你. */
export function withdrawnText(m: ChatMessage, mine: boolean): string {
  return `${mine ? '你' : m.nickname}撤回了一条消息`;
}

export type Row =
  | { kind: 'divider'; key: string; time: string }
  | { kind: 'message'; key: string; message: ChatMessage };

/** Dividers are worked out from the list at each render, so a withdrawn message takes its divider with it. */
export function withDividers(list: readonly ChatMessage[], nowMs = Date.now()): Row[] {
  const rows: Row[] = [];
  let prev = Number.NaN;
  for (const m of list) {
    const at = beijingMs(m.gmtCreated);
    if (Number.isNaN(prev) || at - prev >= DIVIDER_GAP_MS)
      rows.push({ kind: 'divider', key: `d${m.id}`, time: dividerText(m.gmtCreated, nowMs) });
    prev = at;
    rows.push({ kind: 'message', key: `m${m.id}`, message: m });
  }
  return rows;
}

/** Today's dividers show the time, older ones the date too (both Beijing, as the server writes them). */
export function dividerText(gmt: string, nowMs: number): string {
  const today = beijingDate(nowMs);
  return gmt.startsWith(today) ? gmt.slice(11, 16) : gmt.slice(5, 16);
}

export function lastId(list: readonly ChatMessage[]): number | null {
  return list.length ? list[list.length - 1]!.id : null;
}

/** An image message's payload (the domain's check: only chat uploads of this site), or null when it is not one. */
export function imagePayload(m: ChatMessage): { imgPath: string; thumbPath: string } | null {
  if (m.messageTypeId !== 2) return null;
  const p = parseImage(m.message);
  return p.ok ? (JSON.parse(p.body) as { imgPath: string; thumbPath: string }) : null;
}
