/**
 * Housekeeping run by the scheduler instance: rows that only mattered for a short time are deleted once
 * they can no longer be used (image codes, verification codes, login failures and locks, reset tokens,
 * ended sessions), and recharge orders left pending past their time are closed. Each statement is
 * bounded so one pass never holds the database long.
 */
import {
  IMAGE_CODE_TTL_SEC,
  LOGIN_LOCK_WINDOW_SEC,
  VERIFY_CODE_TTL_SEC,
} from '../../domain/constants.ts';
import type { Sql } from '../db/client.ts';
import { closeStaleOrders } from '../payments/orders.ts';

const BATCH = 5000;
/** Ended sessions are kept this long so their end reason can still be reported to the client. */
const ENDED_SESSION_KEEP_SEC = 30 * 24 * 3600;

export async function cleanupExpired(sql: Sql): Promise<Record<string, number>> {
  const run = async (table: string, where: ReturnType<Sql>) => {
    const rows = await sql`
      delete from ${sql(table)} where ctid in (select ctid from ${sql(table)} where ${where} limit ${BATCH})`;
    return rows.count;
  };
  return {
    imageCodes: await run(
      'image_codes',
      sql`created_at < now() - make_interval(secs => ${IMAGE_CODE_TTL_SEC * 2})`,
    ),
    verifyCodes: await run(
      'verify_codes',
      sql`created_at < now() - make_interval(secs => ${VERIFY_CODE_TTL_SEC * 2})`,
    ),
    loginFailures: await run(
      'login_failures',
      sql`created_at < now() - make_interval(secs => ${LOGIN_LOCK_WINDOW_SEC * 2})`,
    ),
    loginLocks: await run('login_locks', sql`locked_until < now()`),
    resetTokens: await run('password_reset_tokens', sql`created_at < now() - interval '1 day'`),
    sessions: await run(
      'sessions',
      sql`ended_at < now() - make_interval(secs => ${ENDED_SESSION_KEEP_SEC})`,
    ),
    rechargeOrdersClosed: await closeStaleOrders(sql),
  };
}
