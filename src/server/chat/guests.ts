/**
 * Guest identities (spec 001 section 6, docs/chat.md): a guest in a room with guest chat on is
 * issued an identity once per browser: a random token in an httpOnly cookie, kept hashed in
 * chat_guests. Issuance is limited per address (GUEST_ISSUES_PER_IP_HOUR), so nobody mints
 * identities to dodge a mute or the flood limit.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { newToken, tokenHash } from '../auth/kdf.ts';
import type { Sql } from '../db/client.ts';
import { refuse } from '../http/envelope.ts';
import {
  GUEST_ISSUES_PER_IP_HOUR,
  GUEST_REGISTER_MSG,
  guestName,
} from '../../domain/chat/guest.ts';

export const GUEST_COOKIE = 'chat_guest';
const GUEST_COOKIE_MAX_SEC = 365 * 86_400;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export interface Guest {
  id: number;
  name: string;
}

/** The guest identity the request's cookie carries, or null. */
export async function currentGuest(sql: Sql, req: FastifyRequest): Promise<Guest | null> {
  const token = req.cookies[GUEST_COOKIE];
  if (!token || !TOKEN.test(token)) return null;
  const [row] = await sql<
    Guest[]
  >`select id, name from chat_guests where token_hash = ${tokenHash(token)}`;
  return row ?? null;
}

/** The request's guest identity; refused (请先注册) when it has none. */
export async function requireGuest(sql: Sql, req: FastifyRequest): Promise<Guest> {
  const guest = await currentGuest(sql, req);
  if (!guest) refuse(`游客身份已失效，${GUEST_REGISTER_MSG}或刷新页面`);
  return guest;
}

/** The request's guest identity, issuing one (and its cookie) when it has none. */
export async function issueGuest(
  sql: Sql,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<Guest> {
  const known = await currentGuest(sql, req);
  if (known) return known;
  const [{ n }] = await sql<{ n: number }[]>`
    select count(*)::int as n from chat_guests where ip = ${req.ip} and created_at > now() - interval '1 hour'`;
  if (n >= GUEST_ISSUES_PER_IP_HOUR) refuse('游客身份申请过于频繁，请稍后再试');
  const { token, hash } = newToken();
  const guest = await sql.begin(async (tx) => {
    const [made] = await tx<{ id: number }[]>`
      insert into chat_guests (token_hash, name, ip) values (${hash}, '', ${req.ip}) returning id`;
    const name = guestName(made.id);
    await tx`update chat_guests set name = ${name} where id = ${made.id}`;
    return { id: made.id, name };
  });
  reply.setCookie(GUEST_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: req.protocol === 'https',
    maxAge: GUEST_COOKIE_MAX_SEC,
  });
  return guest;
}
