/** /securityCenter: what is set (passwords, questions, phone, mail, real name) and where to change it. */
import { useState } from 'react';
import { Page, LoadingState, ErrorState, EmptyState } from '../../../ui';
import { Link } from 'wouter';
import { refreshUser } from '../../../state/session';
import { securityList, type SecurityRow } from '../api';
import { BindContact } from '../components/BindContact';
import { keys, useQuery } from '../../../query';
import { PushSwitch } from '../../push/PushSwitch';

/** Where each row leads: [link when set, link when not set]; null: no page for it. */
const LINKS: Record<string, [string | null, string | null]> = {
  loginPassword: ['/resetLoginPassword', '/resetLoginPassword'],
  // Setting it the first time asks the login password on that page: no separate verify step before it.
  safetyPassword: ['/findSecurityPassword', '/findSecurityPassword'],
  safetyQuestion: ['/setSafetyQuestion', '/setSafetyQuestion'],
  realName: [null, '/manualVerification'],
};

export default function SecurityCenterPage() {
  const q = useQuery({ queryKey: keys.account('securityList'), queryFn: securityList });
  const [binding, setBinding] = useState<string | null>(null);
  const list = q.data?.list ?? [];
  const done = () => {
    setBinding(null);
    void refreshUser();
    q.reload();
  };
  return (
    <Page title="安全中心" back="/personalInfo">
      <div className="mx-auto max-w-xl">
        {q.loading && !q.data ? (
          <LoadingState />
        ) : q.error ? (
          <ErrorState message={q.error.message} onRetry={q.reload} />
        ) : list.length === 0 ? (
          <EmptyState text="暂无安全设置项" />
        ) : (
          <ul className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-gray-200">
            {list.map((row) => (
              <li key={row.type} className="border-b border-gray-100 last:border-0">
                <Row
                  row={row}
                  open={binding === row.type}
                  onToggle={() => setBinding(binding === row.type ? null : row.type)}
                />
                {binding === row.type && (row.type === 'phone' || row.type === 'email') && (
                  <BindContact channel={row.type === 'phone' ? 'phone' : 'mail'} onDone={done} />
                )}
              </li>
            ))}
          </ul>
        )}
        <PushSwitch className="mt-4 rounded-xl bg-white px-4 py-3 shadow-sm ring-1 ring-gray-200" />
        <p className="mt-4 text-center text-sm text-gray-700">
          忘记密码？
          <Link
            href="/retrievePassword"
            className="text-brand hover:underline focus-visible:outline-2 focus-visible:outline-brand"
          >
            找回密码
          </Link>
        </p>
      </div>
    </Page>
  );
}

function Status({ row }: { row: SecurityRow }) {
  return (
    <span className={`text-sm ${row.set ? 'text-green-700' : 'text-gray-600'}`}>
      {row.set ? row.value || '已设置' : '未设置'}
    </span>
  );
}

const rowClass =
  'flex min-h-12 w-full items-center justify-between px-4 py-3 text-left text-gray-900 hover:bg-gray-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand';

function Row({ row, open, onToggle }: { row: SecurityRow; open: boolean; onToggle(): void }) {
  const bindable = (row.type === 'phone' || row.type === 'email') && !row.set;
  if (bindable) {
    return (
      <button type="button" className={rowClass} aria-expanded={open} onClick={onToggle}>
        <span>{row.name}</span>
        <span className="text-sm text-brand">{open ? '收起' : '去绑定'}</span>
      </button>
    );
  }
  const [whenSet, whenUnset] = LINKS[row.type] ?? [null, null];
  const href = row.set ? whenSet : whenUnset;
  if (!href)
    return (
      <div className={rowClass}>
        <span>{row.name}</span>
        <Status row={row} />
      </div>
    );
  return (
    <Link href={href} className={rowClass}>
      <span>{row.name}</span>
      <span className="flex items-center gap-2">
        <Status row={row} />
        <span className="text-sm text-brand">
          {row.set ? '修改' : row.type === 'realName' ? '联系客服' : '去设置'}
        </span>
      </span>
    </Link>
  );
}
