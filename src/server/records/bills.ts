/**
 * Bill records (账变记录): the player's own ledger transfers (transfers.user_id = me), newest first.
 *
 * Sign of a row: each transfer moves money between two accounts; the sign is taken on the player's
 * own account that the transfer touches, preferring the main wallet ('player'), then the virtual
 * wallet, the withdrawal hold, the pledge escrow and the red-envelope escrow (OWN_ACCOUNT_ORDER).
 * Money arriving in that account is +, leaving it is −. So every movement touching the main wallet
 * (including main ↔ withdraw_hold / virtual_wallet) is signed as the main wallet saw it, and
 * `account` says which account the sign refers to when the main wallet was not involved
 * (virtual-wallet interest, a paid withdrawal leaving the hold, a pledge bought from the virtual
 * wallet). `balanceAfter` is always the main wallet's balance after the transfer.
 *
 * Summary: income and expense of the main wallet over the whole filtered range (all pages), so
 * income − expense is the main wallet's change when no type filter is set.
 */
import { formatFen } from '../../domain/money.ts';
import { txTypeName, txTypeNames } from '../../domain/txTypes.ts';
import type { AccountKind } from '../ledger/ledger.ts';
import type postgres from 'postgres';
import type { Sql } from '../db/client.ts';
import { AppError } from '../http/envelope.ts';
import type { DayRange } from '../http/dates.ts';

/** The player's accounts in the order the sign of a row prefers them. */
export const OWN_ACCOUNT_ORDER: readonly AccountKind[] = [
  'player',
  'virtual_wallet',
  'withdraw_hold',
  'pledge_escrow',
  'red_envelope_escrow',
];

/** How a row names the account its sign refers to. */
const ACCOUNT_WIRE: Partial<Record<AccountKind, string>> = {
  player: 'main',
  virtual_wallet: 'virtual_wallet',
  withdraw_hold: 'withdraw_hold',
  pledge_escrow: 'pledge_escrow',
  red_envelope_escrow: 'red_envelope_escrow',
};

export const MAX_TYPE_CODES = 50;

/** '101' or '101,102,…' → the codes; each must be a known type code. */
export function parseTypeCodes(text: string | undefined): number[] | null {
  if (!text) return null;
  const codes = [...new Set(text.split(',').map(Number))];
  if (codes.length > MAX_TYPE_CODES || codes.some((c) => !(c in txTypeNames)))
    throw new AppError('账变类型不存在');
  return codes;
}

export interface BillFilter {
  range: DayRange;
  typeCodes: number[] | null;
  limit: number;
  offset: number;
}

interface TransferRow {
  id: number;
  user_id: number;
  type_code: number;
  amount: number;
  debit_account_id: number;
  credit_account_id: number;
  balance_after: number | null;
  remark: string | null;
  created_at: Date;
}

/** Whose bills: one user's id, or a condition on `t.user_id` (an agent's team, reports/records.ts). */
export type BillOwner = number | postgres.PendingQuery<postgres.Row[]>;

/** The ledger accounts of each of these users: user → (account id → kind). */
async function ownAccounts(
  sql: Sql,
  userIds: number[],
): Promise<Map<number, Map<number, AccountKind>>> {
  const rows = await sql<{ id: number; kind: AccountKind; user_id: number }[]>`
    select id, kind, user_id from ledger_accounts where user_id = any(${userIds}::bigint[])`;
  const byUser = new Map<number, Map<number, AccountKind>>(userIds.map((u) => [u, new Map()]));
  for (const r of rows) byUser.get(r.user_id)?.set(r.id, r.kind);
  return byUser;
}

/** Signed amount (fen) and the account it refers to, as the module header explains. */
export function signOf(
  t: Pick<TransferRow, 'amount' | 'debit_account_id' | 'credit_account_id'>,
  own: Map<number, AccountKind>,
) {
  const credit = own.get(t.credit_account_id);
  const debit = own.get(t.debit_account_id);
  const rank = (k: AccountKind | undefined) =>
    k === undefined ? Infinity : OWN_ACCOUNT_ORDER.indexOf(k);
  if (credit === undefined && debit === undefined) return { signedFen: t.amount, account: null };
  return rank(credit) <= rank(debit)
    ? { signedFen: t.amount, account: ACCOUNT_WIRE[credit!] ?? credit! }
    : { signedFen: -t.amount, account: ACCOUNT_WIRE[debit!] ?? debit! };
}

/**
 * One page of bills with the range's summary. With a team owner each row's sign and main wallet
 * are its own player's, and `userId` says whose it is.
 */
export async function billRows(sql: Sql, owner: BillOwner, f: BillFilter) {
  const single = typeof owner === 'number';
  // Every query stays on the index transfers (user_id, created_at desc).
  const where = sql`${single ? sql`t.user_id = ${owner}` : owner}
    and t.created_at >= ${f.range.from} and t.created_at < ${f.range.to}
    ${f.typeCodes ? sql`and t.type_code = any(${sql.array(f.typeCodes.map(String))}::integer[])` : sql``}`;
  const rows = await sql<TransferRow[]>`
    select t.id, t.user_id, t.type_code, t.amount, t.debit_account_id, t.credit_account_id, t.balance_after, t.remark, t.created_at
    from transfers t where ${where}
    order by t.created_at desc, t.id desc limit ${f.limit} offset ${f.offset}`;
  const own = await ownAccounts(sql, single ? [owner] : [...new Set(rows.map((r) => r.user_id))]);
  const mainId = single
    ? sql`${[...(own.get(owner) ?? [])].find(([, kind]) => kind === 'player')?.[0] ?? 0}::bigint`
    : sql`(select p.id from ledger_accounts p where p.kind = 'player' and coalesce(p.user_id, 0) = t.user_id)`;
  const [s] = await sql<{ n: number; income: number; expense: number }[]>`
    select count(*)::int as n,
           coalesce(sum(t.amount) filter (where t.credit_account_id = ${mainId}), 0)::bigint as income,
           coalesce(sum(t.amount) filter (where t.debit_account_id = ${mainId}), 0)::bigint as expense
    from transfers t where ${where}`;
  return {
    list: rows.map((r) => {
      const { signedFen, account } = signOf(r, own.get(r.user_id) ?? new Map());
      return {
        userId: r.user_id,
        bill: {
          id: r.id,
          typeCode: r.type_code,
          typeName: txTypeName(r.type_code),
          amount: formatFen(signedFen),
          account,
          balanceAfter: r.balance_after === null ? null : formatFen(r.balance_after),
          remark: r.remark ?? '',
          createdAt: r.created_at.getTime(),
        },
      };
    }),
    total: s!.n,
    summary: {
      startDate: f.range.startDate,
      endDate: f.range.endDate,
      income: formatFen(s!.income),
      expense: formatFen(s!.expense),
      net: formatFen(s!.income - s!.expense),
    },
  };
}

export async function listBills(sql: Sql, userId: number, f: BillFilter) {
  const page = await billRows(sql, userId, f);
  return { ...page, list: page.list.map((r) => r.bill) };
}
