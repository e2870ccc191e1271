/**
 * The date filter of the team reports: the preset chips 今天 / 昨天 / 本月 / 上月 and 自定义, a custom
 * range of two Beijing dates (at most REPORT_MAX_DAYS days, checked before anything is asked).
 */
import { useId, useState } from 'react';
import { Button } from '../../../ui';
import { Tabs } from '../../../ui/Tabs';
import { beijingDate } from '../../../../domain/time';
import {
  presetRange,
  rangeError,
  REPORT_MAX_DAYS,
  type DateRange,
  type ReportPreset,
} from '../../../../domain/agent/reportRange';

export type RangeChoice = ReportPreset | 'custom';

export const REPORT_PRESETS: { value: RangeChoice; label: string }[] = [
  { value: 'today', label: '今天' },
  { value: 'yesterday', label: '昨天' },
  { value: 'thisMonth', label: '本月' },
  { value: 'lastMonth', label: '上月' },
  { value: 'custom', label: '自定义' },
];

export interface RangeValue {
  choice: RangeChoice;
  range: DateRange;
}

/** The filter's state: the chosen preset (or custom) and the range the lists are asked for. */
export function useRangeValue(
  initial: ReportPreset = 'today',
): [RangeValue, (v: RangeValue) => void] {
  return useState<RangeValue>(() => ({ choice: initial, range: presetRange(initial, Date.now()) }));
}

/** The range shown as text: one date, or 'start 至 end'. */
export function rangeText(r: DateRange): string {
  return r.startDate === r.endDate ? r.startDate : `${r.startDate} 至 ${r.endDate}`;
}

export function RangeFilter({
  value,
  onChange,
}: {
  value: RangeValue;
  onChange(v: RangeValue): void;
}) {
  const [draft, setDraft] = useState<DateRange>(value.range);
  const [error, setError] = useState('');
  const id = useId();
  const today = beijingDate(Date.now());

  const choose = (choice: RangeChoice) => {
    setError('');
    if (choice === 'custom') {
      setDraft(value.range);
      onChange({ ...value, choice });
      return;
    }
    onChange({ choice, range: presetRange(choice, Date.now()) });
  };
  const apply = () => {
    const why = rangeError(draft, Date.now());
    setError(why ?? '');
    if (!why) onChange({ choice: 'custom', range: draft });
  };

  return (
    <div className="space-y-2">
      <Tabs<RangeChoice>
        look="chips"
        label="日期"
        value={value.choice}
        options={REPORT_PRESETS}
        onChange={choose}
      />
      {value.choice === 'custom' && (
        <div className="rounded-lg bg-gray-50 p-2">
          <div className="grid grid-cols-2 gap-2">
            <label className="text-sm text-gray-800" htmlFor={`${id}-start`}>
              开始日期
              <input
                id={`${id}-start`}
                type="date"
                value={draft.startDate}
                max={today}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-err` : undefined}
                onChange={(e) => setDraft({ ...draft, startDate: e.target.value })}
                className="mt-1 block min-h-11 w-full rounded-lg border border-gray-300 bg-white px-2 text-gray-900 focus:border-brand focus:outline-2 focus:outline-brand/40"
              />
            </label>
            <label className="text-sm text-gray-800" htmlFor={`${id}-end`}>
              结束日期
              <input
                id={`${id}-end`}
                type="date"
                value={draft.endDate}
                max={today}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-err` : undefined}
                onChange={(e) => setDraft({ ...draft, endDate: e.target.value })}
                className="mt-1 block min-h-11 w-full rounded-lg border border-gray-300 bg-white px-2 text-gray-900 focus:border-brand focus:outline-2 focus:outline-brand/40"
              />
            </label>
          </div>
          {error && (
            <p id={`${id}-err`} role="alert" className="mt-2 text-sm text-red-700">
              {error}
            </p>
          )}
          <div className="mt-2 flex items-center justify-between gap-2">
            <span className="text-xs text-gray-600">北京时间，最多{REPORT_MAX_DAYS}天</span>
            <Button className="min-h-9 px-5 text-sm" onClick={apply}>
              查询
            </Button>
          </div>
        </div>
      )}
      <p className="text-xs text-gray-600">统计日期：{rangeText(value.range)}（北京时间）</p>
    </div>
  );
}
