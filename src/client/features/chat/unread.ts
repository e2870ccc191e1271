/**
 * How many private chats are unread (the first page of getDirectRoomListWeb), asked again every
 * 60 s and whenever a chat is read (keys.chatDirectRooms prefix): the 私聊 tab and the chat entry's
 * badge (spec 001 §2, 9+ above 9).
 */
import { useEffect } from 'react';
import { getDirectRooms, truthy } from './api';
import { keys, queryClient, useQuery } from '../../query';

const UNREAD_POLL_MS = 60_000;

export function useChatUnread(enabled: boolean): number {
  const q = useQuery({
    queryKey: keys.chatUnread(),
    queryFn: async () => (await getDirectRooms(1)).list.filter((r) => truthy(r.unread)).length,
    enabled,
  });
  useEffect(() => {
    if (!enabled) return;
    const t = setInterval(() => {
      void queryClient.invalidateQueries({ queryKey: keys.chatUnread() });
    }, UNREAD_POLL_MS);
    return () => clearInterval(t);
  }, [enabled]);
  return enabled ? (q.data ?? 0) : 0;
}

/** The count as a badge shows it (the one badge rule: 9+ above 9). */
export { badgeLabel as badgeText } from '../../../domain/toolbar/service';
