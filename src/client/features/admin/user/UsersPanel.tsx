/**
 * 用户: the users table with a name search and a status filter; a user's name opens their page
 * (/admin/user/:id: profile, records, freeze, force logout, password reset, turnover waiver).
 */
import { useState } from 'react';
import { Link } from 'wouter';
import { Select } from '../../../ui';
import { searchUsers, fmtTime, type AdminUser } from '../api';
import { FilterBar, SearchBar } from '../../../ui/AdminList';
import { DataTable } from '../layout/DataTable';
import { keys, useQuery } from '../../../query';

const STATUS_TEXT = { active: '正常', frozen: '冻结', disabled: '禁用' } as const;
type StatusFilter = AdminUser['status'] | 'all';
const STATUS_OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: '全部状态' },
  { value: 'active', label: '正常' },
  { value: 'frozen', label: '冻结' },
  { value: 'disabled', label: '禁用' },
];
const PAGE_SIZE = 20;

export function UsersPanel() {
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [page, setPage] = useState(1);
  const state = useQuery({
    queryKey: keys.admin('users', keyword, status, page),
    queryFn: () => searchUsers(keyword, page, status === 'all' ? undefined : status),
  });
  return (
    <section>
      <FilterBar label="用户筛选">
        <SearchBar
          label="用户名"
          name="keyword"
          button="搜索"
          onSearch={(k) => {
            setKeyword(k);
            setPage(1);
          }}
        />
        <Select
          label="状态"
          value={status}
          options={STATUS_OPTIONS}
          onChange={(s) => {
            setStatus(s);
            setPage(1);
          }}
        />
      </FilterBar>
      <DataTable
        label="用户列表"
        state={state}
        keyOf={(u) => u.userId}
        empty="没有找到用户"
        page={page}
        pageSize={PAGE_SIZE}
        onPage={setPage}
        caption={
          state.data && <p className="mb-2 text-sm text-gray-700">共 {state.data.total} 人</p>
        }
        columns={[
          {
            label: '用户名',
            cell: (u) => (
              <Link
                href={`/admin/user/${u.userId}`}
                className="font-medium text-brand underline-offset-2 hover:underline"
              >
                {u.userName}
              </Link>
            ),
          },
          {
            label: '身份',
            cell: (u) =>
              [u.agent && '代理', u.operator && '运营'].filter(Boolean).join('、') || '会员',
          },
          { label: '余额', cell: (u) => `¥${u.balance}`, align: 'end' },
          {
            label: '状态',
            cell: (u) => (
              <span className={u.status === 'active' ? '' : 'font-medium text-red-700'}>
                {STATUS_TEXT[u.status]}
              </span>
            ),
          },
          { label: '在线', cell: (u) => (u.online ? '在线' : '离线') },
          { label: '注册时间', cell: (u) => fmtTime(u.createdAt) },
          { label: '最近登录', cell: (u) => fmtTime(u.lastLoginAt) },
        ]}
      />
    </section>
  );
}
