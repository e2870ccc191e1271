/** /register: the tenant's register fields (getNewRegisterVerifyFront), live user-name check, image code. */
import { useState } from 'react';
import { Page, TextField, Button, ImageCodeField, LoadingState, ErrorState } from '../../../ui';
import { Link, useLocation } from 'wouter';
import { setUser } from '../../../state/session';
import type { FieldRule, PatternName } from '../../../../domain/validation';
import { checkField } from '../../../../domain/validation';
import { checkUser, register, registerFields, type RegisterField } from '../api';
import { PasswordField } from '../../../ui/PasswordField';
import { FormAlert, FormCard } from '../../../ui/FormAlert';
import { useAccountForm } from '../../../ui/form';
import { useQueryParam } from '../components/nav';
import { keys, useQuery } from '../../../query';

type Key =
  | 'userName'
  | 'password'
  | 'confirmPassword'
  | 'realName'
  | 'phone'
  | 'email'
  | 'qq'
  | 'inviteCode'
  | 'imageCode';
const EMPTY: Record<Key, string> = {
  userName: '',
  password: '',
  confirmPassword: '',
  realName: '',
  phone: '',
  email: '',
  qq: '',
  inviteCode: '',
  imageCode: '',
};

const INPUT: Partial<
  Record<Key, { inputMode?: 'tel' | 'email' | 'numeric'; autoComplete: string; maxLength?: number }>
> = {
  userName: { autoComplete: 'username', maxLength: 20 },
  realName: { autoComplete: 'name', maxLength: 20 },
  phone: { inputMode: 'tel', autoComplete: 'tel', maxLength: 11 },
  email: { inputMode: 'email', autoComplete: 'email', maxLength: 100 },
  qq: { inputMode: 'numeric', autoComplete: 'off', maxLength: 20 },
  inviteCode: { autoComplete: 'off', maxLength: 32 },
};

/** Required fields are shown, and the invite code always (it is how players join an agent). */
function shownFields(list: RegisterField[]): RegisterField[] {
  return list.filter((f) => f.required || f.field === 'inviteCode');
}

function rulesOf(list: RegisterField[]): Partial<Record<Key, FieldRule>> {
  const rules: Partial<Record<Key, FieldRule>> = {};
  for (const f of shownFields(list)) {
    rules[f.field as Key] = {
      label: f.label,
      nullable: !f.required,
      pattern: (f.pattern as PatternName | null) ?? undefined,
      ...(f.field === 'confirmPassword' ? { sameAs: 'password', label: '密码' } : {}),
    };
  }
  return rules;
}

export default function RegisterPage() {
  const fields = useQuery({ queryKey: keys.account('registerFields'), queryFn: registerFields });
  if (fields.loading)
    return (
      <Page title="注册" back="/login">
        <LoadingState />
      </Page>
    );
  if (fields.error || !fields.data) {
    return (
      <Page title="注册" back="/login">
        <ErrorState message={fields.error?.message ?? '加载失败'} onRetry={fields.reload} />
      </Page>
    );
  }
  return <RegisterForm list={fields.data.list} />;
}

function RegisterForm({ list }: { list: RegisterField[] }) {
  const [, navigate] = useLocation();
  const [imageKey, setImageKey] = useState('');
  // an agent's register link (/register?inviteCode=12345678) fills the code in
  const inviteCode = useQueryParam('inviteCode').trim().slice(0, INPUT.inviteCode?.maxLength);
  const f = useAccountForm({ ...EMPTY, inviteCode }, () => rulesOf(list));
  const shown = shownFields(list);
  const needsImage = shown.some((x) => x.field === 'imageCode');

  async function onUserNameBlur() {
    const name = f.values.userName;
    if (checkField('userName', name, { pattern: 'userName' })) return;
    try {
      const r = await checkUser(name);
      if (r.exists) f.setErrors((e) => ({ ...e, userName: '该用户名已被注册' }));
    } catch {
      /* the register call reports it again */
    }
  }

  const submit = f.onSubmit(async () => {
    const { imageCode, ...rest } = f.values;
    const values: Record<string, string> = {};
    for (const x of shown)
      if (x.field !== 'imageCode') values[x.field] = rest[x.field as Exclude<Key, 'imageCode'>];
    try {
      const { user } = await register(values, needsImage ? { imageKey, imageCode } : undefined);
      await setUser(user);
      navigate('/index', { replace: true });
    } catch (err) {
      if (needsImage) setImageKey(''); // image codes are single use: fetch a new one
      throw err;
    }
  });

  return (
    <Page title="注册" back="/login">
      <FormCard>
        <form onSubmit={submit} noValidate>
          {shown.map((x) => {
            const k = x.field as Key;
            const label = x.required ? x.label : `${x.label}（选填）`;
            if (k === 'password' || k === 'confirmPassword') {
              return (
                <PasswordField
                  key={k}
                  label={x.label}
                  name={k}
                  value={f.values[k]}
                  onChange={f.set(k)}
                  error={f.errors[k]}
                  autoComplete="new-password"
                />
              );
            }
            if (k === 'imageCode') {
              return (
                <ImageCodeField
                  key={k}
                  value={f.values.imageCode}
                  onChange={f.set('imageCode')}
                  imageKey={imageKey}
                  onKeyChange={setImageKey}
                  error={f.errors.imageCode}
                />
              );
            }
            const input = INPUT[k] ?? { autoComplete: 'off' };
            const field = (
              <TextField
                key={k}
                label={label}
                name={k}
                value={f.values[k] ?? ''}
                onChange={f.set(k)}
                error={f.errors[k]}
                autoComplete={input.autoComplete}
                inputMode={input.inputMode}
                maxLength={input.maxLength}
                hint={k === 'userName' ? '4-20位字母、数字或下划线' : undefined}
              />
            );
            return k === 'userName' ? (
              // biome-ignore lint/a11y/noStaticElementInteractions: the blur bubbles from the user-name input inside, which is the interactive element
              <div key={k} onBlur={() => void onUserNameBlur()}>
                {field}
              </div>
            ) : (
              field
            );
          })}
          <FormAlert message={f.formError} />
          <Button type="submit" className="w-full" loading={f.busy}>
            注册
          </Button>
        </form>
        <p className="mt-4 text-center text-sm text-gray-700">
          已有账号？
          <Link
            href="/login"
            className="text-brand hover:underline focus-visible:outline-2 focus-visible:outline-brand"
          >
            去登录
          </Link>
        </p>
      </FormCard>
    </Page>
  );
}
