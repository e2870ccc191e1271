/** Operator pages (lazy chunk, operator only). */
import { useEffect, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { Page } from '../../ui';
import { Tabs } from '../../ui/Tabs';
import { currentUser, refreshUser } from '../../state/session';
import { ChangeDefaultPassword } from './ChangeDefaultPassword';
import { UsersPanel } from './UsersPanel';
import { AdjustPanel } from './AdjustPanel';
import { SitePanel } from './SitePanel';
import { ServicePanel } from './ServicePanel';
import { OutboxPanel, LedgerPanel } from './ListsPanel';
import { LotteryPanel } from './LotteryPanel';
import { ChatRooms } from './ChatRooms';
import { RedEnvelopePanel } from './RedEnvelopePanel';
import { PlansPanel } from './PlansPanel';
import { ChannelsPanel } from '../payments/admin/ChannelsPanel';
import { RechargeOrdersPanel } from '../payments/admin/RechargeOrdersPanel';
import { WithdrawOrdersPanel } from '../withdraw/admin/WithdrawOrdersPanel';
import { WithdrawSettingsPanel } from '../withdraw/admin/WithdrawSettingsPanel';
import { PledgeProductsPanel } from '../wallet/admin/PledgeProductsPanel';
import { ActivityEnvelopesPanel } from '../activity/admin/ActivityEnvelopesPanel';
import { LettersPanel } from './LettersPanel';
import { ActivitiesPanel } from './ActivitiesPanel';
import { SettingsPanel } from './SettingsPanel';
import { AuditPanel } from './AuditPanel';
import { useAdminPageHeader } from './adminPageHeader';
import { AgentsPanel } from './AgentsPanel';
import { GradesPanel } from './GradesPanel';
import { ContentPanel } from './ContentPanel';

const TABS = [
  { key: 'users', label: '用户', C: UsersPanel },
  { key: 'agents', label: '代理', C: AgentsPanel },
  { key: 'grades', label: 'VIP等级', C: GradesPanel },
  { key: 'adjust', label: '调账', C: AdjustPanel },
  { key: 'site', label: '站点', C: SitePanel },
  { key: 'settings', label: '站点设置', C: SettingsPanel },
  { key: 'service', label: '客服设置', C: ServicePanel },
  { key: 'lottery', label: '彩票管理', C: LotteryPanel },
  { key: 'chat', label: '聊天室', C: ChatRooms },
  { key: 'redEnvelope', label: '红包', C: RedEnvelopePanel },
  { key: 'plans', label: '推送计划', C: PlansPanel },
  { key: 'recharge', label: '充值审核', C: RechargeOrdersPanel },
  { key: 'withdraw', label: '提现审核', C: WithdrawOrdersPanel },
  { key: 'channels', label: '支付渠道', C: ChannelsPanel },
  { key: 'withdrawSettings', label: '提现设置', C: WithdrawSettingsPanel },
  { key: 'pledge', label: '虚拟钱包', C: PledgeProductsPanel },
  { key: 'activityEnvelopes', label: '活动红包', C: ActivityEnvelopesPanel },
  { key: 'letters', label: '站内信', C: LettersPanel },
  { key: 'activities', label: '优惠活动', C: ActivitiesPanel },
  { key: 'content', label: '内容管理', C: ContentPanel },
  { key: 'outbox', label: '验证码', C: OutboxPanel },
  { key: 'ledger', label: '流水', C: LedgerPanel },
  { key: 'audit', label: '操作日志', C: AuditPanel },
] as const;
type Section = (typeof TABS)[number]['key'];
const OPTIONS = TABS.map((t) => ({ value: t.key, label: t.label }));

export default function AdminPage() {
  useSignals();
  const [tab, setTab] = useState<Section>('users');
  // The stored user may predate a password change made elsewhere: ask the server once.
  useEffect(() => { void refreshUser({ quiet: true }); }, []);
  const Current = TABS.find((t) => t.key === tab)!.C;
  useAdminPageHeader(TABS.find((t) => t.key === tab)!.label);
  if (currentUser.value?.mustChangePassword) {
    return <Page title="运营管理" back="/index"><ChangeDefaultPassword /></Page>;
  }
  return (
    <Page title="运营管理" back="/index">
      <Tabs<Section> look="scroll" className="mb-4" label="管理功能" value={tab} options={OPTIONS} onChange={setTab}
        panel={() => <Current />} />
    </Page>
  );
}
