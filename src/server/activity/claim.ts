/**
 * Claiming an activity red envelope (receiveRedEnvelope): paid exactly once per player per envelope.
 *
 * Invariants, each held by the database as well as by this code:
 * - one claim row per (envelope, user): unique index; a second claim is refused (or, with the same
 *   request id, answered with the first result);
 * - the claim row, the envelope's paid/claimed counters and the ledger transfer commit together, in one
 *   transaction; the transfer id is `ar:<envelopeId>:<userId>` (unique in the ledger), so even a claim
 *   row lost by a bug could not pay twice;
 * - the sum paid never passes the budget (CHECK paid_fen <= budget_fen) nor the claims the rain's shares
 *   (CHECK claimed_count <= shares). Claims of one envelope serialise on its row lock, taken before the
 *   ledger's account locks, in every path (no deadlock: nothing else locks an envelope after accounts).
 * Life cycle of a claim: checked without locks (state, eligibility: refusals cost no lock) → envelope
 * row locked → state checked again under the lock → amount decided (rain: split.ts with node:crypto) →
 * claim row, counters, transfer house → player (type 206), its withdrawal turnover requirement (source
 * 'activity', as a recharge's: withdraw/turnover.ts) → commit.
 */
import { randomInt } from 'node:crypto';
import {
  ACTIVITY_MSG,
  FrontStatus,
  frontStatus,
  nextRainShareFen,
  type ActivityEnvelope,
} from '../../domain/activity/index.ts';
import { ResponseCode } from '../../domain/errors.ts';
import { transferIds } from '../../domain/transferIds.ts';
import { transferRefs } from '../../domain/transferRefs.ts';
import { TxType } from '../../domain/txTypes.ts';
import type { Db, Sql } from '../db/client.ts';
import { refuse } from '../http/envelope.ts';
import { refuseIfRequestIdTaken } from '../http/idempotency.ts';
import { transferInTx } from '../ledger/ledger.ts';
import { addTurnover } from '../withdraw/turnover.ts';
import { envelopeById, gradeOfUser, periodSums } from './store.ts';

export interface ClaimResult {
  envelopeId: number;
  amountFen: number;
  /** the player's balance right after this claim; null when answering a repeat */
  balanceAfterFen: number | null;
  /** false when this answers a repeat of an earlier claim (same request id): nothing moved this time */
  applied: boolean;
}

interface PriorClaim {
  amount_fen: number;
  request_id: string | null;
}

async function priorClaim(db: Db, envelopeId: number, userId: number): Promise<PriorClaim | null> {
  const [row] = await db<PriorClaim[]>`
    select amount_fen, request_id from activity_red_envelope_claims where envelope_id = ${envelopeId} and user_id = ${userId}`;
  return row ?? null;
}

/** A repeat with the request id of the first claim answers it; any other second claim is refused. */
function answerPrior(envelopeId: number, prior: PriorClaim, requestId: string | null): ClaimResult {
  if (requestId !== null && prior.request_id === requestId) {
    return {
      envelopeId,
      amountFen: Number(prior.amount_fen),
      balanceAfterFen: null,
      applied: false,
    };
  }
  return refuse(ACTIVITY_MSG.claimed, ResponseCode.FAILED, {
    status: FrontStatus.CLAIMED,
    amountFen: Number(prior.amount_fen),
  });
}

/** Refuses unless the player may claim `env` now (grade and period sum read before the lock). */
function checkClaimable(
  env: ActivityEnvelope,
  player: { grade: number; periodSumFen: number },
  nowMs: number,
): void {
  const { status, reason } = frontStatus(env, { claimedFen: null, ...player }, nowMs);
  if (status !== FrontStatus.CLAIMABLE) refuse(reason, ResponseCode.FAILED, { status });
}

/** node:crypto's randomInt excludes its max; the split's RandomInt includes it. */
const cryptoRandomInt = (min: number, maxInclusive: number) => randomInt(min, maxInclusive + 1);

function amountFor(env: ActivityEnvelope): number {
  if (env.kind === 'giveaway') return env.amountFen!;
  return nextRainShareFen(
    env.budgetFen - env.paidFen,
    env.shares! - env.claimedCount,
    cryptoRandomInt,
  );
}

export async function receiveEnvelope(
  sql: Sql,
  userId: number,
  envelopeId: number,
  requestId: string | null,
): Promise<ClaimResult> {
  const seen = await envelopeById(sql, envelopeId);
  if (!seen) refuse(ACTIVITY_MSG.notFound);
  const before = await priorClaim(sql, envelopeId, userId);
  if (before) return answerPrior(envelopeId, before, requestId);
  const nowMs = Date.now();
  const player = {
    grade: await gradeOfUser(sql, userId),
    periodSumFen: (await periodSums(sql, userId, [seen!], nowMs)).get(envelopeId)!,
  };
  checkClaimable(seen!, player, nowMs);
  try {
    return await claimInTx(sql, userId, envelopeId, requestId, player);
  } catch (err) {
    // the request id made a claim of another envelope (unique (user_id, request_id))
    refuseIfRequestIdTaken(err, 'activity_red_envelope_claims_request');
    throw err;
  }
}

async function claimInTx(
  sql: Sql,
  userId: number,
  envelopeId: number,
  requestId: string | null,
  player: { grade: number; periodSumFen: number },
): Promise<ClaimResult> {
  return sql.begin(async (tx) => {
    const env = (await envelopeById(tx, envelopeId, true))!;
    const prior = await priorClaim(tx, envelopeId, userId);
    if (prior) return answerPrior(envelopeId, prior, requestId);
    checkClaimable(env, player, Date.now());
    const amountFen = amountFor(env);
    if (env.paidFen + amountFen > env.budgetFen)
      throw new Error(`envelope ${envelopeId}: a claim would pass the budget`);
    const transferId = transferIds.activityEnvelopeClaim(envelopeId, userId);
    await tx`
      insert into activity_red_envelope_claims (envelope_id, user_id, amount_fen, request_id, transfer_id)
      values (${envelopeId}, ${userId}, ${amountFen}, ${requestId}, ${transferId})`;
    await tx`
      update activity_red_envelopes set paid_fen = paid_fen + ${amountFen}, claimed_count = claimed_count + 1
      where id = ${envelopeId}`;
    const moved = await transferInTx(tx, {
      transferId,
      from: { kind: 'house', userId: null },
      to: { kind: 'player', userId },
      amountFen,
      typeCode: TxType.PROMO_RED_ENVELOPE,
      userId,
      ref: transferRefs.activity(envelopeId),
      remark: env.title,
    });
    if (!moved.applied) throw new Error(`transfer ${transferId} existed without its claim row`);
    // like a recharge, the envelope's money must be bet before it can be withdrawn (withdraw settings' multiple)
    await addTurnover(tx, { userId, baseFen: amountFen, source: 'activity', ref: transferId });
    return { envelopeId, amountFen, balanceAfterFen: moved.balanceAfterFen, applied: true };
  });
}
