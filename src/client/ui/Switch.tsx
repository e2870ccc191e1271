/** An on/off switch (Headless UI: role="switch", Space toggles, the label toggles too) with a visible label. */
import { Description, Field, Label, Switch as HeadlessSwitch } from '@headlessui/react';

export function Switch({
  label,
  checked,
  onChange,
  disabled,
  hint,
}: {
  label: string;
  checked: boolean;
  onChange(next: boolean): void;
  disabled?: boolean;
  hint?: string;
}) {
  return (
    <Field disabled={disabled} className="flex items-center justify-between gap-3 py-2">
      <div>
        <Label className="text-sm font-medium text-gray-800">{label}</Label>
        {hint && <Description className="text-xs text-gray-600">{hint}</Description>}
      </div>
      <HeadlessSwitch
        checked={checked}
        onChange={onChange}
        className={`relative h-7 w-12 shrink-0 rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:opacity-60 ${checked ? 'bg-brand' : 'bg-gray-300'}`}
      >
        <span
          aria-hidden="true"
          className={`absolute top-0.5 h-6 w-6 rounded-full bg-white shadow transition-all ${checked ? 'left-[1.375rem]' : 'left-0.5'}`}
        />
      </HeadlessSwitch>
    </Field>
  );
}
