/** Operator: notices (公告): the marquee on the home page and the /notice list. Plain text, line breaks kept. */
import { useState } from 'react';
import { TextField, requireOnline } from '../../../ui';
import { keys, useQuery } from '../../../query';
import { formatBeijing } from '../../../../domain/time';
import { CheckBox } from '../../../ui/fields';
import {
  NOTICE_MAX,
  TITLE_MAX,
  deleteNotice,
  listNotices,
  saveNotice,
  type AdminNotice,
  type NoticeDraft,
} from './contentApi';
import { ActionError, AdminList, useConfirmedAction } from '../../../ui/AdminList';
import { CountedText, EditorForm, PanelHead, RowButtons, blankProblem } from './ContentFields';

const EMPTY: NoticeDraft = { title: '', content: '', sort: '0', enabled: true };

export function NoticesPanel() {
  const q = useQuery({ queryKey: keys.admin('contentNotices'), queryFn: listNotices });
  const [editing, setEditing] = useState<NoticeDraft | null>(null);
  const act = useConfirmedAction(q.reload);
  const remove = (n: AdminNotice) =>
    act.run(`确定删除公告「${n.title}」？`, () => deleteNotice(n.id), '已删除');
  return (
    <section aria-label="公告管理" className="space-y-3">
      <PanelHead
        title="公告"
        addText="新建公告"
        onAdd={editing ? undefined : () => setEditing(EMPTY)}
      />
      {editing && (
        <NoticeForm
          key={editing.id ?? 'new'}
          initial={editing}
          onDone={() => {
            setEditing(null);
            q.reload();
          }}
          onCancel={() => setEditing(null)}
        />
      )}
      <ActionError message={act.error} />
      <AdminList
        state={q}
        empty="暂无公告"
        keyOf={(n) => n.id}
        label="公告列表"
        columns={[
          { label: '编号', cell: (n) => `#${n.id}`, className: 'tabular-nums' },
          { label: '标题', cell: (n) => n.title, className: 'font-medium' },
          {
            label: '内容',
            cell: (n) => (
              <p className="line-clamp-2 whitespace-pre-line break-words text-gray-700">
                {n.content}
              </p>
            ),
            className: 'max-w-xl',
          },
          { label: '排序', cell: (n) => n.sort, align: 'end' },
          {
            label: '发布时间',
            cell: (n) => formatBeijing(n.createdAt),
            className: 'whitespace-nowrap tabular-nums',
          },
          {
            label: '状态',
            cell: (n) => (
              <span
                className={
                  n.enabled ? 'whitespace-nowrap text-green-800' : 'whitespace-nowrap text-gray-600'
                }
              >
                {n.enabled ? '已启用' : '已停用'}
              </span>
            ),
          },
          {
            label: '操作',
            cell: (n) => (
              <RowButtons
                busy={act.busy}
                onEdit={() =>
                  setEditing({
                    id: n.id,
                    title: n.title,
                    content: n.content,
                    sort: String(n.sort),
                    enabled: n.enabled,
                  })
                }
                onDelete={() => void remove(n)}
              />
            ),
            actions: true,
          },
        ]}
      >
        {(n) => (
          <div data-testid={`admin-notice-${n.id}`}>
            <div className="mb-1 flex items-center justify-between gap-2">
              <span className="min-w-0 truncate font-medium">
                #{n.id} {n.title}
              </span>
              <span className={n.enabled ? 'shrink-0 text-green-800' : 'shrink-0 text-gray-600'}>
                {n.enabled ? '已启用' : '已停用'}
              </span>
            </div>
            <p className="line-clamp-3 whitespace-pre-line break-words text-gray-700">
              {n.content}
            </p>
            <p className="mt-1 text-xs text-gray-600">
              排序 {n.sort} · 发布于 {formatBeijing(n.createdAt)}
            </p>
            <RowButtons
              busy={act.busy}
              onEdit={() =>
                setEditing({
                  id: n.id,
                  title: n.title,
                  content: n.content,
                  sort: String(n.sort),
                  enabled: n.enabled,
                })
              }
              onDelete={() => void remove(n)}
            />
          </div>
        )}
      </AdminList>
    </section>
  );
}

function NoticeForm({
  initial,
  onDone,
  onCancel,
}: {
  initial: NoticeDraft;
  onDone(): void;
  onCancel(): void;
}) {
  const [d, setD] = useState(initial);
  const act = useConfirmedAction(onDone);
  const set =
    <K extends keyof NoticeDraft>(k: K) =>
    (v: NoticeDraft[K]) =>
      setD((x) => ({ ...x, [k]: v }));
  const save = async () => {
    const problem = blankProblem(d.title, d.content);
    if (problem) {
      act.setError(problem);
      return;
    }
    if (!(await requireOnline())) return;
    await act.run(null, () => saveNotice(d), '已保存');
  };
  return (
    <EditorForm
      label={d.id ? `编辑公告 #${d.id}` : '新建公告'}
      busy={act.busy}
      error={act.error}
      onSave={() => void save()}
      onCancel={onCancel}
    >
      <TextField
        label="标题"
        name="notice-title"
        value={d.title}
        onChange={set('title')}
        maxLength={TITLE_MAX}
        hint={`最多${TITLE_MAX}个字`}
        autoComplete="off"
      />
      <CountedText
        label="内容（纯文本，可换行，不能含尖括号）"
        name="notice-content"
        value={d.content}
        onChange={set('content')}
        maxLength={NOTICE_MAX}
      />
      <TextField
        label="排序（小的在前）"
        name="notice-sort"
        value={d.sort}
        onChange={set('sort')}
        inputMode="numeric"
        maxLength={6}
      />
      <CheckBox label="启用（会员可见）" checked={d.enabled} onChange={set('enabled')} />
    </EditorForm>
  );
}
