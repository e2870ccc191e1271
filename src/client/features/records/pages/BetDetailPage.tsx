/** /betDetail?id=…: one bet in full, its draw, win detail per tier, rebate, and a link to verify the draw. */
import type { ReactNode } from 'react';
import { getBetDetail, type BetDetail } from '../../lottery/betsApi';
import { Button, EmptyState, ErrorState, LoadingState, Page } from '../../../ui';
import { Link, useSearch } from 'wouter';
import { formatTime, returnText, statusTone, yuan } from '../format';
import { DetailList } from '../components/DetailList';
import { cancelBetWithConfirm, useCancellable } from '../components/cancel';
import { invalidateAfterMoney, keys, useQuery } from '../../../query';
import { ShareButton } from '../../share/ShareDialog';
import { useFormMutation } from '../../../query/useFormMutation';

const UNIT_TEXT: Record<string, string> = { '1': '元', '0.1': '角', '0.01': '分' };

/** Lines won per tier and refunded lines from the stored win detail ({ wins: {tier: n}, refunds }). */
export function winCounts(detail: unknown): { wins: Record<string, number>; refunds: number } {
  if (!detail || typeof detail !== 'object') return { wins: {}, refunds: 0 };
  const d = detail as { wins?: unknown; refunds?: unknown };
  const source =
    d.wins && typeof d.wins === 'object'
      ? (d.wins as Record<string, unknown>)
      : (d as Record<string, unknown>);
  const wins: Record<string, number> = {};
  for (const [k, v] of Object.entries(source))
    if (k !== 'refunds' && typeof v === 'number') wins[k] = v;
  return { wins, refunds: typeof d.refunds === 'number' ? d.refunds : 0 };
}

export default function BetDetailPage() {
  const id = Number(new URLSearchParams(useSearch()).get('id'));
  const valid = Number.isSafeInteger(id) && id > 0;
  const q = useQuery({
    queryKey: keys.betDetail(id),
    queryFn: () => (valid ? getBetDetail(id) : Promise.reject(new Error('注单编号无效'))),
    keepOffline: true,
  });
  return (
    <Page title="注单详情" back="/betRecord">
      <div className="mx-auto max-w-xl space-y-3">
        {q.loading ? (
          <LoadingState />
        ) : q.error || !q.data ? (
          <ErrorState
            message={q.error?.message ?? '加载失败'}
            onRetry={valid ? q.reload : undefined}
          />
        ) : (
          <Detail
            bet={q.data}
            onChanged={() => {
              void invalidateAfterMoney('bet');
            }}
          />
        )}
      </div>
    </Page>
  );
}

function Detail({ bet, onChanged }: { bet: BetDetail; onChanged(): void }) {
  const canCancel = useCancellable([bet]);
  // busy from the confirm to the answer; cancelBetWithConfirm shows its own refusal
  const cancelling = useFormMutation({
    mutationFn: () => cancelBetWithConfirm(bet),
    onSuccess: (cancelled) => {
      if (cancelled) onChanged();
    },
  });
  const busy = cancelling.isPending;
  const { wins, refunds } = winCounts(bet.winDetail);
  const settled = typeof bet.returnAmount === 'number';
  const cancel = () => cancelling.submit();
  return (
    <>
      <section className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
        <div className="flex items-center justify-between">
          <h2 className="text-lg font-semibold text-gray-900">{bet.lotteryName}</h2>
          <span className={`font-medium ${statusTone(bet.status)}`}>{bet.statusText}</span>
        </div>
        <p className="mt-1 text-sm text-gray-700">
          第{bet.issue}期 · {bet.playName}
        </p>
        <p className="mt-3 text-sm text-gray-600">开奖号码</p>
        <p className="text-xl font-bold tracking-wide text-brand">{bet.openNumber || '等待开奖'}</p>
      </section>
      <DetailList
        label="注单信息"
        rows={[
          ['注单号', bet.orderNo],
          ['投注时间', formatTime(bet.createdAt)],
          [
            '投注号码',
            <span key="number" className="font-mono">
              {bet.bettingNumber}
            </span>,
          ],
          ['注数', bet.bettingCount],
          ['倍数', bet.graduationCount],
          ['模式', UNIT_TEXT[String(bet.bettingUnit)] ?? String(bet.bettingUnit)],
          ['返点', `${bet.bettingPoint}%`],
          ['投注金额', `${yuan(bet.bettingAmount)} 元`],
          ['派奖金额', settled ? `${returnText(bet)} 元` : returnText(bet)],
          ...(bet.capNote
            ? [
                ['派奖说明', `${bet.capNote}（原奖金 ${yuan(bet.uncappedPrize ?? '')} 元）`] as [
                  string,
                  ReactNode,
                ],
              ]
            : []),
          [
            '返点金额',
            bet.status === 'PENDING' || bet.rebate === null || bet.rebate === undefined
              ? '结算后发放'
              : `${yuan(bet.rebate)} 元`,
          ],
          ...(bet.chaseId
            ? [
                [
                  '追号单',
                  <Link
                    key="chase"
                    href={`/seekDetail?id=${bet.chaseId}`}
                    className="text-brand underline"
                  >
                    查看追号
                  </Link>,
                ] as [string, ReactNode],
              ]
            : []),
        ]}
      />
      {bet.tiers.length > 0 && (
        <section
          aria-label="中奖明细"
          className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-gray-200"
        >
          <h2 className="px-4 pt-3 text-sm font-semibold text-gray-900">中奖明细</h2>
          <table className="w-full text-sm">
            <thead className="text-gray-600">
              <tr>
                <th scope="col" className="px-4 py-2 text-left font-normal">
                  奖级
                </th>
                <th scope="col" className="px-4 py-2 text-right font-normal">
                  奖金/赔率
                </th>
                <th scope="col" className="px-4 py-2 text-right font-normal">
                  中奖注数
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {bet.tiers.map((t) => (
                <tr
                  key={t.id}
                  className={wins[t.id] ? 'font-semibold text-red-700' : 'text-gray-900'}
                >
                  <td className="px-4 py-2">{t.name}</td>
                  <td className="px-4 py-2 text-right">{t.prize}</td>
                  <td className="px-4 py-2 text-right">{settled ? (wins[t.id] ?? 0) : '-'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {refunds > 0 && <p className="px-4 pb-3 text-sm text-blue-700">和局退款 {refunds} 注</p>}
        </section>
      )}
      {bet.tiers.length === 0 && <EmptyState text="暂无奖级信息" />}
      <div className="flex flex-col gap-2 pb-4">
        {bet.openNumber && (
          <Link
            href={`/verifyDraw?lotteryCode=${encodeURIComponent(bet.lotteryCode)}&issue=${encodeURIComponent(bet.issue)}`}
            className="inline-flex min-h-11 items-center justify-center rounded-lg border border-gray-300 bg-white px-4 py-2 font-medium text-gray-800 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-brand"
          >
            验证开奖结果
          </Link>
        )}
        {bet.seedHash && (
          <p className="break-all text-xs text-gray-600">本期种子哈希：{bet.seedHash}</p>
        )}
        <ShareButton
          what={{ kind: 'bets', orderIds: [bet.id] }}
          title="分享注单"
          label="分享注单"
          className="min-h-11"
        />
        {canCancel(bet) && (
          <Button variant="danger" loading={busy} onClick={() => void cancel()}>
            撤单
          </Button>
        )}
      </div>
    </>
  );
}
