/** An on/off switch (role="switch") with a visible label. */
import { useId } from 'react';

export function Switch({ label, checked, onChange, disabled, hint }: {
  label: string; checked: boolean; onChange(next: boolean): void; disabled?: boolean; hint?: string;
}) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-3 py-2">
      <div>
        <span id={id} className="text-sm font-medium text-gray-800">{label}</span>
        {hint && <p className="text-xs text-gray-600">{hint}</p>}
      </div>
      <button type="button" role="switch" aria-checked={checked} aria-labelledby={id} disabled={disabled}
        onClick={() => onChange(!checked)}
        className={`relative h-7 w-12 shrink-0 rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:opacity-60 ${checked ? 'bg-brand' : 'bg-gray-300'}`}>
        <span aria-hidden="true" className={`absolute top-0.5 h-6 w-6 rounded-full bg-white shadow transition-all ${checked ? 'left-[1.375rem]' : 'left-0.5'}`} />
      </button>
    </div>
  );
}
