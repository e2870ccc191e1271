/** Bet rows (投注记录): lottery, issue, amount, return and status; tap opens the detail. */
import { ShareButton } from '../../share/ShareDialog';
import type { BetRow } from '../../lottery/betsApi';
import { Link } from 'wouter';
import { formatTime, returnText, statusTone, yuan } from '../format';

export function BetList({
  rows,
  canCancel,
  onCancel,
  cancelling,
  share,
}: {
  rows: BetRow[];
  /** each row gets 分享 (the share dialog: the bet as a type-7 chat message) */
  share?: boolean;
  canCancel?: (row: BetRow) => boolean;
  onCancel?: (row: BetRow) => void;
  cancelling?: number | null;
}) {
  return (
    <ul
      className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-gray-200"
      aria-label="投注记录"
    >
      {rows.map((r) => (
        <li key={r.id} className="border-b border-gray-100 last:border-0">
          <Link
            href={`/betDetail?id=${r.id}`}
            className="block px-4 py-3 hover:bg-gray-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand"
          >
            <BetRowSummary row={r} />
          </Link>
          {((canCancel?.(r) && onCancel) || share) && (
            <div className="flex justify-end gap-2 px-4 pb-3">
              {share && (
                <ShareButton
                  what={{ kind: 'bets', orderIds: [r.id] }}
                  title="分享注单"
                  label="分享"
                  ariaLabel={`分享 第${r.issue}期 ${r.lotteryName}`}
                />
              )}
              {canCancel?.(r) && onCancel && (
                <button
                  type="button"
                  onClick={() => onCancel(r)}
                  disabled={cancelling === r.id}
                  aria-label={`撤单 第${r.issue}期 ${r.lotteryName}`}
                  className="min-h-9 rounded-lg border border-brand bg-white px-4 text-sm text-brand hover:bg-brand/5 focus-visible:outline-2 focus-visible:outline-brand disabled:opacity-60"
                >
                  撤单
                </button>
              )}
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The text of one bet row (lottery, status, issue, play, stake, return, time), also the agent's team list's. */
export function BetRowSummary({ row }: { row: BetRow }) {
  return (
    <>
      <div className="flex items-center justify-between gap-2">
        <span className="truncate font-medium text-gray-900">{row.lotteryName}</span>
        <span className={`shrink-0 text-sm ${statusTone(row.status)}`}>{row.statusText}</span>
      </div>
      <div className="mt-1 truncate text-sm text-gray-700">
        第{row.issue}期 · {row.playName}
      </div>
      <div className="mt-1 flex items-center justify-between gap-2 text-sm">
        <span>
          投注 <span className="font-medium text-gray-900">{yuan(row.bettingAmount)}</span> 元
        </span>
        <span>
          {typeof row.returnAmount === 'number' ? (
            <>
              派奖{' '}
              <span
                className={`font-medium ${row.returnAmount > 0 ? 'text-red-700' : 'text-gray-900'}`}
              >
                {returnText(row)}
              </span>{' '}
              元
            </>
          ) : (
            <span className="text-gray-600">{returnText(row)}</span>
          )}
        </span>
      </div>
      <div className="mt-1 text-xs text-gray-600">{formatTime(row.createdAt)}</div>
    </>
  );
}
