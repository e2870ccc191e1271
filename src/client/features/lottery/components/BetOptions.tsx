/** Unit, multiple, stake per line (odds plays) and rebate, with the prizes at the chosen rebate. */
import { useId } from 'react';
import {
  UNIT_NAMES,
  MIN_PRIZE_GROUP,
  type BetUnit,
  type PlayDef,
} from '../../../../domain/lottery';
import { formatFen } from '../../../../domain/money';
import { formatOdds } from '../../../../domain/lottery/formatOdds';
import { MULTIPLE_MAX } from '../../../../domain/constants';
import type { PlayInfo } from '../api';
import { tierPrizeFen, unitDivisor, type BetOptions } from '../ticket';

const UNITS: BetUnit[] = ['yuan', 'jiao', 'fen'];

export function BetOptionsPanel({
  play,
  info,
  options,
  onChange,
  stakeText,
  onStakeText,
  rebateCap,
  userGroup,
}: {
  play: PlayDef;
  info: PlayInfo;
  options: BetOptions;
  onChange(o: BetOptions): void;
  stakeText: string;
  onStakeText(v: string): void;
  rebateCap: number;
  userGroup: number;
}) {
  const id = useId();
  const betGroup = Math.max(MIN_PRIZE_GROUP, userGroup - 2 * options.rebatePermille);
  const set = (patch: Partial<BetOptions>) => onChange({ ...options, ...patch });
  const setMultiple = (m: number) =>
    set({ multiple: Math.min(MULTIPLE_MAX, Math.max(1, Math.floor(m) || 1)) });
  const odds = play.model === 'odds';
  return (
    <div className="flex flex-col gap-3 rounded-xl bg-white p-3 text-sm">
      {!odds && (
        <div className="flex flex-wrap items-center gap-3">
          {/* native radios (arrow keys move between them): the page needs no dialog library before it is ready */}
          <div
            role="radiogroup"
            aria-label="投注单位"
            className="flex overflow-hidden rounded-lg border border-gray-300"
          >
            {UNITS.map((u) => (
              <label
                key={u}
                className={`flex min-h-10 cursor-pointer items-center px-4 has-[:focus-visible]:outline-2 has-[:focus-visible]:-outline-offset-2 has-[:focus-visible]:outline-brand ${options.unit === u ? 'bg-brand text-white' : 'bg-white text-gray-800'}`}
              >
                <input
                  type="radio"
                  name={`${id}-unit`}
                  value={u}
                  checked={options.unit === u}
                  onChange={() => set({ unit: u })}
                  className="sr-only"
                />
                {UNIT_NAMES[u]}
              </label>
            ))}
          </div>
          <div className="flex items-center gap-1">
            <label htmlFor={`${id}-m`} className="text-gray-800">
              倍数
            </label>
            <button
              type="button"
              aria-label="减少倍数"
              onClick={() => setMultiple(options.multiple - 1)}
              className="h-10 w-9 rounded-l-lg border border-gray-300 focus-visible:outline-2 focus-visible:outline-brand"
            >
              −
            </button>
            <input
              id={`${id}-m`}
              inputMode="numeric"
              value={options.multiple}
              onChange={(e) => setMultiple(Number(e.target.value.replace(/\D/g, '')))}
              className="h-10 w-16 border-y border-gray-300 text-center text-gray-900 focus:outline-2 focus:outline-brand/40"
            />
            <button
              type="button"
              aria-label="增加倍数"
              onClick={() => setMultiple(options.multiple + 1)}
              className="h-10 w-9 rounded-r-lg border border-gray-300 focus-visible:outline-2 focus-visible:outline-brand"
            >
              +
            </button>
          </div>
        </div>
      )}
      {odds && (
        <div className="flex items-center gap-2">
          <label htmlFor={`${id}-s`} className="shrink-0 text-gray-800">
            每注金额(元)
          </label>
          <input
            id={`${id}-s`}
            inputMode="decimal"
            value={stakeText}
            maxLength={7}
            onChange={(e) => onStakeText(e.target.value.trim())}
            className="h-10 w-28 rounded-lg border border-gray-300 px-2 text-gray-900 focus:outline-2 focus:outline-brand/40"
          />
        </div>
      )}
      <div className="flex items-center gap-2">
        <label htmlFor={`${id}-r`} className="shrink-0 text-gray-800">
          返点
        </label>
        <select
          id={`${id}-r`}
          value={options.rebatePermille}
          onChange={(e) => set({ rebatePermille: Number(e.target.value) })}
          className="h-10 flex-1 rounded-lg border border-gray-300 bg-white px-2 text-gray-900 focus:outline-2 focus:outline-brand/40"
        >
          {Array.from({ length: rebateCap + 1 }, (_, permille) => permille).map((r) => (
            <option
              key={r}
              value={r}
            >{`${(r / 10).toFixed(1)}% · 奖金组${userGroup - 2 * r}`}</option>
          ))}
        </select>
      </div>
      <ul aria-label="奖金" className="flex flex-wrap gap-x-4 gap-y-1 text-gray-700">
        {info.tiers.map((t) => (
          <li key={t.id}>
            {t.name}：
            <span className="font-semibold text-brand">
              {odds
                ? oddsText(t.prize, betGroup, userGroup)
                : prizeText(play, t.id, betGroup, options.unit)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Prize of one line at the chosen unit, in yuan. */
function prizeText(play: PlayDef, tierId: string, betGroup: number, unit: BetUnit): string {
  const fen = tierPrizeFen(play, tierId, betGroup);
  return fen === null ? '—' : `${formatFen(Math.floor(fen / unitDivisor(unit)))}元`;
}

/** The server quotes odds at the account's group; a rebate scales them down with the bet group. */
function oddsText(prize: string | number, betGroup: number, userGroup: number): string {
  const o = Number(prize);
  if (!Number.isFinite(o) || userGroup <= 0) return '—';
  return `赔率 ${formatOdds((o * betGroup) / userGroup)}`;
}
