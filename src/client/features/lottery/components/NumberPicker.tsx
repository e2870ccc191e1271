/**
 * Number pickers per selection structure: rows of balls or labels with quick picks (全 大 小 单 双 清)
 * on multi-pick numeric rows, or a textarea for 单式 entries. Holds no counting rule: the page prices
 * the resulting selection with the domain.
 */
import { useId } from 'react';
import type { PlayRowSpec } from '../api';
import { showToast } from '../../../ui';

export type PickRows = number[][];

const QUICK = ['全', '大', '小', '单', '双', '清'] as const;
type Quick = (typeof QUICK)[number];

function quickValues(spec: PlayRowSpec, q: Quick): number[] {
  const vs = [...spec.values].sort((a, b) => a - b);
  const mid = vs[Math.floor(vs.length / 2)]!;
  switch (q) {
    case '全':
      return vs;
    case '大':
      return vs.filter((v) => v >= mid);
    case '小':
      return vs.filter((v) => v < mid);
    case '单':
      return vs.filter((v) => v % 2 === 1);
    case '双':
      return vs.filter((v) => v % 2 === 0);
    case '清':
      return [];
  }
}

function ballText(spec: PlayRowSpec, v: number, i: number, pad: boolean): string {
  const label = spec.labels?.[i];
  if (label) return label;
  return pad ? String(v).padStart(2, '0') : String(v);
}

export function RowsPicker({
  rows,
  value,
  onChange,
}: {
  rows: PlayRowSpec[];
  value: PickRows;
  onChange(v: PickRows): void;
}) {
  const pad = rows.some((r) => !r.labels?.length && Math.max(...r.values) >= 10);
  const setRow = (i: number, next: number[]) =>
    onChange(rows.map((_, j) => (j === i ? next : (value[j] ?? []))));
  const toggle = (i: number, v: number) => {
    const spec = rows[i]!;
    const cur = value[i] ?? [];
    if (cur.includes(v))
      return setRow(
        i,
        cur.filter((x) => x !== v),
      );
    if (spec.max === 1) return setRow(i, [v]);
    if (cur.length >= spec.max) {
      showToast(`${spec.name}最多选${spec.max}个`);
      return;
    }
    setRow(i, [...cur, v]);
  };
  return (
    <div className="flex flex-col gap-2 sm:gap-3">
      {rows.map((spec, i) => {
        const cur = value[i] ?? [];
        const numeric = !spec.labels?.length;
        const quick = numeric && spec.max >= spec.values.length;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a play's rows are its fixed positions (万位, 千位 …): the index is the row's identity
          <fieldset key={i} className="rounded-xl bg-white p-2.5 sm:p-3">
            <legend className="sr-only">{spec.name}</legend>
            <div className="mb-1.5 flex items-center justify-between gap-2 sm:mb-2">
              <span
                aria-hidden="true"
                className="rounded bg-brand/10 px-2 py-0.5 text-sm font-semibold text-brand"
              >
                {spec.name}
              </span>
              {quick && (
                <fieldset className="flex min-w-0 gap-1" aria-label={`${spec.name}快捷选号`}>
                  {QUICK.map((q) => (
                    <button
                      key={q}
                      type="button"
                      onClick={() => setRow(i, quickValues(spec, q))}
                      aria-label={`${spec.name}${q === '清' ? '清除' : `选${q}`}`}
                      className="h-8 min-w-8 rounded border border-gray-300 px-1 text-xs text-gray-800 focus-visible:outline-2 focus-visible:outline-brand"
                    >
                      {q}
                    </button>
                  ))}
                </fieldset>
              )}
            </div>
            <div className="flex flex-wrap gap-1.5 sm:gap-2">
              {spec.values.map((v, k) => {
                const on = cur.includes(v);
                const text = ballText(spec, v, k, pad);
                return (
                  <button
                    key={v}
                    type="button"
                    aria-pressed={on}
                    aria-label={`${spec.name} ${text}`}
                    onClick={() => toggle(i, v)}
                    className={`flex h-9 min-w-9 items-center justify-center rounded-full border px-1.5 text-sm font-semibold sm:h-10 sm:min-w-10 sm:px-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${on ? 'border-brand bg-brand text-white' : 'border-gray-300 bg-white text-gray-900'}`}
                  >
                    {text}
                  </button>
                );
              })}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}

export function EntriesPicker({
  entryLength,
  value,
  onChange,
}: {
  entryLength: number | null;
  value: string;
  onChange(v: string): void;
}) {
  const id = useId();
  return (
    <div className="rounded-xl bg-white p-3">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-800">
        单式号码
      </label>
      <textarea
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        rows={5}
        aria-describedby={`${id}-hint`}
        className="w-full rounded-lg border border-gray-300 p-2 font-mono text-gray-900 focus:border-brand focus:outline-2 focus:outline-brand/40"
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-gray-600">
        每注{entryLength ?? ''}个号码，注与注之间用逗号、分号或换行隔开
      </p>
    </div>
  );
}
