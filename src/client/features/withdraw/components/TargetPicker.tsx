/** Choose the bound bank card, Alipay/WeChat account or digital address to be paid to. */
import { Label, Radio, RadioGroup } from '@headlessui/react';
import { Link } from 'wouter';
import type { BoundAddress, BoundCard } from '../api';

export type TargetChoice = { kind: 'card'; id: number } | { kind: 'address'; id: number } | null;

const KIND_NAMES = { bank: '银行卡', alipay: '支付宝', weixin: '微信' } as const;

export function targetLabel(
  choice: TargetChoice,
  cards: BoundCard[],
  addresses: BoundAddress[],
): string {
  if (!choice) return '';
  if (choice.kind === 'card') {
    const c = cards.find((x) => x.id === choice.id);
    return c ? `${c.bankName || KIND_NAMES[c.kind]} ${c.accountNo}` : '';
  }
  const a = addresses.find((x) => x.id === choice.id);
  return a ? `${a.currency}-${a.protocol} ${a.address}` : '';
}

export function TargetPicker({
  cards,
  addresses,
  value,
  onChange,
}: {
  cards: BoundCard[];
  addresses: BoundAddress[];
  value: TargetChoice;
  onChange(v: TargetChoice): void;
}) {
  if (cards.length === 0 && addresses.length === 0) {
    return (
      <div className="mb-3 rounded-lg border border-dashed border-gray-300 p-4 text-center text-sm text-gray-700">
        尚未绑定收款账户，
        <Link href="/bankCard" className="font-medium text-brand underline">
          去绑定银行卡
        </Link>
      </div>
    );
  }
  const options = [
    ...cards.map((c) => ({
      key: `card:${c.id}`,
      choice: { kind: 'card' as const, id: c.id },
      title: c.bankName || KIND_NAMES[c.kind],
      sub: c.accountNo,
    })),
    ...addresses.map((a) => ({
      key: `address:${a.id}`,
      choice: { kind: 'address' as const, id: a.id },
      title: `${a.currency}-${a.protocol}`,
      sub: a.address,
    })),
  ];
  const picked = options.find(
    (o) => value?.kind === o.choice.kind && value.id === o.choice.id,
  )?.key;
  return (
    <div className="mb-3">
      <RadioGroup
        value={picked}
        onChange={(key: string) => {
          const o = options.find((x) => x.key === key);
          if (o) onChange(o.choice);
        }}
      >
        <Label className="mb-1 block text-sm font-medium text-gray-800">收款账户</Label>
        <div className="flex flex-col gap-2">
          {options.map((o) => (
            <Radio
              key={o.key}
              value={o.key}
              className={({ checked }) =>
                `flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 focus-visible:outline-2 focus-visible:outline-brand ${checked ? 'border-brand bg-brand/5' : 'border-gray-300 bg-white'}`
              }
            >
              {({ checked }) => (
                <>
                  <span
                    aria-hidden="true"
                    className={`flex h-4 w-4 shrink-0 items-center justify-center rounded-full border ${checked ? 'border-brand' : 'border-gray-500'}`}
                  >
                    {checked && <span className="h-2 w-2 rounded-full bg-brand" />}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium text-gray-900">{o.title}</span>
                    <span className="block truncate text-sm text-gray-600">{o.sub}</span>
                  </span>
                </>
              )}
            </Radio>
          ))}
        </div>
      </RadioGroup>
      <Link href="/bankCard" className="mt-2 inline-block text-sm text-brand underline">
        管理收款账户
      </Link>
    </div>
  );
}
