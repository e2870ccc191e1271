/**
 * An envelope's detail list (queryReceiveRedEnvelope): sender and wish, the viewer's share, how many
 * shares of how much are taken, who got how much (masked names, Beijing times), the best luck of a
 * finished random envelope, paged; 我的红包 leads to the last 7 days' records.
 */
import { useEffect, useRef, useState } from 'react';
import { Sheet } from '../../../ui/Sheet';
import { Button, EmptyState, ErrorState, LoadingState, PageNav } from '../../../ui';
import { keys, useQuery } from '../../../query';
import { DETAIL_PAGE_SIZE, getEnvelopeDetail } from '../api';
import { Avatar } from '../../chat/components/MessageItem';
import { yuanText, wireFen } from '../../../../domain/money';

/** An open detail of an envelope with shares left asks again this often: others' grabs push nothing. */
export const DETAIL_REFRESH_MS = 5_000;

function Crown() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="12"
      height="12"
      aria-hidden="true"
      className="mr-0.5 inline-block align-[-1px]"
    >
      <path d="M3 8l4 4 5-7 5 7 4-4-2 11H5z" fill="currentColor" />
    </svg>
  );
}

export function DetailSheet({
  recordId,
  roomCode,
  onRecords,
  onClose,
}: {
  recordId: string;
  roomCode: string;
  onRecords(): void;
  onClose(): void;
}) {
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: keys.redEnvelopes('detail', recordId, page),
    queryFn: () => getEnvelopeDetail(recordId, page, roomCode),
  });
  const d = q.data;
  const open = d !== undefined && d.receiveNum < d.numTotal;
  const reload = useRef(q.reload);
  reload.current = q.reload;
  // while shares are left, what others grab shows: asked again now and then, and on coming back
  useEffect(() => {
    if (!open) return;
    const again = () => {
      if (document.visibilityState === 'visible') reload.current();
    };
    const timer = setInterval(again, DETAIL_REFRESH_MS);
    document.addEventListener('visibilitychange', again);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', again);
    };
  }, [open]);
  const pages = d ? Math.max(1, Math.ceil(d.total / DETAIL_PAGE_SIZE)) : 1;
  const mine = d ? (wireFen(d.amount) ?? 0) : 0;
  return (
    <Sheet
      open
      title="红包详情"
      onClose={onClose}
      footer={
        <Button variant="secondary" className="flex-1" onClick={onRecords}>
          我的红包
        </Button>
      }
    >
      {q.loading ? (
        <LoadingState />
      ) : q.error || !d ? (
        <ErrorState message={q.error?.message ?? '加载失败'} onRetry={q.reload} />
      ) : (
        <div>
          <div className="flex flex-col items-center pb-3 text-center">
            <Avatar src={d.senderAvatar} name={d.senderName || '玩家'} size={44} />
            <p className="mt-1 text-sm font-medium text-gray-900">
              {d.senderName}的红包
              {d.type === 2 && (
                <span className="ml-1 rounded bg-amber-100 px-1 text-[11px] text-amber-800">
                  拼
                </span>
              )}
            </p>
            <p className="mt-1 text-sm text-gray-600">{d.wishingRemark}</p>
            {mine > 0 && (
              <p
                className="mt-2 text-3xl font-bold text-[#d93a26] tabular-nums"
                data-testid="detail-mine"
              >
                {yuanText(d.amount)}
                <span className="ml-1 text-base">元</span>
              </p>
            )}
          </div>
          <p
            className="border-b border-gray-200 pb-2 text-xs text-gray-600"
            data-testid="detail-summary"
          >
            已领取{d.receiveNum}/{d.numTotal}个，共{yuanText(d.receiveAmount)}/
            {yuanText(d.amountTotal)}元
          </p>
          {!d.rows.length ? (
            <EmptyState text="还没有人领取" />
          ) : (
            <ul aria-label="领取记录">
              {d.rows.map((r) => (
                <li
                  key={`${r.receiveTime}|${r.userName}|${r.amount}`}
                  data-amount={r.amount}
                  className="flex items-center gap-2 border-b border-gray-100 py-2"
                >
                  <Avatar src={r.avatar} name={r.userName} size={32} />
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm text-gray-900">{r.userName}</p>
                    <p className="text-[11px] text-gray-500 tabular-nums">{r.receiveTime}</p>
                  </div>
                  <div className="text-right">
                    <p className="text-sm text-gray-900 tabular-nums">{yuanText(r.amount)}元</p>
                    {r.isBest === 1 && (
                      <p className="text-[11px] text-amber-600">
                        <Crown />
                        手气最佳
                      </p>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
          <PageNav page={page} pages={pages} onPage={setPage} />
        </div>
      )}
    </Sheet>
  );
}
