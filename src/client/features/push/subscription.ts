/**
 * This device's push subscription (docs/push.md). Permission is asked only by turnOn, which the
 * switch calls from a tap; nothing here asks on load. The browser's subscription and the server's
 * row are kept together: on turns both on, off (and logout) removes both.
 */
import { base64UrlBytes, PUSH_MSG } from '../../../domain/push';
import { ApiError } from '../../api/request';
import { getVapidPublicKey, removeSubscription, saveSubscription } from './api';

/** on: subscribed here; off: not (may be turned on); blocked: the browser denies notifications; unsupported: no Push API. */
export type PushState = 'on' | 'off' | 'blocked' | 'unsupported';

/**
 * Why turning on failed although the browser allows notifications: this browser has no working push
 * service (or no service worker), the server refused (its message and code), or no network.
 */
export type PushFailureKind = 'noService' | 'refused' | 'network';

export const PUSH_FAILURE_MSG = {
  noService:
    '此浏览器的推送服务不可用，未能开启红包提醒（可换用最新版 Chrome、Edge 或 Firefox，或刷新页面后再试）',
  refused: (msg: string, code: number) =>
    `服务器未接受本设备的订阅：${msg || '操作失败'}（错误码 ${code}）`,
  network: '网络连接失败，未能开启红包提醒，请检查网络后重试',
} as const;

export class PushError extends Error {
  constructor(
    public kind: PushFailureKind,
    message: string,
  ) {
    super(message);
    this.name = 'PushError';
  }
}

/** A failed site call as a PushError: refused with the server's code, or no network. */
function siteCallFailure(e: unknown): PushError {
  if (e instanceof ApiError && e.kind === 'refused')
    return new PushError('refused', PUSH_FAILURE_MSG.refused(e.message, e.code));
  return new PushError('network', PUSH_FAILURE_MSG.network);
}

async function siteCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (e) {
    throw siteCallFailure(e);
  }
}

const READY_TIMEOUT_MS = 10_000;
const LOGOUT_WAIT_MS = 2_000;

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  const timeout = new Promise<null>((r) => setTimeout(() => r(null), READY_TIMEOUT_MS));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const reg = await navigator.serviceWorker.getRegistration();
  return (await reg?.pushManager.getSubscription()) ?? null;
}

function wireOf(sub: PushSubscription) {
  const json = sub.toJSON();
  return { endpoint: sub.endpoint, p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' };
}

export async function readPushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  if (Notification.permission !== 'granted') return 'off';
  return (await currentSubscription()) ? 'on' : 'off';
}

/**
 * Tells the server about an existing subscription again (no prompt): the row moves to the user now
 * logged in on this device. Returns the state.
 */
export async function resyncSubscription(): Promise<PushState> {
  const state = await readPushState();
  if (state !== 'on') return state;
  const sub = await currentSubscription();
  if (sub) await saveSubscription(wireOf(sub));
  return 'on';
}

/**
 * Asks permission (call only from a tap), subscribes with the site's key and tells the server. A
 * failure after permission is a PushError saying why; nothing is left half on (a subscription the
 * server did not take is dropped again).
 */
export async function turnOn(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  // first, while the tap's user activation holds
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'off';
  const reg = await registration();
  if (!reg) throw new PushError('noService', PUSH_FAILURE_MSG.noService);
  const { publicKey } = await siteCall(getVapidPublicKey);
  const key = base64UrlBytes(publicKey);
  if (!key) throw new PushError('refused', PUSH_FAILURE_MSG.refused(PUSH_MSG.keys, -1));
  let sub = await reg.pushManager.getSubscription();
  const sameKey =
    sub?.options.applicationServerKey &&
    new Uint8Array(sub.options.applicationServerKey).join() === key.join();
  if (sub && !sameKey) {
    await sub.unsubscribe();
    sub = null;
  }
  try {
    sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  } catch {
    // e.g. AbortError "push service not available": a browser without a push service
    throw new PushError('noService', PUSH_FAILURE_MSG.noService);
  }
  const made = sub;
  await siteCall(() => saveSubscription(wireOf(made))).catch(async (e: unknown) => {
    await made.unsubscribe().catch(() => false);
    throw e;
  });
  return 'on';
}

export async function turnOff(): Promise<PushState> {
  const sub = await currentSubscription();
  if (sub) {
    await removeSubscription(sub.endpoint);
    await sub.unsubscribe();
  }
  return readPushState();
}

/** Before logout: this device stops getting the leaving user's pushes (bounded, never blocks the logout). */
export async function dropOnLogout(): Promise<void> {
  const work = (async () => {
    const sub = await currentSubscription();
    if (!sub) return;
    await removeSubscription(sub.endpoint).catch(() => {});
    await sub.unsubscribe().catch(() => false);
  })().catch(() => {});
  await Promise.race([work, new Promise((r) => setTimeout(r, LOGOUT_WAIT_MS))]);
}
