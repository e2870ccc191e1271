/** The detail sheet of one bill row. */
import { signedYuanText } from '../../../../domain/money';
import { Sheet } from '../../../ui/Sheet';
import { formatTime, profitTone, yuan } from '../format';
import type { BillRow } from './billApi';
import { ACCOUNT_LABEL } from './billTypes';

export function BillDetail({ row, onClose }: { row: BillRow | null; onClose(): void }) {
  const cells: [string, string, string?][] = row
    ? [
        ['账变类型', `${row.typeName}（${row.typeCode}）`],
        ['金额（元）', signedYuanText(row.amount), profitTone(row.amount)],
        [
          '账户',
          row.account && row.account !== 'main'
            ? (ACCOUNT_LABEL[row.account] ?? row.account)
            : '主钱包',
        ],
        ['账变后余额（元）', row.balanceAfter === null ? '-' : yuan(row.balanceAfter)],
        ['时间', formatTime(row.createdAt)],
        ['流水号', String(row.id)],
        ['备注', row.remark || '无'],
      ]
    : [];
  return (
    <Sheet open={row !== null} title="账变详情" onClose={onClose}>
      <dl className="divide-y divide-gray-100">
        {cells.map(([label, value, tone]) => (
          <div key={label} className="flex justify-between gap-4 py-2 text-sm">
            <dt className="shrink-0 text-gray-600">{label}</dt>
            <dd className={`break-all text-right ${tone ?? 'text-gray-900'}`}>{value}</dd>
          </div>
        ))}
      </dl>
      {row?.account && row.account !== 'main' && (
        <p className="mt-2 text-xs leading-relaxed text-gray-600">
          这笔账变发生在{ACCOUNT_LABEL[row.account]}，主钱包余额不变。
        </p>
      )}
    </Sheet>
  );
}
