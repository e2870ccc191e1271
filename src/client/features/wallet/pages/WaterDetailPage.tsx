/** /waterDetail[?type=611-616]: the virtual wallet's flow, newest first, with a type filter and load-more paging. */
import { useState } from 'react';
import { signedYuanText } from '../../../../domain/money';
import { txTypeName } from '../../../../domain/txTypes';
import { VW_TYPE_CODES } from '../../../../domain/wallet';
import { useSearch } from 'wouter';
import { Select } from '../../../ui';
import { PAGE_SIZE, usePagedList } from '../../records/paging';
import { getWalletLogs, type WalletLog } from '../api';
import { fenOf, formatDateTime } from '../format';
import { PagedView } from '../../records/components/PagedView';
import { WalletPage } from '../components/WalletPage';
import { keys } from '../../../query';

const TYPE_OPTIONS: { value: number; label: string }[] = [
  { value: 0, label: '全部类型' },
  ...VW_TYPE_CODES.map((code) => ({ value: code, label: txTypeName(code) })),
];

/** `?type=613` opens the list filtered (the home page links interest and pledge profit this way). */
function typeFromQuery(search: string): number {
  const t = Number(new URLSearchParams(search).get('type'));
  return VW_TYPE_CODES.includes(t) ? t : 0;
}

export default function WaterDetailPage() {
  const search = useSearch();
  const [type, setType] = useState(() => typeFromQuery(search));
  const list = usePagedList(
    (page) => getWalletLogs({ type: type || undefined, page, pageSize: PAGE_SIZE }),
    keys.walletFlows({ type }),
  );
  return (
    <WalletPage title="资金明细">
      <section aria-label="筛选" className="rounded-xl bg-white p-3 shadow-sm ring-1 ring-gray-200">
        <Select<number>
          label="账变类型"
          name="type"
          value={type}
          onChange={setType}
          options={TYPE_OPTIONS}
        />
      </section>
      <PagedView list={list} empty="暂无资金明细">
        {(items) => (
          <ul
            aria-label="资金明细"
            className="divide-y divide-gray-100 overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-gray-200"
          >
            {items.map((row) => (
              <li key={row.id}>
                <LogRow row={row} />
              </li>
            ))}
          </ul>
        )}
      </PagedView>
    </WalletPage>
  );
}

function LogRow({ row }: { row: WalletLog }) {
  const plus = fenOf(row.amount) > 0;
  return (
    <div className="flex items-center justify-between gap-3 px-4 py-3">
      <div className="min-w-0">
        <p className="text-gray-900">{row.typeName}</p>
        <p className="truncate text-xs text-gray-600">
          {formatDateTime(row.createdAt)}
          {row.remark ? ` · ${row.remark}` : ''}
        </p>
      </div>
      <span className={`shrink-0 font-semibold ${plus ? 'text-red-700' : 'text-gray-900'}`}>
        {signedYuanText(row.amount)}
      </span>
    </div>
  );
}
