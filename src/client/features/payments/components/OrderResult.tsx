/** The order just made: its number, amount and status, and for an online channel the way to the gateway. */
import { useEffect, useRef } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { Button } from '../../../ui';
import type { RechargeOrder } from '../api';
import { latestRechargeOrders } from '../orderWatch';
import { CopyRow } from '../../../ui/CopyRow';
import { StatusBadge } from './StatusBadge';

export function OrderResult({ order: made, onAgain }: { order: RechargeOrder; onAgain(): void }) {
  useSignals();
  // The order list below keeps itself fresh while this order waits; show the same status here.
  const order = latestRechargeOrders.value.get(made.id) ?? made;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <section aria-label="充值订单" className="rounded-xl bg-white p-4">
      <h2
        ref={heading}
        tabIndex={-1}
        role="status"
        className="mb-2 outline-none text-base font-semibold text-green-800"
      >
        订单已提交
      </h2>
      <dl>
        <CopyRow label="订单号" value={order.orderNo} />
        <div className="flex justify-between py-2 text-sm">
          <dt className="text-gray-600">充值渠道</dt>
          <dd>{order.channelName}</dd>
        </div>
        {order.coinAmount && (
          <div className="flex justify-between py-2 text-sm">
            <dt className="text-gray-600">充值数量</dt>
            <dd>
              {order.coinAmount} {order.currency}
            </dd>
          </div>
        )}
        <div className="flex justify-between py-2 text-sm">
          <dt className="text-gray-600">到账金额</dt>
          <dd className="font-semibold">¥{order.amount}</dd>
        </div>
        <div className="flex justify-between py-2 text-sm">
          <dt className="text-gray-600">订单状态</dt>
          <dd>
            <StatusBadge order={order} />
          </dd>
        </div>
      </dl>
      <p className="mt-2 text-sm text-gray-700">
        {order.payUrl
          ? '请点击下方按钮前往支付，付款后等待审核到账。'
          : '请按收款信息完成付款，审核通过后金额将自动到账。'}
      </p>
      <div className="mt-3 flex flex-col gap-2">
        {order.payUrl && (
          <a
            href={order.payUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-11 items-center justify-center rounded-lg bg-brand px-4 font-medium text-white hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
          >
            前往支付
          </a>
        )}
        <Button variant="secondary" onClick={onAgain}>
          继续充值
        </Button>
      </div>
    </section>
  );
}
