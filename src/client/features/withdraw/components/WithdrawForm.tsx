/**
 * The withdrawal form: balance, remaining turnover (with its drawer), the bound account, the amount
 * with a live fee/arrival preview (src/domain/withdraw.ts, the rules the server applies), the
 * safety password (6 digits, sent hashed), a confirm, then the result.
 */
import { useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { FEN_PER_YUAN, formatFen } from '../../../../domain/money';
import { safetyPasswordHash } from '../../../../domain/credentials';
import { patterns } from '../../../../domain/validation';
import {
  checkWithdrawAmount,
  parseWithdrawAmount,
  settingsFromWire,
  withdrawFee,
  WITHDRAW_AMOUNT_MAX_CHARS,
  type WithdrawSettings,
} from '../../../../domain/withdraw';
import { Button, ErrorState, LoadingState, TextField, confirmDialog, showToast } from '../../../ui';
import { keys, useQuery } from '../../../query';
import { Link } from 'wouter';
import { currentUser } from '../../../state/session';
import {
  getAddresses,
  getBalance,
  getCards,
  getSettings,
  getTurnover,
  saveWithdraw,
  type SaveResult,
} from '../api';
import { useMoneyAction } from '../../../money/useMoneyAction';
import { TargetPicker, targetLabel, type TargetChoice } from './TargetPicker';
import { TurnoverDrawer } from './TurnoverDrawer';

async function loadAll() {
  const [settings, balance, turnover, cards, addresses] = await Promise.all([
    getSettings(),
    getBalance(),
    getTurnover(),
    getCards().then(
      (r) => r.list,
      () => [],
    ),
    getAddresses().then(
      (r) => r.list,
      () => [],
    ),
  ]);
  return { settings, rules: settingsFromWire(settings), balance, turnover, cards, addresses };
}

/** The fee and arrival of a valid amount, or null. */
function preview(amountFen: number | null, rules: WithdrawSettings | null, usedToday: number) {
  if (amountFen === null || !rules || checkWithdrawAmount(amountFen, rules)) return null;
  const feeFen = withdrawFee(amountFen, rules, usedToday);
  return { feeFen, arrivalFen: amountFen - feeFen };
}

interface Props {
  userId: number;
  userName: string;
  onShowRecords(): void;
}

export function WithdrawForm({ userId, userName, onShowRecords }: Props) {
  useSignals();
  const { data, error, loading, reload } = useQuery({
    queryKey: keys.withdrawForm(),
    queryFn: loadAll,
  });
  const [choice, setChoice] = useState<TargetChoice>(null);
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [formError, setFormError] = useState('');
  const { run, busy } = useMoneyAction(userId, 'withdraw');
  const [drawer, setDrawer] = useState(false);
  const [result, setResult] = useState<SaveResult | null>(null);

  if (loading && !data) return <LoadingState />;
  if (error || !data) return <ErrorState message={error?.message ?? '加载失败'} onRetry={reload} />;
  const { settings, rules, balance, turnover, cards, addresses } = data;
  if (result)
    return (
      <WithdrawDone result={result} onRecords={onShowRecords} onAgain={() => setResult(null)} />
    );

  const target =
    choice ??
    (cards[0]
      ? { kind: 'card' as const, id: cards[0].id }
      : addresses[0]
        ? { kind: 'address' as const, id: addresses[0].id }
        : null);
  const amountFen = parseWithdrawAmount(amount);
  const fee = preview(amountFen, rules, settings.usedToday);
  const turnoverLeft = turnover.totalRemaining !== '0.00';
  const hasSafety = currentUser.value?.hasSafetyPassword !== false;

  const problem = (): string | null => {
    if (!settings.enabled) return '提现功能暂未开放';
    if (!settings.isOpen)
      return `提现开放时间为${settings.openStart}至${settings.openEnd}（北京时间）`;
    if (!target) return '请选择收款账户';
    if (!rules) return '提现设置读取失败，请刷新重试';
    const amountProblem = checkWithdrawAmount(amountFen, rules);
    if (amountProblem) return amountProblem;
    if (amountFen! > balance.balanceFen) return '余额不足';
    if (fee && fee.arrivalFen <= 0) return '提现金额不足以支付手续费';
    if (settings.remainingCount <= 0) return `今日提现次数已用完（每日${settings.dailyCount}次）`;
    if (turnoverLeft) return `还需完成${turnover.totalRemaining}元流水才能提现`;
    if (!patterns.safePassword.test(password)) return '资金密码须为6位数字';
    return null;
  };

  const submit = async () => {
    const p = problem();
    setFormError(p ?? '');
    if (p || !target || !fee) return;
    const label = targetLabel(target, cards, addresses);
    const ok = await confirmDialog(
      `确认提现 ¥${amount}.00 到 ${label}？手续费 ¥${formatFen(fee.feeFen)}，实际到账 ¥${formatFen(fee.arrivalFen)}`,
      { okText: '确认提现' },
    );
    if (!ok) return;
    const targetField = target.kind === 'card' ? { cardId: target.id } : { addressId: target.id };
    // the fingerprint is the amount and target, never the password
    const out = await run(JSON.stringify({ amount, target }), (requestId) =>
      saveWithdraw({
        amount,
        ...targetField,
        safetyPassword: safetyPasswordHash(userName, password),
        requestId,
      }),
    );
    if (!out.ok) {
      setFormError(out.message);
      return;
    }
    setPassword('');
    setAmount('');
    setResult(out.result);
    showToast('提现申请已提交');
  };

  return (
    <form
      data-money-form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      className="rounded-xl bg-white p-4"
    >
      <div className="mb-4 grid grid-cols-2 gap-3 rounded-lg bg-brand/5 p-3">
        <div>
          <p className="text-xs text-gray-700">可用余额</p>
          <p className="text-xl font-semibold text-gray-900" data-testid="withdraw-balance">
            ¥{balance.balance}
          </p>
        </div>
        <div>
          <p className="text-xs text-gray-700">剩余流水</p>
          <p
            className={`text-xl font-semibold ${turnoverLeft ? 'text-red-700' : 'text-green-800'}`}
          >
            ¥{turnover.totalRemaining}
          </p>
          <button
            type="button"
            onClick={() => setDrawer(true)}
            className="text-sm text-brand underline focus-visible:outline-2 focus-visible:outline-brand"
          >
            流水明细
          </button>
        </div>
      </div>
      <TurnoverDrawer data={turnover} open={drawer} onClose={() => setDrawer(false)} />
      {!settings.enabled && (
        <p role="alert" className="mb-3 text-sm text-red-700">
          提现功能暂未开放
        </p>
      )}
      <TargetPicker cards={cards} addresses={addresses} value={target} onChange={setChoice} />
      <TextField
        label="提现金额（元）"
        name="amount"
        value={amount}
        onChange={(v) => setAmount(v.replace(/\D/g, ''))}
        inputMode="numeric"
        maxLength={WITHDRAW_AMOUNT_MAX_CHARS}
        autoComplete="off"
        placeholder="请输入整数金额"
        hint={`单笔 ${settings.minAmount}–${settings.maxAmount} 元，今日还可提现 ${settings.remainingCount} 次（每日前 ${settings.freeCount} 次免手续费，之后 ${settings.feePercent}%）`}
        trailing={
          <Button
            variant="secondary"
            className="shrink-0"
            onClick={() =>
              setAmount(
                String(
                  Math.min(
                    Math.floor(balance.balanceFen / FEN_PER_YUAN),
                    Math.floor((rules?.maxFen ?? 0) / FEN_PER_YUAN),
                  ),
                ),
              )
            }
          >
            全部
          </Button>
        }
      />
      <p className="mb-3 text-sm text-gray-800" aria-live="polite">
        {fee ? (
          <>
            手续费 <strong>¥{formatFen(fee.feeFen)}</strong>，实际到账{' '}
            <strong className="text-green-800">¥{formatFen(fee.arrivalFen)}</strong>
          </>
        ) : (
          '输入金额后显示手续费和实际到账'
        )}
      </p>
      <TextField
        label="资金密码"
        name="safetyPassword"
        type="password"
        value={password}
        onChange={(v) => setPassword(v.replace(/\D/g, ''))}
        inputMode="numeric"
        maxLength={6}
        autoComplete="off"
        placeholder="6位数字"
      />
      {!hasSafety && (
        <p className="mb-3 text-sm text-gray-700">
          尚未设置资金密码，
          <Link href="/securityCenter" className="text-brand underline">
            去设置
          </Link>
        </p>
      )}
      {formError && (
        <p role="alert" className="mb-3 text-sm text-red-700">
          {formError}
        </p>
      )}
      <Button type="submit" loading={busy} className="w-full" disabled={!settings.enabled}>
        提交提现
      </Button>
    </form>
  );
}

function WithdrawDone({
  result,
  onRecords,
  onAgain,
}: {
  result: SaveResult;
  onRecords(): void;
  onAgain(): void;
}) {
  const o = result.order;
  return (
    <section aria-labelledby="wd-done" className="rounded-xl bg-white p-5 text-center">
      <h2 id="wd-done" className="mb-2 text-lg font-semibold text-gray-900">
        提现申请已提交
      </h2>
      <p className="mb-4 text-sm text-gray-700">
        资金已冻结，审核通过后出款到 {o.accountName} {o.accountNo}
      </p>
      <dl className="mb-4 grid grid-cols-2 gap-y-2 text-left text-sm">
        <dt className="text-gray-600">订单号</dt>
        <dd className="break-all text-gray-900">{o.orderNo}</dd>
        <dt className="text-gray-600">提现金额</dt>
        <dd className="text-gray-900">¥{o.amount}</dd>
        <dt className="text-gray-600">手续费</dt>
        <dd className="text-gray-900">¥{o.fee}</dd>
        <dt className="text-gray-600">实际到账</dt>
        <dd className="text-gray-900">¥{o.arrival}</dd>
        <dt className="text-gray-600">状态</dt>
        <dd className="text-amber-800">{o.statusName}</dd>
        <dt className="text-gray-600">当前余额</dt>
        <dd className="text-gray-900" data-testid="withdraw-balance-after">
          ¥{result.balance}
        </dd>
      </dl>
      <div className="flex gap-3">
        <Button variant="secondary" className="flex-1" onClick={onRecords}>
          查看提现记录
        </Button>
        <Button className="flex-1" onClick={onAgain}>
          继续提现
        </Button>
      </div>
    </section>
  );
}
