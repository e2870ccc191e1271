/**
 * The embedded-chat bridge's server side (spec 001 sections 4 and 7, docs/embedded-chat.md).
 *
 * Invariants: a site account is bound to at most one partner account (muid) and a muid to at most
 * one site account (primary key and unique constraint). A bind or register needs a one-time key
 * issued to the same logged-in account for the same muid: only its sha-256 is stored, it lives
 * EMBED_KEY_TTL_SEC, and the statement that consumes it (used_at null → now) is the one that
 * creates the binding, in one transaction, so a key opens at most one bind, even under races.
 *
 * A key is issued only for a muid the partner vouches for: its HMAC-SHA256, with the secret the
 * operator set for that partner, over (muid, expiry, nonce), checked in constant time; an expired
 * signature is refused and each nonce opens one key (embed_chat_nonces), so the player's browser
 * can claim only the partner account the partner says it is signed in as.
 */
import crypto from 'node:crypto';
import type { Db, Sql } from '../db/client.ts';
import { newToken, tokenHash } from '../auth/kdf.ts';
import { refuse } from '../http/envelope.ts';
import { getSetting, putSetting } from '../site/settings.ts';
import {
  EMBED_KEY_TTL_SEC,
  type MuidVouch,
  VOUCH_TTL_MAX_SEC,
  vouchText,
} from '../../domain/toolbar/embedChat.ts';

/** unused keys one account may hold at once */
const OPEN_KEYS_MAX = 5;

export interface Binding {
  muid: string;
  kind: 'bind' | 'register';
  nickName: string;
}

export async function bindingOf(sql: Db, userId: number): Promise<Binding | null> {
  const [row] = await sql<{ muid: string; kind: 'bind' | 'register'; nick_name: string }[]>`
    select muid, kind, nick_name from embed_chat_bindings where user_id = ${userId}`;
  return row ? { muid: row.muid, kind: row.kind, nickName: row.nick_name } : null;
}

/**
 * The partner's secret (settings key `embed_chat_secret`), kept with the partner origin it was made
 * for: pointing the site at another partner leaves it without a secret until the operator sets one.
 * Written without the settings audit, which keeps values in clear.
 */
const SECRET_KEY = 'embed_chat_secret';
interface PartnerSecret {
  secret: string;
  partnerOrigin: string;
}
const NO_SECRET: PartnerSecret = { secret: '', partnerOrigin: '' };

export async function partnerSecret(sql: Sql, partnerOrigin: string): Promise<string | null> {
  const s = await getSetting(sql, SECRET_KEY, NO_SECRET);
  return s.secret && s.partnerOrigin === partnerOrigin ? s.secret : null;
}

/** Stores the operator's secret for the partner, or a fresh random one; answers it. */
export async function setPartnerSecret(
  sql: Sql,
  partnerOrigin: string,
  given?: string,
): Promise<string> {
  const secret = given ?? crypto.randomBytes(32).toString('base64url');
  await putSetting(sql, SECRET_KEY, { secret, partnerOrigin } satisfies PartnerSecret);
  return secret;
}

/** Refuses unless the partner signed this muid (constant-time compare), unexpired, with an unused nonce. */
export async function checkVouch(
  sql: Sql,
  secret: string,
  muid: string,
  v: MuidVouch,
): Promise<void> {
  const expected = crypto
    .createHmac('sha256', secret)
    .update(vouchText(muid, v.expires, v.nonce))
    .digest();
  const given = Buffer.from(v.sig, 'hex');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected))
    refuse('合作方签名无效');
  const nowSec = Math.floor(Date.now() / 1000);
  if (v.expires <= nowSec) refuse('合作方签名已过期，请重新发起');
  if (v.expires > nowSec + VOUCH_TTL_MAX_SEC) refuse('合作方签名有效期过长');
  // a nonce is kept a minute past its expiry, for clocks a little apart
  await sql`delete from embed_chat_nonces where expires_at < now() - interval '1 minute'`;
  const [fresh] = await sql`
    insert into embed_chat_nonces (nonce, expires_at) values (${v.nonce}, to_timestamp(${v.expires}))
    on conflict do nothing returning nonce`;
  if (!fresh) refuse('合作方签名已使用，请重新发起');
}

/** A fresh key for (user, muid); refuses when either side is already bound elsewhere. */
export async function issueKey(
  sql: Sql,
  userId: number,
  muid: string,
): Promise<{ oneTimeKey: string; expiresInSec: number } | { bound: Binding }> {
  const mine = await bindingOf(sql, userId);
  if (mine && mine.muid === muid) return { bound: mine };
  if (mine) refuse('您的账号已绑定其他聊天账号');
  const [other] = await sql`select 1 from embed_chat_bindings where muid = ${muid}`;
  if (other) refuse('该聊天账号已绑定其他会员');
  await sql`delete from embed_chat_keys where expires_at < now() - interval '1 hour'`;
  const [{ n }] = await sql<{ n: number }[]>`
    select count(*)::int as n from embed_chat_keys where user_id = ${userId} and used_at is null and expires_at > now()`;
  if (n >= OPEN_KEYS_MAX) refuse('操作过于频繁，请稍后再试');
  const { token, hash } = newToken();
  await sql`
    insert into embed_chat_keys (key_hash, user_id, muid, expires_at)
    values (${hash}, ${userId}, ${muid}, now() + make_interval(secs => ${EMBED_KEY_TTL_SEC}))`;
  return { oneTimeKey: token, expiresInSec: EMBED_KEY_TTL_SEC };
}

/** Consumes the key and binds its muid to the account, in one transaction. */
export async function bindWithKey(
  sql: Sql,
  userId: number,
  oneTimeKey: string,
  kind: Binding['kind'],
  nickName: string,
): Promise<Binding> {
  return sql.begin(async (tx) => {
    const [key] = await tx<{ muid: string }[]>`
      update embed_chat_keys set used_at = now()
      where key_hash = ${tokenHash(oneTimeKey)} and user_id = ${userId} and used_at is null and expires_at > now()
      returning muid`;
    if (!key) refuse('一次性密钥无效或已过期，请重新发起');
    if (await bindingOf(tx, userId)) refuse('您的账号已绑定其他聊天账号');
    const [row] = await tx<{ muid: string }[]>`
      insert into embed_chat_bindings (user_id, muid, kind, nick_name) values (${userId}, ${key.muid}, ${kind}, ${nickName})
      on conflict do nothing returning muid`;
    if (!row) refuse('该聊天账号已绑定其他会员');
    return { muid: key.muid, kind, nickName };
  }) as Promise<Binding>;
}
