/** The chat panel's room list (getRoomList, 20 a page): password, grade and mute marks; 暂无开放的房间 / 已显示全部房间. */
import { Link } from 'wouter';
import { getRoomList, truthy, type RoomItem } from '../api';
import { usePagedList } from '../../records/paging';
import { keys } from '../../../query';
import { Avatar } from './MessageItem';
import { Button, EmptyState, ErrorState, LoadingState } from '../../../ui';

function Marks({ r }: { r: RoomItem }) {
  const tag = 'rounded px-1.5 text-[11px] leading-5';
  return (
    <span className="flex shrink-0 flex-wrap justify-end gap-1">
      {truthy(r.isPassword) && (
        <span className={`${tag} inline-flex items-center gap-0.5 bg-gray-100 text-gray-700`}>
          <svg viewBox="0 0 24 24" width="11" height="11" aria-hidden="true">
            <path
              d="M6 11h12v9H6zM8.5 11V8a3.5 3.5 0 017 0v3"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.2"
            />
          </svg>
          密码
        </span>
      )}
      {r.grade.length > 0 && (
        <span className={`${tag} bg-amber-50 text-amber-800`}>
          {r.grade.map((g) => `VIP${g}`).join('/')}
        </span>
      )}
      {truthy(r.isMessageBanned) && (
        <span className={`${tag} bg-red-50 text-red-700`}>全体禁言</span>
      )}
      {truthy(r.banned) && <span className={`${tag} bg-red-50 text-red-700`}>禁言</span>}
    </span>
  );
}

export function RoomList() {
  const p = usePagedList(getRoomList, keys.chatRooms());
  if (p.error && !p.items.length)
    return <ErrorState message={p.error.message} onRetry={p.reload} />;
  if (p.loading && !p.items.length) return <LoadingState />;
  if (!p.items.length) return <EmptyState text="暂无开放的房间" />;
  return (
    <div>
      <ul aria-label="聊天室列表" className="divide-y divide-gray-100 rounded-xl bg-white">
        {p.items.map((r) => (
          <li key={r.roomCode}>
            <Link
              href={`/chatRoom/${encodeURIComponent(r.roomCode)}`}
              className="flex min-h-16 items-center gap-3 px-3 py-2 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand"
            >
              <Avatar src={r.avatar} name={r.title} size={44} />
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium text-gray-900">{r.title}</span>
                {r.subTitle && (
                  <span className="block truncate text-xs text-gray-600">{r.subTitle}</span>
                )}
              </span>
              <Marks r={r} />
            </Link>
          </li>
        ))}
      </ul>
      <div className="py-4 text-center text-sm text-gray-500">
        {!p.hasMore ? (
          '已显示全部房间'
        ) : (
          <Button variant="secondary" loading={p.loading} onClick={p.loadMore}>
            加载更多
          </Button>
        )}
      </div>
    </div>
  );
}
