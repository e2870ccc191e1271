/** /lotteryHall: every enabled lottery by family; `?key=<family>` opens that family's tab. */
import { useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { EmptyState, ErrorState, LoadingState, Page } from '../../../ui';
import { LOTTERY_FAMILIES, type LotteryFamily } from '../../../../domain/lottery';
import { FAMILY_NAMES, isFamily } from '../families';
import { useLotteries } from '../hooks/useLotteries';
import { LotteryCard } from '../components/LotteryCard';
import { Tabs } from '../../../ui/Tabs';

export default function HallPage() {
  const { list, error, loading, reload } = useLotteries();
  const search = useSearch();
  const [, navigate] = useLocation();
  const families = useMemo(
    () => LOTTERY_FAMILIES.filter((f) => list?.some((l) => l.family === f)),
    [list],
  );
  const wanted = new URLSearchParams(search).get('key');
  const active: LotteryFamily | undefined =
    isFamily(wanted) && families.includes(wanted) ? wanted : families[0];
  const select = (f: LotteryFamily) => navigate(`/lotteryHall?key=${f}`, { replace: true });
  const items = list?.filter((l) => l.family === active) ?? [];

  return (
    <Page title="购彩大厅">
      {loading ? (
        <LoadingState />
      ) : error ? (
        <ErrorState message={error.message} onRetry={reload} />
      ) : families.length === 0 ? (
        <EmptyState text="暂无可购彩种" />
      ) : (
        <Tabs
          look="scroll"
          className="-mx-4 mb-3 px-4"
          label="彩种分类"
          value={active ?? families[0]!}
          onChange={select}
          options={families.map((f) => ({ value: f, label: FAMILY_NAMES[f] }))}
          panel={() =>
            items.length === 0 ? (
              <EmptyState text="该分类暂无彩种" />
            ) : (
              <ul className="grid gap-3 sm:grid-cols-2">
                {items.map((item) => (
                  <LotteryCard key={item.lotteryCode} item={item} />
                ))}
              </ul>
            )
          }
        />
      )}
    </Page>
  );
}
