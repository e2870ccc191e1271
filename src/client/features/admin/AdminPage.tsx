/** Operator pages (lazy chunk, operator only). */
import { useEffect, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { Page } from '../../ui';
import { currentUser, refreshUser } from '../../state/session';
import { ChangeDefaultPassword } from './ChangeDefaultPassword';
import { UsersPanel } from './UsersPanel';
import { AdjustPanel } from './AdjustPanel';
import { SitePanel } from './SitePanel';
import { OutboxPanel, LedgerPanel } from './ListsPanel';
import { LotteryPanel } from './LotteryPanel';
import { ChannelsPanel } from '../payments/admin/ChannelsPanel';
import { RechargeOrdersPanel } from '../payments/admin/RechargeOrdersPanel';
import { WithdrawOrdersPanel } from '../withdraw/admin/WithdrawOrdersPanel';
import { WithdrawSettingsPanel } from '../withdraw/admin/WithdrawSettingsPanel';
import { PledgeProductsPanel } from '../wallet/admin/PledgeProductsPanel';

const TABS = [
  { key: 'users', label: '用户', C: UsersPanel },
  { key: 'adjust', label: '调账', C: AdjustPanel },
  { key: 'site', label: '站点', C: SitePanel },
  { key: 'lottery', label: '彩票管理', C: LotteryPanel },
  { key: 'recharge', label: '充值审核', C: RechargeOrdersPanel },
  { key: 'withdraw', label: '提现审核', C: WithdrawOrdersPanel },
  { key: 'channels', label: '支付渠道', C: ChannelsPanel },
  { key: 'withdrawSettings', label: '提现设置', C: WithdrawSettingsPanel },
  { key: 'pledge', label: '虚拟钱包', C: PledgeProductsPanel },
  { key: 'outbox', label: '验证码', C: OutboxPanel },
  { key: 'ledger', label: '流水', C: LedgerPanel },
] as const;

export default function AdminPage() {
  useSignals();
  const [tab, setTab] = useState<(typeof TABS)[number]['key']>('users');
  // The stored user may predate a password change made elsewhere: ask the server once.
  useEffect(() => { void refreshUser({ quiet: true }); }, []);
  const Current = TABS.find((t) => t.key === tab)!.C;
  if (currentUser.value?.mustChangePassword) {
    return <Page title="运营管理" back="/index"><ChangeDefaultPassword /></Page>;
  }
  return (
    <Page title="运营管理" back="/index">
      <div role="tablist" aria-label="管理功能" className="mb-4 flex gap-1 overflow-x-auto">
        {TABS.map((t) => (
          <button key={t.key} type="button" role="tab" aria-selected={tab === t.key} onClick={() => setTab(t.key)}
            className={`min-h-10 shrink-0 rounded-full px-4 text-sm focus-visible:outline-2 focus-visible:outline-brand ${tab === t.key ? 'bg-brand text-white' : 'bg-white text-gray-800'}`}>
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel"><Current /></div>
    </Page>
  );
}
