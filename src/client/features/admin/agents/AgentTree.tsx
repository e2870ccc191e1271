/**
 * The operator's agent tree: the top level, each agent opened level by level on demand (50 rows per
 * page), a search by name with each hit's upline path, and moving a member under an agent picked by name.
 */
import { useState } from 'react';
import { REBATE_FAMILIES } from '../../../../domain/agent/points';
import { keys, useQuery } from '../../../query';
import { Button, EmptyState, ErrorState, LoadingState, TextField } from '../../../ui';
import { ActionError, ROW_CARD, SearchBar, useConfirmedAction } from '../../../ui/AdminList';
import {
  agentTree,
  moveMember,
  searchAgents,
  TREE_PAGE_SIZE,
  type AgentRow,
  type AgentSearchRow,
} from './agentsApi';
import { FAMILY_LABELS } from './familyLabels';

const pointsText = (r: AgentRow) =>
  REBATE_FAMILIES.map((f) => `${FAMILY_LABELS[f]} ${r.rebate[f]}`).join(' · ');

/** Pick the new parent by name (agents only) or the top level, then move after a confirm. */
function MoveForm({
  row,
  onMoved,
  onCancel,
}: {
  row: AgentRow;
  onMoved(): void;
  onCancel(): void;
}) {
  const [name, setName] = useState('');
  const [asked, setAsked] = useState('');
  const found = useQuery({
    queryKey: keys.admin('agents', 'pick', asked),
    queryFn: () => searchAgents(asked),
    enabled: asked !== '',
  });
  const action = useConfirmedAction(onMoved);
  const agents = (found.data?.list ?? []).filter((a) => a.isAgent === 1 && a.userId !== row.userId);
  const move = (parentId: number, parentName: string) =>
    void action.run(
      `确定把 ${row.userName} 及其下级转移到 ${parentName} 名下？`,
      () => moveMember(row.userId, parentId),
      '转移成功',
    );
  return (
    <div className="mt-2 rounded-lg bg-gray-50 p-2">
      <form
        className="flex items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setAsked(name.trim());
        }}
      >
        <div className="flex-1">
          <TextField
            label="新上级用户名"
            name="parentName"
            value={name}
            onChange={setName}
            maxLength={20}
          />
        </div>
        <Button type="submit" className="mb-3">
          查找
        </Button>
      </form>
      {found.loading && <LoadingState />}
      {found.error && <ErrorState message={found.error.message} onRetry={found.reload} />}
      {asked !== '' && found.data && agents.length === 0 && (
        <p className="text-sm text-gray-700">没有找到名为“{asked}”开头的代理</p>
      )}
      <ul className="space-y-1">
        {agents.map((a) => (
          <li key={a.userId} className="flex items-center justify-between gap-2 text-sm">
            <span className="min-w-0 break-all">
              {[...a.path.map((p) => p.userName), a.userName].join(' › ')}
            </span>
            <Button
              variant="secondary"
              disabled={action.busy}
              onClick={() => move(a.userId, a.userName)}
            >
              移到此代理
            </Button>
          </li>
        ))}
      </ul>
      <div className="mt-2 flex gap-2">
        <Button variant="secondary" disabled={action.busy} onClick={() => move(0, '顶级')}>
          移到顶级
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          取消
        </Button>
      </div>
      <ActionError message={action.error} />
    </div>
  );
}

function AgentNode({ row, note, onChanged }: { row: AgentRow; note?: string; onChanged(): void }) {
  const [open, setOpen] = useState(false);
  const [moving, setMoving] = useState(false);
  return (
    <li className={ROW_CARD}>
      {note && <p className="mb-1 text-xs text-gray-600">{note}</p>}
      <div className="flex items-center justify-between gap-2">
        <span className="min-w-0 break-all font-medium">
          {row.userName}
          {row.isAgent ? '（代理）' : ''}
        </span>
        <span className="shrink-0">¥{row.balance}</span>
      </div>
      <p className="mt-1 text-gray-700">
        直属 {row.childCount} 人 · 团队 {row.teamCount} 人
      </p>
      <p className="mt-1 text-xs text-gray-600">返点：{pointsText(row)}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        {row.childCount > 0 && (
          <Button variant="secondary" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? '收起下级' : '展开下级'}
          </Button>
        )}
        <Button variant="secondary" onClick={() => setMoving(!moving)}>
          转移
        </Button>
      </div>
      {moving && (
        <MoveForm
          row={row}
          onCancel={() => setMoving(false)}
          onMoved={() => {
            setMoving(false);
            onChanged();
          }}
        />
      )}
      {open && (
        <div className="mt-2 border-l-2 border-gray-200 pl-2">
          <TreeLevel parentId={row.userId} onChanged={onChanged} />
        </div>
      )}
    </li>
  );
}

function TreePage({
  parentId,
  page,
  onMore,
  onChanged,
}: {
  parentId: number;
  page: number;
  onMore?(): void;
  onChanged(): void;
}) {
  const q = useQuery({
    queryKey: keys.admin('agents', 'tree', parentId, page),
    queryFn: () => agentTree(parentId, page),
  });
  if (q.loading && !q.data) return <LoadingState />;
  if (q.error || !q.data)
    return <ErrorState message={q.error?.message ?? '加载失败'} onRetry={q.reload} />;
  if (page === 1 && q.data.list.length === 0)
    return <EmptyState text={parentId === 0 ? '还没有用户' : '没有下级'} />;
  const more = onMore && q.data.total > page * TREE_PAGE_SIZE;
  const changed = () => {
    q.reload();
    onChanged();
  };
  return (
    <>
      <ul className="space-y-2">
        {q.data.list.map((r) => (
          <AgentNode key={r.userId} row={r} onChanged={changed} />
        ))}
      </ul>
      {page === 1 && q.data.total > TREE_PAGE_SIZE && (
        <p className="mt-1 text-xs text-gray-600">共 {q.data.total} 人</p>
      )}
      {more && (
        <Button variant="secondary" className="mt-2 w-full" onClick={onMore}>
          加载更多
        </Button>
      )}
    </>
  );
}

function TreeLevel({ parentId, onChanged }: { parentId: number; onChanged(): void }) {
  const [pages, setPages] = useState(1);
  return (
    <div className="space-y-2">
      {Array.from({ length: pages }, (_, i) => i + 1).map((page) => (
        <TreePage
          key={page}
          parentId={parentId}
          page={page}
          onChanged={onChanged}
          onMore={page === pages ? () => setPages(pages + 1) : undefined}
        />
      ))}
    </div>
  );
}

function SearchResults({ name, onChanged }: { name: string; onChanged(): void }) {
  const q = useQuery({
    queryKey: keys.admin('agents', 'search', name),
    queryFn: () => searchAgents(name),
  });
  if (q.loading && !q.data) return <LoadingState />;
  if (q.error || !q.data)
    return <ErrorState message={q.error?.message ?? '加载失败'} onRetry={q.reload} />;
  if (q.data.list.length === 0) return <EmptyState text="没有找到用户" />;
  const changed = () => {
    q.reload();
    onChanged();
  };
  return (
    <ul className="space-y-2">
      {q.data.list.map((r: AgentSearchRow) => (
        <AgentNode
          key={r.userId}
          row={r}
          onChanged={changed}
          note={`上级：${r.path.length ? r.path.map((p) => p.userName).join(' › ') : '无（顶级）'}`}
        />
      ))}
    </ul>
  );
}

export function AgentTree() {
  const [name, setName] = useState('');
  const [version, setVersion] = useState(0);
  // a move changes counts on other branches too: start the tree over
  const changed = () => setVersion((v) => v + 1);
  return (
    <section aria-label="代理树" className="space-y-2">
      <SearchBar label="按用户名搜索" name="agentName" button="搜索" onSearch={setName} />
      {name !== '' && (
        <Button variant="secondary" onClick={() => setName('')}>
          返回代理树
        </Button>
      )}
      {name !== '' ? (
        <SearchResults name={name} onChanged={changed} />
      ) : (
        <TreeLevel key={version} parentId={0} onChanged={changed} />
      )}
    </section>
  );
}
