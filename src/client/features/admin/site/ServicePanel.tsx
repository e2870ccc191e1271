/**
 * 客服设置: the customer-service lines (name, external URL or site page, sort, on/off), the service
 * window's size and the embedded chat's partner (/v1/admin/site/customerService).
 */
import { useEffect, useState } from 'react';
import { Button, Select, TextField, LoadingState, ErrorState, showToast } from '../../../ui';
import { request } from '../../../api/request';
import { keys, queryClient, useQuery } from '../../../query';
import { EmbedSecretCard } from './EmbedSecretCard';
import {
  LINK_TYPE_EXTERNAL,
  LINK_TYPE_LOCAL,
  SERVICE_LINES_MAX,
  serviceLineProblem,
  type ServiceLine,
} from '../../../../domain/toolbar/service';
import { useFormAction } from '../../../query/useFormMutation';

interface ServiceSettings {
  lines: ServiceLine[];
  supportWidth: number;
  supportHeight: number;
  embedChatEnabled: boolean;
  embedChatUrl: string;
  embedChatPartnerOrigin: string;
}
const I = { inline: true } as const;
const getSettings = () =>
  request<ServiceSettings>('GET', '/v1/admin/site/customerService', undefined, I);
const saveSettings = (p: Record<string, string | number>) =>
  request<ServiceSettings>('POST', '/v1/admin/site/customerService', p, I);

const newLine = (sort: number): ServiceLine => ({
  name: '',
  linkType: LINK_TYPE_EXTERNAL,
  linkUrl: 'https://',
  htmlPath: '',
  sort,
  enabled: true,
});

function LineEditor({
  line,
  index,
  onChange,
  onRemove,
}: {
  line: ServiceLine;
  index: number;
  onChange(l: ServiceLine): void;
  onRemove(): void;
}) {
  return (
    <fieldset className="mb-3 rounded-lg border border-gray-200 p-3">
      <legend className="px-1 text-sm font-medium text-gray-700">线路 {index + 1}</legend>
      <TextField
        label="线路名称"
        name={`name${index}`}
        value={line.name}
        maxLength={20}
        onChange={(v) => onChange({ ...line, name: v })}
      />
      <Select
        label="类型"
        value={line.linkType === LINK_TYPE_EXTERNAL ? LINK_TYPE_EXTERNAL : LINK_TYPE_LOCAL}
        onChange={(v) => onChange({ ...line, linkType: v })}
        options={[
          { value: LINK_TYPE_EXTERNAL, label: '外部链接（新窗口）' },
          { value: LINK_TYPE_LOCAL, label: '本站页面' },
        ]}
      />
      {line.linkType === LINK_TYPE_EXTERNAL ? (
        <TextField
          label="外部链接"
          name={`linkUrl${index}`}
          value={line.linkUrl}
          maxLength={500}
          inputMode="url"
          onChange={(v) => onChange({ ...line, linkUrl: v })}
        />
      ) : (
        <TextField
          label="本站页面路径"
          name={`htmlPath${index}`}
          value={line.htmlPath}
          maxLength={200}
          placeholder="/help"
          onChange={(v) => onChange({ ...line, htmlPath: v })}
        />
      )}
      <TextField
        label="排序（小的在前）"
        name={`sort${index}`}
        value={String(line.sort)}
        inputMode="numeric"
        maxLength={4}
        onChange={(v) => onChange({ ...line, sort: Number(v.replace(/\D/g, '') || 0) })}
      />
      <div className="flex items-center justify-between">
        <label className="flex min-h-11 items-center gap-2 text-sm text-gray-800">
          <input
            type="checkbox"
            checked={line.enabled}
            onChange={(e) => onChange({ ...line, enabled: e.target.checked })}
            className="h-5 w-5 accent-brand"
          />
          启用
        </label>
        <Button type="button" variant="secondary" onClick={onRemove}>
          删除
        </Button>
      </div>
    </fieldset>
  );
}

export function ServicePanel() {
  const { data, error, loading, reload } = useQuery({
    queryKey: keys.admin('customerService'),
    queryFn: getSettings,
  });
  const [s, setS] = useState<ServiceSettings | null>(null);
  const mutation = useFormAction();
  const { message: err, setMessage: setErr, isPending: busy } = mutation;
  useEffect(() => {
    if (data) setS(data);
  }, [data]);
  if (loading) return <LoadingState />;
  if (error || !s) return <ErrorState message={error?.message ?? '加载失败'} onRetry={reload} />;
  const setLine = (i: number, l: ServiceLine) =>
    setS({ ...s, lines: s.lines.map((x, j) => (j === i ? l : x)) });
  const save = async () => {
    const problem = s.lines
      .map((l, i) => {
        const p = serviceLineProblem(l);
        return p ? `第${i + 1}条线路：${p}` : null;
      })
      .find(Boolean);
    if (problem) {
      setErr(problem);
      return;
    }
    await mutation.submit(async () => {
      const r = await saveSettings({
        lines: JSON.stringify(s.lines),
        supportWidth: s.supportWidth,
        supportHeight: s.supportHeight,
        embedChatEnabled: s.embedChatEnabled ? '1' : '0',
        embedChatUrl: s.embedChatUrl,
      });
      setS(r);
      void queryClient.invalidateQueries({ queryKey: keys.customerService() });
      showToast('已保存');
    });
  };
  return (
    <>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
        className="rounded-xl bg-white p-4"
        aria-label="客服设置"
      >
        <h2 className="mb-3 font-semibold text-gray-900">客服线路</h2>
        {s.lines.length === 0 && (
          <p className="mb-3 text-sm text-gray-600">
            暂无客服线路，玩家点击客服时将提示“当前没有匹配的客服线路”。
          </p>
        )}
        {s.lines.map((l, i) => (
          <LineEditor
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place and have no id of their own
            key={i}
            line={l}
            index={i}
            onChange={(x) => setLine(i, x)}
            onRemove={() => setS({ ...s, lines: s.lines.filter((_, j) => j !== i) })}
          />
        ))}
        <Button
          type="button"
          variant="secondary"
          className="mb-4 w-full"
          disabled={s.lines.length >= SERVICE_LINES_MAX}
          onClick={() => setS({ ...s, lines: [...s.lines, newLine(s.lines.length + 1)] })}
        >
          添加线路
        </Button>
        <h2 className="mb-3 font-semibold text-gray-900">客服窗口</h2>
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label="宽度（像素）"
            name="supportWidth"
            inputMode="numeric"
            maxLength={4}
            value={String(s.supportWidth)}
            onChange={(v) => setS({ ...s, supportWidth: Number(v.replace(/\D/g, '') || 0) })}
          />
          <TextField
            label="高度（像素）"
            name="supportHeight"
            inputMode="numeric"
            maxLength={4}
            value={String(s.supportHeight)}
            onChange={(v) => setS({ ...s, supportHeight: Number(v.replace(/\D/g, '') || 0) })}
          />
        </div>
        <h2 className="mb-3 font-semibold text-gray-900">嵌入聊天</h2>
        <label className="mb-3 flex min-h-11 items-center justify-between text-sm font-medium text-gray-800">
          开启嵌入聊天
          <input
            type="checkbox"
            checked={s.embedChatEnabled}
            onChange={(e) => setS({ ...s, embedChatEnabled: e.target.checked })}
            className="h-5 w-5 accent-brand"
          />
        </label>
        <TextField
          label="合作方聊天地址"
          name="embedChatUrl"
          value={s.embedChatUrl}
          maxLength={500}
          inputMode="url"
          placeholder="https://chat.example.com/embed"
          hint={
            s.embedChatPartnerOrigin
              ? `只接受来自 ${s.embedChatPartnerOrigin} 的消息`
              : '保存后，只接受来自该地址源的消息'
          }
          onChange={(v) => setS({ ...s, embedChatUrl: v })}
        />
        {err && (
          <p role="alert" className="mb-3 text-sm text-red-700">
            {err}
          </p>
        )}
        <Button type="submit" loading={busy} className="w-full">
          保存
        </Button>
      </form>
      <EmbedSecretCard partnerOrigin={s.embedChatPartnerOrigin} />
    </>
  );
}
