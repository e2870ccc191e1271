/**
 * Grabbing (snatch: a look, no money) and opening an envelope (one share paid).
 *
 * Open: a cheap read first answers the common losers (already received, none left, expired)
 * without a transaction. A possible winner runs ONE transaction: one statement takes the next
 * share and records the receipt (an UPDATE of the envelope row, which locks it, feeding an INSERT
 * of the receipt: `taken < num`, `state = 0` and `expires_at > now()` are checked under the row
 * lock), then one ledger transfer escrow → opener with the deterministic id rp:<recordCode>:<userId>
 * (type 207). The envelope row's lock serialises opens of one envelope, so `taken` can never pass
 * `num` and the escrow never pays more than it holds; the receipts' primary key (envelope, user)
 * and the transfer id make a second open of the same user (even concurrent) pay nothing: its
 * statement fails on the key and its transaction rolls back whole.
 */
import { transferIds } from '../../domain/transferIds.ts';
import { transferRefs } from '../../domain/transferRefs.ts';
import type { FastifyInstance } from 'fastify';
import type { Sql } from '../db/client.ts';
import { transferInTx } from '../ledger/ledger.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { TxType } from '../../domain/txTypes.ts';
import { formatFen } from '../../domain/money.ts';
import { MSG, OpenState } from '../../domain/redEnvelope/rules.ts';
import { assertCanSee, envelopeFor, shownSender, type EnvelopeRow, type Where } from './access.ts';

export const DIRECT_OWN_MSG = '私聊红包只能由对方领取';

const isExpired = (e: EnvelopeRow) => e.expires_at.getTime() <= Date.now();
const allTaken = (e: EnvelopeRow) => e.taken >= e.num;

/** snatchRedEnvelope: what the open dialog shows before the tap; no money moves. */
export async function snatch(sql: Sql, user: SessionUser, recordId: string, where: Where) {
  const e = await envelopeFor(sql, recordId, user.userId);
  await assertCanSee(sql, e, user, where);
  const head = {
    wishingRemark: e.wishing_remark,
    senderName: shownSender(e),
    senderAvatar: e.sender_avatar ?? '',
    type: e.type,
  };
  if (e.mine !== null)
    return { ...head, state: OpenState.RECEIVED, amount: formatFen(e.mine), msg: MSG.received };
  if (e.state === 4)
    return { ...head, state: OpenState.REFUNDED, amount: '0.00', msg: MSG.refunded };
  if (isExpired(e)) return { ...head, state: OpenState.EXPIRED, amount: '0.00', msg: MSG.expired };
  if (allTaken(e))
    return { ...head, state: OpenState.NONE_LEFT, amount: '0.00', msg: MSG.noneLeft };
  if (e.is_direct && e.sender_id === user.userId)
    return { ...head, state: OpenState.OTHER, amount: '0.00', msg: DIRECT_OWN_MSG };
  return { ...head, state: OpenState.CAN_OPEN, amount: '0.00', msg: '' };
}

export interface OpenResult {
  state: number;
  amount: string;
  msg: string;
}

/** The answer for an envelope this user cannot take a share of now (null: they may try). */
function closedAnswer(e: EnvelopeRow, userId: number): OpenResult | null {
  if (e.mine !== null)
    return { state: OpenState.OTHER, amount: formatFen(e.mine), msg: MSG.received };
  if (e.state === 4 || isExpired(e))
    return { state: OpenState.EXPIRED, amount: '0.00', msg: MSG.expired };
  if (allTaken(e)) return { state: OpenState.NONE_LEFT, amount: '0.00', msg: MSG.noneLeft };
  if (e.is_direct && e.sender_id === userId)
    return { state: OpenState.OTHER, amount: '0.00', msg: DIRECT_OWN_MSG };
  return null;
}

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

/**
 * Takes one share in one transaction (two statements and the ledger's three); null when no share
 * was left to take (exhausted, refunded or expired under the lock).
 */
export async function takeShare(
  sql: Sql,
  e: Pick<EnvelopeRow, 'id' | 'record_code' | 'sender_id'>,
  userId: number,
): Promise<number | null> {
  return sql.begin(async (tx) => {
    const [got] = await tx<{ amount_fen: number }[]>`
      with took as (
        update red_envelopes
           set taken = taken + 1,
               remaining_fen = remaining_fen - shares[taken + 1],
               state = case when taken + 1 = num then 5 else state end
         where id = ${e.id} and state = 0 and taken < num and expires_at > now()
        returning id, taken, shares[taken] as amount)
      insert into red_envelope_receipts (envelope_id, user_id, seq, amount_fen)
      select id, ${userId}, taken, amount from took
      returning amount_fen`;
    if (!got) return null;
    await transferInTx(tx, {
      transferId: transferIds.envelopeOpen(e.record_code, userId),
      from: { kind: 'red_envelope_escrow', userId: e.sender_id },
      to: { kind: 'player', userId },
      amountFen: got.amount_fen,
      typeCode: TxType.CHAT_RED_ENVELOPE_CLAIM,
      userId,
      ref: transferRefs.code(e.record_code),
    });
    return got.amount_fen;
  });
}

/** openRedEnvelope: pays this user one share, at most once per envelope. */
export async function openEnvelope(
  app: FastifyInstance,
  user: SessionUser,
  recordId: string,
  where: Where,
): Promise<OpenResult> {
  const sql = app.deps.sql;
  const e = await envelopeFor(sql, recordId, user.userId);
  await assertCanSee(sql, e, user, where);
  const closed = closedAnswer(e, user.userId);
  if (closed) return closed;
  let amount: number | null;
  try {
    amount = await takeShare(sql, e, user.userId);
  } catch (err) {
    // the same user's concurrent open took its share first: this one rolled back whole
    if (!isUniqueViolation(err)) throw err;
    amount = null;
  }
  if (amount !== null) return { state: OpenState.GOT, amount: formatFen(amount), msg: '' };
  const after = await envelopeFor(sql, recordId, user.userId);
  return (
    closedAnswer(after, user.userId) ?? {
      state: OpenState.NONE_LEFT,
      amount: '0.00',
      msg: MSG.noneLeft,
    }
  );
}
