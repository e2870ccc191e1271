/**
 * The client tests' network at the fetch level: each request decoded from /v1/enpath/ to its real
 * path and answered with a `{code,msg,data}` envelope by the handler for that path. A handler may be
 * async (to hold a request, or look at IndexedDB while it is in flight) or throw to drop the
 * connection. The screens' own fixtures (records-net.ts, lottery-fixtures.ts) build on this one.
 */
import { vi } from 'vitest';
import { decodeEnpathUrl } from '../../src/domain/enpath';

export interface Call {
  path: string;
  method: string;
  query: URLSearchParams;
  body: URLSearchParams;
}
export type Envelope = { code: number; msg: string; data: unknown };
/** A handler returns an envelope, or throws to drop the connection. */
export type Handler = (c: Call) => Envelope | Promise<Envelope>;

export const ok = (data: unknown): Envelope => ({ code: 1, msg: '', data });
export const refuse = (msg: string, code = -1, data: unknown = null): Envelope => ({
  code,
  msg,
  data,
});
/** A dropped connection: what fetch throws when the request gets no answer. */
export const drop: Handler = () => {
  throw new TypeError('Failed to fetch');
};

/** The logged-in player of the client tests, as users/info answers it. */
export const USER = {
  userId: 7,
  userName: 'player01',
  nickName: '',
  avatar: '',
  grade: 0,
  agent: false,
  operator: false,
  isLogin: true,
  rebateupdatedAt: 0,
  userHasDigitalPay: false,
  realName: '',
  phone: '',
  email: '',
  qq: '',
  wechat: '',
  gender: 0 as const,
  birthday: '',
  hasSafetyPassword: false,
  hasSafetyQuestion: false,
  experience: 0,
  createdAt: 0,
};

/** Every request since the last stubNetwork, in the order they were sent. */
export let calls: Call[] = [];
export const callsTo = (path: string) => calls.filter((c) => c.path === path);

/**
 * Stubs fetch with `handlers`; a path with none falls to `fallback`, and one with neither is refused
 * as unexpected, so a test sees a request it did not plan for.
 */
export function stubNetwork(
  handlers: Record<string, Handler>,
  fallback: Record<string, Handler> = {},
): void {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const decoded = decodeEnpathUrl(String(url));
      const path = decoded?.realPath ?? String(url);
      const call: Call = {
        path,
        method: init?.method ?? 'GET',
        query: new URLSearchParams(decoded?.query ?? ''),
        body: new URLSearchParams(typeof init?.body === 'string' ? init.body : ''),
      };
      calls.push(call);
      const handler = handlers[path] ?? fallback[path];
      const env = handler ? await handler(call) : refuse(`unexpected ${path}`);
      return new Response(JSON.stringify(env), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
}
