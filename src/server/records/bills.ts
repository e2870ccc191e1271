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
import type { Sql } from '../db/client.ts';
import { AppError } from '../http/envelope.ts';
import type { DayRange } from './dates.ts';

/** The player's accounts in the order the sign of a row prefers them. */
export const OWN_ACCOUNT_ORDER: readonly AccountKind[] = [
  'player', 'virtual_wallet', 'withdraw_hold', 'pledge_escrow', 'red_envelope_escrow',
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
  if (codes.length > MAX_TYPE_CODES || codes.some((c) => !(c in txTypeNames))) throw new AppError('账变类型不存在');
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
  type_code: number;
  amount: number;
  debit_account_id: number;
  credit_account_id: number;
  balance_after: number | null;
  remark: string | null;
  created_at: Date;
}

/** The player's ledger accounts: id → kind. */
async function ownAccounts(sql: Sql, userId: number): Promise<Map<number, AccountKind>> {
  const rows = await sql<{ id: number; kind: AccountKind }[]>`select id, kind from ledger_accounts where user_id = ${userId}`;
  return new Map(rows.map((r) => [r.id, r.kind]));
}

/** Signed amount (fen) and the account it refers to, as the module header explains. */
export function signOf(t: Pick<TransferRow, 'amount' | 'debit_account_id' | 'credit_account_id'>, own: Map<number, AccountKind>) {
  const credit = own.get(t.credit_account_id);
  const debit = own.get(t.debit_account_id);
  const rank = (k: AccountKind | undefined) => (k === undefined ? Infinity : OWN_ACCOUNT_ORDER.indexOf(k));
  if (credit === undefined && debit === undefined) return { signedFen: t.amount, account: null };
  return rank(credit) <= rank(debit)
    ? { signedFen: t.amount, account: ACCOUNT_WIRE[credit!] ?? credit! }
    : { signedFen: -t.amount, account: ACCOUNT_WIRE[debit!] ?? debit! };
}

export async function listBills(sql: Sql, userId: number, f: BillFilter) {
  const own = await ownAccounts(sql, userId);
  const mainId = [...own].find(([, kind]) => kind === 'player')?.[0] ?? 0;
  // Every query stays on the index transfers (user_id, created_at desc).
  const where = sql`t.user_id = ${userId} and t.created_at >= ${f.range.from} and t.created_at < ${f.range.to}
    ${f.typeCodes ? sql`and t.type_code = any(${sql.array(f.typeCodes.map(String))}::integer[])` : sql``}`;
  const rows = await sql<TransferRow[]>`
    select t.id, t.type_code, t.amount, t.debit_account_id, t.credit_account_id, t.balance_after, t.remark, t.created_at
    from transfers t where ${where}
    order by t.created_at desc, t.id desc limit ${f.limit} offset ${f.offset}`;
  const [s] = await sql<{ n: number; income: number; expense: number }[]>`
    select count(*)::int as n,
           coalesce(sum(t.amount) filter (where t.credit_account_id = ${mainId}), 0)::bigint as income,
           coalesce(sum(t.amount) filter (where t.debit_account_id = ${mainId}), 0)::bigint as expense
    from transfers t where ${where}`;
  return {
    list: rows.map((r) => {
      const { signedFen, account } = signOf(r, own);
      return {
        id: r.id,
        typeCode: r.type_code,
        typeName: txTypeName(r.type_code),
        amount: formatFen(signedFen),
        account,
        balanceAfter: r.balance_after === null ? null : formatFen(r.balance_after),
        remark: r.remark ?? '',
        createdAt: r.created_at.getTime(),
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
