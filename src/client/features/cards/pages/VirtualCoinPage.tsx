/** /virtualCoin: my digital-currency addresses (masked), add, edit and delete with the safety password. */
import { useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { Page, LoadingState, ErrorState, EmptyState, showToast } from '../../../ui';
import { Link } from 'wouter';
import { currentUser } from '../../../state/session';
import { deleteDigital, digitalList, type DigitalAddress } from '../api';
import { SafetyDialog } from '../components/SafetyDialog';
import { keys, useQuery } from '../../../query';

const action =
  'rounded-lg border border-gray-300 px-3 py-1.5 text-sm text-gray-800 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-brand';

export default function VirtualCoinPage() {
  useSignals();
  const q = useQuery({ queryKey: keys.cards('digital'), queryFn: digitalList });
  const [deleting, setDeleting] = useState<DigitalAddress | null>(null);
  const list = q.data?.list ?? [];
  const remove = async (safetyPassword: string) => {
    await deleteDigital(currentUser.value?.userName ?? '', deleting!.id, safetyPassword);
    setDeleting(null);
    showToast('删除成功');
    q.reload();
  };
  return (
    <Page title="数字货币地址" back="/bankCard">
      <div className="mx-auto max-w-xl">
        {q.loading && !q.data ? (
          <LoadingState />
        ) : q.error ? (
          <ErrorState message={q.error.message} onRetry={q.reload} />
        ) : (
          <>
            {list.length === 0 && <EmptyState text="暂无数字货币地址" />}
            <ul className="space-y-3">
              {list.map((a) => (
                <li
                  key={a.id}
                  className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200"
                  aria-label={`${a.currency} ${a.protocol} ${a.address}`}
                >
                  <div className="flex items-center justify-between gap-2">
                    <p className="font-semibold text-gray-900">
                      {a.currency}{' '}
                      <span className="text-sm font-normal text-gray-700">{a.protocol}</span>
                    </p>
                    {a.alias && <span className="truncate text-sm text-gray-700">{a.alias}</span>}
                  </div>
                  <p className="mt-2 break-all font-mono text-gray-900" data-testid="address">
                    {a.address}
                  </p>
                  <div className="mt-3 flex justify-end gap-2">
                    <Link href={`/setdigitalcurrency/${a.id}`} className={action}>
                      修改
                    </Link>
                    <button type="button" className={action} onClick={() => setDeleting(a)}>
                      删除
                    </button>
                  </div>
                </li>
              ))}
            </ul>
            {list.length < (q.data?.maxAddresses ?? 0) && (
              <Link
                href="/setdigitalcurrency"
                className="mt-4 flex min-h-11 items-center justify-center rounded-lg border border-dashed border-brand text-brand hover:bg-brand/5 focus-visible:outline-2 focus-visible:outline-brand"
              >
                ＋ 添加数字货币地址
              </Link>
            )}
          </>
        )}
      </div>
      {deleting && (
        <SafetyDialog
          title={`删除地址 ${deleting.address}`}
          okText="确认删除"
          onConfirm={remove}
          onClose={() => setDeleting(null)}
        />
      )}
    </Page>
  );
}
