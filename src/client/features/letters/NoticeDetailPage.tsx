/** /noticeDetail?id=: one notice, its text shown as text (line breaks kept, never as HTML). */
import { useSearch } from 'wouter';
import { ErrorState, LoadingState, Page } from '../../ui';
import { keys, useQuery } from '../../query';
import { announcementContent } from './api';
import { PlainText } from './PlainText';

export default function NoticeDetailPage() {
  const raw = new URLSearchParams(useSearch()).get('id');
  const id = Number(raw);
  const valid = raw !== null && Number.isSafeInteger(id) && id > 0;
  const q = useQuery({
    queryKey: keys.content(`announcement:${valid ? id : 0}`),
    queryFn: () => (valid ? announcementContent(id) : Promise.reject(new Error('公告编号无效'))),
  });
  return (
    <Page title="公告详情" back="/notice">
      <div className="mx-auto max-w-xl">
        {q.loading && !q.data ? (
          <LoadingState />
        ) : q.error || !q.data ? (
          <ErrorState
            message={q.error?.message ?? '加载失败'}
            onRetry={valid ? q.reload : undefined}
          />
        ) : (
          <article
            className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200"
            aria-labelledby="notice-title"
          >
            <h2 id="notice-title" className="text-lg font-semibold break-words text-gray-900">
              {q.data.title}
            </h2>
            <p className="mt-1 mb-3 border-b border-gray-100 pb-2 text-xs text-gray-600 tabular-nums">
              {q.data.createTime}
            </p>
            <PlainText text={q.data.content} />
          </article>
        )}
      </div>
    </Page>
  );
}
