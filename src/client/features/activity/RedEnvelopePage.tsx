/**
 * /redEnvelope (spec 000; the toolbar's red envelope target): the activity envelopes with this player's
 * state for each, a claim through the opening dialog, and my claim history. Mobile first (360 px).
 */
import { useEffect, useState } from 'react';
import { FrontStatus } from '../../../domain/activity';
import { beijingRangeText } from '../../../domain/time';
import { keys, useQuery } from '../../query';
import { EmptyState, ErrorState, LoadingState, Page } from '../../ui';
import { Tabs } from '../../ui/Tabs';
import {
  getActivityRedEnvelopeFrontList,
  type ActivityClaimRecord,
  type ActivityEnvelopeItem,
} from './api';
import { OpenEnvelopeDialog } from './OpenEnvelopeDialog';

type View = 'list' | 'records';
const VIEWS: readonly { value: View; label: string }[] = [
  { value: 'list', label: '红包活动' },
  { value: 'records', label: '我的领取' },
];
export const listQuery = {
  queryKey: keys.activityEnvelopes('list'),
  queryFn: getActivityRedEnvelopeFrontList,
};

/** The longest wait before the list asks again for an envelope about to start (a timer's upper bound). */
const MAX_WAIT_MS = 2 ** 31 - 1;

export default function RedEnvelopePage() {
  const q = useQuery(listQuery);
  const [view, setView] = useState<View>('list');
  const [opening, setOpening] = useState<ActivityEnvelopeItem | null>(null);
  useReloadAtNextStart(q.data?.list, q.data?.serverTime, q.reload);

  let body: React.ReactNode;
  if (q.loading && !q.data) body = <LoadingState />;
  else if (!q.data)
    body = <ErrorState message={q.error?.message ?? '加载失败'} onRetry={q.reload} />;
  else {
    const { list, records } = q.data;
    body = (
      <Tabs<View>
        label="活动红包"
        value={view}
        options={VIEWS}
        onChange={setView}
        look="underline"
        panelClassName="pt-3"
        panel={(v) =>
          v === 'list' ? (
            <EnvelopeList list={list} onOpen={setOpening} />
          ) : (
            <ClaimRecords records={records} />
          )
        }
      />
    );
  }
  return (
    <Page title="活动红包" back>
      <div className="mx-auto max-w-xl">{body}</div>
      {opening && (
        <OpenEnvelopeDialog
          envelope={opening}
          onClose={() => {
            setOpening(null);
            q.reload();
          }}
        />
      )}
    </Page>
  );
}

/** When an envelope on the list starts later, the list is asked again then (the server clock decides). */
function useReloadAtNextStart(
  list: ActivityEnvelopeItem[] | undefined,
  serverTime: number | undefined,
  reload: () => void,
) {
  useEffect(() => {
    if (!list || serverTime === undefined) return;
    const starts = list
      .filter((e) => e.status === FrontStatus.NOT_STARTED)
      .map((e) => e.startTimeMs - serverTime);
    if (starts.length === 0) return;
    const t = setTimeout(reload, Math.min(Math.max(Math.min(...starts), 0) + 500, MAX_WAIT_MS));
    return () => clearTimeout(t);
  }, [list, serverTime, reload]);
}

function EnvelopeList({
  list,
  onOpen,
}: {
  list: ActivityEnvelopeItem[];
  onOpen(e: ActivityEnvelopeItem): void;
}) {
  if (list.length === 0) return <EmptyState text="暂无红包活动，敬请期待" />;
  return (
    <ul aria-label="红包活动列表" className="flex flex-col gap-3">
      {list.map((e) => (
        <EnvelopeCard key={e.id} envelope={e} onOpen={() => onOpen(e)} />
      ))}
    </ul>
  );
}

const STATE_TEXT: Record<string, string> = {
  [FrontStatus.ENDED]: '已结束',
  [FrontStatus.ALL_GONE]: '已领完',
  [FrontStatus.NOT_STARTED]: '未开始',
  [FrontStatus.INELIGIBLE]: '未达条件',
};

function EnvelopeCard({ envelope: e, onOpen }: { envelope: ActivityEnvelopeItem; onOpen(): void }) {
  const live = e.status === FrontStatus.CLAIMABLE;
  const muted = e.status === FrontStatus.ENDED || e.status === FrontStatus.ALL_GONE;
  return (
    <li
      data-testid={`activity-envelope-${e.id}`}
      data-status={e.status}
      className={`overflow-hidden rounded-xl shadow-sm ring-1 ${muted ? 'bg-gray-50 ring-gray-200' : 'bg-white ring-red-200'}`}
    >
      <div
        className={`flex items-center gap-3 px-4 py-3 ${muted ? 'bg-gray-200 text-gray-800' : 'bg-gradient-to-r from-red-600 to-red-500 text-white'}`}
      >
        <span
          aria-hidden="true"
          className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-amber-300 text-lg font-bold text-red-700"
        >
          福
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-base font-semibold">{e.title}</h2>
          <p className="text-xs opacity-90">
            {e.kindName} · 总额 {e.totalAmount} 元{e.amountEach ? ` · 每人 ${e.amountEach} 元` : ''}
            {e.shares ? ` · 共 ${e.shares} 份` : ''}
          </p>
        </div>
      </div>
      <div className="flex flex-col gap-2 px-4 py-3 text-sm">
        <p className="text-gray-700">时间：{beijingRangeText(e.startTime, e.endTime)}</p>
        <p className="text-gray-700">条件：{e.condition}</p>
        <div className="flex items-center justify-between gap-3">
          <StateLine envelope={e} />
          {live && (
            <button
              type="button"
              onClick={onOpen}
              className="min-h-11 shrink-0 rounded-full bg-red-600 px-6 font-semibold text-white shadow hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600"
            >
              领取
            </button>
          )}
        </div>
      </div>
    </li>
  );
}

function StateLine({ envelope: e }: { envelope: ActivityEnvelopeItem }) {
  if (e.status === FrontStatus.CLAIMABLE) return <p className="font-medium text-red-700">可领取</p>;
  if (e.status === FrontStatus.CLAIMED)
    return (
      <p className="font-medium text-green-800" data-testid="claimed-amount">
        已领取 {e.amount} 元
      </p>
    );
  return (
    <p className="text-gray-700">
      <span className="mr-2 rounded bg-gray-200 px-1.5 py-0.5 text-xs text-gray-800">
        {STATE_TEXT[e.status]}
      </span>
      {e.status === FrontStatus.INELIGIBLE || e.status === FrontStatus.NOT_STARTED ? e.reason : ''}
    </p>
  );
}

function ClaimRecords({ records }: { records: ActivityClaimRecord[] }) {
  if (records.length === 0) return <EmptyState text="暂无领取记录" />;
  return (
    <ul
      aria-label="我的领取记录"
      className="divide-y divide-gray-100 rounded-xl bg-white shadow-sm ring-1 ring-gray-200"
    >
      {records.map((r) => (
        <li key={r.id} className="flex items-center justify-between gap-3 px-4 py-3 text-sm">
          <div className="min-w-0">
            <p className="truncate font-medium text-gray-900">{r.title}</p>
            <p className="text-xs text-gray-600">
              {r.kindName} · {r.time}
            </p>
          </div>
          <p className="shrink-0 font-semibold text-red-700">+{r.amount} 元</p>
        </li>
      ))}
    </ul>
  );
}
