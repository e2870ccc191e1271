/**
 * /agentBetRecord (团队投注): the bets of the agent's team, filtered by user name, lottery, status and a
 * Beijing date range; each row is the player's own bet row (records' BetRowSummary) under whose it is.
 */
import { useState } from 'react';
import { Page, Select } from '../../../ui';
import { keys } from '../../../query';
import { BET_STATUS_OPTIONS } from '../../records/format';
import { useLotteries } from '../../lottery/hooks/useLotteries';
import { PAGE_SIZE, usePagedList } from '../../records/paging';
import { PagedView } from '../../records/components/PagedView';
import { BetRowSummary } from '../../records/components/BetList';
import { getTeamBets, type TeamBetRow } from '../api';
import { NameSearch } from '../components/NameSearch';
import { RangeFilter, useRangeValue } from '../components/RangeFilter';

export default function AgentBetRecordPage() {
  const lotteries = useLotteries();
  const [userName, setUserName] = useState('');
  const [lotteryCode, setLotteryCode] = useState('');
  const [status, setStatus] = useState('');
  const [range, setRange] = useRangeValue('today');
  const q = {
    userName: userName || undefined,
    lotteryCode: lotteryCode || undefined,
    status: status || undefined,
    startTime: range.range.startDate,
    endTime: range.range.endDate,
  };
  const bets = usePagedList<TeamBetRow>(
    (pageNum) => getTeamBets({ ...q, pageNum, pageSize: PAGE_SIZE }),
    keys.agentReports('bets', q),
  );
  const lotteryOptions = [
    { value: '', label: '全部彩种' },
    ...(lotteries.list ?? []).map((l) => ({ value: l.lotteryCode, label: l.lotteryName })),
  ];

  return (
    <Page title="团队投注" back>
      <div className="mx-auto max-w-xl space-y-3">
        <section
          aria-label="筛选"
          className="space-y-1 rounded-xl bg-white p-3 shadow-sm ring-1 ring-gray-200"
        >
          <NameSearch value={userName} onSearch={setUserName} />
          <div className="mt-2 grid grid-cols-2 gap-2">
            <Select<string>
              label="彩种"
              name="lotteryCode"
              value={lotteryCode}
              onChange={setLotteryCode}
              options={lotteryOptions}
            />
            <Select<string>
              label="状态"
              name="status"
              value={status}
              onChange={setStatus}
              options={BET_STATUS_OPTIONS}
            />
          </div>
          <RangeFilter value={range} onChange={setRange} />
        </section>
        <PagedView list={bets} empty={userName ? '该用户在此期间暂无投注' : '团队暂无投注记录'}>
          {(items) => (
            <ul
              className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-gray-200"
              aria-label="团队投注记录"
            >
              {items.map((r) => (
                <li key={r.id} className="border-b border-gray-100 px-4 py-3 last:border-0">
                  <div className="mb-1 flex items-center justify-between gap-2 text-xs text-gray-600">
                    <span className="truncate">
                      用户{' '}
                      <span className="font-medium text-gray-900" data-testid="bet-user">
                        {r.userName}
                      </span>
                    </span>
                    <span className="shrink-0">单号 {r.orderNo}</span>
                  </div>
                  <BetRowSummary row={r} />
                </li>
              ))}
            </ul>
          )}
        </PagedView>
      </div>
    </Page>
  );
}
