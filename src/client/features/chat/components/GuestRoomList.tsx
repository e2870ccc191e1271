/** /chatRoom for a visitor: the rooms open to guests (each its guest page), under the way to log in. */
import { Link } from 'wouter';
import { keys, useQuery } from '../../../query';
import { EmptyState, ErrorState, LoadingState } from '../../../ui';
import { getGuestRoomList, guestRoomPath } from '../guestApi';

export function GuestRoomList() {
  const q = useQuery({
    queryKey: keys.chatGuestRooms(),
    queryFn: getGuestRoomList,
    staleTime: 60_000,
  });
  let body: React.ReactNode;
  if (q.loading && !q.data) body = <LoadingState />;
  else if (!q.data)
    body = <ErrorState message={q.error?.message ?? '加载失败'} onRetry={q.reload} />;
  else if (q.data.list.length === 0) body = <EmptyState text="暂无开放给游客的聊天室" />;
  else {
    body = (
      <ul
        aria-label="游客聊天室"
        className="divide-y divide-gray-100 rounded-xl bg-white shadow-sm ring-1 ring-gray-200"
      >
        {q.data.list.map((r) => (
          <li key={r.roomCode}>
            <Link
              href={guestRoomPath(r.roomCode, r.guestCode)}
              className="flex min-h-14 items-center justify-between gap-3 px-4 py-3 focus-visible:outline-2 focus-visible:outline-brand"
            >
              <span className="min-w-0">
                <span className="block truncate font-medium text-gray-900">{r.title}</span>
                {r.subTitle && (
                  <span className="block truncate text-xs text-gray-600">{r.subTitle}</span>
                )}
              </span>
              <span className="shrink-0 text-xs text-gray-600">
                {r.guestChat ? '游客可发言' : '游客可浏览'}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <section aria-label="游客可进入的聊天室" className="mx-4">
      <h2 className="mb-2 text-sm font-semibold text-gray-800">游客可进入的聊天室</h2>
      {body}
    </section>
  );
}
