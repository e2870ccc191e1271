/**
 * Push subscriptions: one row per device endpoint. Subscribing again from a device (another user
 * logged in there, or the browser renewed its keys) moves the row to the current user with the
 * new keys; unsubscribing removes it only for its own user. Rows the push service answers 404 or
 * 410 for are deleted by the sender (sender.ts).
 */
import type { Sql } from '../db/client.ts';
import type { SubscriptionInput } from '../../domain/push.ts';

export interface StoredSubscription {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  userId: number;
}

export async function saveSubscription(sql: Sql, userId: number, s: SubscriptionInput): Promise<void> {
  await sql`
    insert into push_subscriptions (endpoint, p256dh, auth, user_id) values (${s.endpoint}, ${s.p256dh}, ${s.auth}, ${userId})
    on conflict (endpoint) do update
      set p256dh = excluded.p256dh, auth = excluded.auth, user_id = excluded.user_id, updated_at = now()`;
}

/** Removes the device's subscription if it is this user's; true when one was removed. */
export async function removeSubscription(sql: Sql, userId: number, endpoint: string): Promise<boolean> {
  const gone = await sql`delete from push_subscriptions where endpoint = ${endpoint} and user_id = ${userId} returning id`;
  return gone.length > 0;
}

export async function subscriptionsOf(sql: Sql, userIds: readonly number[]): Promise<StoredSubscription[]> {
  if (userIds.length === 0) return [];
  return sql<StoredSubscription[]>`
    select id, endpoint, p256dh, auth, user_id as "userId" from push_subscriptions where user_id = any (${userIds as number[]})`;
}

/** A subscription the push service no longer knows (404, 410): deleted unless it was renewed meanwhile. */
export async function dropExpired(sql: Sql, sub: StoredSubscription): Promise<void> {
  await sql`delete from push_subscriptions where id = ${sub.id} and p256dh = ${sub.p256dh} and auth = ${sub.auth}`;
}
