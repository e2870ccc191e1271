/**
 * 追号: the slip's tickets (one prize-group play, unit and rebate) over the next issues, with the
 * multiples of a domain plan (同倍 / 翻倍 / 利润率) and optional stop after a win.
 */
import { useId, useMemo, useState, type ReactNode } from 'react';
import { Radio, RadioGroup } from '@headlessui/react';
import {
  doublingPlan,
  profitRatePlan,
  sameMultiplePlan,
  type PlayDef,
} from '../../../../domain/lottery';
import { formatFen } from '../../../../domain/money';
import { Button, EmptyState, ErrorState, LoadingState } from '../../../ui';
import { findChaseIssues, type ChaseIssueRow } from '../api';
import type { ChaseBettingData } from '../betsApi';
import { keys, useQuery } from '../../../query';
import {
  chaseIssueFen,
  slipLines,
  tierPrizeFen,
  toChaseData,
  unitDivisor,
  type Ticket,
} from '../ticket';
import { Sheet } from '../../../ui/Sheet';

export const CHASE_MAX_ISSUES = 50;
type PlanKind = 'same' | 'double' | 'profit';

const clampInt = (text: string, lo: number, hi: number) =>
  Math.min(hi, Math.max(lo, Math.floor(Number(text.replace(/\D/g, ''))) || lo));

function NumberField({
  label,
  value,
  onChange,
  min,
  max,
}: {
  label: string;
  value: number;
  onChange(v: number): void;
  min: number;
  max: number;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="shrink-0 text-sm text-gray-800">
        {label}
      </label>
      <input
        id={id}
        inputMode="numeric"
        value={value}
        onChange={(e) => onChange(clampInt(e.target.value, min, max))}
        className="h-10 w-20 rounded-lg border border-gray-300 px-2 text-center text-gray-900 focus:outline-2 focus:outline-brand/40"
      />
    </div>
  );
}

/** `note(maxMultiple)`: shown under the plan (the payout caps at the plan's highest multiple, CapNote). */
export function ChasePanel({
  lotteryCode,
  tickets,
  play,
  userGroup,
  onClose,
  onSubmit,
  note,
}: {
  lotteryCode: string;
  tickets: Ticket[];
  play: PlayDef;
  userGroup: number;
  onClose(): void;
  onSubmit(d: ChaseBettingData): void;
  note?(maxMultiple: number): ReactNode;
}) {
  const [count, setCount] = useState(10);
  const [m0, setM0] = useState(1);
  const [kind, setKind] = useState<PlanKind>('same');
  const [every, setEvery] = useState(2);
  const [factor, setFactor] = useState(2);
  const [ratePct, setRatePct] = useState(50);
  const [stopAfterWin, setStopAfterWin] = useState(true);
  // a new count keeps the issues shown until its own list comes; a retry shows the wait, not the
  // error. The list is dropped when the panel closes: the issues on sale move on with every draw, so
  // the next opening waits for its own list rather than offer closed issues from a cached one.
  const chase = useQuery({
    queryKey: keys.chaseIssues(lotteryCode, count),
    queryFn: () => findChaseIssues(lotteryCode, count),
    keepPrevious: true,
    gcTime: 0,
  });
  const issues: ChaseIssueRow[] | null = chase.data ?? null;
  const error = chase.fetching ? null : chase.error;
  const first = tickets[0]!;
  const lines = slipLines(tickets);

  const n = Math.min(count, issues?.length ?? 0);
  const plan = useMemo((): number[] | null => {
    if (kind === 'same') return sameMultiplePlan(m0, n);
    if (kind === 'double') return doublingPlan(m0, n, every, factor);
    const div = unitDivisor(first.unit);
    const prize = tierPrizeFen(play, play.tiers[0]!.id, userGroup - 2 * first.rebatePermille) ?? 0;
    return profitRatePlan({
      prizeFen: Math.floor(prize / div),
      costFen: chaseIssueFen(lines, first.unit, 1) ?? 0,
      rateNum: ratePct,
      rateDen: 100,
      m0,
      issues: n,
    });
  }, [kind, m0, n, every, factor, ratePct, play, userGroup, first, lines]);

  const rows =
    plan && issues
      ? plan.map((m, i) => ({
          issue: issues[i]!.issue,
          multiple: m,
          fen: chaseIssueFen(lines, first.unit, m),
        }))
      : [];
  const bad = rows.some((r) => r.fen === null);
  const totalFen = rows.reduce((s, r) => s + (r.fen ?? 0), 0);
  const submit = () =>
    onSubmit(
      toChaseData(
        tickets,
        rows.map((r) => r.issue),
        rows.map((r) => r.multiple),
        stopAfterWin,
      ),
    );

  return (
    <Sheet
      open
      title="追号"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            取消
          </Button>
          <Button className="flex-1" disabled={!rows.length || bad} onClick={submit}>
            确认追号 {formatFen(totalFen)}元
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <RadioGroup
          aria-label="追号方案"
          value={kind}
          onChange={setKind}
          className="flex overflow-hidden rounded-lg border border-gray-300 text-sm"
        >
          {(
            [
              ['same', '同倍'],
              ['double', '翻倍'],
              ['profit', '利润率'],
            ] as const
          ).map(([k, label]) => (
            <Radio
              key={k}
              value={k}
              as="button"
              type="button"
              className={({ checked }) =>
                `min-h-10 flex-1 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand ${checked ? 'bg-brand text-white' : 'bg-white text-gray-800'}`
              }
            >
              {label}
            </Radio>
          ))}
        </RadioGroup>
        <div className="flex flex-wrap gap-3">
          <NumberField
            label="追号期数"
            value={count}
            onChange={setCount}
            min={1}
            max={CHASE_MAX_ISSUES}
          />
          <NumberField label="起始倍数" value={m0} onChange={setM0} min={1} max={10000} />
          {kind === 'double' && (
            <NumberField
              label="每隔期数"
              value={every}
              onChange={setEvery}
              min={1}
              max={CHASE_MAX_ISSUES}
            />
          )}
          {kind === 'double' && (
            <NumberField label="倍数×" value={factor} onChange={setFactor} min={2} max={100} />
          )}
          {kind === 'profit' && (
            <NumberField
              label="最低收益率%"
              value={ratePct}
              onChange={setRatePct}
              min={1}
              max={1000}
            />
          )}
        </div>
        <label className="flex items-center gap-2 text-sm text-gray-800">
          <input
            type="checkbox"
            checked={stopAfterWin}
            onChange={(e) => setStopAfterWin(e.target.checked)}
            className="h-5 w-5 accent-brand"
          />
          中奖后停止追号
        </label>
        {error ? (
          <ErrorState message={error.message} onRetry={chase.reload} />
        ) : !issues ? (
          <LoadingState />
        ) : issues.length === 0 ? (
          <EmptyState text="暂无可追号的期数" />
        ) : plan === null ? (
          <p role="alert" className="text-sm text-red-700">
            该收益率无法实现，请降低收益率
          </p>
        ) : (
          <>
            {rows.length < n && (
              <p className="text-sm text-gray-700">倍数超过上限，追号期数已截至{rows.length}期</p>
            )}
            <table className="w-full text-sm">
              <caption className="sr-only">追号计划</caption>
              <thead>
                <tr className="text-left text-gray-600">
                  <th className="font-normal">序号</th>
                  <th className="font-normal">期号</th>
                  <th className="font-normal">倍数</th>
                  <th className="text-right font-normal">金额(元)</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r, i) => (
                  <tr key={r.issue} className="border-t border-gray-100">
                    <td className="py-1.5">{i + 1}</td>
                    <td>{r.issue}</td>
                    <td>{r.multiple}</td>
                    <td className="text-right">{r.fen === null ? '超出上限' : formatFen(r.fen)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="text-right text-sm text-gray-800">
              共{rows.length}期，合计<strong className="text-brand">{formatFen(totalFen)}</strong>元
            </p>
            {rows.length > 0 && note?.(Math.max(...rows.map((r) => r.multiple)))}
          </>
        )}
      </div>
    </Sheet>
  );
}
