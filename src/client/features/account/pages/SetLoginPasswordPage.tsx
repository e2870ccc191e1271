/** /setLoginPassword?token=&userName=: new login password with the reset token → /login. */
import { Link, useLocation } from 'wouter';
import { Page, Button, EmptyState, showAlert } from '../../../ui';
import { forgetPasswordReset } from '../api';
import { PasswordField } from '../../../ui/PasswordField';
import { FormAlert, FormCard } from '../../../ui/FormAlert';
import { useAccountForm } from '../../../ui/form';
import { useQueryParam } from '../components/nav';

export default function SetLoginPasswordPage() {
  const [, navigate] = useLocation();
  const token = useQueryParam('token');
  const userName = useQueryParam('userName');
  const f = useAccountForm({ password: '', confirmPassword: '' }, () => ({
    password: { label: '新密码', pattern: 'password' },
    confirmPassword: { label: '密码', sameAs: 'password' },
  }));

  const submit = f.onSubmit(async () => {
    await forgetPasswordReset(userName, token, f.values.password);
    await showAlert('密码重置成功，请重新登录');
    navigate('/login', { replace: true });
  });

  if (!token || !userName) {
    return (
      <Page title="设置登录密码" back="/forgotPassword">
        <EmptyState text="重置凭证缺失或已失效，请重新验证身份" />
        <p className="text-center">
          <Link href="/forgotPassword" className="text-brand hover:underline">
            重新找回密码
          </Link>
        </p>
      </Page>
    );
  }
  return (
    <Page title="设置登录密码" back="/forgotPassword">
      <FormCard>
        <p className="mb-3 text-sm text-gray-700">
          为账号 <strong>{userName}</strong> 设置新的登录密码（6-16位字母、数字或符号）。
        </p>
        <form onSubmit={submit} noValidate>
          <PasswordField
            label="新密码"
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
          <FormAlert message={f.formError} />
          <Button type="submit" className="w-full" loading={f.busy}>
            确认修改
          </Button>
        </form>
      </FormCard>
    </Page>
  );
}
