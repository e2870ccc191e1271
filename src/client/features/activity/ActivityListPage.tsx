/**
 * /activity (spec 000, the home page's 优惠活动): the promotions by category tabs, each with its cover,
 * time and this player's state; a card opens /activity/{id}. Open to guests. Mobile first (360 px).
 */
import { useState } from 'react';
import { Link } from 'wouter';
import { useSignals } from '@preact/signals-react/runtime';
import { ACTIVITY_CATEGORIES } from '../../../domain/activity';
import { beijingRangeText } from '../../../domain/time';
import { keys, useQuery } from '../../query';
import { currentUser } from '../../state/session';
import { EmptyState, ErrorState, LoadingState, Page } from '../../ui';
import { Tabs } from '../../ui/Tabs';
import { ActivityStateBadge } from './ActivityStateBadge';
import { getActivityList, type ActivityItem } from './promotionsApi';

const TABS = [
  { value: 0, label: '全部' },
  ...ACTIVITY_CATEGORIES.map((c) => ({ value: c.type, label: c.name })),
];

export default function ActivityListPage() {
  useSignals();
  const [type, setType] = useState(0);
  const loggedIn = currentUser.value !== null;
  const actions = loggedIn ? (
    <Link
      href="/activityinfo"
      className="rounded px-2 py-1 text-sm text-white focus-visible:outline-2 focus-visible:outline-white"
    >
      我的活动
    </Link>
  ) : undefined;
  return (
    <Page title="优惠活动" back actions={actions}>
      <div className="mx-auto max-w-xl">
        <Tabs<number>
          look="scroll"
          label="活动分类"
          value={type}
          options={TABS}
          onChange={setType}
          className="mb-3"
          panel={(t) => <CategoryList type={t} loggedIn={loggedIn} />}
        />
      </div>
    </Page>
  );
}

function CategoryList({ type, loggedIn }: { type: number; loggedIn: boolean }) {
  const q = useQuery({
    queryKey: keys.activities('list', type, loggedIn),
    queryFn: () => getActivityList(type),
  });
  if (q.loading && !q.data) return <LoadingState />;
  if (!q.data) return <ErrorState message={q.error?.message ?? '加载失败'} onRetry={q.reload} />;
  if (q.data.list.length === 0) return <EmptyState text="暂无活动，敬请期待" />;
  return (
    <ul aria-label="活动列表" className="flex flex-col gap-3">
      {q.data.list.map((a) => (
        <ActivityCard key={a.id} a={a} />
      ))}
    </ul>
  );
}

function ActivityCard({ a }: { a: ActivityItem }) {
  const ended = a.state === 'ended';
  return (
    <li
      data-testid={`activity-${a.id}`}
      className={`overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-gray-200 ${ended ? 'opacity-70' : ''}`}
    >
      <Link
        href={`/activity/${a.id}`}
        className="block focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
      >
        {a.coverImage ? (
          <img
            src={a.coverImage}
            alt={a.title}
            loading="lazy"
            className="aspect-[5/2] w-full bg-gray-100 object-cover"
          />
        ) : (
          <div
            aria-hidden="true"
            className="flex aspect-[5/2] w-full items-center justify-center bg-gradient-to-r from-rose-600 to-orange-400 text-2xl font-bold text-white"
          >
            {a.kindName}
          </div>
        )}
        <div className="flex flex-col gap-1 px-4 py-3">
          <div className="flex items-center gap-2">
            <h2 className="min-w-0 flex-1 truncate text-base font-semibold text-gray-900">
              {a.title}
            </h2>
            <ActivityStateBadge state={a.state} kind={a.kind} />
          </div>
          {a.summary && <p className="line-clamp-2 text-sm text-gray-700">{a.summary}</p>}
          <p className="text-xs text-gray-600">
            {a.typeName} · {beijingRangeText(a.startTime, a.endTime)}
          </p>
        </div>
      </Link>
    </li>
  );
}
