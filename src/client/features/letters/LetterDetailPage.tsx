/**
 * /letterDetail?id=&messageType=: one letter. Opening it marks it read on the server; the inbox and
 * the unread badges are then asked again. 删除 removes it from the inbox (it stays deleted).
 */
import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import {
  Button,
  ErrorState,
  LoadingState,
  Page,
  confirmDialog,
  requireOnline,
  showToast,
} from '../../ui';
import { keys, useQuery } from '../../query';
import { deleteMessage, messageContent } from './api';
import { PlainText } from './PlainText';
import { refreshInbox } from './unread';
import { useFormAction } from '../../query/useFormMutation';

function positive(v: string | null): number | undefined {
  const n = Number(v);
  return v !== null && Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

export default function LetterDetailPage() {
  const [, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const id = positive(params.get('id'));
  const messageType = positive(params.get('messageType'));
  const q = useQuery({
    queryKey: keys.letters('detail', id ?? 0),
    queryFn: () =>
      id ? messageContent(id, messageType) : Promise.reject(new Error('消息编号无效')),
  });
  const mutation = useFormAction({ onError: (e) => showToast(e.message) });
  const busy = mutation.isPending;
  // the server marked it read when it answered: the list and the badges follow
  const loadedId = q.data?.id;
  useEffect(() => {
    if (loadedId) void refreshInbox();
  }, [loadedId]);

  const remove = async () => {
    if (!id || !(await requireOnline())) return;
    if (
      !(await confirmDialog('确定删除这封站内信吗？删除后不可恢复。', {
        okText: '删除',
        cancelText: '取消',
      }))
    )
      return;
    await mutation.submit(async () => {
      await deleteMessage([id]);
      showToast('已删除');
      await refreshInbox();
      navigate('/letter', { replace: true });
    });
  };

  return (
    <Page title="站内信详情" back="/letter">
      <div className="mx-auto max-w-xl">
        {q.loading && !q.data ? (
          <LoadingState />
        ) : q.error || !q.data ? (
          <ErrorState
            message={q.error?.message ?? '加载失败'}
            onRetry={id ? q.reload : undefined}
          />
        ) : (
          <article
            className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200"
            aria-labelledby="letter-title"
          >
            <h2 id="letter-title" className="text-lg font-semibold break-words text-gray-900">
              {q.data.title}
            </h2>
            <p className="mt-1 mb-3 flex justify-between gap-2 border-b border-gray-100 pb-2 text-xs text-gray-600">
              <span>{q.data.messageTypeName}</span>
              <span className="tabular-nums">{q.data.createTime}</span>
            </p>
            <PlainText text={q.data.content} />
            <div className="mt-4 flex justify-end">
              <Button variant="secondary" loading={busy} onClick={() => void remove()}>
                删除
              </Button>
            </div>
          </article>
        )}
      </div>
    </Page>
  );
}
