/**
 * The chat cards of shares (spec 001 section 3): type 7, the shared bets (lottery, issue, total; a
 * 详情 disclosure lists each entry's play, selection and amount) with 跟投, which opens the follow
 * dialog (features/follow/openFollow) with the shared entries; type 9, a day's record (bet amount,
 * return, profit coloured by sign, the day). The payload is what the server built from the sharer's
 * records; a broken one shows as an unavailable share, never breaks the list.
 */
import { useState } from 'react';
import { formatFen, wireFen } from '../../../domain/money';
import {
  sharedData,
  sharedRecordOther,
  type SharedBet,
  type SharedRecord,
} from '../../../domain/share/message';
import type { ChatMessage } from '../chat/api';
import { useFormMutation } from '../../query/useFormMutation';

export function sharedBetsOf(m: ChatMessage): SharedBet[] | null {
  return m.messageTypeId === 7 ? sharedData<SharedBet>(m.message) : null;
}
export function sharedRecordOf(m: ChatMessage): SharedRecord | null {
  return m.messageTypeId === 9 ? (sharedData<SharedRecord>(m.message)[0] ?? null) : null;
}

/** What a screen reader hears of a share. */
export function sharePreview(m: ChatMessage): string | null {
  const bets = sharedBetsOf(m);
  if (bets) return `[分享注单]${bets[0]?.lotteryName ?? ''}`;
  const rec = sharedRecordOf(m);
  return m.messageTypeId === 9 ? `[分享战绩]${rec?.dateName ?? ''}` : null;
}

const sumYuan = (bets: SharedBet[]) =>
  formatFen(bets.reduce((s, b) => s + (wireFen(b.money) ?? 0), 0));

async function follow(bets: SharedBet[]): Promise<void> {
  const first = bets[0]!;
  const { openFollowDialog } = await import('../follow/openFollow');
  await openFollowDialog({
    source: 'share',
    lotteryCode: first.lotteryCode,
    lotteryName: first.lotteryName,
    issue: first.bettingIssue,
    entries: bets
      .filter((b) => b.lotteryCode === first.lotteryCode)
      .map((b) => ({
        playDetailCode: b.playDetailCode,
        bettingNumber: b.bettingNumber,
        bettingCount: b.bettingCount,
        betDetail: b.betDetail,
        betDetailContent: b.betDetailContent,
        bettingAmount: b.bettingAmount,
        bettingUnit: b.bettingUnit,
        graduationCount: b.graduationCount,
      })),
  });
}

export function SharedBetCard({ bets }: { bets: SharedBet[] }) {
  const [open, setOpen] = useState(false);
  // 跟投 opens the follow dialog (its code loaded on the first tap): busy until it is open
  const following = useFormMutation({ mutationFn: follow });
  const busy = following.isPending;
  const first = bets[0];
  if (!first)
    return (
      <div className="rounded-xl bg-white px-3 py-2 text-sm text-gray-500 shadow-sm">
        [分享注单] 内容不可用
      </div>
    );
  const total = sumYuan(bets);
  return (
    <div
      data-testid="shared-bet-card"
      className="w-64 max-w-[72vw] overflow-hidden rounded-xl bg-white text-left shadow-sm ring-1 ring-gray-200"
    >
      <div className="bg-brand px-3 py-2 text-white">
        <p className="truncate text-[15px] font-medium">{first.lotteryName}</p>
        <p className="text-xs text-white/90">
          第{first.bettingIssue}期 · {bets.length}单
        </p>
      </div>
      <div className="px-3 py-2 text-sm text-gray-800">
        <p className="truncate">
          {first.betDetail}：<span className="font-mono">{first.betDetailContent}</span>
        </p>
        <p className="mt-1">
          投注金额{' '}
          <strong data-testid="shared-bet-total" className="text-red-700">
            {total}
          </strong>{' '}
          元
        </p>
      </div>
      {open && (
        <ul
          aria-label="注单详情"
          className="divide-y divide-gray-100 border-t border-gray-100 px-3 text-xs text-gray-700"
        >
          {bets.map((b) => (
            <li key={b.orderId} className="py-1.5">
              <p>
                {b.lotteryName} 第{b.bettingIssue}期
              </p>
              <p>玩法：{b.betDetail}</p>
              <p className="break-all">
                号码：<span className="font-mono">{b.betDetailContent}</span>
              </p>
              <p>
                {b.bettingCount}注 × {b.graduationCount}倍，金额 {b.money} 元
              </p>
            </li>
          ))}
        </ul>
      )}
      <div className="flex border-t border-gray-100 text-sm">
        <button
          type="button"
          aria-expanded={open}
          onClick={() => setOpen((v) => !v)}
          className="min-h-10 flex-1 text-gray-700 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand"
        >
          {open ? '收起' : '详情'}
        </button>
        <button
          type="button"
          disabled={busy}
          aria-busy={busy || undefined}
          aria-label={`跟投 ${first.lotteryName} 第${first.bettingIssue}期`}
          onClick={() => void following.submit(bets)}
          className="min-h-10 flex-1 border-l border-gray-100 font-medium text-brand focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand disabled:opacity-60"
        >
          跟投
        </button>
      </div>
    </div>
  );
}

export function SharedRecordCard({ rec }: { rec: SharedRecord | null }) {
  if (!rec)
    return (
      <div className="rounded-xl bg-white px-3 py-2 text-sm text-gray-500 shadow-sm">
        [分享战绩] 内容不可用
      </div>
    );
  const profit = Number(rec.profit);
  const tone = profit > 0 ? 'text-red-700' : profit < 0 ? 'text-green-700' : 'text-gray-900';
  return (
    <div
      data-testid="shared-record-card"
      className="w-60 max-w-[72vw] overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-gray-200"
    >
      <p className="bg-amber-500 px-3 py-2 text-[15px] font-medium text-white">
        {rec.dateName} 战绩
      </p>
      <dl className="grid grid-cols-4 gap-1 px-3 py-2 text-center text-xs text-gray-600">
        <div>
          <dt>投注</dt>
          <dd className="text-sm text-gray-900">{rec.betAmount}</dd>
        </div>
        <div>
          <dt>中奖</dt>
          <dd className="text-sm text-gray-900">{rec.returnAmount}</dd>
        </div>
        <div>
          <dt title="返点、活动、红包、钱包收益等">其他</dt>
          <dd data-testid="shared-record-other" className="text-sm text-gray-900">
            {sharedRecordOther(rec) ?? '-'}
          </dd>
        </div>
        <div>
          <dt>盈亏</dt>
          <dd data-testid="shared-record-profit" className={`text-sm font-semibold ${tone}`}>
            {rec.profit}
          </dd>
        </div>
      </dl>
    </div>
  );
}
