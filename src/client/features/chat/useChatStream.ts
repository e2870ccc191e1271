/**
 * One chat view's messages: the first history page, older pages on demand (throttled 1 s), the live
 * socket's new messages and its catch-up after every reconnect, all merged by id (messages.ts), and
 * the room events of push 3 handed to the page.
 *
 * With `held`, the newest messages shown are kept on this device for the user (query/lastAnswers.ts):
 * when the first page finds no network, they show instead, marked as offline content, and the socket
 * starts as usual, so once the network is back it catches up from the newest of them.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatMessage } from './api';
import { ChatSocket, type Frame, type SocketStatus } from './socket';
import { lastId, markWithdrawn, mergeMessages } from './messages';
import { PushCode, RoomEvent } from '../../../domain/chat/push';
import { FIRST_PAGE_SIZE, PAGE_SIZE } from '../../../domain/chat/constants';
import { refreshUser } from '../../state/session';
import { isOfflineError } from '../../api/request';
import { noteHeldContent } from '../../api/network';
import { heldAnswer, holdAnswer, type QueryKey } from '../../query';

export interface StreamSource {
  /** a page of history, oldest first: the newest page without `beforeId` */
  page(beforeId?: number): Promise<ChatMessage[]>;
  socket: { type: 1 | 7; roomId: string; password?: string; guestCode?: string } | null;
  /** where the messages shown are kept for offline (a logged-in player's rooms; none for guests) */
  held?: QueryKey;
}

export interface Stream {
  messages: ChatMessage[];
  loading: boolean;
  error: string;
  /** no older history left */
  done: boolean;
  loadingOlder: boolean;
  status: SocketStatus;
  statusMsg: string;
  /** with status 'closed': the push code that ended the socket for good (PushCode), else null */
  closedBy: number | null;
  loadOlder(): Promise<void>;
  reload(): void;
  /** a message this client just sent: shown at once (the push of it merges into the same row) */
  add(m: ChatMessage): void;
  remove(id: number): void;
}

const OLDER_THROTTLE_MS = 1000;
/** How many of the newest messages shown are kept for offline, and how long after a change they are written. */
export const HELD_MESSAGES = 50;
const HOLD_DELAY_MS = 1000;

export function useChatStream(source: StreamSource | null, onEvent: (f: Frame) => void): Stream {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState('');
  const [done, setDone] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [status, setStatus] = useState<SocketStatus>('connecting');
  const [statusMsg, setStatusMsg] = useState('');
  const [closedBy, setClosedBy] = useState<number | null>(null);
  const [generation, setGeneration] = useState(0);
  const listRef = useRef<ChatMessage[]>([]);
  listRef.current = messages;
  /** the highest id ever seen here (the list may have dropped it after paging up): the socket's lastId */
  const seenRef = useRef(0);
  const newest = lastId(messages);
  if (newest !== null && newest > seenRef.current) seenRef.current = newest;
  const eventRef = useRef(onEvent);
  eventRef.current = onEvent;
  const lastOlder = useRef(0);
  const srcRef = useRef(source);
  srcRef.current = source;

  const socketKey = source?.socket ? JSON.stringify(source.socket) : '';

  // biome-ignore lint/correctness/useExhaustiveDependencies: the source is read through srcRef; socketKey and generation say when to start over
  useEffect(() => {
    const src = srcRef.current;
    if (!src) return;
    let live = true;
    let socket: ChatSocket | null = null;
    setLoading(true);
    setError('');
    setMessages([]);
    seenRef.current = 0;
    setDone(false);
    const startSocket = (sock: NonNullable<StreamSource['socket']>) => {
      socket = new ChatSocket({
        ...sock,
        lastId: () => Math.max(seenRef.current, lastId(listRef.current) ?? 0) || null,
        onStatus: (s, msg, by) => {
          if (live) {
            setStatus(s);
            setStatusMsg(msg);
            setClosedBy(by ?? null);
          }
        },
        onFrame: (f) => {
          if (!live) return;
          if (f.code === PushCode.NEW_MESSAGE && typeof f.body === 'string') {
            try {
              const m = JSON.parse(f.body) as ChatMessage;
              setMessages((cur) => mergeMessages(cur, [m]));
            } catch {
              /* a frame that is not a message is ignored */
            }
            return;
          }
          // the session ended (logout elsewhere, forced out): asking who we are runs the app's session flow
          if (f.code === PushCode.FORCED_LOGIN) {
            void refreshUser();
            return;
          }
          if (f.code === PushCode.ROOM_EVENT && f.type === RoomEvent.MESSAGE_WITHDRAWN) {
            const id = Number((f.body as { id?: unknown })?.id);
            setMessages((cur) => markWithdrawn(cur, id));
          }
          eventRef.current(f);
        },
      });
      socket.start();
    };
    const show = (list: ChatMessage[]) => {
      setMessages((cur) => mergeMessages(cur, list));
      setDone(list.length < FIRST_PAGE_SIZE);
      setLoading(false);
      if (src.socket) startSocket(src.socket);
    };
    src.page().then(
      (list) => {
        if (live) show(list);
      },
      async (e: unknown) => {
        const kept =
          src.held && isOfflineError(e) ? await heldAnswer<ChatMessage[]>(src.held) : undefined;
        if (!live) return;
        if (kept?.length) {
          noteHeldContent();
          show(kept);
          return;
        }
        setError(e instanceof Error ? e.message : '加载失败');
        setLoading(false);
      },
    );
    return () => {
      live = false;
      socket?.stop();
    };
  }, [socketKey, generation, source === null]);

  // the newest messages shown, kept for offline: at once when they first show, then at most once a
  // HOLD_DELAY_MS (a busy room does not write each message)
  const heldKey = source?.held ? JSON.stringify(source.held) : '';
  const heldAt = useRef(0);
  useEffect(() => {
    if (!heldKey || loading || !messages.length) return;
    const write = () => {
      heldAt.current = Date.now();
      holdAnswer(JSON.parse(heldKey) as QueryKey, messages.slice(-HELD_MESSAGES)).catch(() => {});
    };
    const waitMs = heldAt.current + HOLD_DELAY_MS - Date.now();
    if (waitMs <= 0) {
      write();
      return;
    }
    const t = setTimeout(write, waitMs);
    return () => clearTimeout(t);
  }, [heldKey, loading, messages]);

  const loadOlder = useCallback(async () => {
    const src = srcRef.current;
    const oldest = listRef.current[0];
    if (
      !src ||
      !oldest ||
      done ||
      loadingOlder ||
      Date.now() - lastOlder.current < OLDER_THROTTLE_MS
    )
      return;
    lastOlder.current = Date.now();
    setLoadingOlder(true);
    try {
      const list = await src.page(oldest.id);
      setMessages((cur) => mergeMessages(cur, list, 'oldest'));
      if (list.length < PAGE_SIZE) setDone(true);
    } catch {
      /* the next scroll tries again */
    } finally {
      setLoadingOlder(false);
    }
  }, [done, loadingOlder]);

  return {
    messages,
    loading,
    error,
    done,
    loadingOlder,
    status,
    statusMsg,
    closedBy,
    loadOlder,
    reload: () => setGeneration((g) => g + 1),
    add: (m) => setMessages((cur) => mergeMessages(cur, [m])),
    remove: (id) => setMessages((cur) => markWithdrawn(cur, id)),
  };
}
