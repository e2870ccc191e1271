/**
 * Site status switches: maintenance, closed, IP mode and list. Turning maintenance or closing on
 * shuts the site for every player, so the save asks first (the confirm of every operator action).
 */
import { useEffect, useState } from 'react';
import {
  Button,
  Select,
  TextField,
  LoadingState,
  ErrorState,
  confirmDialog,
  showToast,
} from '../../../ui';
import { getStatus, saveStatus, type SiteStatusFull } from '../api';
import { keys, useQuery } from '../../../query';
import { useFormAction } from '../../../query/useFormMutation';

function Switch({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange(v: boolean): void;
}) {
  return (
    <label className="mb-3 flex min-h-11 items-center justify-between text-sm font-medium text-gray-800">
      {label}
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="h-5 w-5 accent-brand"
      />
    </label>
  );
}

/** The question to ask when this save shuts the site (a switch going from off to on), else null. */
function shutQuestion(saved: SiteStatusFull | null, next: SiteStatusFull): string | null {
  if (next.maintenance && !saved?.maintenance)
    return `全站将进入维护，玩家将看到“${next.maintenanceMessage}”且无法使用。确定开启维护模式？`;
  if (next.closed && !saved?.closed) return '全站将关闭，玩家将无法访问。确定关闭网站？';
  return null;
}

export function SitePanel() {
  const { data, error, loading, reload } = useQuery({
    queryKey: keys.admin('siteStatus'),
    queryFn: getStatus,
  });
  const [s, setS] = useState<SiteStatusFull | null>(null);
  /** what the server holds: a switch counts as turned on only against it */
  const [saved, setSaved] = useState<SiteStatusFull | null>(null);
  const [ips, setIps] = useState('');
  const mutation = useFormAction();
  const { message: err, isPending: busy } = mutation;
  useEffect(() => {
    if (data) {
      setS(data);
      setSaved(data);
      setIps(data.ipList.join('\n'));
    }
  }, [data]);
  if (loading) return <LoadingState />;
  if (error || !s) return <ErrorState message={error?.message ?? '加载失败'} onRetry={reload} />;
  const save = async () => {
    const question = shutQuestion(saved, s);
    if (question && !(await confirmDialog(question, { okText: '确定', cancelText: '取消' })))
      return;
    await mutation.submit(async () => {
      const r = await saveStatus({
        maintenance: s.maintenance,
        maintenanceMessage: s.maintenanceMessage,
        closed: s.closed,
        closedMessage: s.closedMessage,
        ipMode: s.ipMode,
        ipList: ips,
      });
      setS(r);
      setSaved(r);
      setIps(r.ipList.join('\n'));
      showToast('已保存');
    });
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      className="rounded-xl bg-white p-4"
    >
      <Switch
        label="维护模式"
        checked={s.maintenance}
        onChange={(v) => setS({ ...s, maintenance: v })}
      />
      <TextField
        label="维护提示"
        name="maintenanceMessage"
        value={s.maintenanceMessage}
        onChange={(v) => setS({ ...s, maintenanceMessage: v })}
        maxLength={200}
      />
      <Switch label="关闭网站" checked={s.closed} onChange={(v) => setS({ ...s, closed: v })} />
      <TextField
        label="关闭提示"
        name="closedMessage"
        value={s.closedMessage}
        onChange={(v) => setS({ ...s, closedMessage: v })}
        maxLength={200}
      />
      <Select
        label="IP 限制模式"
        value={s.ipMode}
        onChange={(v) => setS({ ...s, ipMode: v })}
        options={[
          { value: 'off', label: '不限制' },
          { value: 'allow', label: '仅允许名单内' },
          { value: 'deny', label: '禁止名单内' },
        ]}
      />
      <label className="mb-3 block text-sm font-medium text-gray-800">
        IP 名单（每行一个）
        <textarea
          value={ips}
          onChange={(e) => setIps(e.target.value)}
          rows={4}
          className="mt-1 w-full rounded-lg border border-gray-300 p-2 font-mono text-sm"
        />
      </label>
      {err && (
        <p role="alert" className="mb-3 text-sm text-red-700">
          {err}
        </p>
      )}
      <Button type="submit" loading={busy} className="w-full">
        保存
      </Button>
    </form>
  );
}
