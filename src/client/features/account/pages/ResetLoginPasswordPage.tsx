/**
 * /resetLoginPassword: a logged-in player changes the login password (old + new → resetPassword).
 * The route is public (spec 000 §2), and a guest has no old password to give: a guest is sent to the
 * forgot-password flow instead of this form.
 */
import { useEffect } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { useLocation } from 'wouter';
import { Page } from '../../../ui';
import { currentUser } from '../../../state/session';
import { ChangePasswordForm } from '../components/ChangePasswordForm';
import { FormCard } from '../../../ui/FormAlert';

export default function ResetLoginPasswordPage() {
  useSignals();
  const [, navigate] = useLocation();
  const user = currentUser.value;
  const guest = !user?.isLogin;
  useEffect(() => {
    if (guest) navigate('/forgotPassword', { replace: true });
  }, [guest, navigate]);
  if (guest) return null;
  return <ChangeLoginPassword userName={user.userName} />;
}

function ChangeLoginPassword({ userName }: { userName: string }) {
  const [, navigate] = useLocation();
  return (
    <Page title="修改登录密码" back="/securityCenter">
      <FormCard>
        <ChangePasswordForm
          userName={userName}
          submitLabel="确认修改"
          successToast="登录密码修改成功"
          onChanged={() => navigate('/securityCenter', { replace: true })}
        />
      </FormCard>
    </Page>
  );
}
