/** The open turnover requirements (getWithdrawLimitFlowList) in a bottom drawer. */
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { EmptyState } from '../../../ui';
import { fmtTime, type TurnoverList } from '../api';

export function TurnoverDrawer({ data, open, onClose }: { data: TurnoverList; open: boolean; onClose(): void }) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-[60]">
      <div className="fixed inset-0 bg-black/50" aria-hidden="true" />
      <div className="fixed inset-x-0 bottom-0 flex justify-center">
        <DialogPanel className="max-h-[80vh] w-full max-w-xl overflow-y-auto rounded-t-2xl bg-white p-4 shadow-xl">
          <div className="mb-3 flex items-center justify-between">
            <DialogTitle className="text-base font-semibold text-gray-900">流水明细</DialogTitle>
            <button type="button" onClick={onClose} className="min-h-10 rounded-lg px-3 text-brand focus-visible:outline-2 focus-visible:outline-brand">关闭</button>
          </div>
          <p className="mb-3 text-sm text-gray-700">
            结算后的投注按时间先后计入较早的流水要求；全部完成后即可提现。尚需流水 <strong className="text-red-700">¥{data.totalRemaining}</strong>
          </p>
          {data.list.length === 0 ? <EmptyState text="暂无流水要求" /> : (
            <ul className="divide-y divide-gray-100">
              {data.list.map((f) => (
                <li key={f.id} className="py-3 text-sm">
                  <div className="flex justify-between"><span className="font-medium text-gray-900">{f.sourceName} ¥{f.amount}</span><span className="text-gray-600">{fmtTime(f.createdAt)}</span></div>
                  <div className="mt-1 grid grid-cols-3 gap-2 text-gray-700">
                    <span>要求 ¥{f.required}</span><span>已完成 ¥{f.done}</span><span className="text-red-700">剩余 ¥{f.remaining}</span>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
