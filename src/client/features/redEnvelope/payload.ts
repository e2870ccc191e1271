/**
 * The red-envelope message (type 3) as the chat shows it (spec 001 §3, §4): its payload, the viewer's
 * state as the history gives it (live pushes carry none: unread, available), and the local state the
 * card takes after a grab or an open.
 */
import type { ChatMessage } from '../chat/api';
import type { OpenResult, SnatchResult } from './api';
import { DEFAULT_WISH, EnvelopeState, MSG } from '../../../domain/redEnvelope/rules';

export const ENVELOPE_TYPE = 3;

/** Wire states of the viewer's envelope (contract: history lists). */
export const EnvState = EnvelopeState;

export interface EnvelopePayload {
  recordId: string;
  type: number;
  wishingRemark: string;
  num: number;
  isRead: boolean;
  state: number;
  amount: string;
}
/** What the card knows beyond the message after the viewer acted on it. */
export interface EnvelopeLocal {
  state: number;
  isRead: boolean;
  amount: string;
}

export { DEFAULT_WISH };
export const EXPIRED_MSG = MSG.expired;
export const EXHAUSTED_MSG = '手慢了，红包派完了';
export const REFUNDED_MSG = MSG.refunded;

/** A type-3 message's payload, or null when the message is not a well-formed envelope. */
export function envelopePayload(m: ChatMessage): EnvelopePayload | null {
  if (m.messageTypeId !== ENVELOPE_TYPE) return null;
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(m.message) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (!raw || typeof raw !== 'object' || typeof raw.recordId !== 'string' || !raw.recordId)
    return null;
  const state = Number(raw.state ?? 0);
  return {
    recordId: raw.recordId,
    type: Number(raw.type) === 2 ? 2 : 1,
    wishingRemark:
      typeof raw.wishingRemark === 'string' && raw.wishingRemark ? raw.wishingRemark : DEFAULT_WISH,
    num: Number(raw.num ?? 1),
    isRead: Number(raw.isRead ?? 0) === 1,
    state: Number.isInteger(state) && state >= 0 && state <= 5 ? state : 0,
    amount: typeof raw.amount === 'string' ? raw.amount : '',
  };
}

/** The card's state: the local one (after the viewer acted) over the payload's. */
export function cardState(p: EnvelopePayload, local?: EnvelopeLocal): EnvelopeLocal {
  return local ?? { state: p.state, isRead: p.isRead, amount: p.amount };
}

export function stateLabel(state: number): string {
  switch (state) {
    case EnvState.RECEIVED:
      return '已领取';
    case EnvState.EXHAUSTED:
    case EnvState.ALL_TAKEN:
      return '已抢完';
    case EnvState.EXPIRED:
      return '已过期';
    case EnvState.REFUNDED:
      return '已退回';
    default:
      return '未领取';
  }
}

/** The card's state after a grab (snatchRedEnvelope); null: still available (the 開 button shows). */
export function afterSnatch(r: SnatchResult): EnvelopeLocal | null {
  switch (r.state) {
    case 1:
      return null;
    case 2:
      return { state: EnvState.RECEIVED, isRead: true, amount: r.amount };
    case 0:
      return { state: EnvState.EXHAUSTED, isRead: true, amount: '' };
    case -1:
      return { state: EnvState.EXPIRED, isRead: true, amount: '' };
    case 4:
      return { state: EnvState.REFUNDED, isRead: true, amount: '' };
    default:
      return { state: EnvState.AVAILABLE, isRead: true, amount: '' };
  }
}

/** The card's state after an open (openRedEnvelope). */
export function afterOpen(r: OpenResult): EnvelopeLocal {
  switch (r.state) {
    case 1:
      return { state: EnvState.RECEIVED, isRead: true, amount: r.amount };
    case 0:
      return { state: EnvState.EXHAUSTED, isRead: true, amount: '' };
    case -1:
      return { state: EnvState.EXPIRED, isRead: true, amount: '' };
    default:
      return Number(r.amount) > 0
        ? { state: EnvState.RECEIVED, isRead: true, amount: r.amount }
        : { state: EnvState.AVAILABLE, isRead: true, amount: '' };
  }
}

/** The line the open dialog shows for an envelope that cannot be opened. */
export function closedText(state: number, msg = ''): string {
  if (state === EnvState.EXPIRED) return msg || EXPIRED_MSG;
  if (state === EnvState.EXHAUSTED || state === EnvState.ALL_TAKEN) return EXHAUSTED_MSG;
  if (state === EnvState.REFUNDED) return msg || REFUNDED_MSG;
  return msg;
}
