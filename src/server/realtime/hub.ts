/**
 * This instance's sockets, per room, and the exactly-once delivery of messages to them.
 *
 * Invariant: a socket is sent the messages of its room in room_seq order, each once, with no
 * gap. The room's state holds the highest seq pushed to its live sockets; a bus event whose seq
 * is not the next one waits, and the missing ones are read from the database (they are committed:
 * a room's seq is taken under its row lock, so seq n commits before seq n+1 can be taken). A
 * socket that joins with a cursor first reads what it missed from the database while it queues
 * what arrives live, then drops from the queue what the read already sent.
 * Frames are encoded once by the publisher and the same text goes to every socket.
 */
import type { WebSocket } from 'ws';
import type { Sql } from '../db/client.ts';
import { lastSeqOf, messageFrame, rowsAfterSeq } from '../chat/messages.ts';
import type { BusEvent, ChatBus } from './bus.ts';
import { MESSAGES_IN_VIEW } from '../../domain/chat/constants.ts';
import { CloseCode, PushCode, RoomEvent } from '../../domain/chat/push.ts';

const GAP_FILL_ROWS = 200;
const FILL_RETRY_MS = 1000;
/** how often the rooms with sockets are compared with the database, for publishes that never came */
const RESYNC_MS = 5000;

export interface ChatSocket {
  ws: WebSocket;
  roomId: number;
  userId: number | null;
  /** the highest seq sent to this socket */
  seq: number;
  /** while catching up: live frames waiting, with their seq */
  queue: { seq: number; frame: Buffer }[] | null;
}

interface RoomState {
  sockets: Set<ChatSocket>;
  /** the highest seq pushed to the live sockets; null until read from the database */
  seq: number | null;
  /** the seq read from the database when the state was made: "now" for sockets registered before */
  baseSeq: number;
  pending: Map<number, Buffer>;
  filling: boolean;
  ready: Promise<void>;
}

export class ChatHub {
  private rooms = new Map<number, RoomState>();

  private resyncTimer: NodeJS.Timeout;

  constructor(
    private sql: Sql,
    bus: ChatBus,
    private log: { warn(o: object, m: string): void },
  ) {
    bus.subscribe((e) => this.onEvent(e));
    this.resyncTimer = setInterval(() => void this.resync(), RESYNC_MS);
    this.resyncTimer.unref();
  }

  /**
   * A publish lost with nothing after it (Redis down for a moment) leaves no gap to notice: once
   * every RESYNC_MS one query compares each room's last seq with what its sockets have, and
   * reads what is missing.
   */
  async resync(): Promise<void> {
    const ids = [...this.rooms.entries()]
      .filter(([, st]) => st.seq !== null && !st.filling)
      .map(([id]) => id);
    if (ids.length === 0) return;
    const rows = await this.sql<{ id: number; last_seq: number }[]>`
      select id, last_seq from chat_rooms where id = any (${ids})`.catch((err) => {
      this.log.warn({ err }, 'chat resync failed');
      return [];
    });
    for (const row of rows) {
      const state = this.rooms.get(row.id);
      if (state && state.seq !== null && row.last_seq > state.seq && !state.filling)
        await this.fill(row.id, state);
    }
  }

  private room(roomId: number): RoomState {
    let state = this.rooms.get(roomId);
    if (!state) {
      const made: RoomState = {
        sockets: new Set(),
        seq: null,
        baseSeq: 0,
        pending: new Map(),
        filling: false,
        ready: Promise.resolve(),
      };
      made.ready = lastSeqOf(this.sql, roomId).then((seq) => {
        made.seq = seq;
        made.baseSeq = seq;
        this.drain(roomId, made);
      });
      this.rooms.set(roomId, made);
      state = made;
    }
    return state;
  }

  /**
   * Adds a socket, synchronously: from now on every message of its room reaches it (queued until
   * catchUp has run). The connect result is sent after this, so a client told it is connected
   * misses nothing that comes later.
   */
  register(s: ChatSocket): void {
    const state = this.room(s.roomId);
    s.queue = [];
    // "from now": the seq this instance has pushed so far (-1: not read yet, set by catchUp)
    s.seq = state.seq ?? -1;
    state.sockets.add(s);
  }

  /**
   * Sends a registered socket what it missed after `afterSeq` (null: nothing, it starts from
   * registration) from the database, then what was queued meanwhile: each message once, in order.
   */
  async catchUp(s: ChatSocket, afterSeq: number | null): Promise<void> {
    const state = this.rooms.get(s.roomId);
    if (!state?.sockets.has(s)) return; // closed meanwhile
    await state.ready;
    if (afterSeq === null) {
      if (s.seq < 0) s.seq = state.baseSeq;
    } else {
      s.seq = afterSeq;
      await this.replayWithdrawals(s, afterSeq);
      for (;;) {
        const rows = await rowsAfterSeq(this.sql, s.roomId, s.seq, GAP_FILL_ROWS);
        for (const row of rows) {
          if (row.state === 0) send(s, Buffer.from(messageFrame(row)));
          s.seq = row.room_seq;
        }
        if (rows.length < GAP_FILL_ROWS) break;
      }
    }
    const queued = s.queue ?? [];
    s.queue = null;
    for (const q of queued) {
      if (q.seq > s.seq) {
        send(s, q.frame);
        s.seq = q.seq;
      }
    }
  }

  /**
   * Withdrawals are room events, not messages: one missed while away is sent again for every
   * withdrawn message among those the client can still show (the MESSAGES_IN_VIEW up to its
   * cursor). Removing a message twice is harmless on the client.
   */
  private async replayWithdrawals(s: ChatSocket, afterSeq: number): Promise<void> {
    const rows = await this.sql<{ id: number }[]>`
      select id from chat_messages
      where room_id = ${s.roomId} and room_seq <= ${afterSeq} and room_seq > ${afterSeq - MESSAGES_IN_VIEW} and state <> 0
      order by room_seq`;
    for (const row of rows) {
      send(
        s,
        Buffer.from(
          JSON.stringify({
            code: PushCode.ROOM_EVENT,
            type: RoomEvent.MESSAGE_WITHDRAWN,
            body: { id: row.id },
          }),
        ),
      );
    }
  }

  leave(s: ChatSocket): void {
    const state = this.rooms.get(s.roomId);
    if (!state) return;
    state.sockets.delete(s);
    if (state.sockets.size === 0 && !state.filling) this.rooms.delete(s.roomId);
  }

  private onEvent(e: BusEvent): void {
    const state = this.rooms.get(e.roomId);
    if (!state) return;
    // encoded once: the same bytes go to every socket
    const bytes = Buffer.from(e.frame);
    if (e.kind === 'room') {
      for (const s of state.sockets) {
        if (e.userId !== undefined && s.userId !== e.userId) continue;
        send(s, bytes);
        if (e.closeAfter) s.ws.close(CloseCode.ROOM_CLOSED, 'room closed');
      }
      return;
    }
    if (state.seq !== null && e.seq <= state.seq) return;
    state.pending.set(e.seq, bytes);
    this.drain(e.roomId, state);
  }

  /** Pushes the pending messages in seq order; a gap is read from the database. */
  private drain(roomId: number, state: RoomState): void {
    if (state.seq === null) return;
    for (const seq of [...state.pending.keys()]) if (seq <= state.seq) state.pending.delete(seq);
    for (
      let next = state.pending.get(state.seq + 1);
      next !== undefined;
      next = state.pending.get(state.seq + 1)
    ) {
      state.pending.delete(state.seq + 1);
      state.seq += 1;
      this.broadcast(state, state.seq, next);
    }
    if (state.pending.size > 0 && !state.filling) void this.fill(roomId, state);
  }

  private async fill(roomId: number, state: RoomState): Promise<void> {
    state.filling = true;
    try {
      for (let more = true; more; ) {
        const rows = await rowsAfterSeq(this.sql, roomId, state.seq ?? 0, GAP_FILL_ROWS);
        more = rows.length === GAP_FILL_ROWS;
        for (const row of rows) {
          if (row.room_seq !== (state.seq ?? 0) + 1) {
            more = false;
            break;
          }
          state.seq = row.room_seq;
          state.pending.delete(row.room_seq);
          if (row.state === 0) this.broadcast(state, row.room_seq, Buffer.from(messageFrame(row)));
        }
      }
    } catch (err) {
      this.log.warn({ err, roomId }, 'chat gap fill failed');
      state.filling = false;
      setTimeout(() => this.drain(roomId, state), FILL_RETRY_MS).unref();
      return;
    }
    state.filling = false;
    if (state.sockets.size === 0) this.rooms.delete(roomId);
    else this.drain(roomId, state);
  }

  private broadcast(state: RoomState, seq: number, frame: Buffer): void {
    for (const s of state.sockets) {
      if (s.queue) s.queue.push({ seq, frame });
      else if (seq > s.seq) {
        send(s, frame);
        s.seq = seq;
      }
    }
  }

  close(): void {
    clearInterval(this.resyncTimer);
    for (const state of this.rooms.values())
      for (const s of state.sockets) s.ws.close(CloseCode.GOING_AWAY, 'going away');
    this.rooms.clear();
  }
}

/** Frames are JSON text: the bytes go out as a text frame. */
function send(s: ChatSocket, frame: Buffer): void {
  if (s.ws.readyState === 1) s.ws.send(frame, { binary: false });
}
