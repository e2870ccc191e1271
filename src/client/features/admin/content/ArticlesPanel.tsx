/** Operator: help centre (帮助中心) or about-us (关于我们) articles: plain text, paragraphs by line breaks. */
import { useState } from 'react';
import { TextField, requireOnline } from '../../../ui';
import { keys, useQuery } from '../../../query';
import {
  ARTICLE_MAX,
  TITLE_MAX,
  deleteArticle,
  listArticles,
  saveArticle,
  type AdminArticle,
  type ArticleDraft,
  type ArticleKind,
} from './contentApi';
import { ActionError, AdminList, useConfirmedAction } from '../../../ui/AdminList';
import { CountedText, EditorForm, PanelHead, RowButtons, blankProblem } from './ContentFields';

const NAMES: Record<ArticleKind, { title: string; page: string }> = {
  help: { title: '帮助中心', page: '/help' },
  about: { title: '关于我们', page: '/about' },
};

export function ArticlesPanel({ kind }: { kind: ArticleKind }) {
  const q = useQuery({
    queryKey: keys.admin('contentArticles', kind),
    queryFn: () => listArticles(kind),
  });
  const [editing, setEditing] = useState<ArticleDraft | null>(null);
  const act = useConfirmedAction(q.reload);
  const remove = (a: AdminArticle) =>
    act.run(`确定删除文章「${a.title}」？`, () => deleteArticle(a), '已删除');
  const { title, page } = NAMES[kind];
  return (
    <section aria-label={`${title}文章`} className="space-y-3">
      <PanelHead
        title={`${title}文章`}
        addText="新建文章"
        onAdd={editing ? undefined : () => setEditing({ kind, title: '', content: '', sort: '0' })}
      />
      <p className="text-xs text-gray-600">
        会员在 {page} 页按排序（小的在前）看到全部文章；内容为纯文本，换行即分段。
      </p>
      {editing && (
        <ArticleForm
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
        empty="暂无文章"
        keyOf={(a) => a.id}
        label={`${title}文章列表`}
        columns={[
          { label: '编号', cell: (a) => `#${a.id}`, className: 'tabular-nums' },
          { label: '标题', cell: (a) => a.title, className: 'min-w-28 font-medium' },
          {
            label: '内容',
            cell: (a) => (
              <p className="line-clamp-2 whitespace-pre-line break-words text-gray-700">
                {a.content}
              </p>
            ),
            className: 'max-w-xl',
          },
          { label: '排序', cell: (a) => a.sort, align: 'end' },
          {
            label: '操作',
            cell: (a) => (
              <RowButtons
                busy={act.busy}
                onEdit={() =>
                  setEditing({
                    id: a.id,
                    kind,
                    title: a.title,
                    content: a.content,
                    sort: String(a.sort),
                  })
                }
                onDelete={() => void remove(a)}
              />
            ),
            actions: true,
          },
        ]}
      >
        {(a) => (
          <div data-testid={`admin-article-${a.id}`}>
            <div className="mb-1 flex items-center justify-between gap-2">
              <span className="min-w-0 truncate font-medium">
                #{a.id} {a.title}
              </span>
              <span className="shrink-0 text-gray-700">排序 {a.sort}</span>
            </div>
            <p className="line-clamp-3 whitespace-pre-line break-words text-gray-700">
              {a.content}
            </p>
            <RowButtons
              busy={act.busy}
              onEdit={() =>
                setEditing({
                  id: a.id,
                  kind,
                  title: a.title,
                  content: a.content,
                  sort: String(a.sort),
                })
              }
              onDelete={() => void remove(a)}
            />
          </div>
        )}
      </AdminList>
    </section>
  );
}

function ArticleForm({
  initial,
  onDone,
  onCancel,
}: {
  initial: ArticleDraft;
  onDone(): void;
  onCancel(): void;
}) {
  const [d, setD] = useState(initial);
  const act = useConfirmedAction(onDone);
  const set =
    <K extends keyof ArticleDraft>(k: K) =>
    (v: ArticleDraft[K]) =>
      setD((x) => ({ ...x, [k]: v }));
  const save = async () => {
    const problem = blankProblem(d.title, d.content);
    if (problem) {
      act.setError(problem);
      return;
    }
    if (!(await requireOnline())) return;
    await act.run(null, () => saveArticle(d), '已保存');
  };
  return (
    <EditorForm
      label={d.id ? `编辑文章 #${d.id}` : '新建文章'}
      busy={act.busy}
      error={act.error}
      onSave={() => void save()}
      onCancel={onCancel}
    >
      <TextField
        label="标题"
        name="article-title"
        value={d.title}
        onChange={set('title')}
        maxLength={TITLE_MAX}
        hint={`最多${TITLE_MAX}个字`}
        autoComplete="off"
      />
      <CountedText
        label="内容（纯文本，可换行，不能含尖括号）"
        name="article-content"
        value={d.content}
        onChange={set('content')}
        maxLength={ARTICLE_MAX}
        rows={10}
      />
      <TextField
        label="排序（小的在前）"
        name="article-sort"
        value={d.sort}
        onChange={set('sort')}
        inputMode="numeric"
        maxLength={6}
      />
    </EditorForm>
  );
}
