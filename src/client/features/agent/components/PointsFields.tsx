/**
 * The one points form of the agent screens: an input per family of REBATE_FAMILIES with its allowed
 * range, shared by the invite-code form, opening a downline account and the member point editor.
 */
import { useState } from 'react';
import { TextField } from '../../../ui';
import {
  REBATE_FAMILIES,
  type RebateFamily,
  type RebatePoints,
} from '../../../../domain/agent/points';
import {
  checkPointInputs,
  inputsOf,
  marginText,
  rangeText,
  REBATE_FAMILY_NAMES,
  type PointBounds,
  type PointErrors,
  type PointInputs,
} from '../points';

export interface PointsState {
  inputs: PointInputs;
  errors: PointErrors;
  set(family: RebateFamily): (text: string) => void;
  /** Every input to `point` (within the bounds the form shows). */
  fill(points: RebatePoints): void;
  /** The points when all pass; otherwise marks each failing input and returns null. */
  validate(): RebatePoints | null;
}

export function usePoints(initial: RebatePoints, bounds: PointBounds): PointsState {
  const [inputs, setInputs] = useState<PointInputs>(() => inputsOf(initial));
  const [errors, setErrors] = useState<PointErrors>({});
  return {
    inputs,
    errors,
    set: (family) => (text) => {
      setInputs((old) => ({ ...old, [family]: text }));
      setErrors((old) => ({ ...old, [family]: undefined }));
    },
    fill: (points) => {
      setInputs(inputsOf(points));
      setErrors({});
    },
    validate: () => {
      const r = checkPointInputs(inputs, bounds);
      if ('errors' in r) {
        setErrors(r.errors);
        return null;
      }
      setErrors({});
      return r.points;
    },
  };
}

export function PointsFields({
  state,
  bounds,
  disabled,
}: {
  state: PointsState;
  bounds: PointBounds;
  disabled?: boolean;
}) {
  return (
    <fieldset className="rounded-xl bg-gray-50 p-3 ring-1 ring-gray-200" disabled={disabled}>
      <legend className="px-1 text-sm font-semibold text-gray-800">返点设置（%）</legend>
      <div className="flex justify-end">
        <button
          type="button"
          onClick={() => state.fill(bounds.max)}
          className="min-h-9 rounded-md px-2 text-sm text-brand focus-visible:outline-2 focus-visible:outline-brand"
        >
          全部设为最高
        </button>
      </div>
      <div className="grid grid-cols-2 gap-x-3">
        {REBATE_FAMILIES.map((family) => (
          <TextField
            key={family}
            label={`${REBATE_FAMILY_NAMES[family]}返点`}
            name={`rebate-${family}`}
            value={state.inputs[family]}
            onChange={state.set(family)}
            error={state.errors[family]}
            inputMode="decimal"
            maxLength={4}
            autoComplete="off"
            hint={[rangeText(family, bounds), marginText(family, state.inputs[family], bounds)]
              .filter(Boolean)
              .join(' · ')}
          />
        ))}
      </div>
    </fieldset>
  );
}
