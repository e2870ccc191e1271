/** Small labelled inputs the operator forms share: a multi-line text and a checkbox. */
import { useId } from 'react';

export function TextArea({
  label,
  name,
  value,
  onChange,
  maxLength,
}: {
  label: string;
  name: string;
  value: string;
  onChange(v: string): void;
  maxLength: number;
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
        rows={3}
        className="w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-gray-900 focus:border-brand focus:outline-2 focus:outline-brand/40"
      />
    </div>
  );
}

export function CheckBox({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange(v: boolean): void;
}) {
  return (
    <label className="mb-3 flex min-h-11 items-center gap-2 text-sm text-gray-800">
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="h-5 w-5 accent-brand focus-visible:outline-2 focus-visible:outline-brand"
      />
      {label}
    </label>
  );
}
