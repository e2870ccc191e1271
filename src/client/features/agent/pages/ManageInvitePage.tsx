/**
 * /manageInvite (开户中心): open a downline account directly, as agent or member, with points up to my
 * own. User name and password follow the register page's rules and hashing (domain validation,
 * the account feature's form and password field, loginPasswordHash in api.ts).
 */
import { useState } from 'react';
import { Link } from 'wouter';
import { Button, ErrorState, LoadingState, Page, TextField, showToast } from '../../../ui';
import { Tabs } from '../../../ui/Tabs';
import { checkField, type FieldRule } from '../../../../domain/validation';
import type { RebatePoints } from '../../../../domain/agent/points';
import { AGENT_MSG } from '../../../../domain/agent/inviteCodes';
import { useAccountForm } from '../../../ui/form';
import { PasswordField } from '../../../ui/PasswordField';
import { FormAlert } from '../../../ui/FormAlert';
import { checkUser } from '../../account/api';
import { keys, queryClient } from '../../../query';
import { createLowerUser, type AgentFlag } from '../api';
import { useMyPoints } from '../useMyPoints';
import { PointsFields, usePoints } from '../components/PointsFields';
import { TEAM_PATH } from '../teamPath';

type Key = 'userName' | 'password' | 'confirmPassword';
const EMPTY: Record<Key, string> = { userName: '', password: '', confirmPassword: '' };
const RULES: Record<Key, FieldRule> = {
  userName: { pattern: 'userName' },
  password: { pattern: 'password' },
  confirmPassword: { pattern: 'password', sameAs: 'password', label: '密码' },
};
const KINDS = [
  { value: 0 as AgentFlag, label: '会员' },
  { value: 1 as AgentFlag, label: '代理' },
];

export default function ManageInvitePage() {
  const mine = useMyPoints();
  return (
    <Page title="开户中心" back>
      <div className="mx-auto max-w-md">
        {mine.loading ? (
          <LoadingState />
        ) : mine.error || !mine.points || !mine.suggested ? (
          <ErrorState message={mine.error?.message ?? '加载失败'} onRetry={mine.reload} />
        ) : (
          <OpenAccountForm myPoints={mine.points} initial={mine.suggested} />
        )}
      </div>
    </Page>
  );
}

function OpenAccountForm({ myPoints, initial }: { myPoints: RebatePoints; initial: RebatePoints }) {
  const f = useAccountForm(EMPTY, () => RULES);
  const bounds = { max: myPoints };
  const points = usePoints(initial, bounds);
  const [isAgent, setIsAgent] = useState<AgentFlag>(0);
  const [opened, setOpened] = useState<{ userName: string; isAgent: AgentFlag } | null>(null);

  async function onUserNameBlur() {
    const name = f.values.userName;
    if (checkField('userName', name, RULES.userName)) return;
    try {
      if ((await checkUser(name)).exists)
        f.setErrors((e) => ({ ...e, userName: AGENT_MSG.nameTaken }));
    } catch {
      /* the opening call reports it again */
    }
  }

  const run = f.onSubmit(async () => {
    const chosen = points.validate();
    if (!chosen) return;
    const { userName, password } = f.values;
    await createLowerUser(userName, password, isAgent, chosen);
    setOpened({ userName, isAgent });
    showToast('开户成功');
    await queryClient.invalidateQueries({ queryKey: keys.agent('team') });
  });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    points.validate(); // marks the point inputs even when a name or password field fails first
    void run();
  };

  if (opened) {
    return (
      <section
        role="status"
        className="rounded-xl bg-white p-4 text-center shadow-sm ring-1 ring-gray-200"
      >
        <h2 className="text-lg font-semibold text-gray-900">开户成功</h2>
        <p className="mt-2 text-gray-700">
          已为您开设{opened.isAgent ? '代理' : '会员'}账号{' '}
          <strong className="text-gray-900">{opened.userName}</strong>，请将用户名和密码告知对方。
        </p>
        <div className="mt-4 flex gap-2">
          <Link
            href={TEAM_PATH}
            className="flex min-h-11 flex-1 items-center justify-center rounded-lg border border-gray-300 text-gray-800 focus-visible:outline-2 focus-visible:outline-brand"
          >
            查看团队成员
          </Link>
          <Button
            className="flex-1"
            onClick={() => {
              f.set('userName')('');
              f.set('password')('');
              f.set('confirmPassword')('');
              setOpened(null);
            }}
          >
            继续开户
          </Button>
        </div>
      </section>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="开设下级账号" className="space-y-3">
      <section className="rounded-xl bg-white p-3 shadow-sm ring-1 ring-gray-200">
        <Tabs<AgentFlag>
          look="pills"
          label="账号类型"
          value={isAgent}
          options={KINDS}
          onChange={setIsAgent}
          className="mb-3"
        />
        {/* biome-ignore lint/a11y/noStaticElementInteractions: the blur bubbles from the user-name input inside, which is the interactive element */}
        <div onBlur={() => void onUserNameBlur()}>
          <TextField
            label="用户名"
            name="userName"
            value={f.values.userName}
            onChange={f.set('userName')}
            error={f.errors.userName}
            autoComplete="off"
            maxLength={20}
            hint="4-20位字母、数字或下划线"
          />
        </div>
        <PasswordField
          label="密码"
          name="password"
          value={f.values.password}
          onChange={f.set('password')}
          error={f.errors.password}
          autoComplete="new-password"
        />
        <PasswordField
          label="确认密码"
          name="confirmPassword"
          value={f.values.confirmPassword}
          onChange={f.set('confirmPassword')}
          error={f.errors.confirmPassword}
          autoComplete="new-password"
        />
      </section>
      <PointsFields state={points} bounds={bounds} disabled={f.busy} />
      <FormAlert message={f.formError} />
      <Button type="submit" className="w-full" loading={f.busy}>
        立即开户
      </Button>
    </form>
  );
}
