/** /personalInfo (the "我的" tab): avatar, names, balance, grade, the wallet / records / account menus and logout. */
import { useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { Page, Button, Spinner, LoadingState, confirmDialog, showToast } from '../../../ui';
import { Link, useLocation } from 'wouter';
import { currentUser, setUser, clearUser } from '../../../state/session';
import { tenantConfig } from '../../../state/tenant';
import { infoUpdate, logout, queryBalance } from '../api';
import { dropOnLogout } from '../../push/subscription';
import { AvatarPicker } from '../components/AvatarPicker';
import { NickNameEditor } from '../components/NickNameEditor';
import { MenuList, type MenuRow } from '../components/MenuList';
import { keys, useQuery } from '../../../query';
import { UnreadLettersBadge } from '../../letters/UnreadBadge';
import { agentMenu } from '../../agent/menu';
import { gradeShow } from '../../../../domain/grades';

/** The wallet entries; 虚拟钱包 only when the tenant has the virtual wallet (yuebaoEnable). */
function walletMenu(yuebao: boolean): MenuRow[] {
  return [
    { href: '/recharge/banktransfer', label: '充值' },
    { href: '/withdraw', label: '提现' },
    { href: '/bankCard', label: '银行卡' },
    { href: '/virtualCoin', label: '虚拟币地址' },
    ...(yuebao ? [{ href: '/accountTotal', label: '虚拟钱包' }] : []),
  ];
}

const RECORDS_MENU: MenuRow[] = [
  { href: '/billRecord', label: '账变记录' },
  { href: '/betRecord', label: '投注记录' },
  { href: '/seekOrder', label: '追号记录' },
  { href: '/PLstatement', label: '今日盈亏' },
];

const ACCOUNT_MENU: MenuRow[] = [
  { href: '/securityCenter', label: '安全中心' },
  { href: '/personalLevel', label: '个人等级' },
  { href: '/help', label: '帮助' },
  { href: '/about', label: '关于' },
];

export default function PersonalInfoPage() {
  useSignals();
  const [, navigate] = useLocation();
  const user = currentUser.value;
  const [picking, setPicking] = useState(false);
  const [editing, setEditing] = useState(false);
  const [leaving, setLeaving] = useState(false);

  if (!user)
    return (
      <Page title="我的">
        <LoadingState />
      </Page>
    );

  async function save(fields: Parameters<typeof infoUpdate>[0], done: string) {
    await setUser(await infoUpdate(fields));
    showToast(done);
  }

  async function onLogout() {
    if (!(await confirmDialog('确定要退出登录吗？', { okText: '退出', cancelText: '取消' })))
      return;
    setLeaving(true);
    await dropOnLogout();
    try {
      await logout();
    } catch {
      /* the session ends locally either way */
    }
    await clearUser();
    navigate('/index', { replace: true });
  }

  const accountMenu = user.operator
    ? [...ACCOUNT_MENU, { href: '/admin', label: '管理后台' }]
    : ACCOUNT_MENU;
  return (
    <Page title="我的">
      <div className="mx-auto max-w-xl">
        <section className="mb-4 flex flex-col items-center rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
          <button
            type="button"
            onClick={() => setPicking(true)}
            aria-label="更换头像"
            className="h-20 w-20 overflow-hidden rounded-full bg-gray-100 ring-2 ring-brand/30 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
          >
            {user.avatar ? (
              <img src={user.avatar} alt="" className="h-full w-full object-cover" />
            ) : (
              <span className="text-2xl text-gray-500">{user.userName.slice(0, 1)}</span>
            )}
          </button>
          <p className="mt-2 text-lg font-semibold text-gray-900">
            {user.nickName || user.userName}
          </p>
          <p className="text-sm text-gray-600">用户名：{user.userName}</p>
          <div className="mt-2 flex items-center gap-3">
            <Link
              href="/personalLevel"
              className="rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900 focus-visible:outline-2 focus-visible:outline-brand"
            >
              {gradeShow(user.grade)}
            </Link>
            {!editing && (
              <button
                type="button"
                onClick={() => setEditing(true)}
                className="min-h-11 px-2 text-sm text-brand focus-visible:outline-2 focus-visible:outline-brand"
              >
                修改昵称
              </button>
            )}
          </div>
          {editing && (
            <NickNameEditor
              initial={user.nickName}
              onCancel={() => setEditing(false)}
              onSave={async (v) => {
                await save({ nickName: v }, '昵称已更新');
                setEditing(false);
              }}
            />
          )}
        </section>
        <Balance />
        <MenuHeading>钱包</MenuHeading>
        <MenuList rows={walletMenu(tenantConfig.value?.yuebaoEnable === true)} label="钱包" />
        <MenuHeading>记录</MenuHeading>
        <MenuList rows={RECORDS_MENU} label="记录" />
        <MenuHeading>消息</MenuHeading>
        <MenuList
          rows={[
            { href: '/letter', label: '站内信', detail: <UnreadLettersBadge /> },
            { href: '/notice', label: '网站公告' },
          ]}
          label="消息"
        />
        <MenuHeading>代理</MenuHeading>
        <MenuList rows={agentMenu(user.agent)} label="代理" />
        <MenuHeading>账户</MenuHeading>
        <MenuList rows={accountMenu} label="个人中心菜单" />
        <Button
          variant="secondary"
          className="w-full"
          loading={leaving}
          onClick={() => void onLogout()}
        >
          退出登录
        </Button>
      </div>
      <AvatarPicker
        open={picking}
        current={user.avatar}
        onClose={() => setPicking(false)}
        onPick={(url) => save({ avatar: url }, '头像已更新')}
      />
    </Page>
  );
}

function MenuHeading({ children }: { children: string }) {
  return <h2 className="mb-2 px-1 text-sm font-semibold text-gray-700">{children}</h2>;
}

function Balance() {
  const q = useQuery({ queryKey: keys.balance(), queryFn: queryBalance });
  return (
    <section
      className="mb-4 flex items-center justify-between rounded-xl bg-gradient-to-br from-brand to-red-800 p-4 text-white"
      aria-live="polite"
    >
      <div>
        <p className="text-sm opacity-90">账户余额（元）</p>
        <p className="text-2xl font-bold">
          {q.loading && !q.data ? (
            <Spinner />
          ) : q.error ? (
            <span className="text-base" role="alert">
              {q.error.message}
            </span>
          ) : (
            q.data?.balance
          )}
        </p>
      </div>
      <button
        type="button"
        onClick={q.reload}
        disabled={q.fetching}
        className="min-h-11 rounded-lg bg-white/20 px-3 text-sm focus-visible:outline-2 focus-visible:outline-white disabled:opacity-60"
      >
        {q.fetching ? '刷新中' : '刷新'}
      </button>
    </section>
  );
}
