/** Shared pieces of settlement: the per-issue lock, retries, the bet row and transfer helpers. */
import { parseTransferId, type TransferId, transferIds } from '../../../domain/transferIds.ts';
import { type TransferRef, transferRefs } from '../../../domain/transferRefs.ts';
import { TxType } from '../../../domain/txTypes.ts';
import type { Sql, Tx } from '../../db/client.ts';
import type { TransferInput } from '../../ledger/ledger.ts';
import { intArray } from '../../ledger/statements.ts';

/** Ledger type codes of settlement (src/domain/txTypes.ts, docs/lottery-design.md). */
export const TYPE = {
  prize: TxType.LOTTERY_WIN,
  chaseRefund: TxType.CHASE_CANCEL_REFUND,
  tieRefund: TxType.TIE_REFUND,
  systemRefund: TxType.DRAW_CANCEL_REFUND,
  reversal: TxType.PRIZE_REVERSAL,
  rebate: TxType.BET_REBATE,
  uplineRebate: TxType.UPLINE_REBATE,
} as const;

/** The credits a settlement makes; a correction or system cancel reverses exactly these. */
export const SETTLEMENT_CREDIT_TYPES: readonly number[] = [
  TYPE.prize,
  TYPE.tieRefund,
  TYPE.rebate,
  TYPE.uplineRebate,
];

/**
 * Bets per settlement transaction. Batches of 20,000 measured no clear gain over 5,000 on the shared
 * machine (wall times within noise) and hold the players' wallet rows for longer, so 5,000 it stays;
 * tests/server/restart-crash.test.ts relies on an issue taking several batches.
 */
export const BATCH_SIZE = 5000;

/** Transactions one settleIssue call runs side by side (each on its own pooled connection). */
export const SETTLE_WORKERS = 2;

const ISSUE_LOCK_NS = 727_300;

/**
 * The issue's settlement lock, across processes: settlement batches hold it shared (they run side by
 * side on disjoint bets), a correction or system cancel holds it exclusive (no batch runs meanwhile).
 */
export async function lockIssue(
  tx: Tx,
  lotteryCode: string,
  issue: string,
  mode: 'shared' | 'exclusive' = 'exclusive',
): Promise<void> {
  const key = `${lotteryCode}:${issue}`;
  if (mode === 'shared')
    await tx`select pg_advisory_xact_lock_shared(${ISSUE_LOCK_NS}, hashtext(${key}))`;
  else await tx`select pg_advisory_xact_lock(${ISSUE_LOCK_NS}, hashtext(${key}))`;
}

function houseCredit(
  transferId: TransferId,
  userId: number,
  amountFen: number,
  typeCode: number,
  ref: TransferRef,
  remark: string | null,
  operatorId: number | null,
): TransferInput {
  return {
    transferId,
    from: { kind: 'house', userId: null },
    to: { kind: 'player', userId },
    amountFen,
    typeCode,
    userId,
    ref,
    remark,
    operatorId,
  };
}

export function houseToPlayer(
  transferId: TransferId,
  userId: number,
  amountFen: number,
  typeCode: number,
  betId: number,
  remark: string | null = null,
  operatorId: number | null = null,
): TransferInput {
  // settlement transfers carry the bet as their ref (indexed): reversals find them through it
  const ref = transferRefs.bet(betId);
  return houseCredit(transferId, userId, amountFen, typeCode, ref, remark, operatorId);
}

/**
 * The rebates of one settlement batch (bets `firstBetId`…`lastBetId`, all settled at `version`), one
 * transfer per recipient and type: `rb:{lotteryCode}:{issue}:{userId}:{first}-{last}:v{version}` (501)
 * and `urb:…` (502), ref `issue:…`. Each amount is the sum of the per-bet amounts (each floored on its
 * own). A bet is settled at a version once, so no two committed batches share a first bet: the ids are
 * unique, and a batch that rolled back left none.
 */
export function rebateTransfers(
  lotteryCode: string,
  issue: string,
  firstBetId: number,
  lastBetId: number,
  version: number,
  shares: readonly { userId: number; typeCode: number; amountFen: number }[],
): TransferInput[] {
  const sums = new Map<string, { userId: number; typeCode: number; amountFen: number }>();
  for (const s of shares) {
    const k = `${s.typeCode}:${s.userId}`;
    const sum = sums.get(k);
    if (sum) sum.amountFen += s.amountFen;
    else sums.set(k, { ...s });
  }
  // summed per recipient per batch, so they carry the issue as their ref instead of a bet
  const ref = transferRefs.issue(lotteryCode, issue);
  return [...sums.values()]
    .sort((a, b) => a.typeCode - b.typeCode || a.userId - b.userId)
    .map((s) =>
      houseCredit(
        transferIds[s.typeCode === TYPE.rebate ? 'rebate' : 'uplineRebate'](
          lotteryCode,
          issue,
          s.userId,
          firstBetId,
          lastBetId,
          version,
        ),
        s.userId,
        s.amountFen,
        s.typeCode,
        ref,
        null,
        null,
      ),
    );
}

/** The first bet id of a batch rebate transfer id (or a reversal of one); null for other ids. */
export function rebateBatchFirstBet(transferId: string): number | null {
  let p = parseTransferId(transferId);
  if (p?.kind === 'reversal') p = parseTransferId(p.parts.original);
  return p?.kind === 'rebate' || p?.kind === 'uplineRebate' ? p.parts.firstBetId : null;
}

const RETRY_CODES = new Set(['40P01', '40001']);

/** Runs one transaction, again after a deadlock or serialization failure (the work is idempotent). */
export async function inTx<T>(sql: Sql, fn: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return (await sql.begin(fn)) as T;
    } catch (err) {
      if (attempt >= 5 || !RETRY_CODES.has((err as { code?: string }).code ?? '')) throw err;
      await new Promise((r) => setTimeout(r, 20 * attempt));
    }
  }
}

export interface IssueRow {
  lottery_code: string;
  issue: string;
  status: 'pending' | 'drawn' | 'settled' | 'cancelled';
  result: string | null;
  result_version: number;
  draw_at: Date;
}

export async function issueRow(
  tx: Tx,
  lotteryCode: string,
  issue: string,
): Promise<IssueRow | undefined> {
  const [row] = await tx<IssueRow[]>`
    select lottery_code, issue, status, result, result_version, draw_at
    from lottery_issues where lottery_code = ${lotteryCode} and issue = ${issue}`;
  return row;
}

export interface BetRow {
  id: number;
  user_id: number;
  play_code: string;
  betting_number: string;
  betting_count: number;
  unit: 'yuan' | 'jiao' | 'fen';
  multiple: number;
  amount: number;
  user_group: number;
  bet_group: number;
  odds: Record<string, number> | null;
  chase_id: number | null;
  status: string;
  settled_version: number | null;
}

export const BET_COLUMNS = [
  'id',
  'user_id',
  'play_code',
  'betting_number',
  'betting_count',
  'unit',
  'multiple',
  'amount',
  'user_group',
  'bet_group',
  'odds',
  'chase_id',
  'status',
  'settled_version',
] as const;

/** Sets the columns of many bets in one statement; only rows still in `fromStatuses` change. */
export async function updateBets(
  tx: Tx,
  rows: readonly {
    id: number;
    status: string;
    payout: number;
    refund: number;
    rebate: number;
    winDetail: unknown;
    /** the prize before the payout caps cut it, and which cap did (settlement only; null otherwise) */
    uncappedPrize?: number | null;
    capKind?: string | null;
  }[],
  fromStatuses: readonly string[],
  settledVersion: number | null,
): Promise<number> {
  if (rows.length === 0) return 0;
  const ids = intArray(rows.map((r) => r.id));
  // bets of one ticket share their win detail object (compute.ts): serialised once
  const json = new Map<unknown, string | null>();
  const detail = (d: unknown) => {
    if (d === null) return null;
    let text = json.get(d);
    if (text === undefined) {
      text = JSON.stringify(d);
      json.set(d, text);
    }
    return text;
  };
  const res = await tx`
    update bets b set status = u.status, payout = u.payout, refund = u.refund, rebate = u.rebate,
      win_detail = u.win_detail::jsonb, uncapped_prize = u.uncapped_prize, cap_kind = u.cap_kind,
      settled_version = ${settledVersion}, settled_at = now()
    from unnest(
      ${ids}::bigint[],
      ${tx.array(rows.map((r) => r.status))}::text[],
      ${intArray(rows.map((r) => r.payout))}::bigint[],
      ${intArray(rows.map((r) => r.refund))}::bigint[],
      ${intArray(rows.map((r) => r.rebate))}::bigint[],
      ${tx.array(rows.map((r) => detail(r.winDetail)) as string[])}::text[],
      ${intArray(rows.map((r) => r.uncappedPrize))}::bigint[],
      ${tx.array(rows.map((r) => r.capKind ?? null) as string[])}::text[]
    ) as u(id, status, payout, refund, rebate, win_detail, uncapped_prize, cap_kind)
    where b.id = u.id and b.id = any(${ids}::bigint[]) and b.status = any(${tx.array([...fromStatuses])}::text[])`;
  return res.count;
}
