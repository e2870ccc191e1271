/** A row of mutually exclusive choices (radio group look of chips), keyboard-accessible. */
export function Segmented<V extends string | number>({ label, value, options, onChange }: {
  label: string; value: V; options: { value: V; label: string }[]; onChange(v: V): void;
}) {
  return (
    <div role="radiogroup" aria-label={label} className="flex flex-wrap gap-2">
      {options.map((o) => {
        const on = o.value === value;
        return (
          <button key={String(o.value)} type="button" role="radio" aria-checked={on} onClick={() => onChange(o.value)}
            className={`min-h-9 rounded-full px-3 text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand ${on ? 'bg-brand text-white' : 'bg-white text-gray-800 ring-1 ring-gray-300 hover:bg-gray-50'}`}>
            {o.label}
          </button>
        );
      })}
    </div>
  );
}
