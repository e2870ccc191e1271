/** /bankCard: my bank cards, Alipay and WeChat accounts (masked); add, edit, delete with the safety password. */
import { useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { Page, LoadingState, ErrorState, EmptyState, showToast } from '../../../ui';
import { Link } from 'wouter';
import { currentUser } from '../../../state/session';
import { cardList, deleteCard, type Card } from '../api';
import { CardItem } from '../components/CardItem';
import { SafetyDialog } from '../components/SafetyDialog';
import { keys, useQuery } from '../../../query';

const addLink =
  'flex min-h-11 items-center justify-center rounded-lg border border-dashed border-brand px-4 text-brand hover:bg-brand/5 focus-visible:outline-2 focus-visible:outline-brand';

export default function BankCardPage() {
  useSignals();
  const q = useQuery({ queryKey: keys.cards('banks'), queryFn: cardList });
  const [deleting, setDeleting] = useState<Card | null>(null);
  const userName = currentUser.value?.userName ?? '';
  const list = q.data?.list ?? [];
  const banks = list.filter((c) => c.kind === 'bank');
  const alipay = list.find((c) => c.kind === 'alipay');
  const weixin = list.find((c) => c.kind === 'weixin');
  const max = q.data?.maxBankCards ?? 0;

  const remove = async (safetyPassword: string) => {
    await deleteCard(userName, deleting!.id, safetyPassword);
    setDeleting(null);
    showToast('删除成功');
    q.reload();
  };

  return (
    <Page title="银行卡管理" back="/personalInfo">
      <div className="mx-auto max-w-xl space-y-6">
        {q.loading && !q.data ? (
          <LoadingState />
        ) : q.error ? (
          <ErrorState message={q.error.message} onRetry={q.reload} />
        ) : (
          <>
            <section aria-labelledby="bank-cards-title">
              <h2 id="bank-cards-title" className="mb-2 font-semibold text-gray-900">
                银行卡（{banks.length}/{max}）
              </h2>
              {banks.length === 0 && <EmptyState text="暂无绑定的银行卡" />}
              <ul className="space-y-3">
                {banks.map((c) => (
                  <CardItem
                    key={c.id}
                    card={c}
                    editHref={`/verifyBankCard?id=${c.id}`}
                    onDelete={() => setDeleting(c)}
                  />
                ))}
              </ul>
              {banks.length < max && (
                <Link href="/setBankcard" className={`${addLink} mt-3`}>
                  ＋ 添加银行卡
                </Link>
              )}
            </section>
            <WalletSection title="支付宝" card={alipay} href="/zfbAccount" onDelete={setDeleting} />
            <WalletSection title="微信" card={weixin} href="/wxAccount" onDelete={setDeleting} />
            <Link
              href="/virtualCoin"
              className="block text-center text-sm text-brand hover:underline focus-visible:outline-2 focus-visible:outline-brand"
            >
              管理数字货币地址
            </Link>
          </>
        )}
      </div>
      {deleting && (
        <SafetyDialog
          title={`删除${deleting.kind === 'bank' ? deleting.bankName : deleting.kind === 'alipay' ? '支付宝' : '微信'} ${deleting.accountNo}`}
          okText="确认删除"
          onConfirm={remove}
          onClose={() => setDeleting(null)}
        />
      )}
    </Page>
  );
}

function WalletSection({
  title,
  card,
  href,
  onDelete,
}: {
  title: string;
  card?: Card;
  href: string;
  onDelete(c: Card): void;
}) {
  return (
    <section aria-label={title}>
      <h2 className="mb-2 font-semibold text-gray-900">{title}</h2>
      {card ? (
        <ul>
          <CardItem card={card} editHref={href} onDelete={() => onDelete(card)} />
        </ul>
      ) : (
        <Link href={href} className={addLink}>
          ＋ 绑定{title}账号
        </Link>
      )}
    </section>
  );
}
