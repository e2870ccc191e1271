/** The operator console (lazy chunk, operator only): the section navigation and the open section's panel. */
import { useEffect, type ComponentType } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useSignals } from '@preact/signals-react/runtime';
import { Page } from '../../ui';
import { currentUser, refreshUser } from '../../state/session';
import { ChangeDefaultPassword } from './ChangeDefaultPassword';
import { UsersPanel } from './user/UsersPanel';
import { AdjustPanel } from './user/AdjustPanel';
import { SitePanel } from './site/SitePanel';
import { ServicePanel } from './site/ServicePanel';
import { OutboxPanel, LedgerPanel } from './site/ListsPanel';
import { LotteryPanel } from './lottery/LotteryPanel';
import { ChatRooms } from './chat/ChatRooms';
import { RedEnvelopePanel } from './redEnvelope/RedEnvelopePanel';
import { PlansPanel } from './plans/PlansPanel';
import { ChannelsPanel } from './payments/ChannelsPanel';
import { RechargeOrdersPanel } from './payments/RechargeOrdersPanel';
import { WithdrawOrdersPanel } from './withdraw/WithdrawOrdersPanel';
import { WithdrawSettingsPanel } from './withdraw/WithdrawSettingsPanel';
import { PledgeProductsPanel } from './wallet/PledgeProductsPanel';
import { ActivityEnvelopesPanel } from './activity/ActivityEnvelopesPanel';
import { LettersPanel } from './letters/LettersPanel';
import { ActivitiesPanel } from './activity/ActivitiesPanel';
import { SettingsPanel } from './site/SettingsPanel';
import { AuditPanel } from './site/AuditPanel';
import { useAdminPageHeader } from './adminPageHeader';
import { AgentsPanel } from './agents/AgentsPanel';
import { GradesPanel } from './agents/GradesPanel';
import { ContentPanel } from './content/ContentPanel';
import { ConsoleLayout } from './layout/ConsoleLayout';
import { sectionHref, sectionLabel, sectionOf, type SectionKey } from './layout/nav';

const PANELS: Record<SectionKey, ComponentType> = {
  users: UsersPanel,
  agents: AgentsPanel,
  grades: GradesPanel,
  adjust: AdjustPanel,
  site: SitePanel,
  settings: SettingsPanel,
  service: ServicePanel,
  lottery: LotteryPanel,
  chat: ChatRooms,
  redEnvelope: RedEnvelopePanel,
  plans: PlansPanel,
  recharge: RechargeOrdersPanel,
  withdraw: WithdrawOrdersPanel,
  channels: ChannelsPanel,
  withdrawSettings: WithdrawSettingsPanel,
  pledge: PledgeProductsPanel,
  activityEnvelopes: ActivityEnvelopesPanel,
  letters: LettersPanel,
  activities: ActivitiesPanel,
  content: ContentPanel,
  outbox: OutboxPanel,
  ledger: LedgerPanel,
  audit: AuditPanel,
};

/** Opens a section of the console: the `s` query parameter, replaced so Back leaves the console. */
export function useSection(): [SectionKey, (k: SectionKey) => void] {
  const search = useSearch();
  const [, navigate] = useLocation();
  const section = sectionOf(new URLSearchParams(search).get('s'));
  return [section, (k) => navigate(sectionHref(k), { replace: true })];
}

export default function AdminPage() {
  useSignals();
  const [section, setSection] = useSection();
  // The stored user may predate a password change made elsewhere: ask the server once.
  useEffect(() => {
    void refreshUser({ quiet: true });
  }, []);
  const Current = PANELS[section];
  useAdminPageHeader(sectionLabel(section));
  if (currentUser.value?.mustChangePassword) {
    return (
      <Page title="运营管理" back="/index">
        <ChangeDefaultPassword />
      </Page>
    );
  }
  return (
    <ConsoleLayout current={section} onPick={setSection}>
      <Current />
    </ConsoleLayout>
  );
}
