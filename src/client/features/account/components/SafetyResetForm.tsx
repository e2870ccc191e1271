/** Reset the 6-digit safety password, proven by the old one, a phone/mail code or the questions. */
import { useState } from 'react';
import { TextField, Button, showToast } from '../../../ui';
import { checkField, type FieldRule } from '../../../../domain/validation';
import { resetSafetyPassword, sendCode, type SafetyResetProof } from '../api';
import { PasswordField } from '../../../ui/PasswordField';
import { FormAlert } from '../../../ui/FormAlert';
import { useAccountForm, sendCodeOrShow } from '../../../ui/form';
import { CodeButton } from './CodeButton';
import { VerifyTypePicker } from './VerifyTypePicker';
import { QuestionAnswers, questionRules, toAnswers } from './QuestionAnswers';

type Way = 'oldSafety' | 'phone' | 'mail' | 'question';
const WAYS: { value: Way; label: string }[] = [
  { value: 'oldSafety', label: '原资金密码' },
  { value: 'phone', label: '手机验证码' },
  { value: 'mail', label: '邮箱验证码' },
  { value: 'question', label: '密保问题' },
];
type Field =
  | 'oldSafetyPassword'
  | 'phone'
  | 'email'
  | 'code'
  | 'questionId1'
  | 'answer1'
  | 'questionId2'
  | 'answer2'
  | 'safetyPassword'
  | 'confirmSafetyPassword';
const NEW_RULES: Partial<Record<Field, FieldRule>> = {
  safetyPassword: { label: '新资金密码', pattern: 'safePassword' },
  confirmSafetyPassword: { label: '资金密码', sameAs: 'safetyPassword' },
};

export function SafetyResetForm({ userName, onDone }: { userName: string; onDone(): void }) {
  const [way, setWay] = useState<Way>('oldSafety');
  const f = useAccountForm<Field>(
    {
      oldSafetyPassword: '',
      phone: '',
      email: '',
      code: '',
      questionId1: '',
      answer1: '',
      questionId2: '',
      answer2: '',
      safetyPassword: '',
      confirmSafetyPassword: '',
    },
    () => {
      const proof: Partial<Record<Field, FieldRule>> =
        way === 'oldSafety'
          ? { oldSafetyPassword: { label: '原资金密码', pattern: 'safePassword' } }
          : way === 'phone'
            ? { phone: { pattern: 'mobile' }, code: { label: '短信验证码', pattern: 'smsCode' } }
            : way === 'mail'
              ? { email: { pattern: 'mail' }, code: { label: '邮箱验证码', pattern: 'mailCode' } }
              : questionRules;
      return { ...proof, ...NEW_RULES };
    },
  );

  async function send(): Promise<boolean> {
    const channel = way === 'phone' ? 'phone' : 'mail';
    const target = channel === 'phone' ? f.values.phone : f.values.email;
    const msg =
      channel === 'phone'
        ? checkField('phone', target, { pattern: 'mobile' })
        : checkField('email', target, { pattern: 'mail' });
    if (msg) {
      f.setFormError(msg);
      return false;
    }
    return sendCodeOrShow(f.setFormError, () => sendCode(channel, target, 'safety'));
  }

  const submit = f.onSubmit(async () => {
    const v = f.values;
    const proof: SafetyResetProof =
      way === 'oldSafety'
        ? { verifyType: 'oldSafety', oldSafetyPassword: v.oldSafetyPassword }
        : way === 'question'
          ? { verifyType: 'question', ...toAnswers(v) }
          : { verifyType: way, code: v.code };
    await resetSafetyPassword(userName, v.safetyPassword, proof);
    showToast('资金密码重置成功');
    onDone();
  });

  return (
    <form onSubmit={submit} noValidate>
      <VerifyTypePicker
        label="验证方式"
        value={way}
        onChange={(w) => {
          setWay(w);
          f.setFormError('');
        }}
        options={WAYS}
      />
      {way === 'oldSafety' && (
        <PasswordField
          label="原资金密码"
          name="oldSafetyPassword"
          digits
          value={f.values.oldSafetyPassword}
          onChange={f.set('oldSafetyPassword')}
          error={f.errors.oldSafetyPassword}
        />
      )}
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
      {(way === 'phone' || way === 'mail') && (
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
      {way === 'question' && <QuestionAnswers values={f.values} set={f.set} errors={f.errors} />}
      <PasswordField
        label="新资金密码"
        name="safetyPassword"
        digits
        value={f.values.safetyPassword}
        onChange={f.set('safetyPassword')}
        error={f.errors.safetyPassword}
        autoComplete="new-password"
      />
      <PasswordField
        label="确认资金密码"
        name="confirmSafetyPassword"
        digits
        value={f.values.confirmSafetyPassword}
        onChange={f.set('confirmSafetyPassword')}
        error={f.errors.confirmSafetyPassword}
        autoComplete="new-password"
      />
      <FormAlert message={f.formError} />
      <Button type="submit" className="w-full" loading={f.busy}>
        确认重置
      </Button>
    </form>
  );
}
