/**
 * The operator console's frame (/admin and /admin/user/:id): a header, the grouped section
 * navigation and the main area. From 1024 px the navigation is a side column beside the panel;
 * on a phone it is a compact block of grouped chips above the panel that folds away to one line
 * (功能菜单). Each group is a small vertical tablist whose tabs drive the one tabpanel.
 */
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { useSignals } from '@preact/signals-react/runtime';
import { currentUser } from '../../../state/session';
import { NAV_GROUPS, sectionLabel, type SectionKey } from './nav';

const PANEL_ID = 'admin-panel';
const tabId = (key: SectionKey) => `admin-tab-${key}`;
const FOCUS = 'focus-visible:outline-2 focus-visible:outline-brand';

function NavTab({
  k,
  label,
  on,
  onPick,
}: {
  k: SectionKey;
  label: string;
  on: boolean;
  onPick(k: SectionKey): void;
}) {
  return (
    <button
      type="button"
      role="tab"
      id={tabId(k)}
      aria-selected={on}
      aria-controls={PANEL_ID}
      onClick={() => onPick(k)}
      className={`min-h-9 shrink-0 rounded-full px-3 text-sm lg:w-full lg:rounded-md lg:text-left ${FOCUS} ${
        on
          ? 'bg-brand font-medium text-white'
          : 'bg-white text-gray-800 ring-1 ring-gray-200 hover:bg-gray-50 lg:ring-0'
      }`}
    >
      {label}
    </button>
  );
}

function SideNav({ current, onPick }: { current: SectionKey; onPick(k: SectionKey): void }) {
  return (
    <nav aria-label="管理功能" className="space-y-2 lg:space-y-4">
      {NAV_GROUPS.map((g) => (
        <div key={g.label} className="flex items-start gap-2 lg:block">
          <h2 className="w-8 shrink-0 pt-2 text-xs font-semibold text-gray-500 lg:mb-1 lg:w-auto lg:px-3 lg:pt-0">
            {g.label}
          </h2>
          <div
            role="tablist"
            aria-label={g.label}
            aria-orientation="vertical"
            className="flex flex-wrap gap-1.5 lg:block lg:space-y-0.5"
          >
            {g.items.map((i) => (
              <NavTab
                key={i.key}
                k={i.key}
                label={i.label}
                on={i.key === current}
                onPick={onPick}
              />
            ))}
          </div>
        </div>
      ))}
    </nav>
  );
}

export function ConsoleLayout({
  current,
  onPick,
  children,
}: {
  current: SectionKey;
  onPick(k: SectionKey): void;
  children: ReactNode;
}) {
  useSignals();
  const [navOpen, setNavOpen] = useState(true);
  return (
    <div className="min-h-dvh">
      <header className="sticky top-0 z-20 flex h-12 items-center gap-3 bg-brand px-4 text-white">
        <Link href="/index" className={`text-sm underline-offset-2 hover:underline ${FOCUS}`}>
          返回前台
        </Link>
        <h1 className="flex-1 truncate text-center text-lg font-semibold lg:text-left">运营管理</h1>
        <span className="truncate text-sm">{currentUser.value?.userName ?? ''}</span>
      </header>
      <div className="lg:flex">
        <aside className="border-b border-gray-200 bg-gray-50 px-4 py-2 lg:sticky lg:top-12 lg:h-[calc(100dvh-3rem)] lg:w-56 lg:shrink-0 lg:overflow-y-auto lg:border-r lg:border-b-0 lg:py-4">
          <button
            type="button"
            aria-expanded={navOpen}
            onClick={() => setNavOpen(!navOpen)}
            className={`mb-1 flex min-h-9 w-full items-center justify-between text-sm font-medium text-gray-800 lg:hidden ${FOCUS}`}
          >
            <span>功能菜单 · 当前：{sectionLabel(current)}</span>
            <span aria-hidden="true">{navOpen ? '收起' : '展开'}</span>
          </button>
          <div className={navOpen ? '' : 'hidden lg:block'}>
            <SideNav current={current} onPick={onPick} />
          </div>
        </aside>
        <main
          id={PANEL_ID}
          role="tabpanel"
          aria-labelledby={tabId(current)}
          className="min-w-0 flex-1 p-4 lg:p-6"
        >
          <div className="mx-auto max-w-6xl">{children}</div>
        </main>
      </div>
    </div>
  );
}
