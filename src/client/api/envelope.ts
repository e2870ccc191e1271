/**
 * The wire of every call: enpath-encoded paths, form bodies, the {code,msg,data} envelope and the
 * ways a call fails. Free of the page's state, so the background worker loads it without React or
 * signals; api/request.ts adds the page's part (the offline banner and the one dispatcher).
 */
import { encodeEnpath } from '../../domain/enpath';
import { CACHED_ANSWER_HEADER, REQUEST_TIMEOUT_MS } from '../../domain/constants';
import {
  NETWORK_TIMEOUT_MSG,
  NETWORK_UNAVAILABLE_MSG,
  refusalReasonOf,
  type Envelope,
  type RefusalReasonValue,
} from '../../domain/errors';

/** What the page says when a request found no network (never "contact support": nothing is wrong with the site). */
export const OFFLINE_MSG = '网络连接失败，请检查网络后重试';
/** What a money action, or any other change, says when tried offline: nothing is sent. */
export const NEEDS_NETWORK_MSG = '当前处于离线状态，此操作需要网络连接，请联网后重试';

/**
 * The browser's own flag, read now: what sending is gated on. A server marked unreachable by one failed
 * request does not block a retry (a dropped bet must be retried with its same id), only the display.
 */
export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/**
 * Why a call failed: the server refused it (an envelope with its code), no answer came (`network`:
 * the server may or may not have acted), it timed out, or there was no network at all (`offline`:
 * a POST is then not sent at all; a GET found nothing in the service worker's cache either).
 */
export type ApiErrorKind = 'refused' | 'network' | 'timeout' | 'offline';

export class ApiError extends Error {
  constructor(
    public code: number,
    message: string,
    public data: unknown = null,
    public kind: ApiErrorKind = 'refused',
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The typed reason of a refusal (domain RefusalReason), null for any other failure: what a form branches on, never the text. */
export function refusalReason(e: unknown): RefusalReasonValue | null {
  return e instanceof ApiError && e.kind === 'refused' ? refusalReasonOf(e.data) : null;
}

/** A failure with no answer from the server (kind network or timeout): an action may have been applied. */
export function isNoAnswer(e: unknown): boolean {
  return e instanceof ApiError && (e.kind === 'network' || e.kind === 'timeout');
}

export function isOfflineError(e: unknown): boolean {
  return e instanceof ApiError && e.kind === 'offline';
}

/** `quiet`: no dispatch at all (probes such as the first-load user-info check). */
export interface RequestOptions {
  inline?: boolean;
  quiet?: boolean;
  upload?: FormData;
  timeoutMs?: number;
}
export type Params = Record<string, string | number | boolean | null | undefined>;

/** Form-encodes params: booleans as 1/0, null/undefined dropped. */
export function encodeParams(params: Params | undefined): string {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(params ?? {})) {
    if (v === undefined || v === null) continue;
    out.append(k, typeof v === 'boolean' ? (v ? '1' : '0') : String(v));
  }
  return out.toString();
}

/** Headers sent with every call while set: the /admin pages name themselves for the operator audit log. */
const contextHeaders = new Map<string, string>();
export function setContextHeader(name: string, value: string | null): void {
  if (value === null) contextHeaders.delete(name);
  else contextHeaders.set(name, value);
}

/** Builds the wire URL and init for a call; exported for tests and the worker. */
export function buildRequest(
  method: 'GET' | 'POST',
  path: string,
  params?: Params,
  upload?: FormData,
): { url: string; init: RequestInit } {
  let url = encodeEnpath(path);
  const init: RequestInit = {
    method,
    credentials: 'same-origin',
    headers: { Accept: 'application/json', ...Object.fromEntries(contextHeaders) },
  };
  const body = encodeParams(params);
  if (method === 'GET') {
    if (body) url += `?${body}`;
  } else if (upload) {
    for (const [k, v] of new URLSearchParams(body)) upload.append(k, v);
    init.body = upload;
  } else {
    init.body = body;
    init.headers = { ...init.headers, 'Content-Type': 'application/x-www-form-urlencoded' };
  }
  return { url, init };
}

/**
 * What a page does with how a call went (api/network.ts keeps the offline banner from it); the
 * background worker passes none: its calls mark nothing on the page.
 */
export interface AnswerObserver {
  /** no answer came at all (not a timeout) */
  noAnswer(): void;
  /** an answer came from the server itself */
  answered(): void;
  /** an answer came from the service worker's cache */
  cached(): void;
}

/** Fetches and unwraps an envelope; throws ApiError without dispatching. */
export async function fetchEnvelopeWith<T>(
  observer: AnswerObserver | null,
  method: 'GET' | 'POST',
  path: string,
  params?: Params,
  opts: RequestOptions = {},
): Promise<Envelope<T>> {
  // Offline, a change is not sent at all (never queued silently); a GET may still come from the
  // service worker's cache.
  if (method === 'POST' && !isOnline()) throw new ApiError(-1, NEEDS_NETWORK_MSG, null, 'offline');
  const { url, init } = buildRequest(method, path, params, opts.upload);
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), opts.timeoutMs ?? REQUEST_TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: ctrl.signal });
  } catch (e) {
    const detail = e instanceof Error ? e.message : null;
    if (ctrl.signal.aborted) throw new ApiError(-1, NETWORK_TIMEOUT_MSG, detail, 'timeout');
    observer?.noAnswer();
    // A GET changes nothing, so no answer simply means no network; a POST's outcome is unknown.
    if (method === 'GET') throw new ApiError(-1, OFFLINE_MSG, detail, 'offline');
    throw new ApiError(-1, NETWORK_UNAVAILABLE_MSG, detail, 'network');
  } finally {
    clearTimeout(timer);
  }
  if (res.headers.get(CACHED_ANSWER_HEADER)) observer?.cached();
  else observer?.answered();
  let env: Envelope<T> | null = null;
  try {
    const json = (await res.json()) as unknown;
    if (
      json &&
      typeof json === 'object' &&
      'code' in json &&
      typeof (json as Envelope).code === 'number'
    )
      env = json as Envelope<T>;
  } catch {
    env = null;
  }
  if (!env) throw new ApiError(-1, NETWORK_UNAVAILABLE_MSG, null, 'network');
  // 4xx with an envelope: treat as a plain refusal with its msg.
  if (!res.ok && env.code === 1) return { code: -1, msg: env.msg, data: env.data };
  return env;
}
