/**
 * /agentBillRecord (团队账变): the ledger movements of the agent's team, with the type groups, single
 * types and date chips of the player's own /billRecord (records' BillFilter) and a user-name search;
 * rows and the detail sheet are the player's own, with whose row it is.
 */
import { useState } from 'react';
import { Page } from '../../../ui';
import { keys } from '../../../query';
import { PAGE_SIZE, usePagedList } from '../../records/paging';
import { PagedView } from '../../records/components/PagedView';
import type { BillRow } from '../../records/components/billApi';
import { BillDetail } from '../../records/components/billDetail';
import { BillFilter, billRange, type BillFilterValue } from '../../records/components/billFilter';
import { BillList } from '../../records/components/billList';
import { typeCodeParam } from '../../records/components/billTypes';
import { getTeamBills, type TeamBillRow } from '../api';
import { NameSearch } from '../components/NameSearch';
import { rangeText } from '../components/RangeFilter';

export default function AgentBillRecordPage() {
  const [userName, setUserName] = useState('');
  const [filter, setFilter] = useState<BillFilterValue>({ group: '', code: 0, range: 'today' });
  const dates = billRange(filter.range, Date.now());
  const q = {
    userName: userName || undefined,
    type: typeCodeParam(filter.group, filter.code),
    startTime: dates.startDate,
    endTime: dates.endDate,
  };
  const bills = usePagedList<TeamBillRow>(
    (pageNum) => getTeamBills({ ...q, pageNum, pageSize: PAGE_SIZE }),
    keys.agentReports('bills', q),
  );
  const [open, setOpen] = useState<BillRow | null>(null);

  return (
    <Page title="团队账变" back>
      <div className="mx-auto max-w-xl space-y-3">
        <section
          aria-label="用户筛选"
          className="rounded-xl bg-white p-3 shadow-sm ring-1 ring-gray-200"
        >
          <NameSearch value={userName} onSearch={setUserName} />
        </section>
        <BillFilter value={filter} onChange={setFilter} />
        <p className="text-xs text-gray-600">
          统计日期：{rangeText(dates)}（北京时间，金额单位：元）
        </p>
        <PagedView list={bills} empty={userName ? '该用户在此期间暂无账变' : '团队暂无账变记录'}>
          {(items) => (
            <BillList<TeamBillRow>
              rows={items}
              onOpen={setOpen}
              label="团队账变记录"
              owner={(r) => r.userName}
            />
          )}
        </PagedView>
      </div>
      <BillDetail row={open} onClose={() => setOpen(null)} />
    </Page>
  );
}
