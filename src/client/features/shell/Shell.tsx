/** Guarded route outlet: guard decisions, loading overlay, titles and page-view traces. */
import { Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useSignals } from '@preact/signals-react/runtime';
import { guard, skipsLoading } from '../../guard';
import { routes, type RouteDef } from '../../routes';
import { matchPath } from '../../routeTable';
import { currentUser, clearUser, refreshUser } from '../../state/session';
import { tenantName, tenantConfig } from '../../state/tenant';
import { pageTitle } from '../../state/pageTitle';
import { confirmDialog } from '../../ui';
import { request } from '../../api/request';
import { whenPageSettled } from '../../settled';
import { SESSION_EXPIRED_MSG } from '../../../domain/errors';
import { LOADING_OFF_DELAY_MS } from '../../../domain/constants';
import { TabBar } from './TabBar';
import { FloatingToolbar } from '../toolbar/FloatingToolbar';
import { toolbarHidden } from '../toolbar/visibility';

let firstLoad = true;

function LoadingOverlay() {
  return (
    <div
      role="status"
      aria-label="加载中"
      className="fixed inset-0 z-50 flex items-center justify-center bg-white/60"
    >
      <span className="h-10 w-10 animate-spin rounded-full border-4 border-brand border-t-transparent" />
    </div>
  );
}

/** Mounted inside Suspense: fires once the page chunk has rendered. */
function Rendered({ onShown }: { onShown(): void }) {
  useEffect(() => {
    onShown();
  }, [onShown]);
  return null;
}

export function Shell() {
  useSignals();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const [route, setRoute] = useState<RouteDef | null>(null);
  const [loading, setLoading] = useState(true);
  const prevRoute = useRef<RouteDef | null>(null);
  const prevPath = useRef('');
  const user = currentUser.value;
  const fullPath = location + (search ? `?${search}` : '');

  // The user object changes on every refresh; only its login-relevant flags matter here (fullPath holds the location).
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run on the path and the login flags only
  useEffect(() => {
    const d = guard(location, fullPath, user, firstLoad, routes);
    const wasFirst = firstLoad;
    firstLoad = false;
    if (d.kind === 'redirect') {
      navigate(d.to, { replace: true });
      return;
    }
    if (d.kind === 'expired') {
      void clearUser();
      void confirmDialog(SESSION_EXPIRED_MSG).then((ok) =>
        navigate(ok ? d.loginTo : '/index', { replace: true }),
      );
      return;
    }
    if (d.kind === 'probeInfo' && wasFirst) {
      void refreshUser({ quiet: true }).then((u) => {
        if (u) navigate('/index', { replace: true });
      });
    }
    if (!skipsLoading(prevRoute.current, d.route, prevPath.current, location)) setLoading(true);
    prevRoute.current = d.route;
    prevPath.current = location;
    setRoute(d.route);
  }, [fullPath, user?.isLogin, user?.agent, user?.operator, Boolean(user)]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: tenantName() reads the tenant config, so a loaded config renames the title
  useEffect(() => {
    if (!route) return;
    document.title = `${tenantName()} - ${pageTitle.value ?? route.title}`;
  }, [route, tenantConfig.value, pageTitle.value]);

  useEffect(() => {
    if (!route) return;
    const view = { path: location, title: route.title };
    // counted once the page's own data has had the connections (settled.ts)
    whenPageSettled(() => {
      request('POST', '/v1/statistics/view', view, { inline: true }).catch(() => {});
    });
  }, [route, location]);

  const onShown = () => {
    setTimeout(() => setLoading(false), LOADING_OFF_DELAY_MS);
  };
  // The route is decided in an effect, one render after the location changed: in that render the
  // old page must not be shown, or it reads its params from a path that is not its own (the room
  // page once asked for room '' three times on its way to a private chat).
  const Page = route && matchPath(route.path, location) ? route.component : undefined;
  const tabBar = route !== null && !route.noTabBar;
  const frame = route?.console
    ? 'min-h-dvh bg-gray-100'
    : `mx-auto flex min-h-dvh max-w-screen-sm flex-col bg-gray-50 shadow-sm ${tabBar ? 'pb-16' : ''}`;
  const toolbar = route !== null && !route.console && !toolbarHidden(location);
  return (
    <div className={frame}>
      {loading && <LoadingOverlay />}
      {Page && (
        <Suspense fallback={null}>
          <Page />
          <Rendered key={route?.path} onShown={onShown} />
        </Suspense>
      )}
      {tabBar && <TabBar path={location} toolbarSlot={toolbar} />}
      {toolbar && <FloatingToolbar tabBar={tabBar} />}
    </div>
  );
}
