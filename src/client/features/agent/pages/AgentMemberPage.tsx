/**
 * /agentMember (团队成员): the direct members of me or of a member of my team (`?parentId=`), a page
 * at a time, with a breadcrumb back up; a name search over the downline of the level shown (the whole
 * team from my own); 调整返点 for my direct members.
 */
import { useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useSignals } from '@preact/signals-react/runtime';
import {
  Button,
  EmptyState,
  ErrorState,
  LoadingState,
  Page,
  PageNav,
  TextField,
} from '../../../ui';
import { currentUser } from '../../../state/session';
import { AGENT_PAGE_SIZE } from '../../../../domain/agent/inviteCodes';
import { keys, useQuery } from '../../../query';
import { userManage, type Crumb, type TeamMember } from '../api';
import { canDrill, crumbsOf, editsPoints, parentIdOf, teamHref } from '../teamPath';
import { MemberCard } from '../components/MemberCard';
import { PointsEditor } from '../components/PointsEditor';

export default function AgentMemberPage() {
  useSignals();
  const user = currentUser.value;
  const parentId = parentIdOf(useSearch());
  if (!user)
    return (
      <Page title="团队成员" back>
        <LoadingState />
      </Page>
    );
  // a new level starts at its first page with no search
  return (
    <TeamView
      key={parentId ?? 0}
      me={{ userId: user.userId, userName: user.userName }}
      parentId={parentId}
    />
  );
}

function TeamView({ me, parentId }: { me: Crumb; parentId: number | null }) {
  const [, navigate] = useLocation();
  const [draft, setDraft] = useState('');
  const [userName, setUserName] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<TeamMember | null>(null);
  const searching = userName !== '';
  const q = useQuery({
    queryKey: keys.agent('team', parentId, userName, page),
    queryFn: () => userManage({ parentId, userName }, page, AGENT_PAGE_SIZE),
  });
  const crumbs = crumbsOf(me, q.data?.path);
  const search = (name: string) => {
    setUserName(name.trim());
    setPage(1);
  };

  let body: React.ReactNode;
  if (q.loading) body = <LoadingState />;
  else if (q.error && !q.data) body = <ErrorState message={q.error.message} onRetry={q.reload} />;
  else if (!q.data?.list.length)
    body = <EmptyState text={searching ? `团队中没有以“${userName}”开头的成员` : '暂无下级成员'} />;
  else {
    const canEdit = editsPoints(parentId, me.userId, searching);
    body = (
      <section aria-label="成员列表">
        <p className="mb-2 text-sm text-gray-600">共 {q.data.total} 人</p>
        <ul className="space-y-3">
          {q.data.list.map((m) => (
            <MemberCard
              key={m.userId}
              member={m}
              onOpen={canDrill(m) ? () => navigate(teamHref(m.userId, me.userId)) : undefined}
              onEditPoints={canEdit ? () => setEditing(m) : undefined}
            />
          ))}
        </ul>
        <PageNav page={page} pages={Math.ceil(q.data.total / AGENT_PAGE_SIZE)} onPage={setPage} />
      </section>
    );
  }

  return (
    <Page title="团队成员" back>
      <div className="mx-auto max-w-xl space-y-3">
        <form
          aria-label="搜索团队成员"
          onSubmit={(e) => {
            e.preventDefault();
            search(draft);
          }}
          className="flex items-end gap-2 rounded-xl bg-white p-3 shadow-sm ring-1 ring-gray-200"
        >
          <div className="min-w-0 flex-1 [&>div]:mb-0">
            <TextField
              label="用户名"
              name="userName"
              value={draft}
              onChange={setDraft}
              inputMode="search"
              autoComplete="off"
              maxLength={20}
              placeholder={
                parentId === null
                  ? '输入用户名开头，搜索整个团队'
                  : '输入用户名开头，搜索该成员的团队'
              }
            />
          </div>
          <Button type="submit">搜索</Button>
          {searching && (
            <Button
              variant="secondary"
              onClick={() => {
                setDraft('');
                search('');
              }}
            >
              清除
            </Button>
          )}
        </form>
        {!searching && <Breadcrumb crumbs={crumbs} me={me.userId} />}
        {body}
      </div>
      {editing && (
        <PointsEditor
          userId={editing.userId}
          userName={editing.userName}
          onClose={() => setEditing(null)}
        />
      )}
    </Page>
  );
}

function Breadcrumb({ crumbs, me }: { crumbs: Crumb[]; me: number }) {
  return (
    <nav aria-label="层级" className="overflow-x-auto text-sm">
      <ol className="flex items-center gap-1 whitespace-nowrap">
        {crumbs.map((c, i) => {
          const last = i === crumbs.length - 1;
          const label = c.userId === me ? '我的下级' : c.userName;
          return (
            <li key={c.userId} className="flex items-center gap-1">
              {i > 0 && (
                <span aria-hidden="true" className="text-gray-400">
                  ›
                </span>
              )}
              {last ? (
                <span aria-current="page" className="font-semibold text-gray-900">
                  {label}
                </span>
              ) : (
                <Link
                  href={teamHref(c.userId, me)}
                  className="inline-flex min-h-10 items-center text-brand hover:underline focus-visible:outline-2 focus-visible:outline-brand"
                >
                  {label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
