/** /manualVerification: identity checked by customer service, through the tenant's service link. */
import { useEffect } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { Page, Button, LoadingState } from '../../../ui';
import { currentUser } from '../../../state/session';
import { tenantConfig, loadTenantConfig } from '../../../state/tenant';

export default function ManualVerificationPage() {
  useSignals();
  const user = currentUser.value;
  const config = tenantConfig.value;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `config` is a signal's value read this render; the effect runs when it changes
  useEffect(() => { if (!config) void loadTenantConfig(); }, [config]);
  const url = typeof config?.customerServiceUrl === 'string' ? config.customerServiceUrl : '';
  return (
    <Page title="人工验证" back>
      <div className="mx-auto max-w-md space-y-4">
        <section className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
          <h2 className="mb-2 font-semibold text-gray-900">如何进行人工验证</h2>
          <ol className="list-decimal space-y-1 pl-5 text-sm text-gray-700">
            <li>点击下方按钮联系在线客服。</li>
            <li>向客服提供您的用户名，以及注册时的真实姓名、绑定的手机或邮箱、最近的充值记录等信息。</li>
            <li>客服核实身份后，将协助您重置登录密码或资金密码。</li>
          </ol>
        </section>
        {user && <p className="text-sm text-gray-700">当前账号：<strong className="text-gray-900">{user.userName}</strong></p>}
        {!config ? <LoadingState />
          : url ? (
            <Button className="w-full" onClick={() => window.open(url, '_blank', 'noopener,noreferrer')}>联系在线客服</Button>
          ) : <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">本站暂未配置在线客服，请稍后再试。</p>}
      </div>
    </Page>
  );
}
