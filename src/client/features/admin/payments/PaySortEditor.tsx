/**
 * Recharge settings: the notice shown above every channel, whether the payer name is required, and
 * PaySort — which channels are on and in what order the players see them.
 */
import { useState } from 'react';
import { channelByCode, RECHARGE_CHANNELS, type ChannelCode } from '../../../../domain/payments';
import { Button, showToast } from '../../../ui';
import { ActionError } from '../../../ui/AdminList';
import { saveSettings, type AdminPaymentSettings } from './api';
import { CheckBox, TextArea } from '../../../ui/fields';
import { useFormAction } from '../../../query/useFormMutation';

interface Row {
  code: ChannelCode;
  on: boolean;
}

function initialRows(s: AdminPaymentSettings): Row[] {
  const rest = RECHARGE_CHANNELS.map((c) => c.code).filter((c) => !s.paySort.includes(c));
  return [
    ...s.paySort.map((code) => ({ code, on: true })),
    ...rest.map((code) => ({ code, on: false })),
  ];
}

export function PaySortEditor({
  settings,
  onSaved,
}: {
  settings: AdminPaymentSettings;
  onSaved(): void;
}) {
  const [notice, setNotice] = useState(settings.notice);
  const [payerNameRequired, setPayerNameRequired] = useState(settings.payerNameRequired);
  const [rows, setRows] = useState<Row[]>(() => initialRows(settings));
  const mutation = useFormAction();
  const { message: error, isPending: busy } = mutation;

  const move = (i: number, by: -1 | 1) => {
    const j = i + by;
    if (j < 0 || j >= rows.length) return;
    const next = [...rows];
    [next[i], next[j]] = [next[j]!, next[i]!];
    setRows(next);
  };
  const toggle = (i: number) => setRows(rows.map((r, k) => (k === i ? { ...r, on: !r.on } : r)));

  const save = async () => {
    await mutation.submit(async () => {
      await saveSettings({
        notice,
        payerNameRequired,
        paySort: rows
          .filter((r) => r.on)
          .map((r) => r.code)
          .join(','),
      });
      showToast('设置已保存');
      onSaved();
    });
  };

  return (
    <section aria-labelledby="pay-settings" className="mb-4 rounded-xl bg-white p-4">
      <h2 id="pay-settings" className="mb-3 text-base font-semibold">
        充值设置与渠道排序
      </h2>
      <TextArea
        label="充值公告"
        name="notice"
        value={notice}
        onChange={setNotice}
        maxLength={500}
      />
      <CheckBox
        label="要求填写付款人姓名"
        checked={payerNameRequired}
        onChange={setPayerNameRequired}
      />
      <ol
        aria-label="渠道排序"
        className="mb-3 divide-y divide-gray-100 rounded-lg ring-1 ring-gray-200"
      >
        {rows.map((r, i) => {
          const name = channelByCode(r.code)?.name ?? r.code;
          return (
            <li key={r.code} className="flex items-center gap-2 px-2 py-1 text-sm">
              <label className="flex min-h-10 flex-1 items-center gap-2">
                <input
                  type="checkbox"
                  checked={r.on}
                  onChange={() => toggle(i)}
                  className="h-5 w-5 accent-brand"
                />
                <span className={r.on ? 'text-gray-900' : 'text-gray-500'}>
                  {i + 1}. {name}
                </span>
              </label>
              <button
                type="button"
                aria-label={`${name}上移`}
                disabled={i === 0}
                onClick={() => move(i, -1)}
                className="min-h-9 min-w-9 rounded ring-1 ring-gray-300 disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-brand"
              >
                ↑
              </button>
              <button
                type="button"
                aria-label={`${name}下移`}
                disabled={i === rows.length - 1}
                onClick={() => move(i, 1)}
                className="min-h-9 min-w-9 rounded ring-1 ring-gray-300 disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-brand"
              >
                ↓
              </button>
            </li>
          );
        })}
      </ol>
      <ActionError message={error} />
      <Button loading={busy} onClick={() => void save()} className="w-full">
        保存设置
      </Button>
    </section>
  );
}
