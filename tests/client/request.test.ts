import { describe, it, expect, beforeEach, afterEach, vi } from 'vitest';
import { request, buildRequest, encodeParams, ApiError } from '../../src/client/api/request';
import { decodeEnpathUrl } from '../../src/domain/enpath';
import {
  NETWORK_TIMEOUT_MSG,
  NETWORK_UNAVAILABLE_MSG,
  ORIGIN_REFUSED_MSG,
  ResponseCode,
} from '../../src/domain/errors';
import { quietDispatch } from './dispatch-fixtures';

const alerts: string[] = [];
beforeEach(() => {
  alerts.length = 0;
  quietDispatch('/index', {
    alert: async (t) => {
      alerts.push(t);
    },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function reply(body: unknown, status = 200) {
  return vi.fn(
    async () =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
  );
}

describe('request encoding', () => {
  it('form-encodes params: booleans as 1/0, null/undefined dropped', () => {
    expect(encodeParams({ a: 'x y', b: true, c: false, d: null, e: undefined, f: 3 })).toBe(
      'a=x+y&b=1&c=0&f=3',
    );
  });
  it('GET puts params in the query of an enpath URL that decodes to the real path', () => {
    const { url, init } = buildRequest('GET', '/v1/users/checkUser', { userName: 'abc' });
    expect(url.startsWith('/v1/enpath/')).toBe(true);
    expect(decodeEnpathUrl(url)).toEqual({
      realPath: '/v1/users/checkUser',
      query: '?userName=abc',
    });
    expect(init.body).toBeUndefined();
    expect(init.credentials).toBe('same-origin');
  });
  it('POST sends a urlencoded body', () => {
    const { url, init } = buildRequest('POST', '/v1/users/login', { userName: 'u', random: 'r1' });
    expect(decodeEnpathUrl(url)?.realPath).toBe('/v1/users/login');
    expect(init.body).toBe('userName=u&random=r1');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe(
      'application/x-www-form-urlencoded',
    );
  });
  it('upload sends multipart with the params appended', () => {
    const fd = new FormData();
    fd.append('file', new Blob(['x']), 'a.png');
    const { init } = buildRequest('POST', '/v1/users/uploadImage', { kind: 'avatar' }, fd);
    expect(init.body).toBe(fd);
    expect(fd.get('kind')).toBe('avatar');
  });
});

describe('request()', () => {
  it('resolves data on code 1', async () => {
    vi.stubGlobal('fetch', reply({ code: 1, msg: '', data: { ok: 5 } }));
    await expect(request('GET', '/v1/users/info')).resolves.toEqual({ ok: 5 });
  });
  it('rejects with ApiError and alerts unless inline', async () => {
    vi.stubGlobal('fetch', reply({ code: -1, msg: '用户名已存在', data: null }));
    await expect(request('POST', '/v1/users/register', {}, { inline: true })).rejects.toMatchObject(
      { code: -1, message: '用户名已存在' },
    );
    expect(alerts).toEqual([]);
    await expect(request('POST', '/v1/users/register', {})).rejects.toBeInstanceOf(ApiError);
    await Promise.resolve();
    expect(alerts).toEqual(['用户名已存在']);
  });
  it('4xx with an envelope gives its msg; without one the network message', async () => {
    vi.stubGlobal('fetch', reply({ code: -1, msg: '参数错误', data: null }, 400));
    await expect(request('GET', '/v1/x', {}, { inline: true })).rejects.toMatchObject({
      message: '参数错误',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>', { status: 502 })),
    );
    await expect(request('GET', '/v1/x', {}, { inline: true })).rejects.toMatchObject({
      message: NETWORK_UNAVAILABLE_MSG,
    });
  });
  it('a 403 origin refusal alerts its own message, not the network one', async () => {
    vi.stubGlobal(
      'fetch',
      reply({ code: ResponseCode.ORIGIN_REFUSED, msg: ORIGIN_REFUSED_MSG, data: null }, 403),
    );
    await expect(request('POST', '/v1/users/infoUpdate', {})).rejects.toMatchObject({
      code: ResponseCode.ORIGIN_REFUSED,
    });
    await Promise.resolve();
    expect(alerts).toEqual([ORIGIN_REFUSED_MSG]);
  });
  it('times out with 网络超时，请重试', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_u: string, init: RequestInit) =>
          new Promise((_r, reject) => {
            init.signal?.addEventListener('abort', () =>
              reject(new DOMException('aborted', 'AbortError')),
            );
          }),
      ),
    );
    await expect(
      request('GET', '/v1/slow', {}, { inline: true, timeoutMs: 20 }),
    ).rejects.toMatchObject({ message: NETWORK_TIMEOUT_MSG });
  });
});
