/**
 * The amount form of one receiving config: fixed amounts as choices, or a field with quick picks (digital
 * currency: a coin amount with the rate and the yuan it credits, live), the payer name when asked for,
 * then a confirm step, then the order. Checked with the domain rules before anything is sent.
 */
import { useEffect, useRef, useState } from 'react';
import { Radio, RadioGroup } from '@headlessui/react';
import {
  checkPayerName,
  coinToFen,
  type RechargeChannel,
  DIGITAL_CURRENCY_CHANNEL,
} from '../../../../domain/payments';
import { formatFen } from '../../../../domain/money';
import { Button, TextField } from '../../../ui';
import { createRecharge, type ReceivingConfig, type RechargeOrder } from '../api';
import { checkAmountText, quickAmounts } from '../amount';
import { useMoneyAction } from '../../../money/useMoneyAction';
import { OrderResult } from './OrderResult';

interface Props {
  channel: RechargeChannel;
  config: ReceivingConfig;
  payerNameRequired: boolean;
  userId: number;
}
type Errors = { amount?: string; payerName?: string; form?: string };

const CHIP =
  'min-h-10 rounded-lg px-3 text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand';

function Chips({
  label,
  values,
  selected,
  unit,
  onPick,
}: {
  label: string;
  values: string[];
  selected: string;
  unit: string;
  onPick(v: string): void;
}) {
  return (
    <RadioGroup
      aria-label={label}
      value={selected}
      onChange={onPick}
      className="mb-3 grid grid-cols-3 gap-2"
    >
      {values.map((v) => (
        <Radio
          key={v}
          value={v}
          as="button"
          type="button"
          className={({ checked }) =>
            `${CHIP} ${checked ? 'bg-brand text-white' : 'bg-white text-gray-800 ring-1 ring-gray-300 hover:bg-gray-50'}`
          }
        >
          {v.replace(/\.00$/, '')}
          {unit}
        </Radio>
      ))}
    </RadioGroup>
  );
}

/** The summary to check before the order is sent; focus moves to it so a screen reader reads it. */
function ConfirmStep({
  rows,
  busy,
  onBack,
  onSend,
}: {
  rows: [string, string][];
  busy: boolean;
  onBack(): void;
  onSend(): void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <section data-money-form aria-label="确认充值" className="rounded-xl bg-white p-4">
      <h2
        ref={heading}
        tabIndex={-1}
        className="mb-2 text-base font-semibold text-gray-900 outline-none"
      >
        请确认充值信息
      </h2>
      <dl className="text-sm">
        {rows.map(([k, v]) => (
          <div key={k} className="flex justify-between gap-3 py-1.5">
            <dt className="shrink-0 text-gray-600">{k}</dt>
            <dd
              className={`break-all text-right ${k === '到账金额' ? 'font-semibold text-brand' : ''}`}
            >
              {v}
            </dd>
          </div>
        ))}
      </dl>
      <div className="mt-4 flex gap-2">
        <Button variant="secondary" className="flex-1" disabled={busy} onClick={onBack}>
          返回修改
        </Button>
        <Button className="flex-1" loading={busy} onClick={onSend}>
          确认提交
        </Button>
      </div>
    </section>
  );
}

export function RechargeForm({ channel, config, payerNameRequired, userId }: Props) {
  const digital = channel.code === DIGITAL_CURRENCY_CHANNEL;
  const fixed = !digital && config.fixedAmounts.length > 0;
  const [amount, setAmount] = useState('');
  const [payerName, setPayerName] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [confirming, setConfirming] = useState<{ fen: number } | null>(null);
  const [order, setOrder] = useState<RechargeOrder | null>(null);
  const { run, busy } = useMoneyAction(userId, 'recharge');

  const creditFen = digital ? coinToFen(amount.trim(), config.rate) : null;

  const next = () => {
    const checked = checkAmountText(amount, config, digital);
    const payer = checkPayerName(payerName, payerNameRequired);
    const found: Errors = {
      amount: checked.ok ? undefined : checked.error,
      payerName: payer ?? undefined,
    };
    setErrors(found);
    if (checked.ok && !payer) setConfirming({ fen: checked.fen });
  };

  const send = async () => {
    const input = {
      channel: channel.code,
      configId: config.configId,
      amount: amount.trim(),
      payerName: payerName.trim() || undefined,
    };
    const out = await run(JSON.stringify(input), (requestId) => createRecharge(input, requestId));
    // no final answer (the retry declined) or offline: the confirm step stays, its id kept for the next tap
    if (!out.ok && (out.reason === 'unconfirmed' || out.reason === 'offline')) return;
    if (!out.ok) {
      setErrors({ form: out.message });
      setConfirming(null);
      return;
    }
    setOrder(out.result.order);
  };

  const again = () => {
    setOrder(null);
    setConfirming(null);
    setAmount('');
    setErrors({});
  };

  if (order) return <OrderResult order={order} onAgain={again} />;

  if (confirming) {
    return (
      <ConfirmStep
        busy={busy}
        onBack={() => setConfirming(null)}
        onSend={() => void send()}
        rows={[
          ['充值渠道', channel.name],
          ['收款账户', config.name],
          ...(digital
            ? [['充值数量', `${amount.trim()} ${config.currency}`] as [string, string]]
            : []),
          ['到账金额', `¥${formatFen(confirming.fen)}`],
          ...(payerName.trim() ? [['付款人', payerName.trim()] as [string, string]] : []),
        ]}
      />
    );
  }

  return (
    <form
      data-money-form
      aria-label="充值表单"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        next();
      }}
      className="rounded-xl bg-white p-4"
    >
      {fixed ? (
        <fieldset className="mb-1">
          <legend className="mb-2 text-sm font-medium text-gray-800">充值金额（固定金额）</legend>
          <Chips
            label="充值金额"
            values={config.fixedAmounts}
            selected={amount}
            unit="元"
            onPick={setAmount}
          />
          {errors.amount && (
            <p role="alert" className="mb-3 text-sm text-red-700">
              {errors.amount}
            </p>
          )}
        </fieldset>
      ) : (
        <>
          <TextField
            label={digital ? `充值数量（${config.currency}）` : '充值金额（元）'}
            name="amount"
            value={amount}
            onChange={setAmount}
            inputMode="decimal"
            maxLength={digital ? 30 : 13}
            autoComplete="off"
            error={errors.amount}
            placeholder={digital ? '最多8位小数' : `${config.min} - ${config.max}`}
          />
          {!digital && (
            <Chips
              label="快捷金额"
              values={quickAmounts(config)}
              selected={amount}
              unit="元"
              onPick={setAmount}
            />
          )}
        </>
      )}
      {digital && (
        <p aria-live="polite" className="mb-3 rounded-lg bg-gray-50 p-2 text-sm text-gray-800">
          汇率：1 {config.currency} = {config.rate} 元 · 预计到账：
          {creditFen === null ? '--' : `¥${formatFen(creditFen)}`}
        </p>
      )}
      <p className="mb-3 text-xs text-gray-600">
        单笔限额：{config.min} - {config.max} 元
      </p>
      {(payerNameRequired || !digital) && (
        <TextField
          label={payerNameRequired ? '付款人姓名' : '付款人姓名（选填）'}
          name="payerName"
          value={payerName}
          onChange={setPayerName}
          maxLength={20}
          autoComplete="name"
          error={errors.payerName}
          hint="请填写实际付款账户的户名，便于核对到账"
        />
      )}
      {errors.form && (
        <p role="alert" className="mb-3 text-sm text-red-700">
          {errors.form}
        </p>
      )}
      <Button type="submit" className="w-full">
        下一步
      </Button>
    </form>
  );
}
