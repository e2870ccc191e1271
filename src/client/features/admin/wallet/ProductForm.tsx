/** Create or edit one pledge product (changes apply to new orders only: orders keep their snapshot). */
import { useState } from 'react';
import {
  EARLY_EXITS,
  earlyExitName,
  parsePercentToBp,
  MAX_TERM_DAYS,
  type EarlyExit,
} from '../../../../domain/wallet';
import { parseYuanToFen } from '../../../../domain/money';
import { Button, Select, TextField, showToast } from '../../../ui';
import type { PledgeProduct } from '../../wallet/api';
import { Switch } from '../../../ui/Switch';
import { savePledgeProduct, type ProductDraft } from './api';
import { useFormAction } from '../../../query/useFormMutation';

export const EMPTY_DRAFT: ProductDraft = {
  name: '',
  termDays: '30',
  annualRate: '',
  minAmount: '100',
  maxAmount: '0',
  userLimit: '0',
  earlyExit: 'principal',
  penaltyPercent: '0',
  sort: '0',
  enabled: true,
};

export function draftOf(p: PledgeProduct): ProductDraft {
  return {
    productId: p.productId,
    name: p.name,
    termDays: String(p.termDays),
    annualRate: p.annualRate,
    minAmount: p.minAmount,
    maxAmount: p.maxAmount,
    userLimit: p.userLimit,
    earlyExit: p.earlyExit,
    penaltyPercent: p.penaltyPercent,
    sort: String(p.sort),
    enabled: p.enabled,
  };
}

/** The operator form's own check (the server checks the same fields again). */
export function draftError(d: ProductDraft): string | null {
  if (!d.name.trim() || d.name.trim().length > 30) return '产品名称为1到30个字符';
  const term = Number(d.termDays);
  if (!/^\d+$/.test(d.termDays.trim()) || term < 1 || term > MAX_TERM_DAYS)
    return `期限必须在1到${MAX_TERM_DAYS}天之间`;
  const rate = parsePercentToBp(d.annualRate.trim());
  if (rate === null || rate === 0) return '年化利率必须在0.01到100之间，最多两位小数';
  const min = parseYuanToFen(d.minAmount.trim());
  if (min === null || min === 0) return '起投金额必须大于0，最多两位小数';
  for (const [label, v] of [
    ['单笔上限', d.maxAmount],
    ['个人限额', d.userLimit],
  ] as const) {
    const fen = parseYuanToFen(v.trim() || '0');
    if (fen === null) return `${label}格式不正确`;
    if (fen > 0 && fen < min) return `${label}不能低于起投金额`;
  }
  if (d.earlyExit === 'penalty' && !parsePercentToBp(d.penaltyPercent.trim()))
    return '违约金比例必须在0.01到100之间';
  const sort = d.sort.trim() || '0';
  if (!/^-?\d{1,5}$/.test(sort) || Math.abs(Number(sort)) > 10_000)
    return '排序必须是-10000到10000之间的整数';
  return null;
}

const EXIT_OPTIONS = EARLY_EXITS.map((e) => ({
  value: e,
  label: e === 'penalty' ? '提前赎回扣除违约金' : earlyExitName(e, 0),
}));

export function ProductForm({
  initial,
  onSaved,
  onCancel,
}: {
  initial: ProductDraft;
  onSaved(): void;
  onCancel(): void;
}) {
  const [d, setD] = useState(initial);
  const mutation = useFormAction();
  const { message: error, setMessage: setError, isPending: busy } = mutation;
  const set =
    <K extends keyof ProductDraft>(k: K) =>
    (v: ProductDraft[K]) =>
      setD((x) => ({ ...x, [k]: v }));

  const save = async () => {
    const bad = draftError(d);
    if (bad) {
      setError(bad);
      return;
    }
    await mutation.submit(async () => {
      await savePledgeProduct(d);
      showToast('已保存');
      onSaved();
    });
  };

  return (
    <form
      aria-label={d.productId ? '编辑质押产品' : '新增质押产品'}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      className="rounded-xl bg-white p-4 ring-1 ring-gray-200"
    >
      <h3 className="mb-3 font-semibold text-gray-900">
        {d.productId ? `编辑产品 #${d.productId}` : '新增产品'}
      </h3>
      <TextField
        label="产品名称"
        name="name"
        value={d.name}
        onChange={set('name')}
        maxLength={30}
      />
      <div className="grid grid-cols-2 gap-2">
        <TextField
          label="期限（天）"
          name="termDays"
          value={d.termDays}
          onChange={set('termDays')}
          inputMode="numeric"
          maxLength={4}
        />
        <TextField
          label="年化利率（%）"
          name="annualRate"
          value={d.annualRate}
          onChange={set('annualRate')}
          inputMode="decimal"
          maxLength={6}
        />
        <TextField
          label="起投金额（元）"
          name="minAmount"
          value={d.minAmount}
          onChange={set('minAmount')}
          inputMode="decimal"
          maxLength={15}
        />
        <TextField
          label="单笔上限（元，0为不限）"
          name="maxAmount"
          value={d.maxAmount}
          onChange={set('maxAmount')}
          inputMode="decimal"
          maxLength={15}
        />
        <TextField
          label="个人限额（元，0为不限）"
          name="userLimit"
          value={d.userLimit}
          onChange={set('userLimit')}
          inputMode="decimal"
          maxLength={15}
        />
        <TextField
          label="排序"
          name="sort"
          value={d.sort}
          onChange={set('sort')}
          inputMode="numeric"
          maxLength={6}
        />
      </div>
      <Select<EarlyExit>
        label="提前赎回规则"
        name="earlyExit"
        value={d.earlyExit}
        onChange={set('earlyExit')}
        options={EXIT_OPTIONS}
      />
      {d.earlyExit === 'penalty' && (
        <TextField
          label="违约金比例（%）"
          name="penaltyPercent"
          value={d.penaltyPercent}
          onChange={set('penaltyPercent')}
          inputMode="decimal"
          maxLength={6}
        />
      )}
      <Switch label="上架" checked={d.enabled} onChange={set('enabled')} />
      {error && (
        <p role="alert" className="mb-3 text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" loading={busy} className="flex-1">
          保存
        </Button>
        <Button variant="secondary" className="flex-1" onClick={onCancel}>
          取消
        </Button>
      </div>
    </form>
  );
}
