/** /pledgeDetail?id=…: one pledge order — dates, profit logs, 提前赎回 by its rule (confirmed), auto-renew. */
import { formatFen, signedYuanText } from '../../../../domain/money';
import { earlyExitOutcome, parsePercentToBp } from '../../../../domain/wallet';
import {
  Button,
  EmptyState,
  ErrorState,
  LoadingState,
  confirmDialog,
  showToast,
} from '../../../ui';
import { useSearch } from 'wouter';
import {
  cancelPledge,
  getPledgeOrderDetail,
  setPledgeAutoRenew,
  type OrderLog,
  type PledgeOrder,
} from '../api';
import { formatDateTime } from '../format';
import { Card, WalletPage } from '../components/WalletPage';
import { Switch } from '../../../ui/Switch';
import { pageMessage } from '../../../money/moneyAction';
import { invalidateAfterMoney, keys, useQuery } from '../../../query';
import { useFormMutation } from '../../../query/useFormMutation';

export default function PledgeDetailPage() {
  return (
    <WalletPage title="质押详情" back="/pledgePosition">
      <Detail />
    </WalletPage>
  );
}

function Detail() {
  const id = Number(new URLSearchParams(useSearch()).get('id'));
  const valid = Number.isSafeInteger(id) && id > 0;
  const q = useQuery({
    queryKey: keys.pledgeDetail(id),
    queryFn: () => (valid ? getPledgeOrderDetail(id) : Promise.reject(new Error('订单编号无效'))),
  });
  if (q.loading && !q.data) return <LoadingState />;
  if (q.error || !q.data)
    return (
      <ErrorState message={q.error?.message ?? '加载失败'} onRetry={valid ? q.reload : undefined} />
    );
  return (
    <OrderView
      order={q.data.order}
      logs={q.data.logs}
      onChanged={() => {
        void invalidateAfterMoney('wallet');
      }}
    />
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-3 py-1">
      <dt className="text-gray-600">{label}</dt>
      <dd className="text-right text-gray-900">{value}</dd>
    </div>
  );
}

function OrderView({
  order,
  logs,
  onChanged,
}: {
  order: PledgeOrder;
  logs: OrderLog[];
  onChanged(): void;
}) {
  // 赎回 and 自动续期 are one send at a time; `busy` says which one runs
  const action = useFormMutation<void, { which: 'cancel' | 'renew'; send(): Promise<void> }>({
    mutationFn: ({ send }) => send(),
  });
  const busy = action.isPending ? (action.variables?.which ?? null) : null;
  const error = action.error ? pageMessage(action.error) : '';
  const holding = order.status === 'holding';
  const outcome = earlyExitOutcome(
    order.earlyExit,
    order.amountFen,
    parsePercentToBp(order.penaltyPercent) ?? 0,
  );

  const cancel = async () => {
    if (!outcome) return;
    const penaltyText =
      outcome.penaltyFen > 0 ? `，扣除违约金 ${formatFen(outcome.penaltyFen)} 元` : '';
    const ok = await confirmDialog(
      `确认提前赎回？本期收益将不再发放${penaltyText}，退还 ${formatFen(outcome.refundFen)} 元到虚拟钱包。`,
      { okText: '确认赎回', cancelText: '再想想' },
    );
    if (!ok) return;
    await action.submit({
      which: 'cancel',
      send: async () => {
        await cancelPledge(order.orderId);
        showToast('赎回成功');
        onChanged();
      },
    });
  };

  const renew = async (next: boolean) => {
    await action.submit({
      which: 'renew',
      send: async () => {
        await setPledgeAutoRenew(order.orderId, next);
        showToast(next ? '已开启自动续期' : '已关闭自动续期');
        onChanged();
      },
    });
  };

  return (
    <>
      <Card label="订单信息">
        <div className="mb-2 flex items-center justify-between">
          <h2 className="text-base font-semibold text-gray-900">{order.productName}</h2>
          <span className="text-sm font-medium text-gray-700" data-testid="order-status">
            {order.statusName}
          </span>
        </div>
        <dl className="text-sm">
          <Row label="订单编号" value={String(order.orderId)} />
          <Row label="质押金额" value={`${order.amount} 元`} />
          <Row label="年化利率" value={`${order.annualRate}%`} />
          <Row label="期限" value={`${order.termDays} 天（第 ${order.term} 期）`} />
          <Row label="起息时间" value={formatDateTime(order.startAt)} />
          <Row label="到期时间" value={formatDateTime(order.endAt)} />
          {holding && <Row label="本期预计收益" value={`${order.expectedProfit} 元`} />}
          <Row label="已得收益" value={`${order.profitTotal} 元`} />
          {!holding && <Row label="退还本金" value={`${order.refund} 元`} />}
          {!holding && order.penalty !== '0.00' && (
            <Row label="违约金" value={`${order.penalty} 元`} />
          )}
          {!holding && <Row label="结束时间" value={formatDateTime(order.settledAt)} />}
          <Row label="提前赎回规则" value={order.earlyExitName} />
          <Row label="下单时间" value={formatDateTime(order.createdAt)} />
        </dl>
        {holding && (
          <div className="mt-2 border-t border-gray-100 pt-2">
            <Switch
              label="到期自动续期"
              checked={order.autoRenew}
              disabled={busy !== null}
              onChange={(v) => void renew(v)}
            />
          </div>
        )}
        {error && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {error}
          </p>
        )}
        {holding &&
          (outcome ? (
            <Button
              variant="danger"
              className="mt-3 w-full"
              loading={busy === 'cancel'}
              disabled={busy !== null}
              onClick={() => void cancel()}
            >
              提前赎回
            </Button>
          ) : (
            <p className="mt-3 text-center text-sm text-gray-600">
              该产品不支持提前赎回，到期自动返还
            </p>
          ))}
      </Card>
      <Card label="收益记录">
        <h2 className="mb-2 text-base font-semibold text-gray-900">资金记录</h2>
        {logs.length === 0 ? (
          <EmptyState text="暂无记录" />
        ) : (
          <ul className="divide-y divide-gray-100 text-sm">
            {logs.map((l) => (
              <li key={l.id} className="flex items-center justify-between py-2">
                <div className="min-w-0">
                  <p className="text-gray-900">{l.typeName}</p>
                  <p className="truncate text-xs text-gray-600">
                    {formatDateTime(l.createdAt)}
                    {l.remark ? ` · ${l.remark}` : ''}
                  </p>
                </div>
                <span className={l.amount.startsWith('-') ? 'text-gray-900' : 'text-red-700'}>
                  {signedYuanText(l.amount)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}
