/** The room form's composite inputs: an image (upload or path), the password choice, a grade picker. */
import { Button, TextField, useFileUpload } from '../../../ui';
import { uploadRoomImage } from './chatApi';
import { GRADE_CHOICES, gradeLabel, LIMITS, type PasswordMode } from './chatRoomForm';

/** An image path: uploaded (re-encoded by the server) or typed; previewed; removable. */
export function ImageField({
  label,
  name,
  value,
  onChange,
}: {
  label: string;
  name: string;
  value: string;
  onChange(v: string): void;
}) {
  const { uploading, error, onFile } = useFileUpload(
    uploadRoomImage,
    (r) => onChange(r.url),
    `${label}已上传`,
  );
  return (
    <fieldset className="mb-3 min-w-0 rounded-lg border border-gray-200 p-3">
      <legend className="px-1 text-sm font-medium text-gray-800">{label}</legend>
      {/* the native file button would read in the browser's language: a Chinese button instead */}
      <label className="inline-flex min-h-11 cursor-pointer items-center rounded-lg bg-brand px-4 text-sm font-medium text-white focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand">
        {uploading ? '上传中…' : `上传${label}`}
        <input
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          onChange={(e) => void onFile(e)}
          disabled={uploading}
          className="sr-only"
        />
      </label>
      <p className="mt-1 text-xs text-gray-600">
        PNG、JPEG、WebP 或 GIF，服务器会重新压缩并去除图片信息
      </p>
      {error && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="mt-2">
        <TextField
          label={`${label}地址`}
          name={name}
          value={value}
          onChange={onChange}
          maxLength={LIMITS.link}
          hint="站内路径（/ 开头）或 https 地址，可留空"
          autoComplete="off"
        />
      </div>
      {value && (
        <div className="flex items-center gap-3">
          <img
            src={value}
            alt={`${label}预览`}
            width={56}
            height={56}
            className="h-14 w-14 rounded object-cover ring-1 ring-gray-200"
          />
          <Button variant="secondary" onClick={() => onChange('')}>
            移除{label}
          </Button>
        </div>
      )}
    </fieldset>
  );
}

/** Keep / set / clear the 4-digit password; a stored one is never shown. */
export function PasswordField({
  hasPassword,
  editing,
  mode,
  password,
  onMode,
  onPassword,
}: {
  hasPassword: boolean;
  editing: boolean;
  mode: PasswordMode;
  password: string;
  onMode(m: PasswordMode): void;
  onPassword(v: string): void;
}) {
  const choices: { value: PasswordMode; label: string }[] = [
    ...(editing
      ? [{ value: 'keep' as const, label: hasPassword ? '保持原密码' : '保持无密码' }]
      : []),
    { value: 'set', label: editing && hasPassword ? '修改密码' : '设置密码' },
    { value: 'clear', label: editing && hasPassword ? '取消密码' : '无密码' },
  ];
  return (
    <fieldset className="mb-3 min-w-0 rounded-lg border border-gray-200 p-3">
      <legend className="px-1 text-sm font-medium text-gray-800">
        房间密码{editing ? `（当前${hasPassword ? '已设置' : '未设置'}）` : ''}
      </legend>
      <div className="flex flex-wrap gap-x-4">
        {choices.map((c) => (
          <label key={c.value} className="flex min-h-11 items-center gap-2 text-sm text-gray-800">
            <input
              type="radio"
              name="passwordMode"
              value={c.value}
              checked={mode === c.value}
              onChange={() => onMode(c.value)}
              className="h-5 w-5 accent-brand"
            />
            {c.label}
          </label>
        ))}
      </div>
      {mode === 'set' && (
        <TextField
          label="4位数字密码"
          name="roomPassword"
          type="password"
          value={password}
          onChange={(v) => onPassword(v.replace(/\D/g, ''))}
          inputMode="numeric"
          maxLength={4}
          autoComplete="new-password"
        />
      )}
    </fieldset>
  );
}

/** Grade boxes (plus `extra` ones); grades stored on the room but not offered are kept and shown too. */
export function GradePicker({
  label,
  hint,
  value,
  onChange,
  extra = [],
}: {
  label: string;
  hint: string;
  value: number[];
  onChange(v: number[]): void;
  extra?: readonly number[];
}) {
  const shown = [...new Set([...extra, ...GRADE_CHOICES, ...value])].sort((a, b) => a - b);
  const toggle = (g: number, on: boolean) =>
    onChange(on ? [...value, g] : value.filter((x) => x !== g));
  return (
    <fieldset className="mb-3 min-w-0 rounded-lg border border-gray-200 p-3">
      <legend className="px-1 text-sm font-medium text-gray-800">{label}</legend>
      <p className="mb-1 text-xs text-gray-600">{hint}</p>
      <div className="grid grid-cols-3 gap-x-2 sm:grid-cols-4">
        {shown.map((g) => (
          <label key={g} className="flex min-h-11 items-center gap-2 text-sm text-gray-800">
            <input
              type="checkbox"
              checked={value.includes(g)}
              onChange={(e) => toggle(g, e.target.checked)}
              className="h-5 w-5 accent-brand"
            />
            {gradeLabel(g)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
