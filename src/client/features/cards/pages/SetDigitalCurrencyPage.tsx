/** /setdigitalcurrency (add) and /setdigitalcurrency/:id (edit): currency, protocol, address, alias, safety password. */
import { useSignals } from '@preact/signals-react/runtime';
import { Page, Button, LoadingState, ErrorState, Select, TextField, showToast } from '../../../ui';
import { useLocation, useRoute } from 'wouter';
import { currentUser } from '../../../state/session';
import { cardFieldRules, checkDigitalAddress } from '../../../../domain/banks';
import { PasswordField } from '../../../ui/PasswordField';
import { FormAlert, FormCard } from '../../../ui/FormAlert';
import { useAccountForm } from '../../../ui/form';
import { digitalList, saveDigital, type DigitalAddress, type DigitalList } from '../api';
import { useSafetyGate } from '../components/useSafetyGate';
import { keys, useQuery } from '../../../query';

export default function SetDigitalCurrencyPage() {
  const raw = useRoute('/setdigitalcurrency/:id')[1]?.id;
  const id = raw && /^\d{1,15}$/.test(raw) ? Number(raw) : null;
  const q = useQuery({ queryKey: keys.cards('digital'), queryFn: digitalList });
  const { lock, missing } = useSafetyGate();
  const existing = id === null ? null : (q.data?.list.find((a) => a.id === id) ?? null);
  return (
    <Page title={id ? '修改数字货币地址' : '添加数字货币地址'} back="/virtualCoin">
      <FormCard>
        {q.loading || lock.loading || missing ? (
          <LoadingState />
        ) : q.error || lock.error ? (
          <ErrorState message={(q.error ?? lock.error)!.message} onRetry={q.reload} />
        ) : id !== null && !existing ? (
          <ErrorState message="地址不存在" />
        ) : (
          <DigitalForm id={id} data={q.data!} existing={existing} />
        )}
      </FormCard>
    </Page>
  );
}

function DigitalForm({
  id,
  data,
  existing,
}: {
  id: number | null;
  data: DigitalList;
  existing: DigitalAddress | null;
}) {
  useSignals();
  const [, navigate] = useLocation();
  const first = data.currencies[0];
  const f = useAccountForm(
    {
      currency: existing?.currency ?? first?.currency ?? '',
      protocol: existing?.protocol ?? first?.protocols[0] ?? '',
      address: '',
      alias: existing?.alias ?? '',
      safetyPassword: '',
    },
    () => ({ address: cardFieldRules.address, safetyPassword: cardFieldRules.safetyPassword }),
  );
  const protocols = data.currencies.find((c) => c.currency === f.values.currency)?.protocols ?? [];
  const submit = f.onSubmit(async () => {
    const problem = checkDigitalAddress(
      f.values.currency,
      f.values.protocol,
      f.values.address.trim(),
    );
    if (problem) {
      f.setErrors({ address: problem });
      return;
    }
    const { safetyPassword, alias, ...rest } = f.values;
    await saveDigital(
      currentUser.value?.userName ?? '',
      id,
      { ...rest, address: rest.address.trim(), alias: alias.trim() || undefined },
      safetyPassword,
    );
    showToast(id ? '地址修改成功' : '地址添加成功');
    navigate('/virtualCoin', { replace: true });
  });
  return (
    <form onSubmit={submit} noValidate data-money-form>
      <Select
        label="币种"
        name="currency"
        value={f.values.currency}
        options={data.currencies.map((c) => ({ value: c.currency, label: c.currency }))}
        onChange={(v) => {
          f.set('currency')(v);
          f.set('protocol')(data.currencies.find((c) => c.currency === v)?.protocols[0] ?? '');
        }}
      />
      <Select
        label="协议"
        name="protocol"
        value={f.values.protocol}
        options={protocols.map((p) => ({ value: p, label: p }))}
        onChange={f.set('protocol')}
      />
      <TextField
        label="钱包地址"
        name="address"
        value={f.values.address}
        onChange={f.set('address')}
        error={f.errors.address}
        autoComplete="off"
        maxLength={50}
        placeholder={existing ? existing.address : '请输入钱包地址'}
        hint={existing ? '请重新输入完整地址' : undefined}
      />
      <TextField
        label="备注（选填）"
        name="alias"
        value={f.values.alias}
        onChange={f.set('alias')}
        maxLength={20}
      />
      <PasswordField
        label="资金密码"
        name="safetyPassword"
        digits
        value={f.values.safetyPassword}
        onChange={f.set('safetyPassword')}
        error={f.errors.safetyPassword}
      />
      <FormAlert message={f.formError} />
      <Button type="submit" className="w-full" loading={f.busy}>
        {id ? '保存修改' : '确认添加'}
      </Button>
    </form>
  );
}
