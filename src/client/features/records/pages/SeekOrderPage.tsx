/** /seekOrder: my chases (追号) by status, with counts, load-more; tap opens the chase. */
import { useState } from 'react';
import { getChaseBetData, getChaseBetting, type ChaseRow } from '../../lottery/betsApi';
import { Page } from '../../../ui';
import { chaseTotal, formatTime, statusTone, yuan } from '../format';
import { PAGE_SIZE, usePagedList } from '../paging';
import { keys, useQuery } from '../../../query';
import { Link } from 'wouter';
import { Tabs } from '../../../ui/Tabs';
import { PagedView } from '../components/PagedView';

/** Chase statuses (chases.status): running, finished, stopped after a win, cancelled by the player. */
const TABS = [
  { value: '', label: '全部' },
  { value: 'running', label: '进行中' },
  { value: 'finished', label: '已完成' },
  { value: 'stopped', label: '追中停止' },
  { value: 'cancelled', label: '已撤销' },
] as const;
type Tab = (typeof TABS)[number]['value'];

export default function SeekOrderPage() {
  const [status, setStatus] = useState<Tab>('');
  const counts = useQuery({
    queryKey: keys.chaseRecords('counts'),
    queryFn: getChaseBetData,
    keepOffline: true,
  });
  const chases = usePagedList(
    (page) => getChaseBetting({ status: status || undefined, page, pageSize: PAGE_SIZE }),
    keys.chaseRecords({ status }),
  );
  const options = TABS.map((t) => ({
    value: t.value,
    label: t.value && counts.data ? `${t.label} ${counts.data[t.value]}` : t.label,
  }));
  return (
    <Page title="追号记录" back>
      <div className="mx-auto max-w-xl space-y-3">
        <Tabs<Tab>
          look="chips"
          label="追号状态"
          value={status}
          options={options}
          onChange={setStatus}
        />
        <PagedView list={chases} empty="暂无追号记录">
          {(items) => <ChaseList rows={items} />}
        </PagedView>
      </div>
    </Page>
  );
}

function ChaseList({ rows }: { rows: ChaseRow[] }) {
  return (
    <ul
      aria-label="追号记录"
      className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-gray-200"
    >
      {rows.map((c) => (
        <li key={c.id} className="border-b border-gray-100 last:border-0">
          <Link
            href={`/seekDetail?id=${c.id}`}
            className="block px-4 py-3 hover:bg-gray-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand"
          >
            <div className="flex items-center justify-between gap-2">
              <span className="truncate font-medium text-gray-900">
                {c.lotteryName} · {c.playName}
              </span>
              <span
                className={`shrink-0 text-sm ${statusTone(c.status === 'running' ? 'PENDING' : c.status === 'stopped' ? 'WON' : 'LOST')}`}
              >
                {c.statusText}
              </span>
            </div>
            <div className="mt-1 flex justify-between gap-2 text-sm text-gray-700">
              <span>
                起始 {c.startIssue}期 · 已追 {c.finishedCount}/{c.chaseCount}期
              </span>
              <span className="shrink-0 text-xs text-gray-600">{formatTime(c.createdAt)}</span>
            </div>
            <div className="mt-1 flex justify-between gap-2 text-sm">
              <span>
                总额 <span className="font-medium text-gray-900">{chaseTotal(c)}</span> 元
              </span>
              <span>
                中奖{' '}
                <span
                  className={`font-medium ${Number(c.winAmount) > 0 ? 'text-red-700' : 'text-gray-900'}`}
                >
                  {yuan(c.winAmount)}
                </span>{' '}
                元
              </span>
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}
