/**
 * The live socket of one chat view (docs/chat.md, spec 001 section 4). Each attempt takes a fresh
 * one-time key, opens `/v1/broadCast/chat` with `lastId` = the newest message the view holds, so the
 * server replays exactly what was missed (the view merges by id besides, so nothing shows twice).
 * Connecting: a refusal is final (its message shown, no retry) unless its reason (body.reason) says a
 * fresh key fixes it; any other failure retries
 * once a second up to 5 times, then reports 'failed' and keeps trying with a growing pause (up to
 * 30 s) and at once when the network comes back or the page is shown again. A socket that was open
 * and closes reconnects after 2 s. Heartbeats (6) are answered with 9; a socket silent for more than
 * two heartbeats is taken as dead (mobile networks drop without a close).
 */
import { getChatKey } from './api';
import { HEARTBEAT_INTERVAL_MS } from '../../../domain/chat/constants';
import { PushCode } from '../../../domain/chat/push';
import { RefusalReason, refusalReasonOf } from '../../../domain/errors';

export type SocketStatus = 'connecting' | 'open' | 'retrying' | 'failed' | 'closed';
export interface Frame {
  code: number;
  type?: number;
  body?: unknown;
  msg?: string;
  success?: boolean;
  extend?: unknown;
}

export interface ChatSocketOptions {
  /** type 1 public (roomId = roomCode), 7 private (roomId = private room id) */
  type: 1 | 7;
  roomId: string;
  /** md5 of the room password (public rooms) */
  password?: string;
  guestCode?: string;
  lastId(): number | null;
  onFrame(frame: Frame): void;
  /** `closedBy`: with 'closed', the push code that ended the socket for good (2 a refusal, 13, 14, 15) */
  onStatus(status: SocketStatus, msg: string, closedBy?: number): void;
}

export const CONNECT_FAILED_MSG = '连接失败，请稍后再试';
const RETRY_MS = 1000;
const RETRIES = 5;
const RECONNECT_MS = 2000;
const MAX_PAUSE_MS = 30_000;
/** the socket counts as dead after this long without any frame */
const SILENT_MS = HEARTBEAT_INTERVAL_MS * 2 + 5000;

export function socketUrl(
  o: Pick<ChatSocketOptions, 'type' | 'roomId' | 'password' | 'guestCode'>,
  key: string,
  lastId: number | null,
  origin = location.origin,
): string {
  const q = new URLSearchParams({ type: String(o.type), key, roomId: o.roomId });
  if (o.type === 1) {
    q.set('password', o.password ?? '');
    q.set('api', '/chat');
    q.set('guestCode', o.guestCode ?? '');
  }
  if (lastId !== null) q.set('lastId', String(lastId));
  return `${origin.replace(/^http/, 'ws')}/v1/broadCast/chat?${q}`;
}

export class ChatSocket {
  private ws: WebSocket | null = null;
  private stopped = false;
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private silence: ReturnType<typeof setTimeout> | null = null;
  private attempt = 0;
  /** when the open socket last heard anything */
  private heardAt = 0;

  constructor(private o: ChatSocketOptions) {}

  start(): void {
    addEventListener('online', this.wake);
    addEventListener('offline', this.drop);
    document.addEventListener('visibilitychange', this.onVisible);
    void this.connect();
  }

  stop(): void {
    this.stopped = true;
    removeEventListener('online', this.wake);
    removeEventListener('offline', this.drop);
    document.removeEventListener('visibilitychange', this.onVisible);
    this.clearTimers();
    this.ws?.close(1000);
    this.ws = null;
  }

  private clearTimers() {
    if (this.timer) clearTimeout(this.timer);
    if (this.silence) clearTimeout(this.silence);
    this.timer = this.silence = null;
  }

  /** network back or page shown: try now (a live socket is left alone) */
  private wake = () => {
    if (this.stopped || (this.ws && this.ws.readyState <= WebSocket.OPEN)) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    void this.connect();
  };

  /** the device went offline: the socket is gone whether or not it has noticed */
  private drop = () => {
    this.ws?.close();
  };

  private onVisible = () => {
    if (document.visibilityState !== 'visible') return;
    // a phone may have frozen the page and its socket without a close: one silent for longer than a
    // heartbeat is replaced (the new one catches up from the last id)
    if (
      this.ws?.readyState === WebSocket.OPEN &&
      Date.now() - this.heardAt > HEARTBEAT_INTERVAL_MS + 5000
    )
      this.ws.close();
    this.wake();
  };

  private schedule(ms: number) {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.connect();
    }, ms);
  }

  private fail() {
    this.failures += 1;
    if (this.failures < RETRIES) {
      this.o.onStatus('retrying', '连接中…');
      this.schedule(RETRY_MS);
    } else {
      this.o.onStatus('failed', CONNECT_FAILED_MSG);
      this.schedule(Math.min(MAX_PAUSE_MS, RETRY_MS * 2 ** (this.failures - RETRIES + 1)));
    }
  }

  private final(msg: string, closedBy: number) {
    this.stopped = true;
    this.clearTimers();
    this.o.onStatus('closed', msg, closedBy);
  }

  private armSilence(ws: WebSocket) {
    if (this.silence) clearTimeout(this.silence);
    this.silence = setTimeout(() => {
      if (this.ws === ws) ws.close();
    }, SILENT_MS);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    // one attempt at a time: a reconnect already planned is this one
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const attempt = ++this.attempt;
    this.o.onStatus(this.failures ? 'retrying' : 'connecting', '连接中…');
    let key: string;
    try {
      key = await getChatKey(this.o.guestCode);
    } catch {
      if (attempt === this.attempt) this.fail();
      return;
    }
    if (this.stopped || attempt !== this.attempt) return;
    // never two sockets: one being replaced is closed without a reconnect of its own
    const old = this.ws;
    this.ws = null;
    old?.close();
    const ws = new WebSocket(socketUrl(this.o, key, this.o.lastId()));
    this.ws = ws;
    let opened = false;
    ws.onmessage = (ev) => {
      if (this.ws !== ws) return;
      this.armSilence(ws);
      this.heardAt = Date.now();
      let f: Frame;
      try {
        f = JSON.parse(String(ev.data)) as Frame;
      } catch {
        return;
      }
      if (f.code === PushCode.HEARTBEAT) {
        ws.send(JSON.stringify({ code: PushCode.HEARTBEAT_REPLY }));
        return;
      }
      if (f.code === PushCode.CONNECT_RESULT) {
        if (f.success) {
          opened = true;
          this.failures = 0;
          this.o.onStatus('open', '');
        }
        // a used or expired key is not final: the next attempt takes a fresh one
        else if (f.msg && refusalReasonOf(f.body) !== RefusalReason.CHAT_KEY_STALE)
          this.final(f.msg, f.code);
      } else if (
        f.code === PushCode.FORCED_LOGIN ||
        f.code === PushCode.ROOM_DELETED ||
        f.code === PushCode.PERMISSIONS_CHANGED
      ) {
        const body = f.body as { msg?: string } | undefined;
        this.final(f.msg ?? body?.msg ?? CONNECT_FAILED_MSG, f.code);
      }
      this.o.onFrame(f);
    };
    ws.onopen = () => {
      this.heardAt = Date.now();
      this.armSilence(ws);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.silence) clearTimeout(this.silence);
      if (this.stopped) return;
      if (opened) {
        this.o.onStatus('retrying', '连接已断开，正在重连…');
        this.schedule(RECONNECT_MS);
      } else this.fail();
    };
  }
}
