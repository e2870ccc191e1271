/**
 * /resetLoginPassword: a logged-in player changes the login password (old + new → resetPassword).
 * The route is public (spec 000 §2), and a guest has no old password to give: a guest is sent to the
 * forgot-password flow instead of this form.
 */
import { useEffect } from 'react';
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
  const user = currentUser.value;
  const guest = !user?.isLogin;
  useEffect(() => { if (guest) navigate('/forgotPassword', { replace: true }); }, [guest, navigate]);
  if (guest) return null;
  return <ChangeLoginPassword userName={user.userName} />;
}

function ChangeLoginPassword({ userName }: { userName: string }) {
  const [, navigate] = useLocation();
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
