/** Operator: the virtual wallet's annual rate, pledge products (create, edit, enable, disable) and pledge orders. */
import { useEffect, useState } from 'react';
import { parsePercentToBp } from '../../../../domain/wallet';
import { Button, TextField, showToast } from '../../../ui';
import { ActionError, AdminList, useConfirmedAction } from '../../../ui/AdminList';
import { ProductTerms } from '../../wallet/components/ProductCard';
import type { PledgeProduct } from '../../wallet/api';
import {
  adminPledgeProducts,
  getWalletSettings,
  saveWalletSettings,
  setPledgeProductEnabled,
  type ProductDraft,
} from './api';
import { EMPTY_DRAFT, ProductForm, draftOf } from './ProductForm';
import { PledgeOrdersList } from './PledgeOrdersList';
import { keys, useQuery } from '../../../query';
import { useFormAction } from '../../../query/useFormMutation';

export function PledgeProductsPanel() {
  return (
    <div className="space-y-6">
      <RateSetting />
      <Products />
      <PledgeOrdersList />
    </div>
  );
}

function RateSetting() {
  const q = useQuery({ queryKey: keys.admin('walletSettings'), queryFn: getWalletSettings });
  const [rate, setRate] = useState('');
  const mutation = useFormAction();
  const { message: error, setMessage: setError, isPending: busy } = mutation;
  useEffect(() => {
    if (q.data) setRate(q.data.annualRate);
  }, [q.data]);
  const save = async () => {
    if (parsePercentToBp(rate.trim()) === null) {
      setError('年化利率必须在0到100之间，最多两位小数');
      return;
    }
    await mutation.submit(async () => {
      const r = await saveWalletSettings(rate.trim());
      setRate(r.annualRate);
      showToast('已保存');
    });
  };
  return (
    <form
      aria-label="虚拟钱包年化利率"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      className="rounded-xl bg-white p-4"
    >
      <h3 className="mb-2 font-semibold text-gray-900">虚拟钱包年化利率</h3>
      {q.error && (
        <p role="alert" className="mb-2 text-sm text-red-700">
          加载失败：{q.error.message}
        </p>
      )}
      <TextField
        label="年化利率（%）"
        name="vwAnnualRate"
        value={rate}
        onChange={setRate}
        inputMode="decimal"
        maxLength={6}
        hint="每日按北京时间日终余额计息，修改后从下一次计息起生效"
        disabled={q.loading}
      />
      {error && (
        <p role="alert" className="mb-3 text-sm text-red-700">
          {error}
        </p>
      )}
      <Button type="submit" loading={busy} disabled={q.loading} className="w-full">
        保存利率
      </Button>
    </form>
  );
}

function Products() {
  const q = useQuery({ queryKey: keys.admin('pledgeProducts'), queryFn: adminPledgeProducts });
  const [editing, setEditing] = useState<ProductDraft | null>(null);
  const act = useConfirmedAction(q.reload);
  const toggle = (p: PledgeProduct) =>
    act.run(
      `确定${p.enabled ? '下架' : '上架'}「${p.name}」？`,
      () => setPledgeProductEnabled(p.productId, !p.enabled),
      p.enabled ? '已下架' : '已上架',
    );
  const actions = (p: PledgeProduct) => (
    <div className="flex gap-2">
      <Button variant="secondary" onClick={() => setEditing(draftOf(p))}>
        编辑
      </Button>
      <Button
        variant={p.enabled ? 'danger' : 'primary'}
        disabled={act.busy}
        onClick={() => void toggle(p)}
      >
        {p.enabled ? '下架' : '上架'}
      </Button>
    </div>
  );
  return (
    <section aria-label="质押产品管理" className="space-y-2">
      <div className="flex items-center justify-between">
        <h3 className="font-semibold text-gray-900">质押产品</h3>
        {!editing && <Button onClick={() => setEditing({ ...EMPTY_DRAFT })}>新增产品</Button>}
      </div>
      {editing && (
        <ProductForm
          key={editing.productId ?? 'new'}
          initial={editing}
          onCancel={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            q.reload();
          }}
        />
      )}
      <ActionError message={act.error} />
      <AdminList
        state={q}
        empty="暂无质押产品"
        keyOf={(p) => p.productId}
        label="质押产品列表"
        columns={[
          { label: '编号', cell: (p) => `#${p.productId}`, className: 'tabular-nums' },
          { label: '名称', cell: (p) => p.name, className: 'font-medium' },
          { label: '条款', cell: (p) => <ProductTerms product={p} /> },
          { label: '排序', cell: (p) => p.sort, align: 'end' },
          {
            label: '状态',
            cell: (p) => (
              <span
                className={
                  p.enabled ? 'whitespace-nowrap text-green-800' : 'whitespace-nowrap text-gray-600'
                }
              >
                {p.enabled ? '已上架' : '已下架'}
              </span>
            ),
          },
          { label: '操作', cell: (p) => actions(p), actions: true },
        ]}
      >
        {(p) => (
          <div>
            <div className="mb-1 flex items-center justify-between">
              <span className="font-medium">
                #{p.productId} {p.name}
              </span>
              <span className={p.enabled ? 'text-green-800' : 'text-gray-600'}>
                {p.enabled ? '已上架' : '已下架'} · 排序 {p.sort}
              </span>
            </div>
            <ProductTerms product={p} />
            <div className="mt-2">{actions(p)}</div>
          </div>
        )}
      </AdminList>
    </section>
  );
}
