/** /manualVerification: identity checked by customer service, through the operator's service lines (the same as 客服选单). */
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { useSignals } from '@preact/signals-react/runtime';
import { Page, Button, LoadingState, ErrorState } from '../../../ui';
import { currentUser } from '../../../state/session';
import { tenantConfig, loadTenantConfig } from '../../../state/tenant';
import { keys, useQuery } from '../../../query';
import { getServiceLines } from '../../toolbar/api';
import { openServiceLine } from '../../toolbar/openService';
import { NO_SERVICE_LINE_MSG } from '../../../../domain/toolbar/service';

export default function ManualVerificationPage() {
  useSignals();
  const user = currentUser.value;
  const config = tenantConfig.value;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `config` is a signal's value read this render; the effect runs when it changes
  useEffect(() => {
    if (!config) void loadTenantConfig();
  }, [config]);
  const [, navigate] = useLocation();
  const lines = useQuery({
    queryKey: keys.customerService(),
    queryFn: getServiceLines,
    staleTime: 30_000,
  });
  return (
    <Page title="人工验证" back>
      <div className="mx-auto max-w-md space-y-4">
        <section className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
          <h2 className="mb-2 font-semibold text-gray-900">如何进行人工验证</h2>
          <ol className="list-decimal space-y-1 pl-5 text-sm text-gray-700">
            <li>点击下方任一客服线路联系在线客服。</li>
            <li>
              向客服提供您的用户名，以及注册时的真实姓名、绑定的手机或邮箱、最近的充值记录等信息。
            </li>
            <li>客服核实身份后，将协助您重置登录密码或资金密码。</li>
          </ol>
        </section>
        {user && (
          <p className="text-sm text-gray-700">
            当前账号：<strong className="text-gray-900">{user.userName}</strong>
          </p>
        )}
        {lines.loading ? (
          <LoadingState />
        ) : lines.error ? (
          <ErrorState message={lines.error.message} onRetry={lines.reload} />
        ) : lines.data?.length ? (
          <ul className="space-y-2" aria-label="客服线路">
            {lines.data.map((l) => (
              <li key={`${l.sort}-${l.name}-${l.linkUrl}-${l.htmlPath}`}>
                <Button className="w-full" onClick={() => openServiceLine(l, navigate, config)}>
                  {l.name}
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {NO_SERVICE_LINE_MSG}
          </p>
        )}
      </div>
    </Page>
  );
}
