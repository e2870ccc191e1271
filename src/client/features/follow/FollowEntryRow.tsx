/**
 * One followed entry: play, selection and count, with its stake controls — the multiple and the unit
 * (multiple mode) or the yuan of one bet (amount mode) — and its total. The field keeps what is typed;
 * leaving it with zero or a non-number puts 1 back (the share edit's rule), empty stays empty so the
 * submit can say 请输入单注金额 / 请输入单注倍数.
 */
import { useId } from 'react';
import type { BetUnit } from '../../../domain/lottery';
import { formatFen } from '../../../domain/money';
import {
  AMOUNT_INPUT_MAX_CHARS,
  MULTIPLE_INPUT_MAX_CHARS,
  UNIT_NAMES,
  checkFollowInput,
  normaliseAmount,
  normaliseMultiple,
  stakeTotalFen,
  type FollowEntry,
  type FollowMode,
} from '../../../domain/follow';

export interface EntryEdit {
  mode: FollowMode;
  unit: BetUnit;
  text: string;
  bettingCount: number;
}

const UNITS: readonly BetUnit[] = ['yuan', 'jiao', 'fen'];

export function FollowEntryRow({
  entry,
  edit,
  onChange,
  disabled,
}: {
  entry: FollowEntry;
  edit: EntryEdit;
  onChange(next: EntryEdit): void;
  disabled: boolean;
}) {
  const id = useId();
  const multiple = edit.mode === 'multiple';
  const checked = checkFollowInput(edit.text, edit.mode);
  const totalFen = checked.ok
    ? stakeTotalFen({
        mode: edit.mode,
        bettingCount: edit.bettingCount,
        unit: edit.unit,
        value: checked.value,
      })
    : null;
  const onBlur = () => {
    if (edit.text.trim() === '') return;
    const n = multiple ? normaliseMultiple(edit.text) : normaliseAmount(edit.text);
    onChange({ ...edit, text: String(n) });
  };
  return (
    <li className="rounded-lg border border-gray-200 p-3" aria-labelledby={`${id}-play`}>
      <p id={`${id}-play`} className="text-sm font-medium text-gray-900">
        {entry.betDetail}
      </p>
      <p className="mt-1 break-all text-sm text-gray-700">
        {entry.betDetailContent || entry.bettingNumber}
      </p>
      <p className="mt-1 text-xs text-gray-500">共{edit.bettingCount}注</p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <label htmlFor={`${id}-v`} className="text-sm text-gray-700">
          {multiple ? '单注倍数' : '单注金额（元）'}
        </label>
        <input
          id={`${id}-v`}
          inputMode="numeric"
          autoComplete="off"
          disabled={disabled}
          maxLength={multiple ? MULTIPLE_INPUT_MAX_CHARS : AMOUNT_INPUT_MAX_CHARS}
          value={edit.text}
          onBlur={onBlur}
          onChange={(e) => onChange({ ...edit, text: e.target.value.replace(/[^\d.]/g, '') })}
          aria-invalid={!checked.ok}
          aria-describedby={checked.ok ? undefined : `${id}-err`}
          className="h-9 w-24 rounded border border-gray-300 px-2 text-base focus-visible:outline-2 focus-visible:outline-brand"
        />
        {multiple && (
          <fieldset className="flex gap-1" disabled={disabled}>
            <legend className="sr-only">投注单位</legend>
            {UNITS.map((u) => (
              <label
                key={u}
                className={`flex h-9 min-w-9 cursor-pointer items-center justify-center rounded border px-2 text-sm ${edit.unit === u ? 'border-brand bg-brand text-white' : 'border-gray-300 text-gray-700'}`}
              >
                <input
                  type="radio"
                  className="sr-only"
                  name={`${id}-unit`}
                  checked={edit.unit === u}
                  onChange={() => onChange({ ...edit, unit: u })}
                />
                {UNIT_NAMES[u]}
              </label>
            ))}
          </fieldset>
        )}
      </div>
      {!checked.ok && (
        <p id={`${id}-err`} role="alert" className="mt-1 text-xs text-red-600">
          {checked.msg}
        </p>
      )}
      <p className="mt-1 text-right text-sm text-gray-700">
        小计{' '}
        <span className="font-medium text-gray-900">
          {totalFen === null ? '—' : formatFen(totalFen)}
        </span>{' '}
        元
      </p>
    </li>
  );
}
