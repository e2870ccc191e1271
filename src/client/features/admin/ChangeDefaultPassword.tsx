/**
 * Shown in place of /admin while the operator still has the built-in demo password: the server
 * refuses the operator API until it is changed (code -428), so the choice comes first.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Button, showToast } from '../../ui';
import { currentUser, refreshUser } from '../../state/session';
import { resetPassword } from '../account/api';
import { PasswordField } from '../account/components/PasswordField';
import { FormAlert, FormCard } from '../account/components/FormAlert';
import { useAccountForm } from '../account/components/form';

export function ChangeDefaultPassword() {
  useSignals();
  const userName = currentUser.value?.userName ?? '';
  const f = useAccountForm({ oldPassword: '', password: '', confirmPassword: '' }, () => ({
    oldPassword: { pattern: 'password' },
    password: { label: '新密码', pattern: 'password', differentFrom: 'oldPassword' },
    confirmPassword: { label: '密码', sameAs: 'password' },
  }));

  const submit = f.onSubmit(async () => {
    await resetPassword(userName, f.values.oldPassword, f.values.password);
    showToast('密码修改成功');
    await refreshUser();
  });

  return (
    <FormCard>
      <p role="alert" className="mb-4 text-sm text-gray-800">
        当前管理员账号仍在使用初始默认密码，请先修改密码，然后才能使用管理功能。
      </p>
      <form onSubmit={submit} noValidate aria-label="修改默认密码">
        <PasswordField label="原密码" name="oldPassword" value={f.values.oldPassword} onChange={f.set('oldPassword')} error={f.errors.oldPassword} />
        <PasswordField label="新密码" name="password" value={f.values.password} onChange={f.set('password')} error={f.errors.password} autoComplete="new-password" />
        <PasswordField label="确认密码" name="confirmPassword" value={f.values.confirmPassword} onChange={f.set('confirmPassword')} error={f.errors.confirmPassword} autoComplete="new-password" />
        <FormAlert message={f.formError} />
        <Button type="submit" className="w-full" loading={f.busy}>修改密码</Button>
      </form>
    </FormCard>
  );
}
