/**
 * Shown in place of /admin while the operator still has the built-in demo password: the server
 * refuses the operator API until it is changed (code -428), so the choice comes first.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { currentUser, refreshUser } from '../../state/session';
import { ChangePasswordForm } from '../account/components/ChangePasswordForm';
import { FormCard } from '../../ui/FormAlert';

export function ChangeDefaultPassword() {
  useSignals();
  return (
    <FormCard>
      <p role="alert" className="mb-4 text-sm text-gray-800">
        当前管理员账号仍在使用初始默认密码，请先修改密码，然后才能使用管理功能。
      </p>
      <ChangePasswordForm
        userName={currentUser.value?.userName ?? ''}
        submitLabel="修改密码"
        successToast="密码修改成功"
        onChanged={async () => {
          await refreshUser();
        }}
        ariaLabel="修改默认密码"
      />
    </FormCard>
  );
}
