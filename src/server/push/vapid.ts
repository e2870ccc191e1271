/**
 * The site's VAPID key pair (RFC 8292): made with web-push at the first start and kept in the
 * database, so every instance signs with the same key and browsers' subscriptions (made with the
 * public key) stay valid across restarts. Two instances starting at once both try to insert the
 * one row (id 1); `on conflict do nothing` keeps the first, and both then read that one.
 */
import webpush from 'web-push';
import type { Sql } from '../db/client.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export async function ensureVapidKeys(sql: Sql): Promise<VapidKeys> {
  const [found] = await sql<
    VapidKeys[]
  >`select public_key as "publicKey", private_key as "privateKey" from push_vapid_keys where id = 1`;
  if (found) return found;
  const made = webpush.generateVAPIDKeys();
  await sql`insert into push_vapid_keys (id, public_key, private_key) values (1, ${made.publicKey}, ${made.privateKey})
            on conflict (id) do nothing`;
  const [kept] = await sql<
    VapidKeys[]
  >`select public_key as "publicKey", private_key as "privateKey" from push_vapid_keys where id = 1`;
  if (!kept) throw new Error('push_vapid_keys: the key row is missing right after its insert');
  return kept;
}
