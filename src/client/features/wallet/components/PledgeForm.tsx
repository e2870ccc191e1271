/**
 * Buying one pledge product: amount (from the virtual wallet, with an all-in button), auto-renew,
 * the expected profit of one term computed with the domain's rule, a confirm, then the order.
 */
import { useState } from 'react';
import { formatFen, parseYuanToFen } from '../../../../domain/money';
import { parsePercentToBp, pledgeProfitFen, termEndMs } from '../../../../domain/wallet';
import { Link } from 'wouter';
import { Button, TextField, confirmDialog, showToast } from '../../../ui';
import { createPledge, type PledgeOrder, type PledgeProduct, type WalletInfo } from '../api';
import { checkAmount, fenOf, formatDateTime } from '../format';
import { useMoneyAction } from '../../../money/useMoneyAction';
import { ProductTerms } from './ProductCard';
import { Card, useUserId } from './WalletPage';
import { Switch } from '../../../ui/Switch';

/** The product's own limits, checked before the balance (same order and wording as the server). */
export function checkPledgeAmount(
  text: string,
  product: PledgeProduct,
  vwBalanceFen: number,
): { fen: number } | { error: string } {
  const basic = checkAmount(text, Number.MAX_SAFE_INTEGER, '');
  if ('error' in basic) return basic;
  const minFen = fenOf(product.minAmount);
  const maxFen = fenOf(product.maxAmount);
  if (basic.fen < minFen) return { error: `最低质押金额为 ${product.minAmount} 元` };
  if (maxFen > 0 && basic.fen > maxFen) return { error: `单笔最多质押 ${product.maxAmount} 元` };
  if (basic.fen > vwBalanceFen) return { error: '虚拟钱包余额不足' };
  return basic;
}

/** One term's profit of `amountText` (0 while the amount is not a valid yuan amount). */
export function expectedProfitFen(amountText: string, product: PledgeProduct): number {
  const fen = parseYuanToFen(amountText.trim()) ?? 0;
  return pledgeProfitFen(fen, parsePercentToBp(product.annualRate) ?? 0, product.termDays);
}

export function PledgeForm({ product, info }: { product: PledgeProduct; info: WalletInfo }) {
  const userId = useUserId();
  const action = useMoneyAction(userId, 'pledge');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState('');
  const [autoRenew, setAutoRenew] = useState(false);
  const [fieldError, setFieldError] = useState('');
  const [order, setOrder] = useState<PledgeOrder | null>(null);
  const profit = formatFen(expectedProfitFen(amount, product));

  if (order) return <PledgeDone order={order} />;

  const submit = async () => {
    setError('');
    const checked = checkPledgeAmount(amount, product, info.balanceFen);
    if ('error' in checked) {
      setFieldError(checked.error);
      return;
    }
    setFieldError('');
    const wire = formatFen(checked.fen);
    const sure = await confirmDialog(
      `确认质押 ${wire} 元到「${product.name}」？期限 ${product.termDays} 天，预计收益 ${profit} 元。`,
      { okText: '确认质押', cancelText: '取消' },
    );
    if (!sure) return;
    const body = `${product.productId}:${checked.fen}:${autoRenew ? 1 : 0}`;
    const out = await action.run(body, (requestId) =>
      createPledge({ productId: product.productId, amount: wire, autoRenew, requestId }),
    );
    if (!out.ok) {
      setError(out.message);
      return;
    }
    showToast('质押成功');
    setOrder(out.result.order);
  };

  const setAll = () => {
    const maxFen = fenOf(product.maxAmount);
    const all = maxFen > 0 ? Math.min(maxFen, info.balanceFen) : info.balanceFen;
    setAmount(formatFen(all));
    setFieldError('');
  };

  return (
    <>
      <Card label="产品信息">
        <h2 className="mb-2 text-base font-semibold text-gray-900">{product.name}</h2>
        <ProductTerms product={product} />
      </Card>
      <form
        data-money-form
        aria-label="质押表单"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200"
      >
        <p className="mb-3 text-sm text-gray-700">
          虚拟钱包余额：
          <span className="font-semibold text-gray-900" data-testid="vw-balance">
            {info.balance}
          </span>{' '}
          元
        </p>
        <TextField
          label="质押金额（元）"
          name="amount"
          value={amount}
          inputMode="decimal"
          maxLength={15}
          autoComplete="off"
          placeholder={`最低 ${product.minAmount} 元`}
          error={fieldError}
          onChange={(v) => {
            setAmount(v);
            setFieldError('');
          }}
          trailing={
            <Button variant="secondary" className="shrink-0" onClick={setAll}>
              全部
            </Button>
          }
        />
        <Switch
          label="到期自动续期"
          checked={autoRenew}
          onChange={setAutoRenew}
          hint="开启后到期只发放收益，本金按原条件继续质押"
        />
        <dl className="my-3 space-y-1 rounded-lg bg-gray-50 p-3 text-sm">
          <div className="flex justify-between">
            <dt className="text-gray-600">预计收益</dt>
            <dd className="font-semibold text-red-700" data-testid="expected-profit">
              {profit} 元
            </dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-gray-600">预计到期</dt>
            <dd className="text-gray-900">
              {formatDateTime(termEndMs(Date.now(), product.termDays))}
            </dd>
          </div>
        </dl>
        {error && (
          <p role="alert" className="mb-3 text-sm text-red-700">
            {error}
          </p>
        )}
        <Button type="submit" loading={action.busy} className="w-full">
          确认质押
        </Button>
      </form>
    </>
  );
}

function PledgeDone({ order }: { order: PledgeOrder }) {
  return (
    <Card label="质押结果">
      <p role="status" className="text-center text-lg font-semibold text-green-800">
        质押成功
      </p>
      <dl className="mt-3 space-y-1 text-sm">
        <div className="flex justify-between">
          <dt className="text-gray-600">产品</dt>
          <dd className="text-gray-900">{order.productName}</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-gray-600">质押金额</dt>
          <dd className="text-gray-900">{order.amount} 元</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-gray-600">预计收益</dt>
          <dd className="text-gray-900">{order.expectedProfit} 元</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-gray-600">到期时间</dt>
          <dd className="text-gray-900">{formatDateTime(order.endAt)}</dd>
        </div>
      </dl>
      <div className="mt-4 flex gap-2">
        <Link
          href={`/pledgeDetail?id=${order.orderId}`}
          className="flex min-h-11 flex-1 items-center justify-center rounded-lg bg-brand px-3 py-2 font-medium text-white hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
        >
          查看订单
        </Link>
        <Link
          href="/accountTotal"
          className="flex min-h-11 flex-1 items-center justify-center rounded-lg border border-gray-300 bg-white px-3 py-2 font-medium text-gray-800 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
        >
          返回钱包
        </Link>
      </div>
    </Card>
  );
}
