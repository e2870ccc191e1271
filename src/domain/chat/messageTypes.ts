/**
 * The chat message type catalogue (spec 001 section 3). Every kind of message travels the same
 * pipeline (store, publish, push, list): a new kind (red envelope 3, shared bet 7, record 9, push
 * plan 10) is a new entry here with its payload check, never a new pipeline. Type 20 (time
 * divider) exists only on the client and is never sent.
 */
import { hasControlChars } from '../controlChars.ts';
import { envelopePreview, parseEnvelopeMessage } from '../redEnvelope/message.ts';
import {
  parseShareBets,
  parseShareRecord,
  SHARE_MSG,
  sharedBetPreview,
  sharedRecordPreview,
} from '../share/message.ts';
import { MSG as ENVELOPE_MSG } from '../redEnvelope/rules.ts';

export const MessageType = {
  /** plain text, stored as sent */
  TEXT: 1,
  /** an uploaded image: JSON { imgPath, thumbPath } */
  IMAGE: 2,
  /** red envelope: sent as the form JSON, stored as { recordId, type, wishingRemark, num } (domain/redEnvelope) */
  RED_ENVELOPE: 3,
  /** shared bets: sent as { orderIds }, stored as { data: SharedBet[] } built by the server (domain/share) */
  SHARED_BET: 7,
  /** shared day record: sent as { date }, stored as { data: [SharedRecord] } built by the server (domain/share) */
  SHARED_RECORD: 9,
  /** push plan: posted by the server only (docs/push-plans.md), never sent by a player */
  PUSH_PLAN: 10,
  /** time divider: client only, never stored */
  TIME_DIVIDER: 20,
} as const;
export type MessageTypeId = (typeof MessageType)[keyof typeof MessageType];

export type Parsed = { ok: true; body: string } | { ok: false; msg: string };

/** The calls that send messages; each type names the ones that take it. */
export type SendCall = 'addMessage' | 'addImage' | 'addDirectMessage';

export interface MessageKind {
  id: number;
  name: string;
  /** the calls that take this type (a public room's image comes through addImage) */
  sentBy: readonly SendCall[];
  /** checks the sent text against the room's length limit; returns what is stored */
  parse(message: string, messageLength: number): Parsed;
  /** what a private-room list shows as the last message */
  preview(body: string): string;
  /** guests may not send this kind: what they are told (spec 001 section 6) */
  guestRefusal?: string;
  /** a muted sender of this kind reads spec 001 section 5's one message (chat/access mutedSendRefusal) */
  mutedSendMsg?: true;
}

export const EMPTY_MESSAGE_MSG = '内容不能为空';

/** Text: not blank, at most the room's messageLength characters, no control characters but line breaks. */
export function parseText(message: string, messageLength: number): Parsed {
  if (message.trim() === '') return { ok: false, msg: EMPTY_MESSAGE_MSG };
  if ([...message].length > messageLength)
    return { ok: false, msg: `消息不能超过${messageLength}个字符` };
  if (hasControlChars(message.replace(/\r\n?/g, '\n').replace(/\n/g, ''), false)) {
    return { ok: false, msg: '内容包含不允许的字符' };
  }
  return { ok: true, body: message.replace(/\r\n?/g, '\n') };
}

/** An image's paths point at the site's own uploads only (never another site, never javascript:). */
export const CHAT_IMAGE_PATH = /^\/uploads\/[0-9a-f]{32}\.(?:png|jpg|gif|webp)$/;

export function parseImage(message: string): Parsed {
  let value: unknown;
  try {
    value = JSON.parse(message);
  } catch {
    return { ok: false, msg: '图片消息格式不正确' };
  }
  const v = value as { imgPath?: unknown; thumbPath?: unknown } | null;
  if (!v || typeof v.imgPath !== 'string' || typeof v.thumbPath !== 'string')
    return { ok: false, msg: '图片消息格式不正确' };
  if (!CHAT_IMAGE_PATH.test(v.imgPath) || !CHAT_IMAGE_PATH.test(v.thumbPath))
    return { ok: false, msg: '图片地址不正确' };
  return { ok: true, body: JSON.stringify({ imgPath: v.imgPath, thumbPath: v.thumbPath }) };
}

export const MESSAGE_KINDS: ReadonlyMap<number, MessageKind> = new Map<number, MessageKind>([
  [
    MessageType.TEXT,
    {
      id: MessageType.TEXT,
      name: '文字',
      sentBy: ['addMessage', 'addDirectMessage'],
      parse: parseText,
      preview: (b) => b,
    },
  ],
  [
    MessageType.IMAGE,
    {
      id: MessageType.IMAGE,
      name: '图片',
      sentBy: ['addImage', 'addDirectMessage'],
      parse: parseImage,
      preview: () => '[图片]',
    },
  ],
  [
    MessageType.RED_ENVELOPE,
    {
      id: MessageType.RED_ENVELOPE,
      name: '红包',
      sentBy: ['addMessage', 'addDirectMessage'],
      parse: parseEnvelopeMessage,
      preview: envelopePreview,
      guestRefusal: ENVELOPE_MSG.guest,
      mutedSendMsg: true,
    },
  ],
  [
    MessageType.SHARED_BET,
    {
      id: MessageType.SHARED_BET,
      name: '分享注单',
      sentBy: ['addMessage', 'addDirectMessage'],
      parse: parseShareBets,
      preview: sharedBetPreview,
      guestRefusal: SHARE_MSG.guest,
      mutedSendMsg: true,
    },
  ],
  [
    MessageType.SHARED_RECORD,
    {
      id: MessageType.SHARED_RECORD,
      name: '分享战绩',
      sentBy: ['addMessage', 'addDirectMessage'],
      parse: parseShareRecord,
      preview: sharedRecordPreview,
      guestRefusal: SHARE_MSG.guest,
      mutedSendMsg: true,
    },
  ],
  // no call takes it: the plan job stores it itself (server/plans/engine.ts)
  [
    MessageType.PUSH_PLAN,
    {
      id: MessageType.PUSH_PLAN,
      name: '推送计划',
      sentBy: [],
      parse: () => ({ ok: false, msg: '不支持的消息类型' }),
      preview: () => '[计划]',
    },
  ],
]);

export function messageKind(id: number): MessageKind | null {
  return MESSAGE_KINDS.get(id) ?? null;
}

/**
 * Chat text as HTML for the client: everything escaped (no HTML a user sent is ever executed),
 * line breaks as `<br/>` (spec 001 section 5).
 */
export function chatTextHtml(text: string): string {
  const escaped = text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
  return escaped.replace(/\r\n?|\n/g, '<br/>');
}

/** A private-room list's subTitle: the text with any tags removed (spec 001 section 3). */
export function stripTags(text: string): string {
  return text.replace(/<[^>]*>/g, '');
}
