/// <reference lib="webworker" />
/** Background worker (comlink): time sync, heartbeat, image compression, usage trace. */
import { expose } from 'comlink';
import { call } from './api';
import { syncServerTime, type Probe } from './timeSync';
import { compressImage } from './compress';
import {
  HEARTBEAT_FAILURES_KEPT,
  HEARTBEAT_INTERVAL_MS,
  USAGE_TRACE_INTERVAL_MS,
} from '../../domain/constants';

export interface HeartbeatFailure {
  at: number;
  code: number;
  msg: string;
}
export interface WorkerEvents {
  onCode(code: number, msg: string): void;
}

let heartbeatTimer: ReturnType<typeof setInterval> | null = null;
let traceTimer: ReturnType<typeof setInterval> | null = null;
const failures: HeartbeatFailure[] = [];
let events: WorkerEvents | null = null;
let currentPath = '/index';
let lastTraceAt = Date.now();

async function probe(): Promise<Probe | null> {
  const sentAt = Date.now();
  const r = await call<number>('GET', '/v1/getServerTime');
  const receivedAt = Date.now();
  if (r.code !== 1 || typeof r.data !== 'number') return null;
  return { sentAt, receivedAt, serverTime: r.data };
}

async function beat(): Promise<void> {
  const r = await call('GET', '/v1/users/dmh/ch');
  if (r.code === 1) return;
  failures.push({ at: Date.now(), code: r.code, msg: r.msg });
  if (failures.length > HEARTBEAT_FAILURES_KEPT)
    failures.splice(0, failures.length - HEARTBEAT_FAILURES_KEPT);
  // Session codes go back to the page so the one dispatcher handles them.
  if (r.code !== -1) events?.onCode(r.code, r.msg);
}

const api = {
  setEvents(e: WorkerEvents) {
    events = e;
  },
  syncTime: () => syncServerTime(probe),
  startHeartbeat() {
    if (heartbeatTimer) return;
    heartbeatTimer = setInterval(() => {
      void beat();
    }, HEARTBEAT_INTERVAL_MS);
  },
  stopHeartbeat() {
    if (heartbeatTimer) clearInterval(heartbeatTimer);
    heartbeatTimer = null;
  },
  heartbeatFailures: () => failures.slice(),
  setPath(p: string) {
    currentPath = p;
  },
  /** Usage trace every 60 s; the page tells whether the user qualifies. */
  startTrace() {
    if (traceTimer) return;
    lastTraceAt = Date.now();
    traceTimer = setInterval(() => {
      const elapsedSec = Math.min(86400, Math.round((Date.now() - lastTraceAt) / 1000));
      lastTraceAt = Date.now();
      void call('POST', '/v1/statistics/dataPush', { elapsedSec, path: currentPath });
    }, USAGE_TRACE_INTERVAL_MS);
  },
  stopTrace() {
    if (traceTimer) clearInterval(traceTimer);
    traceTimer = null;
  },
  compressImage,
};

export type WorkerApi = typeof api;
expose(api);
