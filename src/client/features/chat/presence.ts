/**
 * Who is online in a room, kept live (spec 001 §4, pushes 11 and 12): the open online list takes a
 * member who came online and drops one who left; the room's header count is the server's own total
 * (getOnlineMemberList), read when the socket opens and again shortly after each push, since a push
 * carries no count and is only a hint (docs/chat.md: per instance; the list is the truth).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { getOnline, type OnlineMember } from './api';
import type { Frame } from './socket';
import { PushCode } from '../../../domain/chat/push';

export interface OnlineList {
  list: OnlineMember[];
  total: number;
}
/** a presence push handed to the open list; `n` tells two equal pushes apart */
export interface PresencePush {
  frame: Frame;
  n: number;
}

export const isPresence = (f: Frame) =>
  f.code === PushCode.MEMBER_ONLINE || f.code === PushCode.MEMBER_OFFLINE;

/**
 * One push applied to a list. A member already there is not added twice (another tab, another
 * instance); while a search is shown a newcomer is left out (the server matches the real name, which
 * the masked one does not show).
 */
export function applyPresence(cur: OnlineList, f: Frame, searching: boolean): OnlineList {
  const body = (f.body ?? {}) as Partial<OnlineMember>;
  if (body.userId === undefined || body.userId === null) return cur;
  const id = String(body.userId);
  const at = cur.list.findIndex((m) => String(m.userId) === id);
  if (f.code === PushCode.MEMBER_ONLINE) {
    if (at >= 0 || searching || typeof body.roleUserName !== 'string') return cur;
    const m: OnlineMember = {
      userId: id,
      roleUserName: body.roleUserName,
      avatar: body.avatar ?? '',
      isManager: body.isManager ?? 0,
    };
    return { list: [...cur.list, m], total: cur.total + 1 };
  }
  if (f.code === PushCode.MEMBER_OFFLINE && at >= 0) {
    return { list: cur.list.filter((_, i) => i !== at), total: Math.max(0, cur.total - 1) };
  }
  return cur;
}

const RECOUNT_DELAY_MS = 1000;

/**
 * A room page's presence: `take` keeps a presence frame (true) for the list and the count; `push`
 * goes to MemberSheet, `count` to the header (null when the list is closed to this reader).
 */
export function usePresence(roomCode: string, listOpen: boolean, socketOpen: boolean) {
  const [push, setPush] = useState<PresencePush | null>(null);
  const count = useOnlineCount(roomCode, listOpen, socketOpen, push);
  const take = useCallback((f: Frame) => {
    if (!isPresence(f)) return false;
    setPush((p) => ({ frame: f, n: (p?.n ?? 0) + 1 }));
    return true;
  }, []);
  return { push, count, take };
}

/**
 * The room's online count for the header, or null when there is none to show (the list is closed to
 * this reader, or the server refused). `push` is the latest presence push.
 */
export function useOnlineCount(
  roomCode: string,
  enabled: boolean,
  socketOpen: boolean,
  push: PresencePush | null,
): number | null {
  const [count, setCount] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const ask = useRef(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a push (its n) or the socket opening asks again
  useEffect(() => {
    if (!enabled || !socketOpen) {
      setCount(null);
      return;
    }
    // pushes come in bursts (a room filling up): one count after they settle
    if (timer.current) clearTimeout(timer.current);
    const n = ++ask.current;
    timer.current = setTimeout(
      () => {
        timer.current = null;
        getOnline(roomCode, '', 1).then(
          (d) => {
            if (n === ask.current) setCount(d.total);
          },
          () => {
            if (n === ask.current) setCount(null);
          },
        );
      },
      push ? RECOUNT_DELAY_MS : 0,
    );
  }, [roomCode, enabled, socketOpen, push?.n]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      ask.current += 1;
    },
    [],
  );
  return count;
}
