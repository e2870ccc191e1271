/**
 * The withdraw settings in site_settings under 'withdraw' (domain shape: integer fen and basis
 * points). addTurnover reads `turnoverPercent` from the same JSON.
 */
import type { Db, Sql } from '../db/client.ts';
import { DEFAULT_WITHDRAW_SETTINGS, type WithdrawSettings } from '../../domain/withdraw.ts';
import { getSetting, putSetting } from '../site/settings.ts';
import { WITHDRAW_SETTINGS_KEY } from './turnover.ts';

export function loadWithdrawSettings(sql: Sql): Promise<WithdrawSettings> {
  return getSetting<WithdrawSettings>(sql, WITHDRAW_SETTINGS_KEY, DEFAULT_WITHDRAW_SETTINGS);
}

export function saveWithdrawSettings(
  sql: Sql,
  s: WithdrawSettings,
  actorId?: number,
): Promise<void> {
  return putSetting(sql, WITHDRAW_SETTINGS_KEY, s, actorId);
}

/** Withdrawals that count toward today's limit and free count: pending and paid ones. */
export async function usedToday(sql: Db, userId: number): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    select count(*)::int as n from withdraw_orders
    where user_id = ${userId} and status <> 'rejected'
      and created_at >= date_trunc('day', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai'`;
  return row!.n;
}
