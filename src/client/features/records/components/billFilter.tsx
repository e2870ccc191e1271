/** The filter of /billRecord: type group, one type inside it, and the date chips (Beijing dates). */
import { Select } from '../../../ui';
import { txTypeName } from '../../../../domain/txTypes';
import { beijingDate } from '../format';
import { Tabs } from '../../../ui/Tabs';
import { BILL_GROUPS } from './billTypes';

export type BillRangeKey = 'today' | 'yesterday' | 'week' | 'month';

export const BILL_RANGES: { value: BillRangeKey; label: string }[] = [
  { value: 'today', label: '今天' },
  { value: 'yesterday', label: '昨天' },
  { value: 'week', label: '近7天' },
  { value: 'month', label: '近30天' },
];

/** Inclusive Beijing dates of a chip. */
export function billRange(
  key: BillRangeKey,
  nowMs: number,
): { startDate: string; endDate: string } {
  if (key === 'yesterday')
    return { startDate: beijingDate(nowMs, 1), endDate: beijingDate(nowMs, 1) };
  const back = key === 'week' ? 6 : key === 'month' ? 29 : 0;
  return { startDate: beijingDate(nowMs, back), endDate: beijingDate(nowMs) };
}

export interface BillFilterValue {
  group: string;
  code: number;
  range: BillRangeKey;
}

export function BillFilter({
  value,
  onChange,
}: {
  value: BillFilterValue;
  onChange(v: BillFilterValue): void;
}) {
  const group = BILL_GROUPS.find((g) => g.key === value.group);
  const groupOptions = [
    { value: '', label: '全部类型' },
    ...BILL_GROUPS.map((g) => ({ value: g.key, label: g.label })),
  ];
  const codeOptions = [
    { value: 0, label: group ? `全部${group.label}` : '全部' },
    ...(group?.codes ?? []).map((c) => ({ value: c, label: txTypeName(c) })),
  ];
  return (
    <section aria-label="筛选" className="rounded-xl bg-white p-3 shadow-sm ring-1 ring-gray-200">
      <div className="grid grid-cols-2 gap-2">
        <Select<string>
          label="类型分组"
          name="group"
          value={value.group}
          options={groupOptions}
          onChange={(g) => onChange({ ...value, group: g, code: 0 })}
        />
        {group ? (
          <Select<number>
            label="账变类型"
            name="typeCode"
            value={value.code}
            options={codeOptions}
            onChange={(c) => onChange({ ...value, code: c })}
          />
        ) : (
          <div />
        )}
      </div>
      <Tabs<BillRangeKey>
        look="chips"
        label="日期"
        value={value.range}
        options={BILL_RANGES}
        onChange={(r) => onChange({ ...value, range: r })}
      />
    </section>
  );
}
