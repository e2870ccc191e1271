/** Code outbox and a user's ledger transfers. */
import { useState } from 'react';
import { Button, TextField, useAsync, LoadingState, ErrorState, EmptyState } from '../../ui';
import { getOutbox, getTransfers, fmtTime } from './api';

export function OutboxPanel() {
  const { data, error, loading, reload } = useAsync(() => getOutbox(), []);
  if (loading) return <LoadingState />;
  if (error) return <ErrorState message={error.message} onRetry={reload} />;
  if (!data?.list.length) return <EmptyState text="暂无验证码记录" />;
  return (
    <ul className="space-y-2">
      {data.list.map((r) => (
        <li key={r.id} className="rounded-lg bg-white p-3 text-sm">
          <p className="font-medium">{r.channel === 'mail' ? '邮件' : '短信'} → {r.target}（{r.purpose}）</p>
          <p className="text-gray-800">{r.message}</p>
          <p className="text-xs text-gray-600">{fmtTime(r.createdAt)}</p>
        </li>
      ))}
    </ul>
  );
}

export function LedgerPanel() {
  const [input, setInput] = useState('');
  const [userName, setUserName] = useState('');
  const { data, error, loading, reload } = useAsync(() => getTransfers(userName), [userName]);
  return (
    <section>
      <form onSubmit={(e) => { e.preventDefault(); setUserName(input.trim()); }} className="flex items-end gap-2">
        <div className="flex-1"><TextField label="用户名" name="ledgerUser" value={input} onChange={setInput} maxLength={20} /></div>
        <Button type="submit" className="mb-3">查询</Button>
      </form>
      {loading ? <LoadingState /> : error ? <ErrorState message={error.message} onRetry={reload} /> : !data?.list.length ? <EmptyState text="暂无流水" /> : (
        <ul className="space-y-2">
          {data.list.map((t) => (
            <li key={t.id} className="rounded-lg bg-white p-3 text-sm">
              <div className="flex justify-between font-medium"><span>{t.userName} · {t.typeName}</span><span className={t.amount.startsWith('-') ? 'text-green-800' : 'text-red-700'}>{t.amount}</span></div>
              <p className="text-gray-700">余额 {t.balanceAfter} · {t.remark || '-'} · {t.operatorName || '系统'}</p>
              <p className="text-xs text-gray-600">{fmtTime(t.createdAt)}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
