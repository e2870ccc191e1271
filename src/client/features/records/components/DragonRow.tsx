/** One streak (长龙) row: lottery, position, value, run length, issue, countdown and its two sides. */
import type { LongDragonRow } from '../../lottery/api';
import { countdownText } from '../format';

export function DragonRow({
  row,
  remainingMs,
  selected,
  onToggle,
  oddsText,
}: {
  row: LongDragonRow;
  remainingMs: number;
  selected: number | undefined;
  onToggle(option: number): void;
  /** The odds the bet will get (at the bet group after the rebate). */
  oddsText(odds: number | string): string;
}) {
  const drawing = remainingMs <= 0;
  return (
    <li
      className="border-b border-gray-100 px-3 py-3 last:border-0"
      aria-label={`${row.lotteryName} ${row.name}${row.desc} 连开${row.times}期`}
    >
      <div className="flex items-center justify-between gap-2">
        <span className="truncate font-medium text-gray-900">{row.lotteryName}</span>
        <span
          className={`shrink-0 text-sm tabular-nums ${drawing ? 'font-semibold text-amber-700' : 'text-gray-700'}`}
          role="timer"
          aria-live="off"
        >
          {drawing ? '开奖中' : countdownText(remainingMs)}
        </span>
      </div>
      <div className="mt-1 flex items-center justify-between gap-2 text-sm">
        <span className="text-gray-800">
          <span className="font-medium">{row.name}</span>{' '}
          <span className="font-semibold text-brand">{row.desc}</span>
          <span className="ml-2">
            连开 <strong className="text-brand">{row.times}</strong> 期
          </span>
        </span>
        <span className="shrink-0 text-xs text-gray-600">第{row.currIssue}期</span>
      </div>
      <div className="mt-2 grid grid-cols-2 gap-2">
        {row.options.slice(0, 2).map((o, i) => {
          const on = selected === i;
          return (
            <button
              key={o.bettingNumber}
              type="button"
              disabled={drawing}
              aria-pressed={on}
              onClick={() => onToggle(i)}
              className={`flex min-h-11 items-center justify-between rounded-lg px-3 text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand disabled:cursor-not-allowed disabled:opacity-50 ${on ? 'bg-brand text-white' : 'bg-white text-gray-900 ring-1 ring-gray-300 hover:bg-gray-50'}`}
            >
              <span className="truncate">{o.label}</span>
              <span className={`ml-2 shrink-0 tabular-nums ${on ? 'text-white' : 'text-brand'}`}>
                {oddsText(o.odds)}
              </span>
            </button>
          );
        })}
      </div>
    </li>
  );
}
