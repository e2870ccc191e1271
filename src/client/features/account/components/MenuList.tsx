/** A list of tappable rows linking to other pages. */
import type { ReactNode } from 'react';
import { Link } from 'wouter';

export interface MenuRow {
  href: string;
  label: string;
  detail?: ReactNode;
  external?: boolean;
}

export function MenuList({ rows, label }: { rows: MenuRow[]; label?: string }) {
  return (
    <nav
      aria-label={label}
      className="mb-4 overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-gray-200"
    >
      <ul className="divide-y divide-gray-100">
        {rows.map((r) => (
          <li key={r.href + r.label}>
            <Link
              href={r.href}
              className="flex min-h-12 items-center justify-between px-4 py-3 text-gray-900 hover:bg-gray-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand"
            >
              <span>{r.label}</span>
              <span className="flex items-center gap-2 text-sm text-gray-600">
                {r.detail}
                <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
                  <path
                    d="M9 5l7 7-7 7"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                  />
                </svg>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
