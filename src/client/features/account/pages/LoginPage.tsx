/** /login: user name + password (+ image code after failures); goes to ?redirect= or /index. */
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Page, TextField, Button, ImageCodeField } from '../../../ui';
import { setUser, takeLoginMessage } from '../../../state/session';
import { ApiError } from '../../../api/request';
import { login } from '../api';
import { PasswordField } from '../../../ui/PasswordField';
import { FormAlert, FormCard } from '../../../ui/FormAlert';
import { useAccountForm } from '../../../ui/form';
import { useQueryParam, safeRedirect } from '../components/nav';

export default function LoginPage() {
  const [, navigate] = useLocation();
  const redirect = useQueryParam('redirect');
  const [needImageCode, setNeedImageCode] = useState(false);
  const [imageKey, setImageKey] = useState('');
  const [notice, setNotice] = useState('');
  const f = useAccountForm({ userName: '', password: '', imageCode: '' }, () => ({
    userName: { pattern: 'userName' },
    password: { pattern: 'password' },
    ...(needImageCode ? { imageCode: { pattern: 'imageCode' as const } } : {}),
  }));

  useEffect(() => {
    void takeLoginMessage().then((m) => {
      if (m) setNotice(m);
    });
  }, []);

  const submit = f.onSubmit(async () => {
    const code = needImageCode ? { imageKey, imageCode: f.values.imageCode } : undefined;
    try {
      const { user } = await login(f.values.userName, f.values.password, code);
      await setUser(user);
      navigate(safeRedirect(redirect), { replace: true });
    } catch (err) {
      const wants =
        err instanceof ApiError && (err.data as { needImageCode?: boolean } | null)?.needImageCode;
      if (wants || needImageCode) {
        setNeedImageCode(true);
        setImageKey('');
      }
      throw err;
    }
  });

  return (
    <Page title="登录" back="/index">
      <FormCard>
        {notice && (
          <p role="status" className="mb-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {notice}
          </p>
        )}
        <form onSubmit={submit} noValidate>
          <TextField
            label="用户名"
            name="userName"
            value={f.values.userName}
            onChange={f.set('userName')}
            error={f.errors.userName}
            autoComplete="username"
            maxLength={20}
          />
          <PasswordField
            label="密码"
            name="password"
            value={f.values.password}
            onChange={f.set('password')}
            error={f.errors.password}
          />
          {needImageCode && (
            <ImageCodeField
              value={f.values.imageCode}
              onChange={f.set('imageCode')}
              imageKey={imageKey}
              onKeyChange={setImageKey}
              error={f.errors.imageCode}
            />
          )}
          <FormAlert message={f.formError} />
          <Button type="submit" className="w-full" loading={f.busy}>
            登录
          </Button>
        </form>
        <div className="mt-4 flex justify-between text-sm">
          <Link
            href="/register"
            className="text-brand underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand"
          >
            免费注册
          </Link>
          <Link
            href="/forgotPassword"
            className="text-gray-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand"
          >
            忘记密码？
          </Link>
        </div>
      </FormCard>
    </Page>
  );
}
