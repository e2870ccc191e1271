/**
 * Fetch-level fakes for the records screens: envelopes per real path (decoded from /v1/enpath/), handlers
 * may be async (to look at IndexedDB while a request is in flight) or throw to drop the connection.
 */
import { vi } from 'vitest';
import { decodeEnpathUrl } from '../../src/domain/enpath';
import type { LotteryItem } from '../../src/client/features/lottery/api';

export interface Call {
  path: string;
  method: string;
  query: URLSearchParams;
  body: URLSearchParams;
}
export type Envelope = { code: number; msg: string; data: unknown };
export type Handler = (c: Call) => Envelope | Promise<Envelope>;

export const ok = (data: unknown): Envelope => ({ code: 1, msg: '', data });
export const refuse = (msg: string, code = -1, data: unknown = null): Envelope => ({
  code,
  msg,
  data,
});

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

export const LOTTERIES: LotteryItem[] = [
  {
    lotteryCode: '1008',
    lotteryName: '鸿运分分彩',
    family: 'SSC',
    source: 'self',
    intervalSec: 60,
    closeLeadSec: 5,
    enabled: true,
    sort: 1,
  },
  {
    lotteryCode: '1407',
    lotteryName: '鸿运快三',
    family: 'K3',
    source: 'self',
    intervalSec: 60,
    closeLeadSec: 5,
    enabled: true,
    sort: 2,
  },
];

export let calls: Call[] = [];
export const callsTo = (path: string) => calls.filter((c) => c.path === path);

export function stubNetwork(handlers: Record<string, Handler>): void {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const decoded = decodeEnpathUrl(String(url));
      const path = decoded?.realPath ?? String(url);
      const call: Call = {
        path,
        method: init.method ?? 'GET',
        query: new URLSearchParams(decoded?.query ?? ''),
        body: new URLSearchParams(typeof init.body === 'string' ? init.body : ''),
      };
      calls.push(call);
      const handler =
        handlers[path] ??
        (path === '/v1/management/content/lotteryConfig'
          ? () => ok({ lotteryList: LOTTERIES })
          : undefined);
      const env = handler ? await handler(call) : refuse(`unexpected ${path}`);
      return new Response(JSON.stringify(env), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
}
