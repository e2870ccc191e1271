/**
 * /zfbAccount and /wxAccount: bind or update the one Alipay / WeChat account: account, real
 * name (read-only once locked), an optional receiving-code image, the safety password.
 */
import { useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { Page, Button, LoadingState, ErrorState, TextField, showToast } from '../../../ui';
import { useLocation } from 'wouter';
import { currentUser } from '../../../state/session';
import {
  PAY_ACCOUNT_LABEL,
  cardFieldRules,
  payAccountPatterns,
  type PayAccountKind,
} from '../../../../domain/banks';
import { messages } from '../../../../domain/validation';
import { PasswordField } from '../../../ui/PasswordField';
import { FormAlert, FormCard } from '../../../ui/FormAlert';
import { useAccountForm } from '../../../ui/form';
import { uploadImage } from '../../account/api';
import { cardList, savePayAccount, type Card, type NameLock } from '../api';
import { useSafetyGate } from '../components/useSafetyGate';
import { keys, useQuery } from '../../../query';
import { errorText } from '../../../query/useFormMutation';

const TITLES: Record<PayAccountKind, string> = { alipay: '支付宝账号', weixin: '微信账号' };

export function PayAccountPage({ kind }: { kind: PayAccountKind }) {
  const q = useQuery({ queryKey: keys.cards('banks'), queryFn: cardList });
  const { lock, missing } = useSafetyGate();
  return (
    <Page title={TITLES[kind]} back="/bankCard">
      <FormCard>
        {q.loading || lock.loading || missing ? (
          <LoadingState />
        ) : q.error || lock.error ? (
          <ErrorState
            message={(q.error ?? lock.error)!.message}
            onRetry={() => {
              q.reload();
              lock.reload();
            }}
          />
        ) : (
          <PayAccountForm
            kind={kind}
            existing={q.data!.list.find((c) => c.kind === kind) ?? null}
            lock={lock.data!}
          />
        )}
      </FormCard>
    </Page>
  );
}

function PayAccountForm({
  kind,
  existing,
  lock,
}: {
  kind: PayAccountKind;
  existing: Card | null;
  lock: NameLock;
}) {
  useSignals();
  const [, navigate] = useLocation();
  const [qrImage, setQrImage] = useState(existing?.qrImage ?? '');
  const [uploading, setUploading] = useState(false);
  const label = PAY_ACCOUNT_LABEL[kind];
  const f = useAccountForm({ account: '', realName: '', safetyPassword: '' }, () => ({
    account: { label },
    safetyPassword: cardFieldRules.safetyPassword,
    ...(lock.locked ? {} : { realName: cardFieldRules.realName }),
  }));
  const userName = currentUser.value?.userName ?? '';
  const submit = f.onSubmit(async () => {
    const account = f.values.account.trim();
    if (!payAccountPatterns[kind].test(account)) {
      f.setErrors({ account: messages.format(label) });
      return;
    }
    const form = {
      account,
      realName: lock.locked ? undefined : f.values.realName.trim(),
      qrImage: qrImage && qrImage !== existing?.qrImage ? qrImage : undefined,
    };
    await savePayAccount(kind, userName, existing?.id ?? null, form, f.values.safetyPassword);
    showToast(existing ? '修改成功' : '绑定成功');
    navigate('/bankCard', { replace: true });
  });
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    f.setFormError('');
    try {
      setQrImage((await uploadImage(file, file.name)).url);
    } catch (err) {
      f.setFormError(errorText(err));
    } finally {
      setUploading(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate data-money-form>
      {existing && (
        <p className="mb-3 rounded-lg bg-gray-50 px-3 py-2 text-sm text-gray-800">
          当前绑定：{existing.accountNo}
        </p>
      )}
      <TextField
        label={label}
        name="account"
        value={f.values.account}
        onChange={f.set('account')}
        error={f.errors.account}
        autoComplete="off"
        maxLength={60}
        placeholder={kind === 'alipay' ? '手机号或邮箱' : '微信号或手机号'}
      />
      {lock.locked ? (
        <TextField
          label="真实姓名"
          name="realName"
          value={lock.realName}
          onChange={() => {}}
          disabled
          hint="已锁定，须与银行卡姓名一致"
        />
      ) : (
        <TextField
          label="真实姓名"
          name="realName"
          value={f.values.realName}
          onChange={f.set('realName')}
          error={f.errors.realName}
          autoComplete="name"
        />
      )}
      <div className="mb-3">
        <label htmlFor={`qr-${kind}`} className="mb-1 block text-sm font-medium text-gray-800">
          收款码（选填）
        </label>
        <input
          id={`qr-${kind}`}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          onChange={(e) => void onFile(e.target.files?.[0])}
          className="block w-full text-sm text-gray-800 file:mr-3 file:rounded-lg file:border-0 file:bg-brand file:px-3 file:py-2 file:text-white focus-visible:outline-2 focus-visible:outline-brand"
        />
        {uploading && <p className="mt-1 text-sm text-gray-700">上传中…</p>}
        {qrImage && (
          <img
            src={qrImage}
            alt="收款码"
            className="mt-2 h-32 w-32 rounded-lg object-contain ring-1 ring-gray-200"
          />
        )}
      </div>
      <PasswordField
        label="资金密码"
        name="safetyPassword"
        digits
        value={f.values.safetyPassword}
        onChange={f.set('safetyPassword')}
        error={f.errors.safetyPassword}
      />
      <FormAlert message={f.formError} />
      <Button type="submit" className="w-full" loading={f.busy || uploading}>
        {existing ? '保存修改' : '确认绑定'}
      </Button>
    </form>
  );
}
