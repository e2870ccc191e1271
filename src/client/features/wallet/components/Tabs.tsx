/** A row of tabs (role="tablist") controlling one panel below it. */
export function Tabs<V extends string>({ label, value, options, onChange }: {
  label: string; value: V; options: { value: V; label: string }[]; onChange(v: V): void;
}) {
  return (
    <div role="tablist" aria-label={label} className="flex gap-1 rounded-xl bg-white p-1 shadow-sm ring-1 ring-gray-200">
      {options.map((o) => {
        const on = o.value === value;
        return (
          <button key={o.value} type="button" role="tab" aria-selected={on} onClick={() => onChange(o.value)}
            className={`min-h-10 flex-1 rounded-lg px-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand ${on ? 'bg-brand font-medium text-white' : 'text-gray-800 hover:bg-gray-50'}`}>
            {o.label}
          </button>
        );
      })}
    </div>
  );
}
