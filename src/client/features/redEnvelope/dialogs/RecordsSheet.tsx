/**
 * My red envelopes of the last 7 days (queryFrontReceiveRedEnvelopeByUserid): totals received and
 * sent, the envelopes of either kind (filter 全部 / 收到的 / 发出的), paged; a row opens its detail.
 */
import { useState } from 'react';
import { Sheet } from '../../../ui/Sheet';
import { EmptyState, ErrorState, LoadingState, PageNav } from '../../../ui';
import { keys, useQuery } from '../../../query';
import { getMyRecords, RECORDS_PAGE_SIZE, type RecordRow } from '../api';
import { stateLabel } from '../payload';
import { beijingDate } from '../../../../domain/time';
import { yuanText } from '../../../../domain/money';

/** the records window (spec 001 §9) */
export const RECORD_DAYS = 7;
type Filter = 'all' | RecordRow['kind'];
const FILTERS: { value: Filter; label: string }[] = [
  { value: 'all', label: '全部' },
  { value: 'received', label: '收到的' },
  { value: 'sent', label: '发出的' },
];

export function RecordsSheet({
  onDetail,
  onClose,
}: {
  onDetail(recordId: string): void;
  onClose(): void;
}) {
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<Filter>('all');
  const [range] = useState(() => ({
    start: beijingDate(Date.now(), RECORD_DAYS - 1),
    end: beijingDate(Date.now()),
  }));
  const q = useQuery({
    queryKey: keys.redEnvelopes('records', range.start, range.end, page),
    queryFn: () => getMyRecords(page, range.start, range.end),
  });
  const d = q.data;
  const pages = d ? Math.max(1, Math.ceil(d.total / RECORDS_PAGE_SIZE)) : 1;
  const rows = d ? d.list.filter((r) => filter === 'all' || r.kind === filter) : [];
  return (
    <Sheet open title="我的红包（近7天）" onClose={onClose}>
      {q.loading ? (
        <LoadingState />
      ) : q.error || !d ? (
        <ErrorState message={q.error?.message ?? '加载失败'} onRetry={q.reload} />
      ) : (
        <div>
          <dl className="grid grid-cols-2 gap-2 text-center">
            <div className="rounded-lg bg-red-50 py-2">
              <dt className="text-xs text-gray-600">共收到</dt>
              <dd
                className="text-lg font-semibold text-[#d93a26] tabular-nums"
                data-testid="records-received"
              >
                {yuanText(d.receivedTotal)}元
              </dd>
            </div>
            <div className="rounded-lg bg-gray-50 py-2">
              <dt className="text-xs text-gray-600">共发出</dt>
              <dd
                className="text-lg font-semibold text-gray-900 tabular-nums"
                data-testid="records-sent"
              >
                {yuanText(d.sentTotal)}元
              </dd>
            </div>
          </dl>
          <p className="mt-2 text-center text-[11px] text-gray-500">
            {range.start} 至 {range.end}（北京时间）
          </p>
          <fieldset className="mt-2 flex gap-2">
            <legend className="sr-only">记录类型</legend>
            {FILTERS.map((f) => (
              <button
                key={f.value}
                type="button"
                aria-pressed={filter === f.value}
                onClick={() => setFilter(f.value)}
                className={`flex-1 rounded-full border py-1 text-sm focus-visible:outline-2 focus-visible:outline-brand ${filter === f.value ? 'border-brand bg-brand text-white' : 'border-gray-300 text-gray-700'}`}
              >
                {f.label}
              </button>
            ))}
          </fieldset>
          {!rows.length ? (
            <EmptyState text="近7天没有红包记录" />
          ) : (
            <ul aria-label="红包记录" className="mt-1">
              {rows.map((r) => (
                <li key={`${r.kind}-${r.recordId}`}>
                  <button
                    type="button"
                    onClick={() => onDetail(r.recordId)}
                    className="flex w-full items-center gap-2 border-b border-gray-100 py-2 text-left focus-visible:outline-2 focus-visible:outline-brand"
                  >
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-sm text-gray-900">
                        {r.kind === 'sent'
                          ? `发出 · ${r.roomTitle || '私聊'}`
                          : `${r.senderName}的红包`}
                        {r.type === 2 ? '（拼手气）' : ''}
                      </span>
                      <span className="block truncate text-[11px] text-gray-500">
                        {r.wishingRemark}
                      </span>
                      <span className="block text-[11px] text-gray-500 tabular-nums">{r.time}</span>
                    </span>
                    <span className="text-right">
                      <span
                        className={`block text-sm tabular-nums ${r.kind === 'received' ? 'text-[#d93a26]' : 'text-gray-900'}`}
                      >
                        {r.kind === 'received' ? '+' : '-'}
                        {yuanText(r.amount)}元
                      </span>
                      {r.kind === 'sent' && (
                        <span className="block text-[11px] text-gray-500">
                          {r.receiveNum}/{r.num}个 · {stateLabel(r.state)}
                        </span>
                      )}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <PageNav page={page} pages={pages} onPage={setPage} />
        </div>
      )}
    </Sheet>
  );
}
