/** Binds a phone number or mailbox: send a code (purpose bind), then verify it, which binds. */
import { TextField, Button, showToast } from '../../../ui';
import { checkField } from '../../../../domain/validation';
import { sendCode, verifyCode, type VerifyChannel } from '../api';
import { FormAlert } from '../../../ui/FormAlert';
import { useAccountForm, sendCodeOrShow } from '../../../ui/form';
import { CodeButton } from './CodeButton';

export function BindContact({ channel, onDone }: { channel: VerifyChannel; onDone(): void }) {
  const phone = channel === 'phone';
  const field = phone ? 'phone' : 'email';
  const f = useAccountForm({ target: '', code: '' }, () => ({
    target: {
      label: phone ? '手机号码' : '邮箱',
      pattern: phone ? ('mobile' as const) : ('mail' as const),
    },
    code: {
      label: phone ? '短信验证码' : '邮箱验证码',
      pattern: phone ? ('smsCode' as const) : ('mailCode' as const),
    },
  }));

  async function send(): Promise<boolean> {
    const msg = checkField(field, f.values.target, { pattern: phone ? 'mobile' : 'mail' });
    if (msg) {
      f.setErrors((e) => ({ ...e, target: msg }));
      return false;
    }
    return sendCodeOrShow(f.setFormError, () => sendCode(channel, f.values.target, 'bind'));
  }

  const submit = f.onSubmit(async () => {
    await verifyCode(channel, f.values.target, f.values.code, 'bind');
    showToast(phone ? '手机号码绑定成功' : '邮箱绑定成功');
    onDone();
  });

  return (
    <form onSubmit={submit} noValidate className="border-t border-gray-100 bg-gray-50 px-4 py-3">
      <TextField
        label={phone ? '手机号码' : '邮箱'}
        name={field}
        value={f.values.target}
        onChange={f.set('target')}
        error={f.errors.target}
        inputMode={phone ? 'tel' : 'email'}
        autoComplete={phone ? 'tel' : 'email'}
        maxLength={phone ? 11 : 100}
      />
      <TextField
        label={phone ? '短信验证码' : '邮箱验证码'}
        name="code"
        value={f.values.code}
        onChange={f.set('code')}
        error={f.errors.code}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={4}
        trailing={<CodeButton onSend={send} />}
      />
      <FormAlert message={f.formError} />
      <Button type="submit" className="w-full" loading={f.busy}>
        确认绑定
      </Button>
    </form>
  );
}
