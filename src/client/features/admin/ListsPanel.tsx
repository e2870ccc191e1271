/** Code outbox and a user's ledger transfers. */
import { useState } from 'react';
import { getOutbox, getTransfers, fmtTime } from './api';
import { AdminList, SearchBar } from './AdminList';
import { keys, useQuery } from '../../query';

export function OutboxPanel() {
  const state = useQuery({ queryKey: keys.admin('outbox'), queryFn: getOutbox });
  return (
    <AdminList state={state} empty="暂无验证码记录" keyOf={(r) => r.id}>
      {(r) => (
        <>
          <p className="font-medium">{r.channel === 'mail' ? '邮件' : '短信'} → {r.target}（{r.purpose}）</p>
          <p className="text-gray-800">{r.message}</p>
          <p className="text-xs text-gray-600">{fmtTime(r.createdAt)}</p>
        </>
      )}
    </AdminList>
  );
}

export function LedgerPanel() {
  const [userName, setUserName] = useState('');
  const state = useQuery({ queryKey: keys.admin('transfers', userName), queryFn: () => getTransfers(userName) });
  return (
    <section>
      <SearchBar label="用户名" name="ledgerUser" button="查询" onSearch={setUserName} />
      <AdminList state={state} empty="暂无流水" keyOf={(t) => t.id}>
        {(t) => (
          <>
            <div className="flex justify-between font-medium"><span>{t.userName} · {t.typeName}</span><span className={t.amount.startsWith('-') ? 'text-green-800' : 'text-red-700'}>{t.amount}</span></div>
            <p className="text-gray-700">余额 {t.balanceAfter} · {t.remark || '-'} · {t.operatorName || '系统'}</p>
            <p className="text-xs text-gray-600">{fmtTime(t.createdAt)}</p>
          </>
        )}
      </AdminList>
    </section>
  );
}
