/**
 * /letter: the inbox (站内信). Newest first, 20 a page; an unread letter is marked (dot, bold title).
 * A tap opens /letterDetail (which marks it read); 全部已读 marks every letter; 编辑 lets the player
 * pick letters and delete them together. Changes need the network and refresh the page and the badges.
 */
import { useState } from 'react';
import { Link, useSearch, useLocation } from 'wouter';
import {
  Button,
  EmptyState,
  ErrorState,
  LoadingState,
  Page,
  PageNav,
  confirmDialog,
  requireOnline,
  showToast,
} from '../../ui';
import { keys, useQuery } from '../../query';
import {
  deleteMessage,
  LETTER_PAGE_SIZE,
  messageList,
  setMessageRead,
  type LetterItem,
} from './api';
import { refreshInbox } from './unread';
import { useFormAction } from '../../query/useFormMutation';

/** The page number of `?page=`, 1 when missing or not a page number. */
function pageOf(search: string): number {
  const n = Number(new URLSearchParams(search).get('page'));
  return Number.isSafeInteger(n) && n > 0 ? n : 1;
}

export default function LetterPage() {
  const [, navigate] = useLocation();
  const page = pageOf(useSearch());
  const q = useQuery({ queryKey: keys.letters('inbox', page), queryFn: () => messageList(page) });
  const [editing, setEditing] = useState(false);
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const mutation = useFormAction({ onError: (e) => showToast(e.message) });
  const busy = mutation.isPending;
  const pages = q.data ? Math.max(1, Math.ceil(q.data.total / LETTER_PAGE_SIZE)) : 1;
  const goPage = (n: number) => {
    setPicked(new Set());
    navigate(n > 1 ? `/letter?page=${n}` : '/letter');
  };

  const act = async (run: () => Promise<unknown>, done: string) => {
    if (!(await requireOnline())) return;
    await mutation.submit(async () => {
      await run();
      showToast(done);
      setPicked(new Set());
      setEditing(false);
      await refreshInbox();
    });
  };
  const markAll = () => act(() => setMessageRead({ all: true }), '已全部标为已读');
  const removePicked = async () => {
    const ids = [...picked];
    if (!ids.length) return;
    if (
      !(await confirmDialog(`确定删除选中的${ids.length}封站内信吗？删除后不可恢复。`, {
        okText: '删除',
        cancelText: '取消',
      }))
    )
      return;
    await act(() => deleteMessage(ids), '已删除');
    // the last page may now be empty: step back to one that has letters
    if (page > 1 && q.data && ids.length >= q.data.list.length) goPage(page - 1);
  };
  const toggle = (id: number) =>
    setPicked((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });

  const list = q.data?.list ?? [];
  return (
    <Page title="站内信" back="/personalInfo">
      <div className="mx-auto max-w-xl">
        {q.data && q.data.total > 0 && (
          <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-gray-700" aria-live="polite">
              共 {q.data.total} 封，未读 <span data-testid="letters-unread">{q.data.unread}</span>{' '}
              封
            </p>
            <div className="flex gap-2">
              <Button
                variant="secondary"
                disabled={busy || q.data.unread === 0}
                onClick={() => void markAll()}
              >
                全部已读
              </Button>
              <Button
                variant="secondary"
                disabled={busy}
                onClick={() => {
                  setEditing(!editing);
                  setPicked(new Set());
                }}
              >
                {editing ? '取消' : '编辑'}
              </Button>
            </div>
          </div>
        )}
        {q.loading && !q.data ? (
          <LoadingState />
        ) : q.error && !q.data ? (
          <ErrorState message={q.error.message} onRetry={q.reload} />
        ) : list.length === 0 ? (
          <EmptyState text={page > 1 ? '这一页没有站内信了' : '暂无站内信'} />
        ) : (
          <ul
            aria-label="站内信列表"
            className="divide-y divide-gray-100 overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-gray-200"
          >
            {list.map((m) => (
              <LetterRow
                key={m.id}
                letter={m}
                editing={editing}
                picked={picked.has(m.id)}
                onToggle={() => toggle(m.id)}
              />
            ))}
          </ul>
        )}
        {editing && list.length > 0 && (
          <div className="sticky bottom-16 mt-3 flex gap-2 rounded-xl bg-white p-2 shadow ring-1 ring-gray-200">
            <Button
              variant="secondary"
              className="flex-1"
              onClick={() =>
                setPicked(picked.size === list.length ? new Set() : new Set(list.map((m) => m.id)))
              }
            >
              {picked.size === list.length ? '取消全选' : '全选本页'}
            </Button>
            <Button
              variant="danger"
              className="flex-1"
              loading={busy}
              disabled={picked.size === 0}
              onClick={() => void removePicked()}
            >
              删除所选（{picked.size}）
            </Button>
          </div>
        )}
        <PageNav page={page} pages={pages} onPage={goPage} />
      </div>
    </Page>
  );
}

function LetterRow({
  letter: m,
  editing,
  picked,
  onToggle,
}: {
  letter: LetterItem;
  editing: boolean;
  picked: boolean;
  onToggle(): void;
}) {
  const unread = m.isRead === 0;
  const body = (
    <>
      <span
        aria-hidden="true"
        className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${unread ? 'bg-red-600' : 'bg-transparent'}`}
      />
      <span className="min-w-0 flex-1">
        <span
          className={`block truncate ${unread ? 'font-semibold text-gray-900' : 'text-gray-700'}`}
        >
          {m.title}
        </span>
        <span className="mt-0.5 flex justify-between gap-2 text-xs text-gray-600">
          <span>
            {m.messageTypeName}
            {unread ? ' · 未读' : ''}
          </span>
          <span className="tabular-nums">{m.createTime}</span>
        </span>
      </span>
    </>
  );
  const rowClass =
    'flex min-h-14 w-full items-start gap-2 px-3 py-3 text-left hover:bg-gray-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand';
  return (
    <li data-testid={`letter-${m.id}`} data-read={unread ? '0' : '1'}>
      {editing ? (
        <label className={`${rowClass} cursor-pointer`}>
          <input
            type="checkbox"
            checked={picked}
            onChange={onToggle}
            aria-label={`选择：${m.title}`}
            className="mt-1 h-5 w-5 shrink-0 accent-brand"
          />
          {body}
        </label>
      ) : (
        <Link
          href={`/letterDetail?id=${m.id}&messageType=${m.messageType}`}
          className={rowClass}
          aria-label={`${unread ? '未读，' : ''}${m.title}`}
        >
          {body}
        </Link>
      )}
    </li>
  );
}
