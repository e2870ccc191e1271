/** A radio group of verification ways (手机验证码 / 邮箱验证码 / 密保问题 ...). */
export function VerifyTypePicker<T extends string>({ label, value, onChange, options }: {
  label: string; value: T; onChange(v: T): void; options: { value: T; label: string }[];
}) {
  return (
    <fieldset className="mb-3">
      <legend className="mb-1 text-sm font-medium text-gray-800">{label}</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {options.map((o) => (
          <label key={o.value}
            className={`flex min-h-11 cursor-pointer items-center justify-center rounded-lg border px-2 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand ${value === o.value ? 'border-brand bg-brand/10 text-brand' : 'border-gray-300 text-gray-800'}`}>
            <input type="radio" className="sr-only" name={label} value={o.value} checked={value === o.value} onChange={() => onChange(o.value)} />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
