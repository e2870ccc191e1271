/**
 * /manageIcode (tabs /manageIcode/agentCode and /manageIcode/memberCode): my invite codes of one kind,
 * a page at a time, and the form that makes a new one with points up to my own.
 */
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { EmptyState, ErrorState, LoadingState, Page, PageNav } from '../../../ui';
import { Tabs } from '../../../ui/Tabs';
import { AGENT_PAGE_SIZE } from '../../../../domain/agent/inviteCodes';
import { keys, useQuery } from '../../../query';
import { inviteCodes, type AgentFlag } from '../api';
import { useMyPoints } from '../useMyPoints';
import { CodeCard } from '../components/CodeCard';
import { CreateCodeForm } from '../components/CreateCodeForm';

const TABS = [
  { value: 1 as AgentFlag, label: '代理邀请码', path: '/manageIcode/agentCode' },
  { value: 0 as AgentFlag, label: '会员邀请码', path: '/manageIcode/memberCode' },
];

/** The tab of an address: memberCode, else agentCode (the bare /manageIcode included). */
export function codeKindOf(path: string): AgentFlag {
  return path.replace(/\/+$/, '').endsWith('/memberCode') ? 0 : 1;
}

export default function ManageIcodePage() {
  const [location, navigate] = useLocation();
  const isAgent = codeKindOf(location);
  const mine = useMyPoints();
  return (
    <Page title="邀请码管理" back>
      <div className="mx-auto max-w-xl space-y-3">
        <Tabs<AgentFlag>
          label="邀请码类型"
          value={isAgent}
          options={TABS}
          onChange={(v) => navigate(TABS.find((t) => t.value === v)!.path, { replace: true })}
        />
        <CodeList key={`list-${isAgent}`} isAgent={isAgent} />
        {mine.loading ? (
          <LoadingState />
        ) : mine.error || !mine.points || !mine.suggested ? (
          <ErrorState message={mine.error?.message ?? '加载失败'} onRetry={mine.reload} />
        ) : (
          <CreateCodeForm
            key={`form-${isAgent}`}
            isAgent={isAgent}
            myPoints={mine.points}
            initial={mine.suggested}
          />
        )}
      </div>
    </Page>
  );
}

function CodeList({ isAgent }: { isAgent: AgentFlag }) {
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: keys.agent('codes', isAgent, page),
    queryFn: () => inviteCodes(isAgent, page, AGENT_PAGE_SIZE),
  });
  const kind = isAgent ? '代理' : '会员';
  // the last code of a later page was deleted: show the page before it
  const emptiedPage = page > 1 && q.data !== undefined && q.data.list.length === 0;
  useEffect(() => {
    if (emptiedPage) setPage((p) => p - 1);
  }, [emptiedPage]);
  if (q.loading || emptiedPage) return <LoadingState />;
  if (q.error && !q.data) return <ErrorState message={q.error.message} onRetry={q.reload} />;
  const list = q.data?.list ?? [];
  const total = q.data?.total ?? 0;
  if (list.length === 0) return <EmptyState text={`暂无${kind}邀请码，请在下方生成`} />;
  return (
    <section aria-label={`${kind}邀请码列表`}>
      <p className="mb-2 text-sm text-gray-600">
        共 {total} 个{kind}邀请码
      </p>
      <ul className="space-y-3">
        {list.map((c) => (
          <CodeCard key={c.id} code={c} />
        ))}
      </ul>
      <PageNav page={page} pages={Math.ceil(total / AGENT_PAGE_SIZE)} onPage={setPage} />
    </section>
  );
}
