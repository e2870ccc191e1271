/**
 * /setBankcard (add) and /setBankcard/:cardId (edit). Adding takes the safety password and
 * locks the real name with the first card (a locked name is shown read-only and not re-typed);
 * editing needs the permit /verifyBankCard obtained, else it goes there first.
 */
import { useEffect } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { Page, Button, LoadingState, ErrorState, TextField, showToast } from '../../../ui';
import { useLocation, useRoute } from 'wouter';
import { currentUser } from '../../../state/session';
import { cardFieldRules } from '../../../../domain/banks';
import type { FieldRule } from '../../../../domain/validation';
import { PasswordField } from '../../../ui/PasswordField';
import { FormAlert, FormCard } from '../../../ui/FormAlert';
import { useAccountForm } from '../../../ui/form';
import { addCard, bankList, cardDetail, updateCard } from '../api';
import { BankFields } from '../components/BankFields';
import { useSafetyGate } from '../components/useSafetyGate';
import { editPermit, takePermit } from '../state';
import { keys, useQuery } from '../../../query';

const bankRule: FieldRule = { label: '开户银行' };

export default function SetBankCardPage() {
  const cardId = useRoute('/setBankcard/:cardId')[1]?.cardId;
  const id = cardId && /^\d{1,15}$/.test(cardId) ? Number(cardId) : null;
  return (
    <Page title={id ? '修改银行卡' : '添加银行卡'} back="/bankCard">
      <FormCard>{id ? <EditCard id={id} /> : <AddCard />}</FormCard>
    </Page>
  );
}

function AddCard() {
  useSignals();
  const [, navigate] = useLocation();
  const { lock, missing } = useSafetyGate();
  const banks = useQuery({
    queryKey: keys.cards('bankNames'),
    queryFn: bankList,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const locked = lock.data?.locked ?? false;
  const f = useAccountForm(
    { bankCode: '', bankNumber: '', realName: '', branch: '', safetyPassword: '' },
    () => ({
      bankCode: bankRule,
      bankNumber: cardFieldRules.bankNumber,
      branch: cardFieldRules.branch,
      safetyPassword: cardFieldRules.safetyPassword,
      ...(locked ? {} : { realName: cardFieldRules.realName }),
    }),
  );
  const submit = f.onSubmit(async () => {
    const { safetyPassword, realName, ...rest } = f.values;
    await addCard(
      currentUser.value?.userName ?? '',
      { ...rest, realName: locked ? undefined : realName.trim() },
      safetyPassword,
    );
    showToast('银行卡绑定成功');
    navigate('/bankCard', { replace: true });
  });

  if (lock.loading || banks.loading || missing) return <LoadingState />;
  if (lock.error || banks.error)
    return (
      <ErrorState
        message={(lock.error ?? banks.error)!.message}
        onRetry={() => {
          lock.reload();
          banks.reload();
        }}
      />
    );
  const full = lock.data!.bankCardCount >= lock.data!.maxBankCards;
  if (full) return <ErrorState message={`最多只能绑定${lock.data!.maxBankCards}张银行卡`} />;
  return (
    <form onSubmit={submit} noValidate data-money-form>
      <BankFields banks={banks.data!.list} values={f.values} set={f.set} errors={f.errors} />
      {locked ? (
        <TextField
          label="真实姓名"
          name="realName"
          value={lock.data!.realName}
          onChange={() => {}}
          disabled
          hint="已锁定，后续绑定须使用同一姓名"
        />
      ) : (
        <TextField
          label="真实姓名"
          name="realName"
          value={f.values.realName}
          onChange={f.set('realName')}
          error={f.errors.realName}
          autoComplete="name"
          hint="首次绑定后将锁定，请填写银行卡开户人姓名"
        />
      )}
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
        确认绑定
      </Button>
    </form>
  );
}

function EditCard({ id }: { id: number }) {
  const [, navigate] = useLocation();
  const permit = takePermit(id);
  useEffect(() => {
    if (!permit) navigate(`/verifyBankCard?id=${id}`, { replace: true });
  }, [permit, id, navigate]);
  const card = useQuery({
    queryKey: keys.cardDetail(id),
    queryFn: () => cardDetail(id),
    enabled: Boolean(permit),
  });
  const banks = useQuery({
    queryKey: keys.cards('bankNames'),
    queryFn: bankList,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!permit || card.loading || banks.loading) return <LoadingState />;
  if (card.error || banks.error)
    return (
      <ErrorState
        message={(card.error ?? banks.error)!.message}
        onRetry={() => {
          card.reload();
          banks.reload();
        }}
      />
    );
  return (
    <EditForm
      id={id}
      verifyToken={permit.verifyToken}
      initial={{ bankCode: card.data!.bankCode, branch: card.data!.branch }}
      masked={card.data!.accountNo}
      realName={card.data!.realName}
      banks={banks.data!.list}
    />
  );
}

function EditForm({
  id,
  verifyToken,
  initial,
  masked,
  realName,
  banks,
}: {
  id: number;
  verifyToken: string;
  initial: { bankCode: string; branch: string };
  masked: string;
  realName: string;
  banks: { bankCode: string; bankName: string }[];
}) {
  const [, navigate] = useLocation();
  const f = useAccountForm({ ...initial, bankNumber: '' }, () => ({
    bankCode: bankRule,
    branch: cardFieldRules.branch,
    bankNumber: { ...cardFieldRules.bankNumber, nullable: true },
  }));
  const submit = f.onSubmit(async () => {
    await updateCard(id, verifyToken, {
      bankCode: f.values.bankCode,
      branch: f.values.branch.trim(),
      bankNumber: f.values.bankNumber || undefined,
    });
    editPermit.value = null;
    showToast('银行卡修改成功');
    navigate('/bankCard', { replace: true });
  });
  return (
    <form onSubmit={submit} noValidate data-money-form>
      <BankFields
        banks={banks}
        values={f.values}
        set={f.set}
        errors={f.errors}
        numberOptional
        numberPlaceholder={masked}
      />
      <TextField
        label="真实姓名"
        name="realName"
        value={realName}
        onChange={() => {}}
        disabled
        hint="姓名已锁定，不能修改"
      />
      <FormAlert message={f.formError} />
      <Button type="submit" className="w-full" loading={f.busy}>
        保存修改
      </Button>
    </form>
  );
}
