/** /seekDetail?id=…: one chase with its per-issue orders; cancel one pending issue or all that have not started. */
import { cancelChase, getChaseDetail, type BetRow, type ChaseDetail } from '../../lottery/betsApi';
import {
  Button,
  ErrorState,
  LoadingState,
  Page,
  confirmDialog,
  showAlert,
  showToast,
} from '../../../ui';
import { useSearch } from 'wouter';
import { chaseTotal, formatTime, yuan } from '../format';
import { DetailList } from '../components/DetailList';
import { BetList } from '../components/BetList';
import { invalidateAfterMoney, keys, useQuery } from '../../../query';
import { useFormMutation } from '../../../query/useFormMutation';

export default function SeekDetailPage() {
  const id = Number(new URLSearchParams(useSearch()).get('id'));
  const valid = Number.isSafeInteger(id) && id > 0;
  const q = useQuery({
    queryKey: keys.chaseDetail(id),
    queryFn: () => (valid ? getChaseDetail(id) : Promise.reject(new Error('追号编号无效'))),
    keepOffline: true,
  });
  return (
    <Page title="追号详情" back="/seekOrder">
      <div className="mx-auto max-w-xl space-y-3">
        {q.loading && !q.data ? (
          <LoadingState />
        ) : q.error || !q.data ? (
          <ErrorState
            message={q.error?.message ?? '加载失败'}
            onRetry={valid ? q.reload : undefined}
          />
        ) : (
          <Chase
            chase={q.data}
            onChanged={() => {
              void invalidateAfterMoney('chase');
            }}
          />
        )}
      </div>
    </Page>
  );
}

async function cancelIssues(chase: ChaseDetail, issues?: string[]): Promise<boolean> {
  const text = issues
    ? `确定撤销第${issues.join('、')}期的追号吗？`
    : '确定撤销所有未开始的追号期数吗？已开始的期数不受影响。';
  if (!(await confirmDialog(text, { okText: '撤销' }))) return false;
  try {
    const r = await cancelChase(chase.id, issues);
    showToast(`已撤销，退回 ${yuan(r.refunded)} 元`);
    return true;
  } catch (e) {
    await showAlert(e instanceof Error ? e.message : '撤销失败');
    return false;
  }
}

function Chase({ chase, onChanged }: { chase: ChaseDetail; onChanged(): void }) {
  // busy from the confirm to the answer; cancelIssues shows its own refusal
  const cancelling = useFormMutation<boolean, string[] | undefined>({
    mutationFn: (issues) => cancelIssues(chase, issues),
    onSuccess: (cancelled) => {
      if (cancelled) onChanged();
    },
  });
  const busy = cancelling.isPending;
  const pending = chase.orders.filter((o) => o.status === 'PENDING');
  const run = (issues?: string[]) => cancelling.submit(issues);
  const canCancelOne = (o: BetRow) => chase.status === 'running' && o.status === 'PENDING';
  return (
    <>
      <DetailList
        label="追号信息"
        rows={[
          ['彩种', `${chase.lotteryName} · ${chase.playName}`],
          ['状态', chase.statusText],
          ['起始期号', chase.startIssue],
          ['追号期数', `${chase.finishedCount}/${chase.chaseCount}`],
          ['追中即停', chase.isStopAfterWinning ? '是' : '否'],
          ['总金额', `${chaseTotal(chase)} 元`],
          ['中奖金额', `${yuan(chase.winAmount)} 元`],
          ['创建时间', formatTime(chase.createdAt)],
        ]}
      />
      {chase.status === 'running' && pending.length > 0 && (
        <Button variant="danger" loading={busy} onClick={() => void run()} className="w-full">
          撤销剩余期数（{pending.length}期待开奖）
        </Button>
      )}
      <h2 className="pt-1 text-sm font-semibold text-gray-900">每期注单</h2>
      {chase.orders.length === 0 ? (
        <p className="text-sm text-gray-600">暂无注单</p>
      ) : (
        <BetList
          rows={chase.orders}
          canCancel={canCancelOne}
          onCancel={(o) => void run([o.issue])}
          cancelling={busy ? -1 : null}
        />
      )}
      <p className="pb-4 text-xs text-gray-600">已封盘或已开奖的期数不能撤销，服务器会逐期核对。</p>
    </>
  );
}
