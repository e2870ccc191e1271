/**
 * settleIssue: pays every PENDING bet of a drawn issue, exactly once, in batches.
 *
 * Each batch is one transaction holding the issue lock shared: claim the PENDING bets of whole players,
 * about BATCH_SIZE bets (players in user id order, each worker its own share of user ids mod SETTLE_WORKERS,
 * bets row-locked in id order), settle them in memory, cut the prizes to the lottery's payout caps (caps.ts:
 * per bet, then per player per issue — the reason a player's bets never span batches), set them in one
 * UPDATE guarded by status = 'PENDING', after writing all their transfers with one bulk ledger write
 * (deterministic ids `win:{betId}:v{version}` …; rebates summed per recipient per batch, ids keyed by
 * the batch's first and last bet, common.ts rebateTransfers; the ledger rows, the house's included, are locked
 * after the bets are settled in memory, so betting waits on them as briefly as possible, and before the
 * bets' UPDATE, in the order placing a bet takes its locks). SETTLE_WORKERS batches run side by side.
 * A process killed mid-way leaves whole batches done or undone; running again settles the rest.
 * Concurrent callers never settle a bet twice: a second caller waits for the rows a batch holds and finds them settled. The issue turns 'settled' once a check that waits for every
 * in-flight batch finds no PENDING bet. The result and version are re-read every batch, and a
 * correction (issue lock exclusive) runs between batches, never inside one.
 */
import { parseDraw } from '../../../domain/lottery/index.ts';
import type { Sql, Tx } from '../../db/client.ts';
import { bulkTransfersInTx } from '../../ledger/ledger.ts';
import { loadLottery, ruleFlagsAt, type Lottery } from '../lotteries.ts';
import {
  BATCH_SIZE,
  BET_COLUMNS,
  inTx,
  issueRow,
  lockIssue,
  rebateTransfers,
  SETTLE_WORKERS,
  updateBets,
  type BetRow,
} from './common.ts';
import { settleBet, type Chain, type DrawContext, type SelectionCache } from './compute.ts';
import { capOutcomes } from './caps.ts';
import { finishChases, planChaseStops } from './chase.ts';
import { chainsGroups } from '../../betting/groups.ts';

type ChainCache = Map<number, Chain>;
interface RunCache {
  chains: ChainCache;
  selections: SelectionCache;
}

/** Loads the upline chains of the batch's new bettors, in one query. */
async function chainsFor(
  tx: Tx,
  lottery: Lottery,
  bets: readonly BetRow[],
  cache: ChainCache,
): Promise<void> {
  const missing = [...new Set(bets.map((b) => b.user_id).filter((u) => !cache.has(u)))];
  const chains = await chainsGroups(tx, missing, lottery.family, lottery.prizeGroupCap);
  for (const u of missing) cache.set(u, chains.get(u) ?? []);
}

/** A worker's share of an issue's bettors: the players whose user id is `index` modulo `of`. */
interface Share {
  index: number;
  of: number;
}

/**
 * The PENDING bets of the next whole players of this share after user id `afterUser`, in bet id order,
 * row-locked: about `limit` bets, never part of a player's (the per-issue cap spans all of them; one
 * player with more than `limit` bets is one batch). Whole players are locked by every settler, so a
 * player another caller is settling is waited for and then found settled (gone), never half.
 * `users` is empty when no PENDING bet is left after `afterUser` in this share.
 */
async function claimPlayers(
  tx: Tx,
  lotteryCode: string,
  issue: string,
  afterUser: number,
  share: Share,
  limit: number,
) {
  const peek = await tx<{ user_id: number }[]>`
    select user_id from bets
    where lottery_code = ${lotteryCode} and issue = ${issue} and user_id > ${afterUser} and status = 'PENDING'
      and mod(user_id, ${share.of}) = ${share.index}
    order by user_id, id limit ${limit + 1}`;
  let users = [...new Set(peek.map((r) => r.user_id))];
  // the last player may have bets past the limit: left whole for the next batch
  if (peek.length > limit && users.length > 1) users = users.slice(0, -1);
  if (users.length === 0) return { users, bets: [] as BetRow[] };
  const bets = await tx<BetRow[]>`
    select ${tx(BET_COLUMNS as unknown as string[])} from bets
    where lottery_code = ${lotteryCode} and issue = ${issue} and user_id = any(${tx.array(users.map(String))}::bigint[])
      and status = 'PENDING'
    order by id
    for update`;
  return { users, bets };
}

/**
 * One batch of whole players of `share` after user id `afterUser` (a hint: bets put back to PENDING by a
 * correction behind it are found by a scan from the start); returns the last player claimed, or null
 * when nothing is left to claim (or the issue is not 'drawn').
 */
async function settleBatch(
  tx: Tx,
  lottery: Lottery,
  issue: string,
  cache: RunCache,
  batchSize: number,
  afterUser: number,
  share: Share,
): Promise<{ count: number; lastUser: number } | null> {
  await lockIssue(tx, lottery.code, issue, 'shared');
  const row = await issueRow(tx, lottery.code, issue);
  if (row?.status !== 'drawn') return null;
  let claim = await claimPlayers(tx, lottery.code, issue, afterUser, share, batchSize);
  if (claim.users.length === 0 && afterUser > 0)
    claim = await claimPlayers(tx, lottery.code, issue, 0, share, batchSize);
  if (claim.users.length === 0) return null;
  const lastUser = claim.users[claim.users.length - 1]!;
  const bets = claim.bets;
  if (bets.length === 0) return { count: 0, lastUser }; // settled meanwhile by another caller
  const draw = row.result === null ? null : parseDraw(lottery.family, row.result);
  if (!draw) throw new Error(`issue ${lottery.code}/${issue} is drawn without a valid result`);
  const ctx: DrawContext = {
    family: lottery.family,
    draw,
    flags: ruleFlagsAt(lottery, row.draw_at.getTime()),
    version: row.result_version,
    oddsOverrides: lottery.odds,
    prizeGroupCap: lottery.prizeGroupCap,
  };
  await chainsFor(tx, lottery, bets, cache.chains);
  const outcomes = bets.map((b) =>
    settleBet(ctx, b, cache.chains.get(b.user_id)!, cache.selections),
  );
  await capOutcomes(
    tx,
    { lotteryCode: lottery.code, issue, version: row.result_version, caps: lottery.payoutCaps },
    bets,
    outcomes,
  );

  const chaseOf = new Map(bets.map((b) => [b.id, b.chase_id]));
  const wonChases = outcomes
    .filter((o) => o.status === 'WON' && chaseOf.get(o.id) !== null)
    .map((o) => chaseOf.get(o.id)!);
  const stops = await planChaseStops(tx, wonChases);

  const rebates = rebateTransfers(
    lottery.code,
    issue,
    bets[0]!.id,
    bets[bets.length - 1]!.id,
    row.result_version,
    outcomes.flatMap((o) => o.rebates),
  );
  // The ledger write comes before the bets' UPDATE: the players' accounts are then locked before the
  // report roll-up rows that both the journal's and the bets' triggers take (migrations 032, 033), the
  // same order a bet being placed takes them (account, then roll-up), so the two never deadlock. The
  // bets themselves are row-locked since claimPlayers, so nothing changes them in between.
  await bulkTransfersInTx(tx, [
    ...outcomes.flatMap((o) => o.transfers),
    ...rebates,
    ...stops.transfers,
  ]);
  const changed = await updateBets(tx, outcomes, ['PENDING'], row.result_version);
  if (changed !== outcomes.length) throw new Error('bets changed while locked');
  await finishChases(
    tx,
    stops,
    bets.flatMap((b) => (b.chase_id === null ? [] : [b.chase_id])),
  );
  return { count: outcomes.length, lastUser };
}

/**
 * Marks the issue settled when no bet is PENDING. Waits for the row locks of batches in flight (theirs
 * or another caller's), so a bet they are settling is seen settled; false when some bet is still
 * PENDING and unclaimed (put back by a correction meanwhile), or the issue is not 'drawn'.
 */
async function closeIssue(tx: Tx, lotteryCode: string, issue: string): Promise<boolean> {
  await lockIssue(tx, lotteryCode, issue, 'shared');
  const row = await issueRow(tx, lotteryCode, issue);
  if (row?.status !== 'drawn') return true;
  const pending = await tx`
    select id from bets where lottery_code = ${lotteryCode} and issue = ${issue} and status = 'PENDING'
    limit 1 for update`;
  if (pending.length) return false;
  await tx`update lottery_issues set status = 'settled', settled_at = now()
           where lottery_code = ${lotteryCode} and issue = ${issue} and status = 'drawn'`;
  return true;
}

/**
 * Settles a drawn issue. An issue not 'drawn' (pending, already settled, cancelled) is a no-op.
 * `batchSize` and `workers` are for tests; the defaults are BATCH_SIZE and SETTLE_WORKERS.
 */
export async function settleIssue(
  sql: Sql,
  lotteryCode: string,
  issue: string,
  opts: { batchSize?: number; workers?: number } = {},
): Promise<{ settled: number }> {
  const lottery = await loadLottery(sql, lotteryCode);
  if (!lottery) throw new Error(`unknown lottery ${lotteryCode}`);
  const cache: RunCache = { chains: new Map(), selections: new Map() };
  const batchSize = opts.batchSize ?? BATCH_SIZE;
  let settled = 0;
  const workers = opts.workers ?? SETTLE_WORKERS;
  const worker = async (index: number) => {
    let after = 0;
    for (;;) {
      const done = await inTx(sql, (tx) =>
        settleBatch(tx, lottery, issue, cache, batchSize, after, { index, of: workers }),
      );
      if (done === null) return;
      settled += done.count;
      after = done.lastUser;
    }
  };
  for (;;) {
    const ran = await Promise.allSettled(Array.from({ length: workers }, (_, i) => worker(i)));
    const failed = ran.find((r) => r.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
    if (await inTx(sql, (tx) => closeIssue(tx, lotteryCode, issue))) return { settled };
  }
}
