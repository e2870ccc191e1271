/** The one HTTP entry of the page: the wire (api/envelope.ts) plus the offline banner's notes and the one dispatcher. */
import { NETWORK_UNAVAILABLE_MSG, type Envelope } from '../../domain/errors';
import { dispatchCode } from './dispatch';
import { noteAnswer, noteCachedContent, noteNoAnswer } from './network';
import {
  ApiError,
  fetchEnvelopeWith,
  type AnswerObserver,
  type Params,
  type RequestOptions,
} from './envelope';

export * from './envelope';

const pageObserver: AnswerObserver = {
  noAnswer: noteNoAnswer,
  answered: noteAnswer,
  cached: noteCachedContent,
};

/** Fetches and unwraps an envelope for the page (its answers feed the offline banner); throws ApiError without dispatching. */
export function fetchEnvelope<T>(
  method: 'GET' | 'POST',
  path: string,
  params?: Params,
  opts: RequestOptions = {},
): Promise<Envelope<T>> {
  return fetchEnvelopeWith<T>(pageObserver, method, path, params, opts);
}

export async function request<T = unknown>(
  method: 'GET' | 'POST',
  path: string,
  params?: Params,
  opts: RequestOptions = {},
): Promise<T> {
  let env: Envelope<T>;
  try {
    env = await fetchEnvelope<T>(method, path, params, opts);
  } catch (e) {
    const err =
      e instanceof ApiError ? e : new ApiError(-1, NETWORK_UNAVAILABLE_MSG, null, 'network');
    // offline: the banner already says so, and the page's own state shows it; no alert on top
    if (!opts.inline && !opts.quiet && err.kind !== 'offline') void dispatchCode(-1, err.message);
    throw err;
  }
  if (env.code === 1) return env.data;
  if (!opts.quiet) void dispatchCode(env.code, env.msg, { inline: opts.inline });
  throw new ApiError(env.code, env.msg || '操作失败', env.data);
}

/** Whether the server answers at all: the probe of the network state while it is marked unreachable. */
export async function serverAnswers(): Promise<boolean> {
  try {
    await fetchEnvelope('GET', '/v1/betting/getServerTimeMillisecond', undefined, {
      timeoutMs: 5000,
    });
    return true;
  } catch {
    return false;
  }
}
