/** Page scaffolding and loading / empty / error states. */
import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useSignals } from '@preact/signals-react/runtime';
import { Spinner, Button } from './controls';
import { showAlert } from './overlay';
import {
  CACHED_CONTENT_MSG,
  cachedContentPath,
  isOnline,
  NEEDS_NETWORK_MSG,
  OFFLINE_MSG,
  online,
} from '../api/network';

/** The error state's text offline: what is wrong and that the page fills in by itself. */
export const OFFLINE_STATE_MSG = '网络未连接，联网后将自动重新加载';

export function LoadingState() {
  return (
    <div className="flex justify-center py-10 text-brand">
      <Spinner />
    </div>
  );
}
export function EmptyState({ text }: { text: string }) {
  return <p className="py-10 text-center text-gray-600">{text}</p>;
}
/**
 * A failed load. Offline it says so (whatever the failure's own text) and retries by itself as soon
 * as the network is back, so a page opened offline fills in without the player doing anything.
 */
export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  useSignals();
  const up = online.value;
  const retryRef = useRef(onRetry);
  retryRef.current = onRetry;
  const wasDown = useRef(!up);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `up` is a signal's value read this render; the effect runs when it changes
  useEffect(() => {
    if (!up) {
      wasDown.current = true;
      return;
    }
    if (wasDown.current) {
      wasDown.current = false;
      retryRef.current?.();
    }
  }, [up]);
  const offline = !up || message === OFFLINE_MSG;
  return (
    <div className="flex flex-col items-center gap-3 py-10 text-center">
      <p role="alert" className={offline ? 'text-gray-700' : 'text-red-700'}>
        {offline ? OFFLINE_STATE_MSG : message}
      </p>
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          重试
        </Button>
      )}
    </div>
  );
}

/** Money actions and other changes need the network: offline, says so and returns false (nothing is sent or queued). */
export async function requireOnline(): Promise<boolean> {
  if (isOnline()) return true;
  await showAlert(NEEDS_NETWORK_MSG);
  return false;
}

/** Under the header of a page showing content from a cache while offline (also the chat's frame). */
export function CachedNote() {
  useSignals();
  const [location] = useLocation();
  if (cachedContentPath.value !== location || online.value) return null;
  return (
    <p role="note" className="bg-amber-50 px-4 py-1 text-center text-xs text-amber-900">
      {CACHED_CONTENT_MSG}
    </p>
  );
}

export function Page({
  title,
  back,
  children,
  actions,
}: {
  title: string;
  back?: boolean | string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  const [, navigate] = useLocation();
  const goBack = () => {
    if (typeof back === 'string') navigate(back);
    else if (history.length > 1) history.back();
    else navigate('/index');
  };
  return (
    <div className="min-h-full">
      <header className="sticky top-0 z-20 flex h-12 items-center bg-brand px-2 text-white">
        <div className="w-20 shrink-0">
          {back && (
            <button
              type="button"
              onClick={goBack}
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
          )}
        </div>
        <h1 className="flex-1 truncate text-center text-lg font-semibold">{title}</h1>
        <div className="flex w-20 shrink-0 items-center justify-end gap-1">{actions}</div>
      </header>
      <CachedNote />
      <main className="px-4 py-4">{children}</main>
    </div>
  );
}
