/**
 * The account actions of a user's page: freeze / unfreeze (and disable), force logout (ends every session) and the
 * login password reset. The reset sets a temporary password the operator chose (sent as the
 * credential hash, like every password); the player's sessions end, and the operator tells the
 * player, who changes it in the security centre. Each asks first (the confirm of every operator action).
 */
import { useState } from 'react';
import { loginPasswordHash } from '../../../../domain/credentials';
import { checkField } from '../../../../domain/validation';
import { Button, TextField } from '../../../ui';
import { ActionError, useConfirmedAction } from '../../../ui/AdminList';
import { forceLogout, setStatus } from '../api';
import { resetUserPassword, type UserDetail } from './userApi';

function PasswordReset({
  userId,
  userName,
  onDone,
}: {
  userId: number;
  userName: string;
  onDone(): void;
}) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const { busy, error, setError, run } = useConfirmedAction(() => {
    setOpen(false);
    setPassword('');
    onDone();
  });
  const submit = () => {
    const problem = checkField('password', password, { label: '临时密码', pattern: 'password' });
    if (problem) {
      setError(`${problem}（6-16位字母、数字或符号）`);
      return;
    }
    void run(
      `确定将 ${userName} 的登录密码重置为您填写的临时密码？该用户将被强制下线，请将临时密码告知用户并提醒其修改。`,
      () => resetUserPassword(userId, loginPasswordHash(userName, password)),
      '密码已重置',
    );
  };
  if (!open)
    return (
      <Button variant="secondary" onClick={() => setOpen(true)}>
        重置登录密码
      </Button>
    );
  return (
    <form
      className="w-full rounded-lg bg-gray-50 p-3"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <TextField
        label="临时密码"
        name="tempPassword"
        value={password}
        onChange={setPassword}
        maxLength={16}
        autoComplete="new-password"
      />
      <div className="flex gap-2">
        <Button type="submit" loading={busy}>
          确认重置
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            setOpen(false);
            setError('');
          }}
        >
          取消
        </Button>
      </div>
      <ActionError message={error} />
    </form>
  );
}

export function UserActions({ d, onChanged }: { d: UserDetail; onChanged(): void }) {
  const { busy, error, run } = useConfirmedAction(onChanged);
  const { userId, userName, status } = d.profile;
  return (
    <section aria-label="账号操作" className="rounded-xl bg-white p-4 ring-1 ring-gray-200">
      <h3 className="mb-3 font-semibold text-gray-900">账号操作</h3>
      <div className="flex flex-wrap items-start gap-2">
        {status === 'active' ? (
          <Button
            variant="danger"
            disabled={busy}
            onClick={() =>
              void run(
                `确定冻结 ${userName}？冻结后该用户将被强制下线且无法登录。`,
                () => setStatus(userId, 'frozen'),
                '已冻结',
              )
            }
          >
            冻结
          </Button>
        ) : (
          <Button
            disabled={busy}
            onClick={() =>
              void run(
                `确定恢复 ${userName} 的账号为正常？`,
                () => setStatus(userId, 'active'),
                '已恢复正常',
              )
            }
          >
            {status === 'frozen' ? '解冻' : '恢复正常'}
          </Button>
        )}
        {status !== 'disabled' && (
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() =>
              void run(
                `确定禁用 ${userName}？禁用后该用户无法登录。`,
                () => setStatus(userId, 'disabled'),
                '已禁用',
              )
            }
          >
            禁用
          </Button>
        )}
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() =>
            void run(
              `确定强制 ${userName} 下线？其所有登录将失效。`,
              () => forceLogout(userId),
              '已强制下线',
            )
          }
        >
          强制下线
        </Button>
        <PasswordReset userId={userId} userName={userName} onDone={onChanged} />
      </div>
      <ActionError message={error} />
    </section>
  );
}
