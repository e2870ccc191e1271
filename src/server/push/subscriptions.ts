/**
 * Push subscriptions: one row per device endpoint. Subscribing again from a device (another user
 * logged in there, or the browser renewed its keys) moves the row to the current user with the
 * new keys; unsubscribing removes it only for its own user. Rows the push service answers 404 or
 * 410 for are deleted by the sender (sender.ts). A user keeps at most PUSH_SUBSCRIPTIONS_PER_USER
 * devices, the newest (a push to them is one request per device: a mention must not fan out to
 * any number of endpoints one user registered).
 */
import type { Sql, Tx } from '../db/client.ts';
import type { SubscriptionInput } from '../../domain/push.ts';

export interface StoredSubscription {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  userId: number;
}

/** Devices one user keeps; subscribing another drops the one renewed longest ago. */
export const PUSH_SUBSCRIPTIONS_PER_USER = 10;

/** Saves the device for the user, then drops their oldest beyond the cap (one user at a time: a lock). */
export async function saveSubscription(
  sql: Sql,
  userId: number,
  s: SubscriptionInput,
): Promise<void> {
  await sql.begin(async (tx: Tx) => {
    await tx`select pg_advisory_xact_lock(hashtextextended(${`push-subscriptions:${userId}`}, 0))`;
    await tx`
      insert into push_subscriptions (endpoint, p256dh, auth, user_id) values (${s.endpoint}, ${s.p256dh}, ${s.auth}, ${userId})
      on conflict (endpoint) do update
        set p256dh = excluded.p256dh, auth = excluded.auth, user_id = excluded.user_id, updated_at = now()`;
    await tx`
      delete from push_subscriptions where user_id = ${userId} and id not in (
        select id from push_subscriptions where user_id = ${userId}
        order by updated_at desc, id desc limit ${PUSH_SUBSCRIPTIONS_PER_USER})`;
  });
}

/** Removes the device's subscription if it is this user's; true when one was removed. */
export async function removeSubscription(
  sql: Sql,
  userId: number,
  endpoint: string,
): Promise<boolean> {
  const gone =
    await sql`delete from push_subscriptions where endpoint = ${endpoint} and user_id = ${userId} returning id`;
  return gone.length > 0;
}

/** The users' devices, at most PUSH_SUBSCRIPTIONS_PER_USER newest each (rows may predate the cap). */
export async function subscriptionsOf(
  sql: Sql,
  userIds: readonly number[],
): Promise<StoredSubscription[]> {
  if (userIds.length === 0) return [];
  return sql<StoredSubscription[]>`
    select id, endpoint, p256dh, auth, "userId" from (
      select id, endpoint, p256dh, auth, user_id as "userId",
             row_number() over (partition by user_id order by updated_at desc, id desc) as n
      from push_subscriptions where user_id = any (${userIds as number[]})
    ) s where n <= ${PUSH_SUBSCRIPTIONS_PER_USER}`;
}

/** A subscription the push service no longer knows (404, 410): deleted unless it was renewed meanwhile. */
export async function dropExpired(sql: Sql, sub: StoredSubscription): Promise<void> {
  await sql`delete from push_subscriptions where id = ${sub.id} and p256dh = ${sub.p256dh} and auth = ${sub.auth}`;
}
