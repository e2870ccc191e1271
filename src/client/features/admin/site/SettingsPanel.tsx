/**
 * 站点设置: the tenant name, the register fields the site requires, the login image-code threshold
 * and the feature flags (/v1/admin/site/settings). Every instance serves a save within seconds and
 * the change is kept in the settings history (操作日志). Customer-service lines and the service
 * window are in 客服设置.
 */
import { useEffect, useState } from 'react';
import { Button, TextField, LoadingState, ErrorState, showToast } from '../../../ui';
import { request } from '../../../api/request';
import { keys, queryClient, useQuery } from '../../../query';
import { loadTenantConfig } from '../../../state/tenant';
import {
  LOGIN_IMAGE_CODE_MAX,
  loginImageCodeProblem,
  REGISTER_REQUIREMENTS,
  TENANT_NAME_MAX_CHARS,
  tenantNameProblem,
  type RegisterRequirement,
} from '../../../../domain/site/settings';
import { useFormAction } from '../../../query/useFormMutation';

export interface SiteSettings {
  tenantName: string;
  loginImageCodeAfterFailures: number;
  yuebaoEnable: boolean;
  embedChatEnabled: boolean;
  embedChatUrl: string;
  register: Record<RegisterRequirement, boolean>;
}
const I = { inline: true } as const;
const getSettings = () => request<SiteSettings>('GET', '/v1/admin/site/settings', undefined, I);
const saveSettings = (p: Record<string, string | boolean>) =>
  request<SiteSettings>('POST', '/v1/admin/site/settings', p, I);

function Check({
  label,
  checked,
  onChange,
  hint,
}: {
  label: string;
  checked: boolean;
  onChange(v: boolean): void;
  hint?: string;
}) {
  return (
    <label className="flex min-h-11 items-center justify-between gap-3 text-sm font-medium text-gray-800">
      <span>
        {label}
        {hint && <span className="block text-xs font-normal text-gray-500">{hint}</span>}
      </span>
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="h-5 w-5 shrink-0 accent-brand"
      />
    </label>
  );
}

export function SettingsPanel() {
  const { data, error, loading, reload } = useQuery({
    queryKey: keys.admin('siteSettings'),
    queryFn: getSettings,
  });
  const [s, setS] = useState<SiteSettings | null>(null);
  const [threshold, setThreshold] = useState('');
  const mutation = useFormAction();
  const { message: err, setMessage: setErr, isPending: busy } = mutation;
  useEffect(() => {
    if (data) {
      setS(data);
      setThreshold(String(data.loginImageCodeAfterFailures));
    }
  }, [data]);
  if (loading) return <LoadingState />;
  if (error || !s) return <ErrorState message={error?.message ?? '加载失败'} onRetry={reload} />;

  const save = async () => {
    const n = /^\d+$/.test(threshold) ? Number(threshold) : Number.NaN;
    const problem = tenantNameProblem(s.tenantName) ?? loginImageCodeProblem(n);
    if (problem) {
      setErr(problem);
      return;
    }
    await mutation.submit(async () => {
      const r = await saveSettings({
        tenantName: s.tenantName,
        loginImageCodeAfterFailures: String(n),
        yuebaoEnable: s.yuebaoEnable,
        embedChatEnabled: s.embedChatEnabled,
        ...s.register,
      });
      setS(r);
      setThreshold(String(r.loginImageCodeAfterFailures));
      void queryClient.invalidateQueries({ queryKey: keys.account('registerFields') });
      void loadTenantConfig();
      showToast('已保存，各服务器将在数秒内生效');
    });
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      className="rounded-xl bg-white p-4"
      aria-label="站点设置"
    >
      <TextField
        label="站点名称"
        name="tenantName"
        value={s.tenantName}
        maxLength={TENANT_NAME_MAX_CHARS}
        hint="显示在页面标题和首页顶部"
        onChange={(v) => setS({ ...s, tenantName: v })}
      />
      <fieldset className="mb-3 rounded-lg border border-gray-200 px-3 py-1">
        <legend className="px-1 text-sm font-semibold text-gray-900">注册必填项</legend>
        {REGISTER_REQUIREMENTS.map((r) => (
          <Check
            key={r.key}
            label={r.label}
            checked={s.register[r.key]}
            onChange={(v) => setS({ ...s, register: { ...s.register, [r.key]: v } })}
          />
        ))}
      </fieldset>
      <TextField
        label="登录失败几次后需要图形验证码"
        name="loginImageCodeAfterFailures"
        inputMode="numeric"
        maxLength={1}
        value={threshold}
        hint={`0 表示每次登录都需要；最大 ${LOGIN_IMAGE_CODE_MAX}（失败 ${LOGIN_IMAGE_CODE_MAX + 1} 次将锁定账号）`}
        onChange={setThreshold}
      />
      <fieldset className="mb-3 rounded-lg border border-gray-200 px-3 py-1">
        <legend className="px-1 text-sm font-semibold text-gray-900">功能开关</legend>
        <Check
          label="虚拟钱包（余额宝）"
          checked={s.yuebaoEnable}
          onChange={(v) => setS({ ...s, yuebaoEnable: v })}
        />
        <Check
          label="嵌入聊天"
          checked={s.embedChatEnabled}
          onChange={(v) => setS({ ...s, embedChatEnabled: v })}
          hint={s.embedChatUrl ? s.embedChatUrl : '需先在客服设置中填写合作方聊天地址'}
        />
      </fieldset>
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
