/** 历史开奖: the last 50 draws in a sheet (loaded when opened: it needs the dialog library). */
import { Link } from 'wouter';
import { Button, EmptyState, ErrorState, LoadingState } from '../../../ui';
import { Sheet } from '../../../ui/Sheet';
import { formatTime } from '../families';
import { useResults } from '../hooks/useResults';
import { Balls } from './Balls';
import type { LotteryFamily } from '../../../../domain/lottery';

const HISTORY_SIZE = 50;

export default function HistoryDrawer({
  lotteryCode,
  family,
  onClose,
}: {
  lotteryCode: string;
  family?: LotteryFamily;
  onClose(): void;
}) {
  const h = useResults(lotteryCode, HISTORY_SIZE, null);
  return (
    <Sheet
      open
      title="历史开奖"
      onClose={onClose}
      footer={
        <>
          <Link
            href={`/trendChart/${lotteryCode}`}
            className="flex min-h-11 flex-1 items-center justify-center rounded-lg border border-brand font-medium text-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
          >
            查看走势图
          </Link>
          <Button variant="secondary" className="flex-1" onClick={onClose}>
            关闭
          </Button>
        </>
      }
    >
      {h.error && !h.rows ? (
        <ErrorState message={h.error.message} onRetry={h.reload} />
      ) : !h.rows ? (
        <LoadingState />
      ) : h.rows.length === 0 ? (
        <EmptyState text="暂无开奖记录" />
      ) : (
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-gray-600">
              <th className="py-1 font-normal">期号</th>
              <th className="py-1 font-normal">开奖号码</th>
              <th className="py-1 font-normal">时间</th>
            </tr>
          </thead>
          <tbody>
            {h.rows.map((r) => (
              <tr key={r.issue} className="border-t border-gray-100">
                <td className="py-2 pr-1 align-top text-xs">{r.issue}</td>
                <td className="py-2 pr-1">
                  <Balls openNumber={r.openNumber} family={family} drawnAt={r.openTime} />
                </td>
                <td className="py-2 align-top text-xs text-gray-600">{formatTime(r.openTime)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Sheet>
  );
}
