/** /notice: the site's notices (网站公告), the operator's list in its order; a tap opens /noticeDetail. */
import { Link } from 'wouter';
import { EmptyState, ErrorState, LoadingState, Page } from '../../ui';
import { keys, useQuery } from '../../query';
import { announcement } from './api';

export default function NoticePage() {
  const q = useQuery({ queryKey: keys.content('announcements'), queryFn: announcement });
  return (
    <Page title="网站公告" back>
      <div className="mx-auto max-w-xl">
        {q.loading && !q.data ? (
          <LoadingState />
        ) : q.error && !q.data ? (
          <ErrorState message={q.error.message} onRetry={q.reload} />
        ) : !q.data?.length ? (
          <EmptyState text="暂无公告" />
        ) : (
          <ul
            aria-label="公告列表"
            className="divide-y divide-gray-100 overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-gray-200"
          >
            {q.data.map((n) => (
              <li key={n.id}>
                <Link
                  href={`/noticeDetail?id=${n.id}`}
                  className="block min-h-14 px-4 py-3 hover:bg-gray-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand"
                >
                  <span className="block truncate text-gray-900">{n.title}</span>
                  <span className="mt-0.5 block text-xs text-gray-600 tabular-nums">
                    {n.createTime}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Page>
  );
}
