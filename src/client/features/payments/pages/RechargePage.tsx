/**
 * /recharge/:channel — the channel strip in PaySort order, the chosen channel's receiving account and
 * amount form, and my latest orders. Opened on a channel that is not (or no longer) enabled, it moves
 * to the first enabled one.
 */
import { useEffect, type ReactNode } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { channelByCode, channelUrl } from '../../../../domain/payments';
import { Page, LoadingState, EmptyState, ErrorState } from '../../../ui';
import { useLocation } from 'wouter';
import { currentUser } from '../../../state/session';
import { getPaySort, getPaymentSettings } from '../api';
import { isRechargePath, notePaySort } from '../firstChannel';
import { ChannelStrip } from '../components/ChannelStrip';
import { ChannelPanel } from '../components/ChannelPanel';
import { RecentOrders } from '../components/RecentOrders';
import { keys, useQuery } from '../../../query';

export default function RechargePage() {
  useSignals();
  const [path, navigate] = useLocation();
  const code = path.split('/')[2] ?? '';
  const channel = channelByCode(code);
  const userId = currentUser.value?.userId ?? 0;
  const sort = useQuery({
    queryKey: keys.paySort(userId),
    queryFn: () =>
      getPaySort().then((list) => {
        notePaySort(list);
        return list;
      }),
  });
  const settings = useQuery({ queryKey: keys.paySettings(userId), queryFn: getPaymentSettings });

  const list = sort.data;
  const listed = Boolean(list?.some((c) => c.code === code));
  // The location changes one render before the shell swaps the page, so this page still sees the
  // player's next place (首页, 我的, the back arrow's target): only a recharge path may be redirected.
  const onRechargePath = isRechargePath(path);
  useEffect(() => {
    if (onRechargePath && list && list.length > 0 && !listed)
      navigate(channelUrl(list[0]!.code), { replace: true });
  }, [onRechargePath, list, listed, navigate]);

  let body: ReactNode;
  if (sort.loading && !list) body = <LoadingState />;
  else if (sort.error) body = <ErrorState message={sort.error.message} onRetry={sort.reload} />;
  else if (!list?.length) body = <EmptyState text="暂无可用的充值渠道，请联系客服" />;
  else if (!channel || !listed) body = <LoadingState />;
  else {
    body = (
      <>
        <ChannelStrip list={list} current={channel.code} />
        {settings.data?.notice && (
          <div role="note" className="mb-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            {settings.data.notice.split('\n').map((line, i) => (
              <p
                // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one fixed notice, never reordered
                key={i}
              >
                {line}
              </p>
            ))}
          </div>
        )}
        {settings.loading && !settings.data ? (
          <LoadingState />
        ) : settings.error ? (
          <ErrorState message={settings.error.message} onRetry={settings.reload} />
        ) : (
          <ChannelPanel
            key={channel.code}
            channel={channel}
            payerNameRequired={Boolean(settings.data?.payerNameRequired)}
            userId={userId}
          />
        )}
      </>
    );
  }

  return (
    <Page title={channel ? `${channel.name}充值` : '充值'} back>
      {body}
      <RecentOrders />
    </Page>
  );
}
