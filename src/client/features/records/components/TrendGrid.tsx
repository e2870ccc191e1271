/**
 * One group of a trend chart: rows of draws (oldest at the top), a cell per value showing the hit
 * ball or the miss count, the stats rows below, hot/cold marks in the header, and an SVG line
 * through the hits when every draw hits exactly one value. Sizes are fixed pixels so the line's
 * points land on the cell centres.
 */
// biome-ignore-all lint/a11y/useSemanticElements: an ARIA table of divs: rows are CSS grids of fixed-pixel cells under an SVG line, which <table> layout cannot hold
// biome-ignore-all lint/a11y/useFocusableInteractive: a static data table (not an interactive grid): its rows and headers take no focus
import type { TrendGroup } from '../../../../domain/lottery';

const ISSUE_W = 48;
const ROW_H = 28;

/** '20261122001' → '001' (the sequence after the date); other issue formats keep their last 5. */
export function shortIssue(issue: string): string {
  return /^\d{11,}$/.test(issue) ? issue.slice(8) : issue.slice(-5);
}

export function TrendGrid({
  group,
  issues,
  showMiss,
  showLine,
}: {
  group: TrendGroup;
  issues: string[];
  showMiss: boolean;
  showLine: boolean;
}) {
  const n = group.values.length;
  const cellW = n > 12 ? 24 : 26;
  const columns = `${ISSUE_W}px repeat(${n}, ${cellW}px)`;
  const width = ISSUE_W + n * cellW;
  const hot = new Set(group.hot);
  const cold = new Set(group.cold);
  const points =
    group.single && showLine
      ? group.rows
          .map(
            (r, i) =>
              `${ISSUE_W + r.hits.findIndex((h) => h > 0) * cellW + cellW / 2},${(i + 1) * ROW_H + ROW_H / 2}`,
          )
          .join(' ')
      : '';
  const stats: [string, readonly number[]][] = [
    ['出现次数', group.count],
    ['最大遗漏', group.maxMiss],
    ['当前遗漏', group.currentMiss],
  ];
  return (
    <div className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-gray-200">
      <div
        role="table"
        aria-label={`${group.name}走势`}
        aria-rowcount={issues.length + 4}
        className="relative text-xs"
        style={{ width }}
      >
        {points && (
          <svg
            aria-hidden="true"
            className="pointer-events-none absolute left-0 top-0"
            width={width}
            height={(issues.length + 1) * ROW_H}
          >
            <polyline
              points={points}
              fill="none"
              stroke="var(--color-brand)"
              strokeWidth="1.5"
              strokeOpacity="0.7"
              strokeLinejoin="round"
            />
          </svg>
        )}
        <div
          role="row"
          className="grid border-b border-gray-200 bg-gray-50 font-medium text-gray-700"
          style={{ gridTemplateColumns: columns, height: ROW_H }}
        >
          <span
            role="columnheader"
            className="sticky left-0 flex items-center justify-center bg-gray-50"
          >
            期号
          </span>
          {group.values.map((v) => (
            <span
              key={v}
              role="columnheader"
              aria-label={`${v}${hot.has(v) ? ' 热号' : cold.has(v) ? ' 冷号' : ''}`}
              className={`relative flex items-center justify-center ${hot.has(v) ? 'bg-red-100 text-red-800' : cold.has(v) ? 'bg-sky-100 text-sky-800' : ''}`}
            >
              {v}
              {(hot.has(v) || cold.has(v)) && (
                <span aria-hidden="true" className="absolute right-0 top-0 text-[9px] leading-none">
                  {hot.has(v) ? '热' : '冷'}
                </span>
              )}
            </span>
          ))}
        </div>
        {group.rows.map((r, i) => (
          <div
            key={issues[i]}
            role="row"
            className="grid border-b border-gray-100"
            style={{ gridTemplateColumns: columns, height: ROW_H }}
          >
            <span
              role="rowheader"
              title={issues[i]}
              className="sticky left-0 z-10 flex items-center justify-center bg-white text-gray-700"
            >
              {shortIssue(issues[i] ?? '')}
            </span>
            {r.hits.map((h, j) => (
              <span
                key={group.values[j]}
                role="cell"
                aria-label={h > 0 ? `开出${group.values[j]}` : `遗漏${r.miss[j]}`}
                className="relative z-10 flex items-center justify-center"
              >
                {h > 0 ? (
                  <span className="flex h-5 w-5 items-center justify-center rounded-full bg-brand font-semibold text-white">
                    {group.values[j]}
                  </span>
                ) : (
                  <span className="text-gray-400">{showMiss ? r.miss[j] : ''}</span>
                )}
              </span>
            ))}
          </div>
        ))}
        {stats.map(([label, values]) => (
          <div
            key={label}
            role="row"
            className="grid border-b border-gray-100 bg-amber-50 last:border-0"
            style={{ gridTemplateColumns: columns, height: ROW_H }}
          >
            <span
              role="rowheader"
              className="sticky left-0 flex items-center justify-center bg-amber-50 font-medium text-gray-800"
            >
              {label}
            </span>
            {values.map((v, j) => (
              <span
                key={group.values[j]}
                role="cell"
                className="flex items-center justify-center text-gray-900"
              >
                {v}
              </span>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
