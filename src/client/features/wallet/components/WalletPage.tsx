/**
 * The frame of every virtual-wallet screen: the page header, and the tenant's yuebaoEnable switch —
 * when it is off the screen only says the feature is closed (the server would answer -110004 anyway).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { tenantConfig, loadTenantConfig } from '../../../state/tenant';
import { currentUser } from '../../../state/session';
import { Link } from 'wouter';
import { LoadingState, Page } from '../../../ui';

/**
 * yuebaoEnable of the tenant config: true, false, or null while it is not known yet. When the config
 * cannot be loaded at all the screen opens and the server's -110004 decides.
 */
export function useWalletEnabled(): boolean | null {
  useSignals();
  const config = tenantConfig.value;
  const [unavailable, setUnavailable] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: config is the signal's value; load again while it is missing
  useEffect(() => {
    if (!config)
      void loadTenantConfig().then((c) => {
        if (!c) setUnavailable(true);
      });
  }, [config]);
  if (!config) return unavailable ? true : null;
  const flag = config.yuebaoEnable;
  return !(flag === false || flag === 0 || flag === '0');
}

/** The logged-in player's id (0 when none: the route guard keeps such visitors out). */
export function useUserId(): number {
  useSignals();
  return currentUser.value?.userId ?? 0;
}

export function WalletClosed() {
  return (
    <section
      aria-label="功能未开放"
      className="mx-auto max-w-md rounded-xl bg-white p-6 text-center shadow-sm ring-1 ring-gray-200"
    >
      <p className="text-lg font-semibold text-gray-900">虚拟钱包功能已关闭</p>
      <p className="mt-2 text-sm text-gray-700">本站暂未开放虚拟钱包与质押服务，请稍后再来。</p>
      <Link
        href="/index"
        className="mt-4 inline-block rounded-lg px-4 py-2 text-brand underline focus-visible:outline-2 focus-visible:outline-brand"
      >
        返回首页
      </Link>
    </section>
  );
}

export function WalletPage({
  title,
  back = '/accountTotal',
  children,
  actions,
}: {
  title: string;
  back?: boolean | string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  const enabled = useWalletEnabled();
  return (
    <Page title={title} back={back} actions={actions}>
      <div className="mx-auto max-w-xl space-y-3">
        {enabled === null ? <LoadingState /> : enabled ? children : <WalletClosed />}
      </div>
    </Page>
  );
}

/** A white card section with an accessible name. */
export function Card({
  label,
  children,
  className = '',
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-label={label}
      className={`rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200 ${className}`}
    >
      {children}
    </section>
  );
}
