/**
 * 转入 / 转出 between the main balance and the virtual wallet: amount with an all-in button, the money
 * rule checked before sending, a requestId stored before the call (a retry repeats it), a result view.
 */
import { useState } from 'react';
import { formatFen } from '../../../../domain/money';
import { Button, ErrorState, LoadingState, TextField, showToast } from '../../../ui';
import { useQuery } from '../../../query';
import { walletInfoQuery } from '../queries';
import { transferIn, transferOut, type TransferResult, type WalletInfo } from '../api';
import { Link } from 'wouter';
import { checkAmount } from '../format';
import { useMoneyAction } from '../../../money/useMoneyAction';
import { Card, useUserId } from './WalletPage';

export type Direction = 'in' | 'out';

const TEXT = {
  in: { verb: '转入', from: '主钱包余额', to: '虚拟钱包', short: '余额不足', send: transferIn },
  out: {
    verb: '转出',
    from: '虚拟钱包余额',
    to: '主钱包',
    short: '虚拟钱包余额不足',
    send: transferOut,
  },
} as const;

/** The fen that may move: the main balance for 转入, the virtual wallet for 转出. */
const availableFen = (dir: Direction, info: WalletInfo) =>
  dir === 'in' ? info.walletBalanceFen : info.balanceFen;

export function TransferForm({ direction }: { direction: Direction }) {
  const info = useQuery(walletInfoQuery);
  const [done, setDone] = useState<{ amount: string; result: TransferResult } | null>(null);
  if (done)
    return (
      <TransferDone
        direction={direction}
        amount={done.amount}
        result={done.result}
        onAgain={() => setDone(null)}
      />
    );
  if (info.loading && !info.data) return <LoadingState />;
  if (info.error || !info.data)
    return <ErrorState message={info.error?.message ?? '加载失败'} onRetry={info.reload} />;
  return (
    <AmountForm
      direction={direction}
      info={info.data}
      onDone={(amount, result) => setDone({ amount, result })}
    />
  );
}

function AmountForm({
  direction,
  info,
  onDone,
}: {
  direction: Direction;
  info: WalletInfo;
  onDone(amount: string, r: TransferResult): void;
}) {
  const t = TEXT[direction];
  const userId = useUserId();
  const action = useMoneyAction<TransferResult>(userId, direction);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState('');
  const [fieldError, setFieldError] = useState('');
  const available = availableFen(direction, info);

  const submit = async () => {
    setError('');
    const checked = checkAmount(amount, available, t.short);
    if ('error' in checked) {
      setFieldError(checked.error);
      return;
    }
    setFieldError('');
    const wire = formatFen(checked.fen);
    const out = await action.run(`${direction}:${checked.fen}`, (requestId) =>
      t.send(wire, requestId),
    );
    if (!out.ok) {
      setError(out.message);
      return;
    }
    showToast(`${t.verb}成功`);
    onDone(wire, out.result);
  };

  return (
    <form
      data-money-form
      aria-label={`${t.verb}表单`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200"
    >
      <dl className="mb-3 grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-gray-600">主钱包余额</dt>
          <dd className="font-semibold text-gray-900" data-testid="main-balance">
            {info.walletBalance} 元
          </dd>
        </div>
        <div>
          <dt className="text-gray-600">虚拟钱包余额</dt>
          <dd className="font-semibold text-gray-900" data-testid="vw-balance">
            {info.balance} 元
          </dd>
        </div>
      </dl>
      <TextField
        label={`${t.verb}金额（元）`}
        name="amount"
        value={amount}
        inputMode="decimal"
        maxLength={15}
        autoComplete="off"
        placeholder={`可${t.verb} ${formatFen(available)} 元`}
        onChange={(v) => {
          setAmount(v);
          setFieldError('');
        }}
        error={fieldError}
        hint={`从${t.from}${t.verb}${t.to}，最多两位小数`}
        trailing={
          <Button
            variant="secondary"
            className="shrink-0"
            onClick={() => {
              setAmount(formatFen(available));
              setFieldError('');
            }}
          >
            全部
          </Button>
        }
      />
      {error && (
        <p role="alert" className="mb-3 text-sm text-red-700">
          {error}
        </p>
      )}
      <Button type="submit" loading={action.busy} className="w-full">
        确认{t.verb}
      </Button>
    </form>
  );
}

function TransferDone({
  direction,
  amount,
  result,
  onAgain,
}: {
  direction: Direction;
  amount: string;
  result: TransferResult;
  onAgain(): void;
}) {
  const t = TEXT[direction];
  return (
    <Card label={`${t.verb}结果`}>
      <p role="status" className="text-center text-lg font-semibold text-green-800">
        {t.verb}成功
      </p>
      <p className="mt-1 text-center text-sm text-gray-700">
        {t.verb}金额 {amount} 元
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-gray-600">主钱包余额</dt>
          <dd className="font-semibold text-gray-900" data-testid="result-main-balance">
            {result.walletBalance} 元
          </dd>
        </div>
        <div>
          <dt className="text-gray-600">虚拟钱包余额</dt>
          <dd className="font-semibold text-gray-900" data-testid="result-vw-balance">
            {result.balance} 元
          </dd>
        </div>
      </dl>
      <div className="mt-4 flex gap-2">
        <Link
          href="/accountTotal"
          className="flex min-h-11 flex-1 items-center justify-center rounded-lg bg-brand px-3 py-2 font-medium text-white hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
        >
          返回钱包
        </Link>
        <Button variant="secondary" className="flex-1" onClick={onAgain}>
          继续{t.verb}
        </Button>
      </div>
    </Card>
  );
}
