/** /verifyPassword?next=: confirm the login password, then continue to `next` (a same-site path). */
import { useSignals } from '@preact/signals-react/runtime';
import { useLocation } from 'wouter';
import { Page, Button } from '../../../ui';
import { currentUser } from '../../../state/session';
import { verifyPassword } from '../api';
import { PasswordField } from '../../../ui/PasswordField';
import { FormAlert, FormCard } from '../../../ui/FormAlert';
import { useAccountForm } from '../../../ui/form';
import { useQueryParam, safeRedirect } from '../components/nav';

export default function VerifyPasswordPage() {
  useSignals();
  const [, navigate] = useLocation();
  const next = safeRedirect(useQueryParam('next'), '/securityCenter');
  const userName = currentUser.value?.userName ?? '';
  const f = useAccountForm({ password: '' }, () => ({
    password: { label: '登录密码', pattern: 'password' },
  }));

  const submit = f.onSubmit(async () => {
    await verifyPassword(userName, f.values.password);
    navigate(next, { replace: true });
  });

  return (
    <Page title="验证登录密码" back>
      <FormCard>
        <p className="mb-3 text-sm text-gray-700">为了您的账户安全，请先验证登录密码。</p>
        <form onSubmit={submit} noValidate>
          <PasswordField
            label="登录密码"
            name="password"
            value={f.values.password}
            onChange={f.set('password')}
            error={f.errors.password}
          />
          <FormAlert message={f.formError} />
          <Button type="submit" className="w-full" loading={f.busy}>
            下一步
          </Button>
        </form>
      </FormCard>
    </Page>
  );
}
