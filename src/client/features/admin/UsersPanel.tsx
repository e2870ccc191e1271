/** User search with balance and status; force logout, freeze/disable. */
import { useState } from 'react';
import { Button } from '../../ui';
import { forceLogout, searchUsers, setStatus, fmtTime, type AdminUser } from './api';
import { AdminList, SearchBar, useConfirmedAction } from './AdminList';
import { keys, useQuery } from '../../query';

const STATUS_TEXT = { active: '正常', frozen: '冻结', disabled: '禁用' } as const;

function UserRow({ u, onChanged }: { u: AdminUser; onChanged(): void }) {
  const { busy, run } = useConfirmedAction(onChanged);
  return (
    <>
      <div className="flex justify-between font-medium"><span>{u.userName}{u.agent ? '（代理）' : ''}{u.operator ? '（运营）' : ''}</span><span>¥{u.balance}</span></div>
      <p className="mt-1 text-gray-700">状态：{STATUS_TEXT[u.status]} · {u.online ? '在线' : '离线'} · 最近登录 {fmtTime(u.lastLoginAt)}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button variant="secondary" disabled={busy} onClick={() => void run(`确定强制 ${u.userName} 下线？`, () => forceLogout(u.userId))}>强制下线</Button>
        {u.status !== 'frozen' && <Button variant="secondary" disabled={busy} onClick={() => void run(`确定冻结 ${u.userName}？`, () => setStatus(u.userId, 'frozen'))}>冻结</Button>}
        {u.status !== 'disabled' && <Button variant="danger" disabled={busy} onClick={() => void run(`确定禁用 ${u.userName}？`, () => setStatus(u.userId, 'disabled'))}>禁用</Button>}
        {u.status !== 'active' && <Button disabled={busy} onClick={() => void run(`确定恢复 ${u.userName}？`, () => setStatus(u.userId, 'active'))}>恢复正常</Button>}
      </div>
    </>
  );
}

export function UsersPanel() {
  const [keyword, setKeyword] = useState('');
  const state = useQuery({ queryKey: keys.admin('users', keyword), queryFn: () => searchUsers(keyword) });
  return (
    <section>
      <SearchBar label="用户名" name="keyword" button="搜索" onSearch={setKeyword} />
      <AdminList state={state} empty="没有找到用户" keyOf={(u) => u.userId} totalText={(n) => `共 ${n} 人`}>
        {(u) => <UserRow u={u} onChanged={state.reload} />}
      </AdminList>
    </section>
  );
}
