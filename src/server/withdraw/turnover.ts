/**
 * Turnover requirements (流水要求): money that arrives must be bet before it can be withdrawn.
 * A recharge adds `base × turnoverPercent / 100` (the withdraw settings' multiple) as one row of
 * turnover_flows, once per ref. Owned by the withdraw feature; recharge approval calls addTurnover
 * inside its own transaction so the credit and its requirement commit together.
 */
import type { Tx } from '../db/client.ts';

export type TurnoverSource = 'recharge' | 'adjust' | 'activity';

/** The setting key and default of the turnover multiple, in percent of the amount received. */
export const WITHDRAW_SETTINGS_KEY = 'withdraw';
export const DEFAULT_TURNOVER_PERCENT = 100;

export interface TurnoverInput {
  userId: number;
  baseFen: number;
  source: TurnoverSource;
  /** unique per source: adding the same ref twice adds one requirement */
  ref: string;
}

export async function addTurnover(tx: Tx, t: TurnoverInput): Promise<void> {
  if (!Number.isSafeInteger(t.baseFen) || t.baseFen <= 0) throw new Error(`bad turnover base ${t.baseFen}`);
  const [row] = await tx<{ percent: number | null }[]>`
    select (value->>'turnoverPercent')::int as percent from site_settings where key = ${WITHDRAW_SETTINGS_KEY}`;
  const percent = row?.percent ?? DEFAULT_TURNOVER_PERCENT;
  const requiredFen = Math.floor((t.baseFen * percent) / 100);
  await tx`
    insert into turnover_flows (user_id, source, ref, base_fen, required_fen)
    values (${t.userId}, ${t.source}, ${t.ref}, ${t.baseFen}, ${requiredFen})
    on conflict (source, ref) do nothing`;
}
