/** /resetLoginPassword (logged in): old password + new password → resetPassword. */
import { useSignals } from '@preact/signals-react/runtime';
import { useLocation } from '../../../router';
import { Page, Button, showToast } from '../../../ui';
import { currentUser } from '../../../state/session';
import { resetPassword } from '../api';
import { PasswordField } from '../components/PasswordField';
import { FormAlert, FormCard } from '../components/FormAlert';
import { useAccountForm } from '../components/form';

export default function ResetLoginPasswordPage() {
  useSignals();
  const [, navigate] = useLocation();
  const userName = currentUser.value?.userName ?? '';
  const f = useAccountForm({ oldPassword: '', password: '', confirmPassword: '' }, () => ({
    oldPassword: { pattern: 'password' },
    password: { label: '新密码', pattern: 'password', differentFrom: 'oldPassword' },
    confirmPassword: { label: '密码', sameAs: 'password' },
  }));

  const submit = f.onSubmit(async () => {
    await resetPassword(userName, f.values.oldPassword, f.values.password);
    showToast('登录密码修改成功');
    navigate('/securityCenter', { replace: true });
  });

  return (
    <Page title="修改登录密码" back="/securityCenter">
      <FormCard>
        <form onSubmit={submit} noValidate>
          <PasswordField label="原密码" name="oldPassword" value={f.values.oldPassword} onChange={f.set('oldPassword')} error={f.errors.oldPassword} />
          <PasswordField label="新密码" name="password" value={f.values.password} onChange={f.set('password')} error={f.errors.password} autoComplete="new-password" />
          <PasswordField label="确认密码" name="confirmPassword" value={f.values.confirmPassword} onChange={f.set('confirmPassword')} error={f.errors.confirmPassword} autoComplete="new-password" />
          <FormAlert message={f.formError} />
          <Button type="submit" className="w-full" loading={f.busy}>确认修改</Button>
        </form>
      </FormCard>
    </Page>
  );
}
