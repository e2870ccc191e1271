/** A radio group of verification ways (手机验证码 / 邮箱验证码 / 密保问题 ...); arrow keys move the choice. */
import { Label, Radio, RadioGroup } from '@headlessui/react';

export function VerifyTypePicker<T extends string>({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: T;
  onChange(v: T): void;
  options: { value: T; label: string }[];
}) {
  return (
    <RadioGroup value={value} onChange={onChange} className="mb-3">
      <Label className="mb-1 block text-sm font-medium text-gray-800">{label}</Label>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {options.map((o) => (
          <Radio
            key={o.value}
            value={o.value}
            className={({ checked }) =>
              `flex min-h-11 cursor-pointer items-center justify-center rounded-lg border px-2 text-sm focus-visible:outline-2 focus-visible:outline-brand ${checked ? 'border-brand bg-brand/10 text-brand' : 'border-gray-300 text-gray-800'}`
            }
          >
            {o.label}
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}
