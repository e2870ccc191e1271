/**
 * A user's records on their page, one tab each, every list paged: the ledger (账变), bets,
 * recharges, withdrawals and the login history (Beijing time, IP). The ledger, recharges and
 * withdrawals are the console's own lists filtered by the user's name.
 */
import { useState, type ReactNode } from 'react';
import { keys, useQuery } from '../../../query';
import { Tabs } from '../../../ui/Tabs';
import { getRechargeOrders } from '../payments/api';
import { adminList } from '../../withdraw/api';
import { fmtTime, getTransfers } from '../api';
import { DataTable } from '../layout/DataTable';
import { getUserBets, getUserLogins, USER_PAGE_SIZE } from './userApi';

type Kind = 'ledger' | 'bets' | 'recharge' | 'withdraw' | 'logins';
const KINDS: { value: Kind; label: string }[] = [
  { value: 'ledger', label: '账变记录' },
  { value: 'bets', label: '投注记录' },
  { value: 'recharge', label: '充值记录' },
  { value: 'withdraw', label: '提现记录' },
  { value: 'logins', label: '登录记录' },
];
/** The ledger list's own page size (api.ts getTransfers). */
const LEDGER_PAGE_SIZE = 30;

interface Who {
  userId: number;
  userName: string;
}

function Ledger({ userName }: Who) {
  const [page, setPage] = useState(1);
  const state = useQuery({
    queryKey: keys.admin('userLedger', userName, page),
    queryFn: () => getTransfers(userName, page),
  });
  return (
    <DataTable
      label="账变记录"
      state={state}
      keyOf={(r) => r.id}
      empty="暂无账变"
      page={page}
      pageSize={LEDGER_PAGE_SIZE}
      onPage={setPage}
      columns={[
        { label: '时间', cell: (r) => fmtTime(r.createdAt) },
        { label: '类型', cell: (r) => r.typeName },
        { label: '金额', cell: (r) => r.amount, align: 'end' },
        { label: '余额', cell: (r) => r.balanceAfter ?? '-', align: 'end' },
        { label: '备注', cell: (r) => r.remark || '-' },
        { label: '操作人', cell: (r) => r.operatorName || '-' },
      ]}
    />
  );
}

function Bets({ userId }: Who) {
  const [page, setPage] = useState(1);
  const state = useQuery({
    queryKey: keys.admin('userBets', userId, page),
    queryFn: () => getUserBets(userId, page),
  });
  return (
    <DataTable
      label="投注记录"
      state={state}
      keyOf={(r) => r.orderNo}
      empty="暂无投注"
      page={page}
      pageSize={USER_PAGE_SIZE}
      onPage={setPage}
      columns={[
        { label: '时间', cell: (r) => fmtTime(r.createdAt) },
        { label: '彩种', cell: (r) => `${r.lotteryName} ${r.issue}期` },
        { label: '玩法', cell: (r) => r.playName },
        {
          label: '号码',
          cell: (r) => (
            <span className="block max-w-48 truncate" title={r.bettingNumber}>
              {r.bettingNumber}
            </span>
          ),
        },
        { label: '金额', cell: (r) => r.amount, align: 'end' },
        { label: '派奖', cell: (r) => r.payout, align: 'end' },
        { label: '状态', cell: (r) => r.statusText },
      ]}
    />
  );
}

function Recharges({ userName }: Who) {
  const [page, setPage] = useState(1);
  const state = useQuery({
    queryKey: keys.admin('userRecharges', userName, page),
    queryFn: () => getRechargeOrders({ userName, page }),
  });
  return (
    <DataTable
      label="充值记录"
      state={state}
      keyOf={(r) => r.id}
      empty="暂无充值"
      page={page}
      pageSize={USER_PAGE_SIZE}
      onPage={setPage}
      columns={[
        { label: '时间', cell: (r) => fmtTime(r.createdAt) },
        { label: '订单号', cell: (r) => r.orderNo },
        { label: '渠道', cell: (r) => r.channelName },
        { label: '金额', cell: (r) => r.amount, align: 'end' },
        { label: '状态', cell: (r) => r.statusName },
        {
          label: '审核',
          cell: (r) =>
            r.status === 'pending' ? '-' : `${r.operatorName || '-'} ${fmtTime(r.reviewedAt)}`,
        },
      ]}
    />
  );
}

function Withdrawals({ userName }: Who) {
  const [page, setPage] = useState(1);
  const state = useQuery({
    queryKey: keys.admin('userWithdrawals', userName, page),
    queryFn: () => adminList(page, undefined, userName),
  });
  return (
    <DataTable
      label="提现记录"
      state={state}
      keyOf={(r) => r.id}
      empty="暂无提现"
      page={page}
      pageSize={USER_PAGE_SIZE}
      onPage={setPage}
      columns={[
        { label: '时间', cell: (r) => fmtTime(r.createdAt) },
        { label: '订单号', cell: (r) => r.orderNo },
        { label: '金额', cell: (r) => r.amount, align: 'end' },
        { label: '手续费', cell: (r) => r.fee, align: 'end' },
        { label: '收款账户', cell: (r) => `${r.accountName} ${r.accountNo}` },
        { label: '状态', cell: (r) => r.statusName },
      ]}
    />
  );
}

function Logins({ userId }: Who) {
  const [page, setPage] = useState(1);
  const state = useQuery({
    queryKey: keys.admin('userLogins', userId, page),
    queryFn: () => getUserLogins(userId, page),
  });
  return (
    <DataTable
      label="登录记录"
      state={state}
      keyOf={(r) => r.id}
      empty="暂无登录记录"
      page={page}
      pageSize={USER_PAGE_SIZE}
      onPage={setPage}
      columns={[
        { label: '登录时间（北京时间）', cell: (r) => fmtTime(r.createdAt) },
        { label: 'IP', cell: (r) => r.ip || '-' },
        {
          label: '设备',
          cell: (r) => (
            <span className="block max-w-96 truncate" title={r.userAgent}>
              {r.userAgent || '-'}
            </span>
          ),
        },
      ]}
    />
  );
}

const LISTS: Record<Kind, (w: Who) => ReactNode> = {
  ledger: Ledger,
  bets: Bets,
  recharge: Recharges,
  withdraw: Withdrawals,
  logins: Logins,
};

export function UserRecords(who: Who) {
  const [kind, setKind] = useState<Kind>('ledger');
  const List = LISTS[kind];
  return (
    <section aria-label="记录" className="rounded-xl bg-white p-4 ring-1 ring-gray-200">
      <Tabs<Kind>
        look="underline"
        label="用户记录"
        value={kind}
        options={KINDS}
        onChange={setKind}
        className="mb-3"
        panel={() => (
          <div className="pt-3">
            <List {...who} />
          </div>
        )}
      />
    </section>
  );
}
