/**
 * The setup shared by account-codes-bind.test.ts, account-codes-reset.test.ts.
 * Phone and mail codes (send, throttle, verify, attempts, expiry) and the forgot-password flow.
 */
import { setupTestApp } from './helpers.ts';

export const ctx = await setupTestApp();
export type UserClient = Awaited<ReturnType<typeof ctx.userClient>>;
export let ipSeq = 1;
export const freshClient = () => ctx.client(`10.4.0.${ipSeq++}`);

/** The code the default transport "sent" to this target (the outbox the operator reads). */
export async function lastCode(target: string): Promise<string> {
  const [row] = await ctx.sql<
    { message: string }[]
  >`select message from code_outbox where target = ${target} order by id desc limit 1`;
  return row.message.match(/\d{4}/)![0];
}
export const allowResend = () =>
  ctx.sql`update verify_codes set created_at = created_at - interval '61 seconds'`;
