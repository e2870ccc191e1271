/** /forgotPassword: user name + a way to prove it (phone / mail code, or questions) → reset token. */
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Page, TextField, Button } from '../../../ui';
import { checkField, type FieldRule } from '../../../../domain/validation';
import { forgetPassword, sendCode } from '../api';
import { FormAlert, FormCard } from '../../../ui/FormAlert';
import { useAccountForm, sendCodeOrShow } from '../../../ui/form';
import { CodeButton } from '../components/CodeButton';
import { VerifyTypePicker } from '../components/VerifyTypePicker';

type Way = 'phone' | 'mail' | 'question';
const WAYS: { value: Way; label: string }[] = [
  { value: 'phone', label: '手机验证码' },
  { value: 'mail', label: '邮箱验证码' },
  { value: 'question', label: '密保问题' },
];

export default function ForgotPasswordPage() {
  const [, navigate] = useLocation();
  const [way, setWay] = useState<Way>('phone');
  const f = useAccountForm({ userName: '', phone: '', email: '', code: '' }, () => {
    const rules: Partial<Record<'userName' | 'phone' | 'email' | 'code', FieldRule>> = {
      userName: { pattern: 'userName' },
    };
    if (way === 'phone')
      Object.assign(rules, {
        phone: { pattern: 'mobile' },
        code: { label: '短信验证码', pattern: 'smsCode' },
      });
    if (way === 'mail')
      Object.assign(rules, {
        email: { pattern: 'mail' },
        code: { label: '邮箱验证码', pattern: 'mailCode' },
      });
    return rules;
  });

  async function send(): Promise<boolean> {
    const target = way === 'phone' ? f.values.phone : f.values.email;
    const msg =
      checkField('userName', f.values.userName, { pattern: 'userName' }) ??
      (way === 'phone'
        ? checkField('phone', target, { pattern: 'mobile' })
        : checkField('email', target, { pattern: 'mail' }));
    if (msg) {
      f.setFormError(msg);
      return false;
    }
    f.setFormError('');
    return sendCodeOrShow(f.setFormError, () =>
      sendCode(way as 'phone' | 'mail', target, 'forget', f.values.userName),
    );
  }

  const submit = f.onSubmit(async () => {
    const name = f.values.userName;
    if (way === 'question') {
      navigate(`/verifyQuestion?userName=${encodeURIComponent(name)}`);
      return;
    }
    const { resetToken } = await forgetPassword(name, { verifyType: way, code: f.values.code });
    navigate(
      `/setLoginPassword?token=${encodeURIComponent(resetToken)}&userName=${encodeURIComponent(name)}`,
    );
  });

  return (
    <Page title="忘记密码" back="/login">
      <FormCard>
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
          <VerifyTypePicker
            label="验证方式"
            value={way}
            onChange={(v) => {
              setWay(v);
              f.setFormError('');
            }}
            options={WAYS}
          />
          {way === 'phone' && (
            <TextField
              label="绑定的手机号码"
              name="phone"
              value={f.values.phone}
              onChange={f.set('phone')}
              error={f.errors.phone}
              inputMode="tel"
              autoComplete="tel"
              maxLength={11}
            />
          )}
          {way === 'mail' && (
            <TextField
              label="绑定的邮箱"
              name="email"
              value={f.values.email}
              onChange={f.set('email')}
              error={f.errors.email}
              inputMode="email"
              autoComplete="email"
              maxLength={100}
            />
          )}
          {way !== 'question' && (
            <TextField
              label={way === 'phone' ? '短信验证码' : '邮箱验证码'}
              name="code"
              value={f.values.code}
              onChange={f.set('code')}
              error={f.errors.code}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={4}
              trailing={<CodeButton onSend={send} />}
            />
          )}
          {way === 'question' && (
            <p className="mb-3 text-sm text-gray-700">下一步将回答您设置的两个密保问题。</p>
          )}
          <FormAlert message={f.formError} />
          <Button type="submit" className="w-full" loading={f.busy}>
            下一步
          </Button>
        </form>
        <p className="mt-4 text-center text-sm text-gray-700">
          以上方式都不可用？
          <Link
            href="/manualVerification"
            className="text-brand hover:underline focus-visible:outline-2 focus-visible:outline-brand"
          >
            人工验证
          </Link>
        </p>
      </FormCard>
    </Page>
  );
}
