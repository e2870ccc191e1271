/** /findSecurityPassword: set the safety password the first time, or reset it by a chosen proof. */
import { useSignals } from '@preact/signals-react/runtime';
import { Page, Button, LoadingState, ErrorState, showToast } from '../../../ui';
import { useLocation } from 'wouter';
import { currentUser, refreshUser } from '../../../state/session';
import { isChangeSafetyPassword, setSafetyPassword } from '../api';
import { PasswordField } from '../../../ui/PasswordField';
import { FormAlert, FormCard } from '../../../ui/FormAlert';
import { useAccountForm } from '../../../ui/form';
import { SafetyResetForm } from '../components/SafetyResetForm';
import { keys, useQuery } from '../../../query';

export default function FindSecurityPasswordPage() {
  useSignals();
  const [, navigate] = useLocation();
  const userName = currentUser.value?.userName ?? '';
  const state = useQuery({
    queryKey: keys.account('safetyPasswordChange'),
    queryFn: isChangeSafetyPassword,
  });
  const done = () => {
    void refreshUser();
    navigate('/securityCenter', { replace: true });
  };
  const title = state.data && !state.data.hasSafetyPassword ? '设置资金密码' : '重置资金密码';
  return (
    <Page title={title} back="/securityCenter">
      <FormCard>
        {state.loading ? (
          <LoadingState />
        ) : state.error || !state.data ? (
          <ErrorState message={state.error?.message ?? '加载失败'} onRetry={state.reload} />
        ) : state.data.hasSafetyPassword ? (
          <SafetyResetForm userName={userName} onDone={done} />
        ) : (
          <FirstSafetyPassword userName={userName} onDone={done} />
        )}
      </FormCard>
    </Page>
  );
}

function FirstSafetyPassword({ userName, onDone }: { userName: string; onDone(): void }) {
  const f = useAccountForm({ password: '', safetyPassword: '', confirmSafetyPassword: '' }, () => ({
    password: { label: '登录密码', pattern: 'password' },
    safetyPassword: { label: '资金密码', pattern: 'safePassword' },
    confirmSafetyPassword: { label: '资金密码', sameAs: 'safetyPassword' },
  }));
  const submit = f.onSubmit(async () => {
    await setSafetyPassword(userName, f.values.safetyPassword, f.values.password);
    showToast('资金密码设置成功');
    onDone();
  });
  return (
    <form onSubmit={submit} noValidate>
      <p className="mb-3 text-sm text-gray-700">资金密码为6位数字，用于提现等资金操作。</p>
      <PasswordField
        label="登录密码"
        name="password"
        value={f.values.password}
        onChange={f.set('password')}
        error={f.errors.password}
      />
      <PasswordField
        label="资金密码"
        name="safetyPassword"
        digits
        value={f.values.safetyPassword}
        onChange={f.set('safetyPassword')}
        error={f.errors.safetyPassword}
        autoComplete="new-password"
      />
      <PasswordField
        label="确认资金密码"
        name="confirmSafetyPassword"
        digits
        value={f.values.confirmSafetyPassword}
        onChange={f.set('confirmSafetyPassword')}
        error={f.errors.confirmSafetyPassword}
        autoComplete="new-password"
      />
      <FormAlert message={f.formError} />
      <Button type="submit" className="w-full" loading={f.busy}>
        确认设置
      </Button>
    </form>
  );
}
