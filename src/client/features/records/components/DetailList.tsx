/** A two-column description list (label: value) in a card. */
import type { ReactNode } from 'react';

export function DetailList({ rows, label }: { rows: [string, ReactNode][]; label?: string }) {
  return (
    <dl
      aria-label={label}
      className="divide-y divide-gray-100 overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-gray-200"
    >
      {rows.map(([k, v]) => (
        <div key={k} className="flex items-start justify-between gap-4 px-4 py-2.5 text-sm">
          <dt className="shrink-0 text-gray-600">{k}</dt>
          <dd className="min-w-0 break-all text-right text-gray-900">{v}</dd>
        </div>
      ))}
    </dl>
  );
}
