/**
 * The home page's latest big wins (getNewestBounsList, names masked by the server): below a phone's
 * first screen, so a chunk of its own that LiveSection loads when the player scrolls towards it.
 */
import { EmptyState, ErrorState, LoadingState } from '../../ui';
import { formatBeijing } from '../../../domain/time';
import { getNewestWinners } from '../lottery/betsApi';
import { keys, useQuery } from '../../query';

const WINS_SHOWN = 10;

export default function NewestWins() {
  const q = useQuery({ queryKey: keys.content('newestWins'), queryFn: getNewestWinners });
  const wins = q.data?.slice(0, WINS_SHOWN) ?? [];
  return (
    <section aria-label="最新中奖" className="mt-3 rounded-xl bg-white p-3">
      <h2 className="mb-2 font-semibold text-gray-900">最新中奖</h2>
      {q.loading && !q.data ? (
        <LoadingState />
      ) : q.error && !q.data ? (
        <ErrorState message={q.error.message} onRetry={q.reload} />
      ) : wins.length === 0 ? (
        <EmptyState text="暂无中奖记录" />
      ) : (
        <ul className="divide-y divide-gray-100 text-sm">
          {wins.map((w) => (
            <li
              key={`${w.time}-${w.userName}-${w.amount}`}
              className="flex items-center justify-between gap-2 py-2"
            >
              <span className="min-w-0 truncate text-gray-800">
                {w.userName} <span className="text-gray-500">在{w.lotteryName}</span>
              </span>
              <span className="shrink-0 text-right">
                <span className="font-semibold text-brand tabular-nums">中{w.amount}元</span>
                <span className="block text-xs text-gray-500 tabular-nums">
                  {formatBeijing(w.time, 'MM-DD HH:mm')}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
