/**
 * Web push rules both sides agree on (docs/push.md): what a subscription must look like, the
 * notification payload's shape, and its lifetimes. The server checks subscriptions with these;
 * the service worker reads the payload shape.
 */

/** The payload the service worker receives (JSON text, encrypted aes128gcm by the server). */
export interface PushPayload {
  /** the room's title, or the sender's name for a private message */
  title: string;
  /** the envelope's wish, or a preview of the message */
  body: string;
  /** a same-origin path the notification opens: /chatRoom/<roomCode> or /chatDirect/<roomId> */
  url: string;
  /** notifications with the same tag replace each other on the device */
  tag: string;
}

/** Why a push is sent: its kind decides the recipients and the lifetime. */
export const PushKind = {
  /** a red envelope in a public room: the room's recent members */
  RED_ENVELOPE: 'envelope',
  /** an @-mention (or a manager's @全部) in a public room */
  MENTION: 'mention',
  /** a message in a private room: the other member */
  DIRECT: 'direct',
} as const;
export type PushKindName = (typeof PushKind)[keyof typeof PushKind];

/** A red envelope lives 12 hours: its push is worth delivering until then, no longer. */
export const ENVELOPE_PUSH_TTL_SEC = 12 * 60 * 60;
/** A chat message's push is stale after an hour (the user will see it in the room anyway). */
export const CHAT_PUSH_TTL_SEC = 60 * 60;
/** Public-room members for notifications: users who entered the room within this many days. */
export const ROOM_MEMBER_WINDOW_DAYS = 30;
/** The longest preview of a text message in a notification, in characters. */
export const PUSH_BODY_MAX_CHARS = 60;
/** The push service's Topic header: at most 32 characters of the URL-safe base64 alphabet. */
export const PUSH_TOPIC_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

export const PUSH_MSG = {
  endpoint: '推送地址不正确',
  keys: '推送密钥不正确',
  unsupported: '当前浏览器不支持消息提醒',
} as const;

/** Bytes of a base64url (or base64, padded or not) text, or null when it is not that. */
export function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_\-+/]+={0,2}$/.test(text)) return null;
  const std = text.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (std.length % 4 === 1) return null;
  const bin = atob(std + '='.repeat((4 - (std.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

export interface SubscriptionInput {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Why a browser's subscription is refused, or null. The endpoint is the push service's https URL
 * (at most 1000 characters); p256dh is an uncompressed P-256 point (65 bytes, first byte 4) and
 * auth a 16-byte secret, both base64url as PushSubscription.toJSON() gives them.
 */
export function subscriptionRefusal(s: SubscriptionInput): string | null {
  let url: URL;
  try {
    url = new URL(s.endpoint);
  } catch {
    return PUSH_MSG.endpoint;
  }
  if (url.protocol !== 'https:' || s.endpoint.length > 1000 || url.username || url.password)
    return PUSH_MSG.endpoint;
  const key = base64UrlBytes(s.p256dh);
  const auth = base64UrlBytes(s.auth);
  if (key?.length !== 65 || key[0] !== 4 || auth?.length !== 16) return PUSH_MSG.keys;
  return null;
}
