/** /betRecord: my bets with lottery, status and date filters, totals, load-more and 撤单. */
import { useMemo, useState } from 'react';
import { getBetData, getBetting, type BetRow } from '../../lottery/betsApi';
import { Page, Select } from '../../../ui';
import { BET_STATUS_OPTIONS, dateRange, RANGE_OPTIONS, type RangeKey } from '../format';
import { useLotteries } from '../../lottery/hooks/useLotteries';
import { PAGE_SIZE, usePagedList } from '../paging';
import { BetList } from '../components/BetList';
import { SummaryCard } from '../components/SummaryCard';
import { Tabs } from '../../../ui/Tabs';
import { cancelBetWithConfirm, useCancellable } from '../components/cancel';
import { invalidateAfterMoney, keys, useQuery } from '../../../query';
import { PagedView } from '../components/PagedView';

export default function BetRecordPage() {
  const lotteries = useLotteries();
  const [lotteryCode, setLotteryCode] = useState('');
  const [status, setStatus] = useState('');
  const [range, setRange] = useState<RangeKey>('today');
  const filters = useMemo(
    () => ({
      lotteryCode: lotteryCode || undefined,
      status: status || undefined,
      ...dateRange(range, Date.now()),
    }),
    [lotteryCode, status, range],
  );
  const summary = useQuery({
    queryKey: keys.betRecords({ summary: filters }),
    queryFn: () => getBetData(filters),
    keepOffline: true,
  });
  const bets = usePagedList(
    (page) => getBetting({ ...filters, page, pageSize: PAGE_SIZE }),
    keys.betRecords(filters),
  );
  const canCancel = useCancellable(bets.items);
  const [cancelling, setCancelling] = useState<number | null>(null);

  const onCancel = async (row: BetRow) => {
    setCancelling(row.id);
    const done = await cancelBetWithConfirm(row);
    setCancelling(null);
    if (done) void invalidateAfterMoney('bet');
  };

  const lotteryOptions = [
    { value: '', label: '全部彩种' },
    ...(lotteries.list ?? []).map((l) => ({ value: l.lotteryCode, label: l.lotteryName })),
  ];
  return (
    <Page title="投注记录" back>
      <div className="mx-auto max-w-xl space-y-3">
        <section
          aria-label="筛选"
          className="rounded-xl bg-white p-3 shadow-sm ring-1 ring-gray-200"
        >
          <div className="grid grid-cols-2 gap-2">
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
          <Tabs<RangeKey>
            look="chips"
            label="日期"
            value={range}
            options={RANGE_OPTIONS}
            onChange={setRange}
          />
        </section>
        {summary.data && <SummaryCard data={summary.data} />}
        {summary.error && (
          <p role="alert" className="text-sm text-red-700">
            统计加载失败：{summary.error.message}
          </p>
        )}
        <PagedView list={bets} empty="暂无投注记录">
          {(items) => (
            <BetList
              rows={items}
              share
              canCancel={canCancel}
              onCancel={(r) => void onCancel(r)}
              cancelling={cancelling}
            />
          )}
        </PagedView>
      </div>
    </Page>
  );
}
