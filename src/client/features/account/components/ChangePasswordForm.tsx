/**
 * The change-password form (old + new + confirm → resetPassword), shared by /resetLoginPassword and
 * the operator's forced change of a default password in /admin.
 */
import { Button, showToast } from '../../../ui';
import { resetPassword } from '../api';
import { PasswordField } from '../../../ui/PasswordField';
import { FormAlert } from '../../../ui/FormAlert';
import { useAccountForm } from '../../../ui/form';

interface Props {
  userName: string;
  submitLabel: string;
  successToast: string;
  /** after the server accepted the new password */
  onChanged: () => void | Promise<void>;
  ariaLabel?: string;
}

export function ChangePasswordForm({
  userName,
  submitLabel,
  successToast,
  onChanged,
  ariaLabel,
}: Props) {
  const f = useAccountForm({ oldPassword: '', password: '', confirmPassword: '' }, () => ({
    oldPassword: { pattern: 'password' },
    password: { label: '新密码', pattern: 'password', differentFrom: 'oldPassword' },
    confirmPassword: { label: '密码', sameAs: 'password' },
  }));

  const submit = f.onSubmit(async () => {
    await resetPassword(userName, f.values.oldPassword, f.values.password);
    showToast(successToast);
    await onChanged();
  });

  return (
    <form onSubmit={submit} noValidate aria-label={ariaLabel}>
      <PasswordField
        label="原密码"
        name="oldPassword"
        value={f.values.oldPassword}
        onChange={f.set('oldPassword')}
        error={f.errors.oldPassword}
      />
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
        {submitLabel}
      </Button>
    </form>
  );
}
