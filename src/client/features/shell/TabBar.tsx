/** Bottom tab bar: 首页, 购彩, 充值, 我的. */
import { Link } from 'wouter';
import { isRechargePath, useFirstRechargePath } from '../payments/firstChannel';
import { TOOLBAR_SLOT_PX } from '../toolbar/position';

const TABS = [
  { to: '/index', label: '首页', icon: 'M3 11l9-8 9 8v10h-6v-6H9v6H3z' },
  {
    to: '/lotteryHall',
    label: '购彩',
    icon: 'M4 4h16v16H4zM8 8h3v3H8zm5 0h3v3h-3zm-5 5h3v3H8zm5 0h3v3h-3z',
  },
  { to: '/recharge', label: '充值', icon: 'M3 6h18v12H3zM3 10h18M7 15h4' },
  { to: '/personalInfo', label: '我的', icon: 'M12 12a4 4 0 100-8 4 4 0 000 8zm-8 9a8 8 0 0116 0' },
];

/** `toolbarSlot`: the floating toolbar's button rests at the right end, so the tabs leave it that room. */
export function TabBar({ path, toolbarSlot = false }: { path: string; toolbarSlot?: boolean }) {
  const rechargePath = useFirstRechargePath(); // 充值 opens the first channel of PaySort
  return (
    <nav
      aria-label="主导航"
      style={toolbarSlot ? { paddingRight: TOOLBAR_SLOT_PX } : undefined}
      className="fixed inset-x-0 bottom-0 z-30 mx-auto flex h-16 max-w-screen-sm border-t border-gray-200 bg-white"
    >
      {TABS.map((t) => {
        const active =
          path === t.to ||
          (t.to === '/lotteryHall' && /^\/(lottery|howtoplay)\//.test(path)) ||
          (t.to === '/recharge' && isRechargePath(path));
        return (
          <Link
            key={t.to}
            href={t.to === '/recharge' ? rechargePath : t.to}
            aria-current={active ? 'page' : undefined}
            className={`flex flex-1 flex-col items-center justify-center gap-1 text-xs focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand ${active ? 'font-semibold text-brand' : 'text-gray-700'}`}
          >
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path
                d={t.icon}
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinejoin="round"
              />
            </svg>
            {t.label}
          </Link>
        );
      })}
    </nav>
  );
}
