/** The open turnover requirements (getWithdrawLimitFlowList) in a bottom drawer. */
import { EmptyState } from '../../../ui';
import { Sheet } from '../../../ui/Sheet';
import { fmtTime, type TurnoverList } from '../api';

export function TurnoverDrawer({
  data,
  open,
  onClose,
}: {
  data: TurnoverList;
  open: boolean;
  onClose(): void;
}) {
  return (
    <Sheet open={open} title="流水明细" onClose={onClose}>
      <p className="mb-3 text-sm text-gray-700">
        结算后的投注按时间先后计入较早的流水要求；全部完成后即可提现。尚需流水{' '}
        <strong className="text-red-700">¥{data.totalRemaining}</strong>
      </p>
      {data.list.length === 0 ? (
        <EmptyState text="暂无流水要求" />
      ) : (
        <ul className="divide-y divide-gray-100">
          {data.list.map((f) => (
            <li key={f.id} className="py-3 text-sm">
              <div className="flex justify-between">
                <span className="font-medium text-gray-900">
                  {f.sourceName} ¥{f.amount}
                </span>
                <span className="text-gray-600">{fmtTime(f.createdAt)}</span>
              </div>
              <div className="mt-1 grid grid-cols-3 gap-2 text-gray-700">
                <span>要求 ¥{f.required}</span>
                <span>已完成 ¥{f.done}</span>
                <span className="text-red-700">剩余 ¥{f.remaining}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Sheet>
  );
}
