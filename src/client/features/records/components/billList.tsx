/** Rows of /billRecord: type, signed amount, balance after and time; a tap opens the detail sheet. */
import { signedYuanText } from '../../../../domain/money';
import { formatTime, profitTone, yuan } from '../format';
import type { BillRow } from './billApi';
import { ACCOUNT_LABEL } from './billTypes';

/** `owner`: whose row it is, shown first (the agent's team bills); `label`: the list's name. */
export function BillList<R extends BillRow>({
  rows,
  onOpen,
  owner,
  label = '账变记录',
}: {
  rows: R[];
  onOpen(row: R): void;
  owner?(row: R): string;
  label?: string;
}) {
  return (
    <ul
      className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-gray-200"
      aria-label={label}
    >
      {rows.map((r) => {
        const where = r.account && r.account !== 'main' ? ACCOUNT_LABEL[r.account] : '';
        const who = owner?.(r);
        return (
          <li key={r.id} className="border-b border-gray-100 last:border-0">
            <button
              type="button"
              onClick={() => onOpen(r)}
              aria-label={`${who ? `${who}：` : ''}${r.typeName} ${signedYuanText(r.amount)} 元${where ? `（${where}）` : ''}，余额 ${r.balanceAfter === null ? '-' : yuan(r.balanceAfter)}，${formatTime(r.createdAt)}`}
              className="block w-full px-4 py-3 text-left hover:bg-gray-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand"
            >
              {who && (
                <div className="mb-1 truncate text-xs text-gray-600">
                  用户 <span className="font-medium text-gray-900">{who}</span>
                </div>
              )}
              <div className="flex items-center justify-between gap-2">
                <span className="truncate font-medium text-gray-900">
                  {r.typeName}
                  {where && (
                    <span className="ml-2 rounded bg-gray-100 px-1.5 py-0.5 text-xs font-normal text-gray-700">
                      {where}
                    </span>
                  )}
                </span>
                <span
                  className={`shrink-0 font-semibold ${profitTone(r.amount)}`}
                  data-testid="bill-amount"
                >
                  {signedYuanText(r.amount)}
                </span>
              </div>
              <div className="mt-1 flex items-center justify-between gap-2 text-xs text-gray-600">
                <span>{formatTime(r.createdAt)}</span>
                <span>余额 {r.balanceAfter === null ? '-' : yuan(r.balanceAfter)}</span>
              </div>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
