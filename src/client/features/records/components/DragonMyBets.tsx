/**
 * 我的投注 of the dragon helper: the contract's getBetting has no source filter, so this shows the
 * player's recent bets on odds plays (where every dragon bet lands).
 */
import { getPlay } from '../../../../domain/lottery';
import { getBetting, type BetRow } from '../../lottery/api';
import { EmptyState, ErrorState, LoadingState, useAsync } from '../../../ui';
import { loadLotteries } from '../lotteries';
import { BetList } from './BetList';

const RECENT = 50;

export function DragonMyBets({ version }: { version: number }) {
  const q = useAsync(async (): Promise<BetRow[]> => {
    const [lotteries, bets] = await Promise.all([loadLotteries(), getBetting({ page: 1, pageSize: RECENT })]);
    const family = new Map(lotteries.map((l) => [l.lotteryCode, l.family]));
    return bets.list.filter((b) => {
      const f = family.get(b.lotteryCode);
      return f !== undefined && getPlay(f, b.playDetailCode.slice(b.lotteryCode.length))?.model === 'odds';
    });
  }, [version]);
  if (q.loading && !q.data) return <LoadingState />;
  if (q.error) return <ErrorState message={q.error.message} onRetry={q.reload} />;
  if (!q.data?.length) return <EmptyState text="暂无投注" />;
  return <div className="p-3"><BetList rows={q.data} /></div>;
}
