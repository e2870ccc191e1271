/** 我的投注 of the long-dragon helper: the player's bets placed from the helper (source dragon). */
import { getBetting, type BetRow } from '../../lottery/betsApi';
import { EmptyState, ErrorState, LoadingState } from '../../../ui';
import { BetList } from './BetList';
import { keys, useQuery } from '../../../query';

const RECENT = 50;

/** Refreshed after a long-dragon bet by the money-action helper's invalidation (query/money.ts). */
export function DragonMyBets() {
  const q = useQuery({
    queryKey: keys.betRecords({ source: 'dragon', recent: RECENT }),
    queryFn: async (): Promise<BetRow[]> =>
      (await getBetting({ source: 'dragon', page: 1, pageSize: RECENT })).list,
  });
  if (q.loading && !q.data) return <LoadingState />;
  if (q.error) return <ErrorState message={q.error.message} onRetry={q.reload} />;
  if (!q.data?.length) return <EmptyState text="暂无投注" />;
  return (
    <div className="p-3">
      <BetList rows={q.data} />
    </div>
  );
}
