/** The frame of a chat view: header with back and actions, the connection strip, the body filling the screen (chat views have no tab bar: route flag noTabBar). */
import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useSignals } from '@preact/signals-react/runtime';
import type { SocketStatus } from '../socket';
import { online } from '../../../api/network';
import { CachedNote } from '../../../ui/states';

export const OFFLINE_CHAT_MSG = '网络未连接，联网后自动重新连接';

export function ChatFrame({
  title,
  subtitle,
  back,
  actions,
  status,
  statusMsg,
  children,
}: {
  title: string;
  subtitle?: string;
  back: string;
  actions?: ReactNode;
  status?: SocketStatus;
  statusMsg?: string;
  children: ReactNode;
}) {
  useSignals();
  const [, navigate] = useLocation();
  const offline = status !== undefined && status !== 'open' && status !== 'closed' && !online.value;
  const strip = offline ? OFFLINE_CHAT_MSG : status && status !== 'open' && statusMsg;
  return (
    // the app's offline banner (shell/Banners.tsx, one text line, 36 px) stays above the chat's header
    <div
      data-socket={status ?? ''}
      style={{ top: online.value ? 0 : 36 }}
      className="fixed inset-x-0 bottom-0 z-10 mx-auto flex max-w-screen-sm flex-col bg-gray-100 pb-[env(safe-area-inset-bottom)]"
    >
      <header className="flex h-12 shrink-0 items-center bg-brand px-1 text-white">
        <button
          type="button"
          onClick={() => navigate(back)}
          aria-label="返回"
          className="flex h-10 w-10 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-white"
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path
              d="M15 5l-7 7 7 7"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </button>
        <div className="min-w-0 flex-1 text-center">
          <h1 className="truncate text-base font-semibold leading-5">{title}</h1>
          {subtitle && <p className="truncate text-[11px] leading-4 text-white/85">{subtitle}</p>}
        </div>
        <div className="flex min-w-10 items-center justify-end">{actions}</div>
      </header>
      {/* the last messages kept on this device, shown while offline (useChatStream) */}
      <CachedNote />
      {strip && (
        <p
          role="status"
          className={`shrink-0 px-3 py-1 text-center text-xs ${status === 'failed' || status === 'closed' ? 'bg-red-50 text-red-800' : 'bg-amber-50 text-amber-900'}`}
        >
          {strip}
        </p>
      )}
      {children}
    </div>
  );
}

export const HEADER_ICON =
  'flex h-10 w-10 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-white';

export function LoginPrompt({ text, redirect }: { text: string; redirect: string }) {
  const [, navigate] = useLocation();
  return (
    <div className="m-4 rounded-xl bg-white p-6 text-center">
      <p className="mb-4 text-gray-800">{text}</p>
      <button
        type="button"
        onClick={() => navigate(`/login?redirect=${encodeURIComponent(redirect)}`)}
        className="inline-flex min-h-11 items-center rounded-lg bg-brand px-6 font-medium text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
      >
        去登录
      </button>
    </div>
  );
}
