/**
 * The private chats (getDirectRoomListWeb, polled every 30 s): last message, time, unread mark. A
 * page of fewer than 20 ends the list; after a page, 加载更多 comes back after 600 ms (spec 001 §4).
 */
import { useEffect } from 'react';
import { Link } from 'wouter';
import { getDirectRooms, truthy, type DirectRoom } from '../api';
import { LOAD_MORE_COOLDOWN_MS, ROOM_PAGE_SIZE } from '../../../../domain/chat/constants';
import { usePagedList } from '../../records/paging';
import { keys, queryClient } from '../../../query';
import { Avatar } from './MessageItem';
import { Button, EmptyState, ErrorState, LoadingState } from '../../../ui';
import { stripTags } from '../../../../domain/chat/messageTypes';
import { formatBeijing } from '../../../../domain/time';

export const DIRECT_POLL_MS = 30_000;

export function directUnread(r: DirectRoom): boolean {
  return truthy(r.unread);
}

export function DirectList() {
  const p = usePagedList(getDirectRooms, keys.chatDirectRooms(), {
    pageSize: ROOM_PAGE_SIZE,
    cooldownMs: LOAD_MORE_COOLDOWN_MS,
  });
  useEffect(() => {
    const t = setInterval(() => {
      if (document.visibilityState === 'visible')
        void queryClient.invalidateQueries({ queryKey: keys.chatDirectRooms() });
    }, DIRECT_POLL_MS);
    return () => clearInterval(t);
  }, []);
  if (p.error && !p.items.length)
    return <ErrorState message={p.error.message} onRetry={p.reload} />;
  if (p.loading && !p.items.length) return <LoadingState />;
  if (!p.items.length) return <EmptyState text="暂无私聊" />;
  return (
    <div>
      <ul aria-label="私聊列表" className="divide-y divide-gray-100 rounded-xl bg-white">
        {p.items.map((r) => (
          <li key={r.roomId}>
            <Link
              href={`/chatDirect/${r.roomId}`}
              aria-label={`与${r.userName}私聊${directUnread(r) ? '，有未读消息' : ''}`}
              className="flex min-h-16 items-center gap-3 px-3 py-2 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand"
            >
              <span className="relative">
                <Avatar src={r.avatar} name={r.userName} size={44} />
                {directUnread(r) && (
                  <span
                    data-testid="direct-unread"
                    className="absolute -top-0.5 -right-0.5 h-3 w-3 rounded-full bg-red-600 ring-2 ring-white"
                  />
                )}
              </span>
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline gap-2">
                  <span className="flex-1 truncate font-medium text-gray-900">{r.userName}</span>
                  {r.gmtLatestMessageTimestamp ? (
                    <span className="shrink-0 text-[11px] tabular-nums text-gray-500">
                      {formatBeijing(r.gmtLatestMessageTimestamp, 'MM-DD HH:mm')}
                    </span>
                  ) : null}
                </span>
                <span className="block truncate text-xs text-gray-600">
                  {stripTags(r.subTitle || '') || '暂无消息'}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <div className="py-4 text-center text-sm text-gray-500">
        {!p.hasMore ? (
          '已显示全部私聊'
        ) : (
          <Button variant="secondary" loading={p.loading} onClick={p.loadMore}>
            加载更多
          </Button>
        )}
      </div>
    </div>
  );
}
