/** What the content editors (banners, notices, articles) share: the form frame, a counted text area, the row's buttons. */
import { useId, type ReactNode } from 'react';
import { Button } from '../../../ui';
import { ActionError } from '../../../ui/AdminList';

export function EditorForm({
  label,
  busy,
  error,
  onSave,
  onCancel,
  children,
}: {
  label: string;
  busy: boolean;
  error: string;
  onSave(): void;
  onCancel(): void;
  children: ReactNode;
}) {
  return (
    <form
      aria-label={label}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSave();
      }}
      className="rounded-xl bg-white p-4 ring-1 ring-gray-200"
    >
      <h4 className="mb-3 font-semibold text-gray-900">{label}</h4>
      {children}
      <ActionError message={error} />
      <div className="mt-3 flex gap-2">
        <Button type="submit" loading={busy} className="flex-1">
          保存
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={busy} className="flex-1">
          取消
        </Button>
      </div>
    </form>
  );
}

/** A plain-text area (line breaks kept) with its length against the limit. */
export function CountedText({
  label,
  name,
  value,
  onChange,
  maxLength,
  rows = 4,
}: {
  label: string;
  name: string;
  value: string;
  onChange(v: string): void;
  maxLength: number;
  rows?: number;
}) {
  const id = useId();
  return (
    <div className="mb-3">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-800">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        maxLength={maxLength}
        rows={rows}
        className="w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-gray-900 focus:border-brand focus:outline-2 focus:outline-brand/40"
      />
      <p className="text-right text-xs text-gray-600">
        {value.length}/{maxLength}
      </p>
    </div>
  );
}

/** 编辑 and 删除 under a row. */
export function RowButtons({
  busy,
  onEdit,
  onDelete,
}: {
  busy: boolean;
  onEdit(): void;
  onDelete(): void;
}) {
  return (
    <div className="mt-2 flex flex-wrap justify-end gap-2 lg:mt-0 lg:flex-nowrap lg:justify-start">
      <Button variant="secondary" onClick={onEdit}>
        编辑
      </Button>
      <Button variant="danger" disabled={busy} onClick={onDelete}>
        删除
      </Button>
    </div>
  );
}

/** Blank title or content: the same refusal the server gives, before sending. */
export function blankProblem(...values: string[]): string {
  return values.some((v) => v.trim() === '') ? '标题和内容不能为空' : '';
}

/** The head of a sub-panel: its name and the 新建 button (hidden while a form is open). */
export function PanelHead({
  title,
  addText,
  onAdd,
}: {
  title: string;
  addText: string;
  onAdd?(): void;
}) {
  return (
    <div className="flex items-center justify-between gap-2">
      <h3 className="font-semibold text-gray-900">{title}</h3>
      {onAdd && <Button onClick={onAdd}>{addText}</Button>}
    </div>
  );
}
