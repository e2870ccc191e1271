/** Code outbox and a user's ledger transfers. */
import { useState } from 'react';
import { getOutbox, getTransfers, fmtTime, type OutboxRow, type TransferRow } from '../api';
import { AdminList, FilterBar, SearchBar, type Column } from '../../../ui/AdminList';
import { keys, useQuery } from '../../../query';

const OUTBOX_COLUMNS: Column<OutboxRow>[] = [
  { label: '时间', cell: (r) => fmtTime(r.createdAt), className: 'whitespace-nowrap tabular-nums' },
  { label: '方式', cell: (r) => (r.channel === 'mail' ? '邮件' : '短信') },
  { label: '接收方', cell: (r) => r.target, className: 'break-all' },
  { label: '用途', cell: (r) => r.purpose },
  { label: '内容', cell: (r) => r.message },
];

export function OutboxPanel() {
  const state = useQuery({ queryKey: keys.admin('outbox'), queryFn: getOutbox });
  return (
    <AdminList
      state={state}
      empty="暂无验证码记录"
      keyOf={(r) => r.id}
      label="验证码记录"
      columns={OUTBOX_COLUMNS}
    >
      {(r) => (
        <>
          <p className="font-medium">
            {r.channel === 'mail' ? '邮件' : '短信'} → {r.target}（{r.purpose}）
          </p>
          <p className="text-gray-800">{r.message}</p>
          <p className="text-xs text-gray-600">{fmtTime(r.createdAt)}</p>
        </>
      )}
    </AdminList>
  );
}

const amountClass = (t: TransferRow) =>
  t.amount.startsWith('-') ? 'text-green-800' : 'text-red-700';

const TRANSFER_COLUMNS: Column<TransferRow>[] = [
  { label: '时间', cell: (t) => fmtTime(t.createdAt), className: 'whitespace-nowrap tabular-nums' },
  { label: '用户', cell: (t) => t.userName || '-' },
  { label: '类型', cell: (t) => t.typeName },
  { label: '金额', cell: (t) => <span className={amountClass(t)}>{t.amount}</span>, align: 'end' },
  { label: '余额', cell: (t) => t.balanceAfter || '-', align: 'end' },
  { label: '备注', cell: (t) => t.remark || '-' },
  { label: '操作人', cell: (t) => t.operatorName || '系统' },
];

export function LedgerPanel() {
  const [userName, setUserName] = useState('');
  const state = useQuery({
    queryKey: keys.admin('transfers', userName),
    queryFn: () => getTransfers(userName),
  });
  return (
    <section>
      <FilterBar label="流水筛选">
        <SearchBar label="用户名" name="ledgerUser" button="查询" onSearch={setUserName} />
      </FilterBar>
      <AdminList
        state={state}
        empty="暂无流水"
        keyOf={(t) => t.id}
        label="资金流水"
        columns={TRANSFER_COLUMNS}
      >
        {(t) => (
          <>
            <div className="flex justify-between font-medium">
              <span>
                {t.userName} · {t.typeName}
              </span>
              <span className={amountClass(t)}>{t.amount}</span>
            </div>
            <p className="text-gray-700">
              余额 {t.balanceAfter} · {t.remark || '-'} · {t.operatorName || '系统'}
            </p>
            <p className="text-xs text-gray-600">{fmtTime(t.createdAt)}</p>
          </>
        )}
      </AdminList>
    </section>
  );
}
