/**
 * Rows of bank_cards (bank cards, Alipay and WeChat accounts) and digital_addresses, their
 * masked views, and the real-name lock: users.real_name, once set (by the first binding or at
 * register), is the name every payout account must carry.
 */
import type { Db, Sql, Tx } from '../db/client.ts';
import { refuse } from '../http/envelope.ts';
import { displayBankName, maskAccount, maskAddress, maskCardNumber } from '../../domain/banks.ts';
import { maskName } from '../../domain/money.ts';
import { patterns } from '../../domain/validation.ts';

export type CardKind = 'bank' | 'alipay' | 'weixin';

export interface CardRow {
  id: number;
  user_id: number;
  kind: CardKind;
  bank_code: string | null;
  bank_name: string | null;
  account_no: string;
  real_name: string;
  branch: string | null;
  qr_image: string | null;
  created_at: Date;
}

export interface AddressRow {
  id: number;
  user_id: number;
  currency: string;
  protocol: string;
  address: string;
  alias: string | null;
  created_at: Date;
}

export const CARD_NOT_FOUND = '银行卡不存在';
export const ACCOUNT_NOT_FOUND = '账户不存在';
export const ADDRESS_NOT_FOUND = '地址不存在';
export const NAME_MISMATCH = '真实姓名与已绑定的姓名不一致';

export function cardView(r: CardRow) {
  return {
    id: r.id,
    kind: r.kind,
    bankCode: r.bank_code ?? '',
    bankName: r.kind === 'bank' ? displayBankName(r.bank_name) : '',
    accountNo: r.kind === 'bank' ? maskCardNumber(r.account_no) : maskAccount(r.account_no),
    realName: maskName(r.real_name),
    branch: r.branch ?? '',
    qrImage: r.qr_image ?? '',
    createdAt: r.created_at.getTime(),
  };
}

export function addressView(r: AddressRow) {
  return {
    id: r.id,
    currency: r.currency,
    protocol: r.protocol,
    address: maskAddress(r.address),
    alias: r.alias ?? '',
    createdAt: r.created_at.getTime(),
  };
}

export async function activeCards(sql: Sql, userId: number, kind?: CardKind): Promise<CardRow[]> {
  return sql<CardRow[]>`
    select * from bank_cards where user_id = ${userId} and status = 'active'
    ${kind ? sql`and kind = ${kind}` : sql``} order by id`;
}

/** One active card of the user (another user's id or a deleted card: null). */
export async function findCard(
  sql: Db,
  userId: number,
  id: number,
  kind?: CardKind,
): Promise<CardRow | null> {
  const [row] = await sql<CardRow[]>`
    select * from bank_cards where id = ${id} and user_id = ${userId} and status = 'active'
    ${kind ? sql`and kind = ${kind}` : sql``}`;
  return row ?? null;
}

export async function findAddress(sql: Db, userId: number, id: number): Promise<AddressRow | null> {
  const [row] = await sql<AddressRow[]>`
    select * from digital_addresses where id = ${id} and user_id = ${userId} and status = 'active'`;
  return row ?? null;
}

/** Latin names may carry stray spaces: compare and store them trimmed and single-spaced. */
export function normalizeRealName(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}

/**
 * Inside a transaction: locks the user row and answers the real name the new binding carries.
 * A locked name must be matched by `given` (when given); an unlocked one is locked to `given`.
 */
export async function lockRealName(
  tx: Tx,
  userId: number,
  givenRaw: string | undefined,
): Promise<string> {
  const given = givenRaw === undefined ? undefined : normalizeRealName(givenRaw);
  if (given !== undefined && !patterns.realName.test(given)) refuse('真实姓名格式不正确');
  const [u] = await tx<
    { real_name: string | null }[]
  >`select real_name from users where id = ${userId} for update`;
  if (u.real_name) {
    if (given !== undefined && given !== u.real_name) refuse(NAME_MISMATCH);
    return u.real_name;
  }
  if (given === undefined) refuse('真实姓名不能为空');
  await tx`update users set real_name = ${given} where id = ${userId} and real_name is null`;
  return given;
}

/** An uploaded receiving-code image must be one of the user's own uploads. */
export async function checkQrImageOwner(
  sql: Sql,
  userId: number,
  qrImage: string | undefined,
): Promise<void> {
  if (qrImage === undefined) return;
  const fileName = qrImage.slice('/uploads/'.length);
  const [row] =
    await sql`select 1 from uploads where user_id = ${userId} and file_name = ${fileName}`;
  if (!row) refuse('收款码图片不存在，请重新上传');
}

/** Serialises bindings of one account number across users (cards are unique site-wide). */
export async function lockAccountNo(tx: Tx, kind: CardKind, accountNo: string): Promise<void> {
  await tx`select pg_advisory_xact_lock(hashtext(${`card:${kind}:${accountNo}`}))`;
}

export async function accountTaken(
  tx: Tx,
  kind: CardKind,
  accountNo: string,
  exceptId = 0,
): Promise<boolean> {
  const [row] = await tx`
    select 1 from bank_cards where kind = ${kind} and account_no = ${accountNo} and status = 'active' and id <> ${exceptId} limit 1`;
  return Boolean(row);
}
