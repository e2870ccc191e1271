/**
 * Typed calls of the chat red envelopes (contract: notes/envelope-api.md, spec 001 §3, §7): send
 * through the chat pipeline (message type 3, a money action with a request id), config, grab/open,
 * read mark, detail list and my records of the last 7 days.
 */
import { request } from '../../api/request';
import { safetyPasswordHash } from '../../../domain/credentials';
import type { ChatMessage } from '../chat/api';

const inline = { inline: true } as const;
const T = '/v1/transfer';

/** The send form's body (message JSON of addMessage / addDirectMessage). */
export interface EnvelopeForm {
  num: number;
  type: 1 | 2;
  amount: string;
  wishingRemark: string;
}

export interface EnvelopeConfig {
  amount: string;
  maxAmount: string;
  dayLimitAmount: string;
  dayLimitCount: number;
  dayLimitSendCount: number;
  minAmount: string;
  maxNum: number;
  hasSafetyPassword: boolean;
  defaultWish: string;
}
/** snatch state: 1 can open, 2 already received, 0 none left, -1 expired, 4 refunded */
export interface SnatchResult {
  state: number;
  amount: string;
  wishingRemark: string;
  senderName: string;
  senderAvatar: string;
  type: number;
  msg: string;
}
/** open state: 1 got money, 0 none left, -1 expired, 2 other message */
export interface OpenResult {
  state: number;
  amount: string;
  msg: string;
}
export interface DetailRow {
  userName: string;
  avatar: string;
  dispatchType: number;
  receiveTime: string;
  amount: string;
  isBest: number;
}
export interface EnvelopeDetail {
  amount: string;
  total: number;
  numTotal: number;
  amountTotal: string;
  receiveAmount: string;
  receiveNum: number;
  type: number;
  wishingRemark: string;
  senderName: string;
  senderAvatar: string;
  state: number;
  rows: DetailRow[];
}
export interface RecordRow {
  recordId: string;
  kind: 'received' | 'sent';
  amount: string;
  wishingRemark: string;
  time: string;
  senderName: string;
  roomCode: string;
  roomTitle: string;
  type: number;
  state: number;
  num: number;
  receiveNum: number;
}
export interface MyRecords {
  list: RecordRow[];
  total: number;
  receivedTotal: string;
  sentTotal: string;
}

/** Where an envelope lives: a public room (roomCode) or a private chat (roomId). */
export type Place = { roomCode: string } | { roomId: number };
const placeParams = (p: Place) =>
  'roomCode' in p
    ? { roomCode: p.roomCode, roomId: '', isDirect: 0 }
    : { roomCode: '', roomId: p.roomId, isDirect: 1 };

export const getEnvelopeConfig = () =>
  request<EnvelopeConfig>('GET', `${T}/queryConfigurationInformation`, { type: 2 }, inline);

export function sendEnvelope(
  place: Place,
  form: EnvelopeForm,
  userName: string,
  safetyPassword: string,
  requestId: string,
) {
  const message = JSON.stringify(form);
  const secret = { safetyPassword: safetyPasswordHash(userName, safetyPassword), requestId };
  return 'roomCode' in place
    ? request<ChatMessage>(
        'POST',
        '/v1/chat/addMessage',
        { roomCode: place.roomCode, messageTypeId: 3, status: 0, userIds: '', message, ...secret },
        inline,
      )
    : request<ChatMessage>(
        'POST',
        '/v1/chat/addDirectMessage',
        { roomId: place.roomId, messageTypeId: 3, message, ...secret },
        inline,
      );
}

export const snatchEnvelope = (recordId: string, place: Place) =>
  request<SnatchResult>(
    'POST',
    `${T}/snatchRedEnvelope`,
    { recordId, ...placeParams(place) },
    inline,
  );
export const openEnvelope = (recordId: string, place: Place) =>
  request<OpenResult>('POST', `${T}/openRedEnvelope`, { recordId, ...placeParams(place) }, inline);
export const markEnvelopeRead = (recordCode: string, state: number) =>
  request<null>('POST', `${T}/updateReadedRedEnvelop`, { recordCode, state }, { quiet: true });

export const DETAIL_PAGE_SIZE = 20;
export const getEnvelopeDetail = (recordId: string, pageNum: number, roomCode = '') =>
  request<EnvelopeDetail>(
    'GET',
    `${T}/queryReceiveRedEnvelope`,
    { recordId, pageNum, pageSize: DETAIL_PAGE_SIZE, roomCode },
    inline,
  );
export const RECORDS_PAGE_SIZE = 20;
export const getMyRecords = (pageNum: number, startTime: string, endTime: string, roomCode = '') =>
  request<MyRecords>(
    'GET',
    `${T}/queryFrontReceiveRedEnvelopeByUserid`,
    { pageNum, pageSize: RECORDS_PAGE_SIZE, roomCode, startTime, endTime },
    inline,
  );
