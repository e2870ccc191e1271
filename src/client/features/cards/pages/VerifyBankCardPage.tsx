/** /verifyBankCard?id=: the safety password before editing a bank card; the permit it earns opens /setBankcard/:id. */
import { useSignals } from '@preact/signals-react/runtime';
import { Page, Button, LoadingState, ErrorState } from '../../../ui';
import { useLocation } from 'wouter';
import { currentUser } from '../../../state/session';
import { cardFieldRules } from '../../../../domain/banks';
import { PasswordField } from '../../../ui/PasswordField';
import { FormAlert, FormCard } from '../../../ui/FormAlert';
import { useAccountForm } from '../../../ui/form';
import { useQueryParam } from '../../account/components/nav';
import { cardDetail, safetyCheckCard } from '../api';
import { editPermit } from '../state';
import { keys, useQuery } from '../../../query';

export default function VerifyBankCardPage() {
  useSignals();
  const [, navigate] = useLocation();
  const raw = useQueryParam('id');
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : 0;
  const card = useQuery({
    queryKey: keys.cardDetail(id),
    queryFn: () => (id ? cardDetail(id) : Promise.reject(new Error('银行卡不存在'))),
  });
  const f = useAccountForm({ safetyPassword: '' }, () => ({
    safetyPassword: cardFieldRules.safetyPassword,
  }));
  const submit = f.onSubmit(async () => {
    const res = await safetyCheckCard(
      currentUser.value?.userName ?? '',
      id,
      f.values.safetyPassword,
    );
    editPermit.value = {
      cardId: id,
      verifyToken: res.verifyToken,
      expiresAtMs: Date.now() + res.expiresInSec * 1000 - 5000,
    };
    navigate(`/setBankcard/${id}`, { replace: true });
  });
  return (
    <Page title="验证资金密码" back="/bankCard">
      <FormCard>
        {card.loading ? (
          <LoadingState />
        ) : card.error ? (
          <ErrorState message={card.error.message} />
        ) : (
          <form onSubmit={submit} noValidate>
            <p className="mb-3 text-sm text-gray-700">
              修改 <strong>{card.data!.bankName}</strong>（{card.data!.accountNo}
              ）前，请先验证资金密码。
            </p>
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
              下一步
            </Button>
          </form>
        )}
      </FormCard>
    </Page>
  );
}
