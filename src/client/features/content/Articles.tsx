/** Expandable article list shared by the help and about pages. */
import { Page, LoadingState, ErrorState, EmptyState } from '../../ui';
import { getArticles } from './api';
import { keys, useQuery } from '../../query';

export function ArticlesPage({ title, kind }: { title: string; kind: 'helpList' | 'aboutList' }) {
  const { data, error, loading, reload } = useQuery({
    queryKey: keys.content(`articles:${kind}`),
    queryFn: () => getArticles(kind),
  });
  return (
    <Page title={title} back>
      {loading ? (
        <LoadingState />
      ) : error ? (
        <ErrorState message={error.message} onRetry={reload} />
      ) : !data?.length ? (
        <EmptyState text="暂无内容" />
      ) : (
        <ul className="divide-y divide-gray-200 overflow-hidden rounded-xl bg-white">
          {data.map((a) => (
            <li key={a.id}>
              <details className="group">
                <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between px-4 py-3 font-medium text-gray-900 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand">
                  {a.title}
                  <span
                    aria-hidden="true"
                    className="text-gray-500 transition group-open:rotate-90"
                  >
                    ›
                  </span>
                </summary>
                <div className="space-y-2 px-4 pb-4 text-sm leading-relaxed text-gray-700">
                  {a.content
                    .split('\n')
                    .filter(Boolean)
                    .map((p, i) => (
                      <p
                        // biome-ignore lint/suspicious/noArrayIndexKey: the paragraphs of one fixed text, never reordered
                        key={i}
                      >
                        {p}
                      </p>
                    ))}
                </div>
              </details>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
