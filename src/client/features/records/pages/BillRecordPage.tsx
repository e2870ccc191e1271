/**
 * /billRecord (账变记录): my ledger movements with a type filter (groups and single types), date
 * chips, income/expense totals, load-more paging and a detail sheet per row.
 */
import { useMemo, useRef, useState } from 'react';
import { Page } from '../../../ui';
import { PAGE_SIZE, usePagedList } from '../paging';
import { getBills, type BillRow, type BillSummary as Summary } from '../components/billApi';
import { BillDetail } from '../components/billDetail';
import { BillFilter, billRange, type BillFilterValue } from '../components/billFilter';
import { BillList } from '../components/billList';
import { BillSummary } from '../components/billSummary';
import { typeCodeParam } from '../components/billTypes';
import { keys } from '../../../query';
import { PagedView } from '../components/PagedView';

export default function BillRecordPage() {
  const [filter, setFilter] = useState<BillFilterValue>({ group: '', code: 0, range: 'today' });
  const query = useMemo(
    () => ({
      typeCode: typeCodeParam(filter.group, filter.code),
      ...billRange(filter.range, Date.now()),
    }),
    [filter],
  );
  const key = JSON.stringify(query);
  const [summary, setSummary] = useState<{ key: string; data: Summary } | null>(null);
  const latestKey = useRef(key);
  latestKey.current = key;
  const bills = usePagedList(async (page) => {
    const r = await getBills({ ...query, page, pageSize: PAGE_SIZE });
    // A late answer for filters no longer shown must not replace the totals.
    if (latestKey.current === key) setSummary({ key, data: r.summary });
    return r;
  }, keys.bill(query));
  const [open, setOpen] = useState<BillRow | null>(null);

  return (
    <Page title="账变记录" back>
      <div className="mx-auto max-w-xl space-y-3">
        <BillFilter value={filter} onChange={setFilter} />
        {summary?.key === key && <BillSummary data={summary.data} />}
        <PagedView list={bills} empty="暂无账变记录">
          {(items) => <BillList rows={items} onOpen={setOpen} />}
        </PagedView>
      </div>
      <BillDetail row={open} onClose={() => setOpen(null)} />
    </Page>
  );
}
