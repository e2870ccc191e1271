/**
 * Sending a red envelope: the server step of message type 3 in the one chat pipeline
 * (chat/send.ts sendToRoom). In ONE transaction: the sender's user row locked FOR NO KEY UPDATE
 * (their sends are serialised, so the quota and the request id are checked against committed
 * sends; the rows that merely reference the user, like an open's receipt, never wait), the daily
 * quota and count, one ledger transfer of the total from the player to their red_envelope_escrow
 * (rs:<recordCode>, 307), the chat message row and the envelope row. Never money without a
 * message, never a message without money. Published after commit.
 *
 * requestId: (sender, request_id) is unique; a repeat with the same fingerprint answers the first
 * message and sends nothing; with another fingerprint it is refused (REQUEST_REUSED_MSG).
 */
import { randomInt } from 'node:crypto';
import { transferIds } from '../../domain/transferIds.ts';
import { transferRefs } from '../../domain/transferRefs.ts';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../db/client.ts';
import { refuse } from '../http/envelope.ts';
import { RefusalReason, refusalData } from '../../domain/errors.ts';
import { assertSameFingerprint, requestFingerprint } from '../http/idempotency.ts';
import { transferInTx, type AccountKind } from '../ledger/ledger.ts';
import { checkSafetyPassword, NO_SAFETY_PASSWORD_MSG } from '../cards/safety.ts';
import { TxType } from '../../domain/txTypes.ts';
import { REQUEST_ID_PATTERN } from '../../domain/requests.ts';
import { MessageType } from '../../domain/chat/messageTypes.ts';
import { envelopeBody, planOf } from '../../domain/redEnvelope/message.ts';
import {
  checkLimits,
  ENVELOPE_LIFE_MS,
  MSG,
  type EnvelopePlan,
} from '../../domain/redEnvelope/rules.ts';
import { splitShares } from '../../domain/redEnvelope/split.ts';
import {
  messageRow,
  publishRow,
  storeMessage,
  wireMessage,
  type MessageRow,
  type WireMessage,
} from '../chat/messages.ts';
import type { RoomRow } from '../chat/rooms.ts';
import { limitsForGrade, usedToday } from './config.ts';

export const REQUEST_ID_MSG = '请求编号不正确，请刷新后重试';
export const SAFETY_NEEDED_MSG = '请输入资金密码';

/** HB + 18 digits from the crypto generator. */
export function newRecordCode(): string {
  const a = String(randomInt(0, 1_000_000_000)).padStart(9, '0');
  const b = String(randomInt(0, 1_000_000_000)).padStart(9, '0');
  return `HB${a}${b}`;
}

export interface EnvelopeSend {
  room: RoomRow;
  senderId: number;
  plan: EnvelopePlan;
  requestId: string;
  /** a system envelope: funded by the house, no quota (the operator's send) */
  system: boolean;
}

/** The fingerprint of a send: where and what. */
function fingerprintOf(s: EnvelopeSend): string {
  const p = s.plan;
  return requestFingerprint({
    roomId: s.room.id,
    num: p.num,
    type: p.type,
    amountFen: p.amountFen,
    wish: p.wishingRemark,
    system: s.system,
  });
}

/** The ledger side the money comes from: the player's wallet, or the house for a system envelope. */
export function fundingOf(
  senderId: number,
  system: boolean,
): { kind: AccountKind; userId: number | null } {
  return system ? { kind: 'house', userId: null } : { kind: 'player', userId: senderId };
}

/**
 * Stores the envelope, its money and its message in one transaction; answers the message row and
 * whether it is new (false: a replay of the same request id).
 */
export async function storeEnvelope(
  app: FastifyInstance,
  s: EnvelopeSend,
): Promise<{ row: MessageRow; fresh: boolean }> {
  const fingerprint = fingerprintOf(s);
  return app.deps.sql.begin(async (tx) => {
    const [user] = await tx<
      { grade: number }[]
    >`select grade from users where id = ${s.senderId} for no key update`;
    if (!user) refuse('用户不存在');
    const replay = await priorSend(tx, s.senderId, s.requestId, fingerprint);
    if (replay) return { row: replay, fresh: false };
    if (!s.system) {
      const nowMs = Date.now();
      const limits = await limitsForGrade(tx, user.grade);
      const used = await usedToday(tx, s.senderId, nowMs);
      const refusal = checkLimits(s.plan, {
        maxPerPersonFen: limits.maxAmountFen,
        remainingFen: Math.max(0, limits.dayLimitAmountFen - used.usedFen),
        dayLimitCount: limits.dayLimitCount,
        sentToday: used.count,
        direct: s.room.type === 7,
      });
      if (refusal) refuse(refusal);
    }
    const shares = splitShares(s.plan.type, s.plan.num, s.plan.totalFen, randomInt);
    const code = newRecordCode();
    await transferInTx(tx, {
      transferId: transferIds.envelopeSend(code),
      from: fundingOf(s.senderId, s.system),
      to: { kind: 'red_envelope_escrow', userId: s.senderId },
      amountFen: s.plan.totalFen,
      typeCode: TxType.SEND_RED_ENVELOPE,
      userId: s.system ? null : s.senderId,
      ref: transferRefs.code(code),
      remark: s.plan.wishingRemark,
    });
    const row = await storeMessage(tx, {
      roomId: s.room.id,
      userId: s.senderId,
      messageTypeId: MessageType.RED_ENVELOPE,
      body: envelopeBody(code, s.plan),
      status: 0,
    });
    await tx`
      insert into red_envelopes (record_code, sender_id, room_id, is_direct, is_system, type, num, total_fen, shares, remaining_fen,
                                 wishing_remark, expires_at, request_id, request_hash, message_id, created_at)
      values (${code}, ${s.senderId}, ${s.room.id}, ${s.room.type === 7}, ${s.system}, ${s.plan.type}, ${s.plan.num}, ${s.plan.totalFen},
              ${shares}::bigint[], ${s.plan.totalFen}, ${s.plan.wishingRemark}, ${new Date(row.created_at.getTime() + ENVELOPE_LIFE_MS)},
              ${s.requestId}, ${fingerprint}, ${row.id}, ${row.created_at})`;
    return { row, fresh: true };
  });
}

async function priorSend(
  tx: Tx,
  senderId: number,
  requestId: string,
  fingerprint: string,
): Promise<MessageRow | null> {
  const [prior] = await tx<{ request_hash: string; message_id: number | null }[]>`
    select request_hash, message_id from red_envelopes where sender_id = ${senderId} and request_id = ${requestId}`;
  if (!prior) return null;
  assertSameFingerprint(prior.request_hash, fingerprint);
  const row = prior.message_id === null ? null : await messageRow(tx, prior.message_id);
  if (!row) refuse('红包消息已删除');
  return row;
}

export interface MoneyFields {
  safetyPassword?: string;
  requestId?: string;
}

/**
 * The server step of type 3 (chat/send.ts calls it after the catalogue's parse): a member only,
 * the safety password, then storeEnvelope; publishes a new message, answers a replay's first.
 */
export async function sendEnvelope(
  app: FastifyInstance,
  room: RoomRow,
  senderId: number | null,
  body: string,
  money: MoneyFields,
): Promise<{ message: WireMessage; fresh: boolean }> {
  if (senderId === null) refuse(MSG.guest);
  const plan = planOf(body);
  if (room.type === 7 && plan.num !== 1) refuse(MSG.directOne);
  if (!money.requestId || !REQUEST_ID_PATTERN.test(money.requestId)) refuse(REQUEST_ID_MSG);
  const sql = app.deps.sql;
  if (!money.safetyPassword) {
    const [u] = await sql<
      { has: boolean }[]
    >`select safety_kdf is not null as has from users where id = ${senderId}`;
    if (u?.has) refuse(SAFETY_NEEDED_MSG, -1, refusalData(RefusalReason.SAFETY_PASSWORD_REFUSED));
    refuse(
      NO_SAFETY_PASSWORD_MSG,
      -1,
      refusalData(RefusalReason.NO_SAFETY_PASSWORD, { needSafetyPassword: true }),
    );
  }
  await checkSafetyPassword(sql, senderId, money.safetyPassword);
  const { row, fresh } = await storeEnvelope(app, {
    room,
    senderId,
    plan,
    requestId: money.requestId,
    system: false,
  });
  // a replay answers the first message as it was, published nowhere
  return {
    message: fresh ? await publishRow((e) => app.chat.publish(e), row) : wireMessage(row),
    fresh,
  };
}
