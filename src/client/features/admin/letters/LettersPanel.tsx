/**
 * Operator: letters (站内信). Send one to a player by user name, to every player of a grade, or to
 * everyone (stored once whatever the audience); the list shows each letter's audience and how many
 * players have read it; 删除 takes it out of every inbox. The text is plain (no angle brackets),
 * checked here by the same rule the server applies (domain/letters.ts).
 */
import { useState } from 'react';
import { Button, PageNav, Select, TextField, requireOnline } from '../../../ui';
import { keys, useQuery } from '../../../query';
import { GRADES } from '../../../../domain/grades';
import {
  gradeLabel,
  LETTER_CONTENT_MAX,
  LETTER_TITLE_MAX,
  letterTextProblem,
  type LetterAudience,
} from '../../../../domain/letters';
import {
  ADMIN_LETTER_PAGE_SIZE,
  deleteLetter,
  listLetters,
  sendLetter,
  type AdminLetter,
  type LetterDraft,
} from './adminApi';
import { ActionError, AdminList, useConfirmedAction } from '../../../ui/AdminList';

const AUDIENCES: { value: LetterAudience; label: string }[] = [
  { value: 'all', label: '全部会员' },
  { value: 'grade', label: '指定等级' },
  { value: 'user', label: '指定会员' },
];
const GRADE_OPTIONS = GRADES.map((g) => ({ value: g.grade, label: gradeLabel(g.grade) }));
const EMPTY: LetterDraft = {
  audience: 'all',
  userName: '',
  grade: GRADES[1]?.grade ?? 0,
  title: '',
  content: '',
};

export function LettersPanel() {
  const [page, setPage] = useState(1);
  const q = useQuery({ queryKey: keys.admin('letters', page), queryFn: () => listLetters(page) });
  const act = useConfirmedAction(q.reload);
  const remove = (l: AdminLetter) =>
    act.run(
      `确定删除「${l.title}」？所有会员的收件箱中都将不再显示。`,
      () => deleteLetter(l.id),
      '已删除',
    );
  const pages = q.data ? Math.max(1, Math.ceil(q.data.total / ADMIN_LETTER_PAGE_SIZE)) : 1;
  return (
    <section aria-label="站内信管理" className="space-y-3">
      <h3 className="font-semibold text-gray-900">发送站内信</h3>
      <SendForm
        onSent={() => {
          setPage(1);
          q.reload();
        }}
      />
      <h3 className="pt-2 font-semibold text-gray-900">已发送</h3>
      <ActionError message={act.error} />
      <AdminList
        state={q}
        empty="暂无站内信"
        keyOf={(l) => l.id}
        totalText={(n) => `共 ${n} 封`}
        label="已发送站内信"
        columns={[
          { label: '编号', cell: (l) => `#${l.id}`, className: 'tabular-nums' },
          { label: '标题', cell: (l) => l.title, className: 'min-w-28 font-medium' },
          { label: '收件范围', cell: (l) => l.audienceText },
          {
            label: '内容',
            cell: (l) => (
              <p className="line-clamp-2 whitespace-pre-line break-words text-gray-700">
                {l.content}
              </p>
            ),
            className: 'max-w-md',
          },
          {
            label: '发送时间',
            cell: (l) => l.createTime,
            className: 'whitespace-nowrap tabular-nums',
          },
          { label: '操作人', cell: (l) => l.operatorName },
          { label: '已读', cell: (l) => `${l.readCount} 人`, align: 'end' },
          {
            label: '操作',
            cell: (l) => (
              <Button variant="danger" disabled={act.busy} onClick={() => void remove(l)}>
                删除
              </Button>
            ),
            actions: true,
          },
        ]}
      >
        {(l) => (
          <div data-testid={`admin-letter-${l.id}`}>
            <div className="mb-1 flex items-center justify-between gap-2">
              <span className="truncate font-medium">
                #{l.id} {l.title}
              </span>
              <span className="shrink-0 text-gray-700">{l.audienceText}</span>
            </div>
            <p className="line-clamp-3 whitespace-pre-line break-words text-gray-700">
              {l.content}
            </p>
            <p className="mt-1 text-xs text-gray-600">
              {l.createTime} · {l.operatorName} · 已读{' '}
              <span data-testid="read-count">{l.readCount}</span> 人
            </p>
            <div className="mt-2 flex justify-end">
              <Button variant="danger" disabled={act.busy} onClick={() => void remove(l)}>
                删除
              </Button>
            </div>
          </div>
        )}
      </AdminList>
      <PageNav page={page} pages={pages} onPage={setPage} />
    </section>
  );
}

function SendForm({ onSent }: { onSent(): void }) {
  const [d, setD] = useState<LetterDraft>(EMPTY);
  const act = useConfirmedAction(() => {
    setD(EMPTY);
    onSent();
  });
  const set =
    <K extends keyof LetterDraft>(k: K) =>
    (v: LetterDraft[K]) =>
      setD((x) => ({ ...x, [k]: v }));
  const submit = async () => {
    const problem =
      d.audience === 'user' && !d.userName.trim()
        ? '请填写收件会员的用户名'
        : letterTextProblem(d.title, d.content);
    if (problem) {
      act.setError(problem);
      return;
    }
    if (!(await requireOnline())) return;
    const to =
      d.audience === 'all'
        ? '全部会员'
        : d.audience === 'grade'
          ? `${gradeLabel(d.grade)}的会员`
          : `会员 ${d.userName.trim()}`;
    await act.run(`确定发送给${to}？`, () => sendLetter(d), '已发送');
  };
  return (
    <form
      className="rounded-lg bg-white p-3 ring-1 ring-gray-200"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Select
        label="收件范围"
        name="audience"
        value={d.audience}
        options={AUDIENCES}
        onChange={set('audience')}
      />
      {d.audience === 'grade' && (
        <Select
          label="会员等级"
          name="grade"
          value={d.grade}
          options={GRADE_OPTIONS}
          onChange={set('grade')}
        />
      )}
      {d.audience === 'user' && (
        <TextField
          label="会员用户名"
          name="userName"
          value={d.userName}
          onChange={set('userName')}
          maxLength={20}
        />
      )}
      <TextField
        label="标题"
        name="title"
        value={d.title}
        onChange={set('title')}
        maxLength={LETTER_TITLE_MAX}
      />
      <label htmlFor="letter-content" className="mb-1 block text-sm font-medium text-gray-800">
        内容（纯文本，可换行）
      </label>
      <textarea
        id="letter-content"
        name="content"
        value={d.content}
        onChange={(e) => set('content')(e.target.value)}
        maxLength={LETTER_CONTENT_MAX}
        rows={5}
        className="w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-gray-900 focus:border-brand focus:outline-2 focus:outline-brand/40"
      />
      <p className="mb-2 text-right text-xs text-gray-600">
        {d.content.length}/{LETTER_CONTENT_MAX}
      </p>
      <ActionError message={act.error} />
      <Button type="submit" className="mt-2 w-full" loading={act.busy}>
        发送
      </Button>
    </form>
  );
}
