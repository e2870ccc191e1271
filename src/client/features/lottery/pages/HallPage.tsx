/** /lotteryHall: every enabled lottery by family; `?key=<family>` opens that family's tab. */
import { useMemo, useRef, type KeyboardEvent } from 'react';
import { useLocation, useSearch } from '../../../router';
import { EmptyState, ErrorState, LoadingState, Page } from '../../../ui';
import { LOTTERY_FAMILIES, type LotteryFamily } from '../../../../domain/lottery';
import { FAMILY_NAMES, isFamily } from '../families';
import { useLotteries } from '../hooks/useLotteries';
import { LotteryCard } from '../components/LotteryCard';

export default function HallPage() {
  const { list, error, loading, reload } = useLotteries();
  const search = useSearch();
  const [, navigate] = useLocation();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const families = useMemo(
    () => LOTTERY_FAMILIES.filter((f) => list?.some((l) => l.family === f)),
    [list],
  );
  const wanted = new URLSearchParams(search).get('key');
  const active: LotteryFamily | undefined = isFamily(wanted) && families.includes(wanted) ? wanted : families[0];
  const select = (f: LotteryFamily) => navigate(`/lotteryHall?key=${f}`, { replace: true });
  const onKey = (e: KeyboardEvent, i: number) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const j = (i + step + families.length) % families.length;
    select(families[j]!);
    tabRefs.current[j]?.focus();
  };
  const items = list?.filter((l) => l.family === active) ?? [];

  return (
    <Page title="购彩大厅">
      {loading ? <LoadingState />
        : error ? <ErrorState message={error.message} onRetry={reload} />
        : families.length === 0 ? <EmptyState text="暂无可购彩种" />
        : (
          <>
            <div role="tablist" aria-label="彩种分类" className="-mx-4 mb-3 flex gap-2 overflow-x-auto px-4 pb-1">
              {families.map((f, i) => (
                <button
                  key={f} ref={(el) => { tabRefs.current[i] = el; }} type="button" role="tab" id={`tab-${f}`}
                  aria-selected={f === active} aria-controls="hall-panel" tabIndex={f === active ? 0 : -1}
                  onClick={() => select(f)} onKeyDown={(e) => onKey(e, i)}
                  className={`shrink-0 rounded-full px-4 py-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${f === active ? 'bg-brand font-semibold text-white' : 'bg-white text-gray-800'}`}
                >
                  {FAMILY_NAMES[f]}
                </button>
              ))}
            </div>
            <section id="hall-panel" role="tabpanel" aria-labelledby={active ? `tab-${active}` : undefined}>
              {items.length === 0 ? <EmptyState text="该分类暂无彩种" /> : (
                <ul className="grid gap-3 sm:grid-cols-2">
                  {items.map((item) => <LotteryCard key={item.lotteryCode} item={item} />)}
                </ul>
              )}
            </section>
          </>
        )}
    </Page>
  );
}
