/**
 * /admin/user/:id, the operator's page of one user: profile, grade, agent chain, balances, payout
 * accounts (masked), turnover with the waiver, the account actions, and the records (ledger, bets,
 * recharges, withdrawals, logins). Opened from the users panel; part of the console's route group.
 */
import type { ReactNode } from 'react';
import { Link, useLocation, useRoute } from 'wouter';
import { keys, useQuery } from '../../../query';
import { ErrorState, LoadingState } from '../../../ui';
import { useAdminPageHeader } from '../adminPageHeader';
import { fmtTime } from '../api';
import { ConsoleLayout } from '../layout/ConsoleLayout';
import { sectionHref } from '../layout/nav';
import { UserActions } from './UserActions';
import { UserRecords } from './UserRecords';
import { UserTurnover } from './UserTurnover';
import { getUserDetail, type UserDetail } from './userApi';

const STATUS_TEXT: Record<string, string> = { active: '正常', frozen: '冻结', disabled: '禁用' };
const CARD_KIND: Record<string, string> = { bank: '银行卡', alipay: '支付宝', weixin: '微信' };
const CARD = 'rounded-xl bg-white p-4 ring-1 ring-gray-200';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex gap-2 py-1 text-sm">
      <dt className="w-20 shrink-0 text-gray-500">{label}</dt>
      <dd className="min-w-0 break-all text-gray-900">{children}</dd>
    </div>
  );
}

function Profile({ d }: { d: UserDetail }) {
  const p = d.profile;
  const roles = [p.agent && '代理', p.operator && '运营'].filter(Boolean).join('、') || '会员';
  return (
    <section aria-label="基本资料" className={CARD}>
      <h3 className="mb-2 font-semibold text-gray-900">基本资料</h3>
      <dl>
        <Field label="用户名">
          {p.userName}（ID {p.userId}）
        </Field>
        <Field label="状态">
          <span className={p.status === 'active' ? 'text-green-800' : 'font-medium text-red-700'}>
            {STATUS_TEXT[p.status] ?? p.status}
          </span>{' '}
          · {p.online ? '在线' : '离线'}
        </Field>
        <Field label="身份">{roles}</Field>
        <Field label="等级">{d.grade.name}</Field>
        <Field label="上级链">
          {d.uplines.length === 0
            ? '无（顶级）'
            : [...d.uplines].reverse().map((u, i) => (
                <span key={u.userId}>
                  {i > 0 && ' › '}
                  <Link
                    href={`/admin/user/${u.userId}`}
                    className="text-brand underline-offset-2 hover:underline"
                  >
                    {u.userName}
                  </Link>
                </span>
              ))}
        </Field>
        <Field label="真实姓名">{p.realName || '-'}</Field>
        <Field label="手机">{p.phone || '-'}</Field>
        <Field label="邮箱">{p.email || '-'}</Field>
        <Field label="QQ">{p.qq || '-'}</Field>
        <Field label="注册">
          {fmtTime(p.createdAt)} · {p.registerIp || '-'}
        </Field>
        <Field label="最近登录">
          {fmtTime(p.lastLoginAt)} · {p.lastLoginIp || '-'}
        </Field>
      </dl>
    </section>
  );
}

function Money({ d }: { d: UserDetail }) {
  return (
    <section aria-label="资金" className={CARD}>
      <h3 className="mb-2 font-semibold text-gray-900">资金</h3>
      <dl className="grid grid-cols-2 gap-2">
        {d.balances.map((b) => (
          <div key={b.kind} className="rounded-lg bg-gray-50 p-2">
            <dt className="text-xs text-gray-500">{b.name}</dt>
            <dd className="text-lg font-semibold tabular-nums text-gray-900">¥{b.balance}</dd>
          </div>
        ))}
      </dl>
      <h3 className="mt-4 mb-2 font-semibold text-gray-900">收款账户</h3>
      {d.cards.length === 0 ? (
        <p className="text-sm text-gray-600">未绑定</p>
      ) : (
        <ul className="space-y-1 text-sm">
          {d.cards.map((c) => (
            <li key={c.id}>
              {CARD_KIND[c.kind]} {c.bankName} {c.accountNo} · {c.realName}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Detail({ userId }: { userId: number }) {
  const { data, error, loading, reload } = useQuery({
    queryKey: keys.admin('userDetail', userId),
    queryFn: () => getUserDetail(userId),
  });
  if (loading && !data) return <LoadingState />;
  if (error || !data) return <ErrorState message={error?.message ?? '加载失败'} onRetry={reload} />;
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold text-gray-900">用户详情：{data.profile.userName}</h2>
      <div className="grid gap-4 lg:grid-cols-2">
        <Profile d={data} />
        <div className="space-y-4">
          <Money d={data} />
          <UserActions d={data} onChanged={reload} />
        </div>
      </div>
      <UserTurnover d={data} onChanged={reload} />
      <UserRecords userId={userId} userName={data.profile.userName} />
    </div>
  );
}

export default function AdminUserPage() {
  const [, params] = useRoute('/admin/user/:id');
  const [, navigate] = useLocation();
  useAdminPageHeader('用户详情');
  const id = /^[1-9]\d{0,15}$/.test(params?.id ?? '') ? Number(params!.id) : null;
  return (
    <ConsoleLayout current="users" onPick={(k) => navigate(sectionHref(k))}>
      <Link
        href={sectionHref('users')}
        className="mb-3 inline-block text-sm text-brand underline-offset-2 hover:underline"
      >
        ‹ 返回用户列表
      </Link>
      {id === null ? <ErrorState message="用户不存在" /> : <Detail key={id} userId={id} />}
    </ConsoleLayout>
  );
}
