/** User search with balance and status; force logout, freeze/disable. */
import { useState } from 'react';
import { Button, TextField, useAsync, LoadingState, ErrorState, EmptyState, confirmDialog, showToast } from '../../ui';
import { forceLogout, searchUsers, setStatus, fmtTime, type AdminUser } from './api';

const STATUS_TEXT = { active: '正常', frozen: '冻结', disabled: '禁用' } as const;

function Row({ u, onChanged }: { u: AdminUser; onChanged(): void }) {
  const [busy, setBusy] = useState(false);
  const run = async (text: string, fn: () => Promise<unknown>) => {
    if (!(await confirmDialog(text))) return;
    setBusy(true);
    try { await fn(); showToast('操作成功'); onChanged(); } catch (e) { showToast((e as Error).message); } finally { setBusy(false); }
  };
  return (
    <li className="rounded-lg bg-white p-3 text-sm">
      <div className="flex justify-between font-medium"><span>{u.userName}{u.agent ? '（代理）' : ''}{u.operator ? '（运营）' : ''}</span><span>¥{u.balance}</span></div>
      <p className="mt-1 text-gray-700">状态：{STATUS_TEXT[u.status]} · {u.online ? '在线' : '离线'} · 最近登录 {fmtTime(u.lastLoginAt)}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button variant="secondary" disabled={busy} onClick={() => void run(`确定强制 ${u.userName} 下线？`, () => forceLogout(u.userId))}>强制下线</Button>
        {u.status !== 'frozen' && <Button variant="secondary" disabled={busy} onClick={() => void run(`确定冻结 ${u.userName}？`, () => setStatus(u.userId, 'frozen'))}>冻结</Button>}
        {u.status !== 'disabled' && <Button variant="danger" disabled={busy} onClick={() => void run(`确定禁用 ${u.userName}？`, () => setStatus(u.userId, 'disabled'))}>禁用</Button>}
        {u.status !== 'active' && <Button disabled={busy} onClick={() => void run(`确定恢复 ${u.userName}？`, () => setStatus(u.userId, 'active'))}>恢复正常</Button>}
      </div>
    </li>
  );
}

export function UsersPanel() {
  const [input, setInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const { data, error, loading, reload } = useAsync(() => searchUsers(keyword), [keyword]);
  return (
    <section>
      <form onSubmit={(e) => { e.preventDefault(); setKeyword(input.trim()); }} className="flex items-end gap-2">
        <div className="flex-1"><TextField label="用户名" name="keyword" value={input} onChange={setInput} maxLength={20} /></div>
        <Button type="submit" className="mb-3">搜索</Button>
      </form>
      {loading ? <LoadingState /> : error ? <ErrorState message={error.message} onRetry={reload} /> : !data?.list.length ? <EmptyState text="没有找到用户" /> : (
        <><p className="mb-2 text-sm text-gray-700">共 {data.total} 人</p><ul className="space-y-2">{data.list.map((u) => <Row key={u.userId} u={u} onChanged={reload} />)}</ul></>
      )}
    </section>
  );
}
