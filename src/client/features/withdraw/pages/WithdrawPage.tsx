/**
 * /withdraw. The route table gives it no login flag (spec 000 §2), so a guest reaches the page:
 * it shows a login prompt with a link to /login?redirect=/withdraw instead of the form (nothing
 * of the user's is fetched). A logged-in user sees two tabs: 申请提现 and 提现记录.
 */
import { useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { Page, LoadingState } from '../../../ui';
import { Link } from 'wouter';
import { currentUser, sessionLoaded } from '../../../state/session';
import { WithdrawForm } from '../components/WithdrawForm';
import { WithdrawRecords } from '../components/WithdrawRecords';
import { Tabs } from '../../../ui/Tabs';

const TABS = [
  { value: 'apply', label: '申请提现' },
  { value: 'records', label: '提现记录' },
] as const;

export default function WithdrawPage() {
  useSignals();
  const user = currentUser.value;
  const [tab, setTab] = useState<(typeof TABS)[number]['value']>('apply');
  if (!sessionLoaded.value)
    return (
      <Page title="提现" back>
        <LoadingState />
      </Page>
    );
  if (!user) {
    return (
      <Page title="提现" back>
        <div className="rounded-xl bg-white p-6 text-center">
          <p className="mb-4 text-gray-800">登录后才能提现</p>
          <Link
            href="/login?redirect=%2Fwithdraw"
            className="inline-flex min-h-11 items-center rounded-lg bg-brand px-6 font-medium text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
          >
            去登录
          </Link>
        </div>
      </Page>
    );
  }
  return (
    <Page title="提现" back>
      <Tabs<(typeof TABS)[number]['value']>
        look="pills"
        className="mb-4"
        label="提现"
        value={tab}
        options={TABS}
        onChange={setTab}
        panelClassName="mx-auto max-w-xl"
        panel={(t) =>
          t === 'apply' ? (
            <WithdrawForm
              userId={user.userId}
              userName={user.userName}
              onShowRecords={() => setTab('records')}
            />
          ) : (
            <WithdrawRecords />
          )
        }
      />
    </Page>
  );
}
