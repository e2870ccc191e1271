/**
 * Phone and mail verification codes: 4 digits from crypto, kept hashed, valid VERIFY_CODE_TTL_SEC,
 * at most MAX_VERIFY_ATTEMPTS wrong tries, one send per target every RESEND_INTERVAL_SEC.
 * Life cycle: sent → (verified) → used. `verifyCode` marks a code verified (the client's check
 * step); `consumeCode` consumes it for the action it guards (bind, password reset, safety reset).
 */
import crypto from 'node:crypto';
import { VERIFY_CODE_TTL_SEC } from '../../domain/constants.ts';
import type { Sql } from '../db/client.ts';
import { refuse } from '../http/envelope.ts';
import type { CodeTransport } from './transport.ts';

export const MAX_VERIFY_ATTEMPTS = 5;
export const RESEND_INTERVAL_SEC = 60;

export type Channel = 'sms' | 'mail';
export type Purpose = 'bind' | 'forget' | 'safety';

const PURPOSE_TEXT: Record<Purpose, string> = {
  bind: '绑定',
  forget: '找回密码',
  safety: '安全验证',
};

function codeHash(channel: Channel, target: string, code: string): Buffer {
  return crypto.createHash('sha256').update(`${channel}:${target.toLowerCase()}:${code}`).digest();
}

export async function sendCode(
  sql: Sql,
  transport: CodeTransport,
  m: { channel: Channel; target: string; purpose: Purpose; userId: number | null },
): Promise<{ sent: true; ttlSec: number }> {
  const target = m.target.toLowerCase();
  const [recent] = await sql<{ wait: number }[]>`
    select ceil(${RESEND_INTERVAL_SEC} - extract(epoch from now() - created_at))::int as wait from verify_codes
    where channel = ${m.channel} and lower(target) = ${target}
      and created_at > now() - make_interval(secs => ${RESEND_INTERVAL_SEC})
    order by created_at desc limit 1`;
  if (recent) refuse(`发送过于频繁，请${Math.max(1, recent.wait)}秒后再试`);
  const code = String(crypto.randomInt(10_000)).padStart(4, '0');
  await sql`
    insert into verify_codes (channel, target, purpose, code_hash, user_id)
    values (${m.channel}, ${target}, ${m.purpose}, ${codeHash(m.channel, target, code)}, ${m.userId})`;
  const minutes = Math.round(VERIFY_CODE_TTL_SEC / 60);
  await transport.send({
    channel: m.channel,
    target,
    purpose: m.purpose,
    message: `您的${PURPOSE_TEXT[m.purpose]}验证码是${code}，${minutes}分钟内有效，请勿泄露给他人。`,
    userId: m.userId,
  });
  return { sent: true, ttlSec: VERIFY_CODE_TTL_SEC };
}

interface CodeRow {
  id: number;
  code_hash: Buffer;
  attempts: number;
  user_id: number | null;
}

/** Checks the latest live code of the target; counts a wrong try; refuses with a clear text. */
async function checkLatest(
  sql: Sql,
  channel: Channel,
  target: string,
  purpose: Purpose,
  code: string,
): Promise<CodeRow> {
  const t = target.toLowerCase();
  const [row] = await sql<CodeRow[]>`
    select id, code_hash, attempts, user_id from verify_codes
    where channel = ${channel} and lower(target) = ${t} and purpose = ${purpose} and used_at is null
      and created_at > now() - make_interval(secs => ${VERIFY_CODE_TTL_SEC})
    order by created_at desc limit 1`;
  if (!row) refuse('验证码错误或已过期，请重新获取');
  if (row.attempts >= MAX_VERIFY_ATTEMPTS) refuse('验证码错误次数过多，请重新获取');
  if (!crypto.timingSafeEqual(row.code_hash, codeHash(channel, t, code))) {
    await sql`update verify_codes set attempts = attempts + 1 where id = ${row.id}`;
    refuse('验证码错误');
  }
  return row;
}

export async function verifyCode(
  sql: Sql,
  channel: Channel,
  target: string,
  purpose: Purpose,
  code: string,
): Promise<CodeRow> {
  const row = await checkLatest(sql, channel, target, purpose, code);
  await sql`update verify_codes set verified_at = coalesce(verified_at, now()) where id = ${row.id}`;
  return row;
}

/** Checks and consumes the code: it cannot serve a second action. */
export async function consumeCode(
  sql: Sql,
  channel: Channel,
  target: string,
  purpose: Purpose,
  code: string,
): Promise<CodeRow> {
  const row = await checkLatest(sql, channel, target, purpose, code);
  const done =
    await sql`update verify_codes set used_at = now() where id = ${row.id} and used_at is null returning id`;
  if (done.length === 0) refuse('验证码已使用，请重新获取');
  return row;
}
