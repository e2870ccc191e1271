/**
 * /activityinfo (spec 000, a public page): what this player received from promotions, newest first,
 * with the total; 20 a page, more on demand. A guest is shown the way to log in (and to the
 * promotions) instead, and nothing is asked of the server.
 */
import { useState } from 'react';
import { Link } from 'wouter';
import { useSignals } from '@preact/signals-react/runtime';
import { currentUser } from '../../state/session';
import { keys, useQuery } from '../../query';
import { Button, EmptyState, ErrorState, LoadingState, Page } from '../../ui';
import { getActivityRecordList, type ActivityRecord } from './promotionsApi';

const PAGE_SIZE = 20;

export default function ActivityInfoPage() {
  useSignals();
  const body = currentUser.value ? <MyRecords /> : <GuestPrompt />;
  return (
    <Page title="活动记录" back>
      <div className="mx-auto max-w-xl">{body}</div>
    </Page>
  );
}

function GuestPrompt() {
  return (
    <section
      aria-label="登录后查看"
      className="flex flex-col items-center gap-3 rounded-xl bg-white p-6 text-center shadow-sm ring-1 ring-gray-200"
    >
      <p className="text-gray-700">登录后可查看您在优惠活动中领取的奖励记录。</p>
      <Link
        href={`/login?redirect=${encodeURIComponent('/activityinfo')}`}
        className="inline-flex min-h-11 items-center rounded-lg bg-brand px-6 font-medium text-white focus-visible:outline-2 focus-visible:outline-brand"
      >
        登录
      </Link>
      <Link href="/activity" className="text-brand underline">
        去看看优惠活动
      </Link>
    </section>
  );
}

function MyRecords() {
  const [pages, setPages] = useState(1);
  const first = useQuery({
    queryKey: keys.activities('records', 1),
    queryFn: () => getActivityRecordList(1, PAGE_SIZE),
  });
  let body: React.ReactNode;
  if (first.loading && !first.data) body = <LoadingState />;
  else if (!first.data)
    body = <ErrorState message={first.error?.message ?? '加载失败'} onRetry={first.reload} />;
  else if (first.data.list.length === 0) {
    body = (
      <div className="flex flex-col items-center">
        <EmptyState text="暂无活动领取记录" />
        <Link href="/activity" className="text-brand underline">
          去看看优惠活动
        </Link>
      </div>
    );
  } else {
    const { total, totalAmount } = first.data;
    body = (
      <>
        <p className="mb-3 text-sm text-gray-700">
          共 {total} 笔，合计 <span className="font-semibold text-red-700">{totalAmount}</span> 元
        </p>
        <ul
          aria-label="活动领取记录"
          className="divide-y divide-gray-100 rounded-xl bg-white shadow-sm ring-1 ring-gray-200"
        >
          {first.data.list.map((r) => (
            <RecordRow key={r.id} r={r} />
          ))}
          {Array.from({ length: pages - 1 }, (_, i) => i + 2).map((n) => (
            <MorePage key={`page-${n}`} pageNum={n} />
          ))}
        </ul>
        {pages * PAGE_SIZE < total && (
          <Button variant="secondary" className="mt-3 w-full" onClick={() => setPages(pages + 1)}>
            加载更多
          </Button>
        )}
      </>
    );
  }
  return body;
}

/** Page 2 onwards, asked when the player wants more. */
function MorePage({ pageNum }: { pageNum: number }) {
  const q = useQuery({
    queryKey: keys.activities('records', pageNum),
    queryFn: () => getActivityRecordList(pageNum, PAGE_SIZE),
  });
  if (q.loading && !q.data)
    return (
      <li>
        <LoadingState />
      </li>
    );
  if (!q.data)
    return (
      <li>
        <ErrorState message={q.error?.message ?? '加载失败'} onRetry={q.reload} />
      </li>
    );
  return (
    <>
      {q.data.list.map((r) => (
        <RecordRow key={r.id} r={r} />
      ))}
    </>
  );
}

function RecordRow({ r }: { r: ActivityRecord }) {
  return (
    <li className="flex items-center justify-between gap-3 px-4 py-3 text-sm">
      <Link href={`/activity/${r.activityId}`} className="min-w-0">
        <p className="truncate font-medium text-gray-900">{r.title}</p>
        <p className="text-xs text-gray-600">
          {r.typeName}
          {r.streak ? ` · 连续第${r.streak}天` : ''} · {r.time}
        </p>
      </Link>
      <p className="shrink-0 font-semibold text-red-700">+{r.amount} 元</p>
    </li>
  );
}
