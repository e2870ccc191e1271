/** Operator: recharge settings and PaySort, then the receiving configs of one channel (create, edit, enable/disable, delete). */
import { useState } from 'react';
import { RECHARGE_CHANNELS, type ChannelCode } from '../../../../domain/payments';
import { Button, Select, LoadingState, ErrorState } from '../../../ui';
import { ActionError, ROW_CARD, useConfirmedAction } from '../../../ui/AdminList';
import {
  deleteConfig,
  emptyForm,
  getChannelsAdmin,
  saveConfig,
  toForm,
  type AdminChannel,
  type AdminConfig,
  type ConfigForm,
} from './api';
import { ConfigEditor } from './ConfigEditor';
import { PaySortEditor } from './PaySortEditor';
import { keys, useQuery } from '../../../query';

function ConfigRow({
  c,
  onEdit,
  onChanged,
}: {
  c: AdminConfig;
  onEdit(): void;
  onChanged(): void;
}) {
  const { busy, error, run } = useConfirmedAction(onChanged);
  const account =
    c.gatewayUrl ||
    [c.bankName, c.accountName, c.accountNo].filter(Boolean).join(' · ') ||
    c.address;
  return (
    <li className={ROW_CARD}>
      <div className="flex items-center justify-between gap-2 font-medium">
        <span>{c.name}</span>
        <span className={c.enabled ? 'text-green-800' : 'text-gray-500'}>
          {c.enabled ? '已启用' : '已停用'}
        </span>
      </div>
      {account && <p className="mt-1 break-all text-gray-700">{account}</p>}
      <p className="text-gray-700">
        限额 {c.min} - {c.max} 元
        {c.fixedAmounts.length ? ` · 固定 ${c.fixedAmounts.join('、')}` : ''}
        {c.rate ? ` · 汇率 ${c.rate}` : ''} · 排序 {c.sort}
        {c.qrImage ? ' · 有二维码' : ''}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button variant="secondary" disabled={busy} onClick={onEdit}>
          编辑
        </Button>
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() =>
            void run(
              c.enabled ? `确定停用「${c.name}」？` : null,
              () => saveConfig({ ...toForm(c), enabled: !c.enabled }),
              c.enabled ? '已停用' : '已启用',
            )
          }
        >
          {c.enabled ? '停用' : '启用'}
        </Button>
        <Button
          variant="danger"
          disabled={busy}
          onClick={() =>
            void run(
              `确定删除「${c.name}」？删除后玩家将看不到该收款账户。`,
              () => deleteConfig(c.id),
              '已删除',
            )
          }
        >
          删除
        </Button>
      </div>
      <ActionError message={error} />
    </li>
  );
}

function ChannelConfigs({ channel, onChanged }: { channel: AdminChannel; onChanged(): void }) {
  const [editing, setEditing] = useState<ConfigForm | null>(null);
  const done = () => {
    setEditing(null);
    onChanged();
  };
  const list = [...channel.list].sort((a, b) => a.sort - b.sort || a.id - b.id);
  return (
    <section aria-label={`${channel.name}收款账户`}>
      <p className="mb-2 text-sm text-gray-700">
        {channel.name} · 账变类型 {channel.typeCode} · {channel.online ? '在线通道' : '线下通道'} ·{' '}
        {channel.enabled ? '已在充值页显示' : '未在充值页显示'}
      </p>
      {list.length === 0 ? (
        <p className="py-4 text-center text-gray-600">该渠道还没有收款账户</p>
      ) : (
        <ul className="space-y-2">
          {list.map((c) =>
            editing?.id === c.id ? (
              <li key={c.id}>
                <ConfigEditor initial={editing} onDone={done} onCancel={() => setEditing(null)} />
              </li>
            ) : (
              <ConfigRow
                key={c.id}
                c={c}
                onEdit={() => setEditing(toForm(c))}
                onChanged={onChanged}
              />
            ),
          )}
        </ul>
      )}
      {editing && editing.id === undefined ? (
        <ConfigEditor initial={editing} onDone={done} onCancel={() => setEditing(null)} />
      ) : (
        <Button className="mt-3 w-full" onClick={() => setEditing(emptyForm(channel.code))}>
          新增收款账户
        </Button>
      )}
    </section>
  );
}

export function ChannelsPanel() {
  const state = useQuery({ queryKey: keys.admin('payChannels'), queryFn: getChannelsAdmin });
  const [code, setCode] = useState<ChannelCode>(RECHARGE_CHANNELS[0].code);
  if (state.loading && !state.data) return <LoadingState />;
  if (state.error) return <ErrorState message={state.error.message} onRetry={state.reload} />;
  const data = state.data!;
  const channel = data.channels.find((c) => c.code === code) ?? data.channels[0]!;
  return (
    <div>
      <PaySortEditor
        key={JSON.stringify(data.settings)}
        settings={data.settings}
        onSaved={state.reload}
      />
      <div className="rounded-xl bg-white p-4">
        <Select<ChannelCode>
          label="支付渠道"
          name="channel"
          value={channel.code}
          onChange={setCode}
          options={data.channels.map((c) => ({
            value: c.code,
            label: `${c.name}（${c.list.length}）`,
          }))}
        />
        <ChannelConfigs key={channel.code} channel={channel} onChanged={state.reload} />
      </div>
    </div>
  );
}
