/** The one HTTP entry of the client: enpath-encoded paths, form bodies, envelope handling. */
import { encodeEnpath } from '../../domain/enpath';
import { REQUEST_TIMEOUT_MS } from '../../domain/constants';
import { NETWORK_TIMEOUT_MSG, NETWORK_UNAVAILABLE_MSG, type Envelope } from '../../domain/errors';
import { dispatchCode } from './dispatch';

export class ApiError extends Error {
  constructor(public code: number, message: string, public data: unknown = null) {
    super(message);
    this.name = 'ApiError';
  }
}

/** `quiet`: no dispatch at all (probes such as the first-load user-info check). */
export interface RequestOptions { inline?: boolean; quiet?: boolean; upload?: FormData; timeoutMs?: number }
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

/** Builds the wire URL and init for a call; exported for tests and the worker. */
export function buildRequest(method: 'GET' | 'POST', path: string, params?: Params, upload?: FormData): { url: string; init: RequestInit } {
  let url = encodeEnpath(path);
  const init: RequestInit = { method, credentials: 'same-origin', headers: { Accept: 'application/json' } };
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

/** Fetches and unwraps an envelope; throws ApiError without dispatching (used by the worker too). */
export async function fetchEnvelope<T>(method: 'GET' | 'POST', path: string, params?: Params, opts: RequestOptions = {}): Promise<Envelope<T>> {
  const { url, init } = buildRequest(method, path, params, opts.upload);
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), opts.timeoutMs ?? REQUEST_TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: ctrl.signal });
  } catch (e) {
    const timedOut = ctrl.signal.aborted;
    throw new ApiError(-1, timedOut ? NETWORK_TIMEOUT_MSG : NETWORK_UNAVAILABLE_MSG, e instanceof Error ? e.message : null);
  } finally {
    clearTimeout(timer);
  }
  let env: Envelope<T> | null = null;
  try {
    const json = (await res.json()) as unknown;
    if (json && typeof json === 'object' && 'code' in json && typeof (json as Envelope).code === 'number') env = json as Envelope<T>;
  } catch {
    env = null;
  }
  if (!env) throw new ApiError(-1, NETWORK_UNAVAILABLE_MSG);
  // 4xx with an envelope: treat as a plain refusal with its msg.
  if (!res.ok && env.code === 1) return { code: -1, msg: env.msg, data: env.data };
  return env;
}

export async function request<T = unknown>(method: 'GET' | 'POST', path: string, params?: Params, opts: RequestOptions = {}): Promise<T> {
  let env: Envelope<T>;
  try {
    env = await fetchEnvelope<T>(method, path, params, opts);
  } catch (e) {
    const err = e instanceof ApiError ? e : new ApiError(-1, NETWORK_UNAVAILABLE_MSG);
    if (!opts.inline && !opts.quiet) void dispatchCode(-1, err.message);
    throw err;
  }
  if (env.code === 1) return env.data;
  if (!opts.quiet) void dispatchCode(env.code, env.msg, { inline: opts.inline });
  throw new ApiError(env.code, env.msg || '操作失败', env.data);
}
