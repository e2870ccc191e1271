/** The /v1/enpath/ codec: round trips, and every kind of bad segment refused. */
import { describe, expect, it } from 'vitest';
import {
  decodeEnpathSegment,
  decodeEnpathUrl,
  encodeEnpath,
  ENPATH_PREFIX,
} from '../../src/domain/enpath.ts';

const b64 = (s: string) => Buffer.from(s, 'binary').toString('base64');

describe('encodeEnpath', () => {
  it('matches the spec example', () => {
    expect(encodeEnpath('/v1/users/login')).toBe('/v1/enpath/L3YxL3VzZXJzL2xvZ2lu');
  });

  it.each([
    '/v1/users/login',
    '/v1/getServerTime',
    '/v1/management/tenant/getTenantConfig',
    '/v1/betting/addBetting',
    '/v1/a',
    '/v1/users/dmh/ch',
    '/v1/lottery/6hc/openTime',
    '/v1/x-y_z.json',
    `/v1/${'a'.repeat(196)}`,
  ])('round-trips %s', (path) => {
    const url = encodeEnpath(path);
    expect(url.startsWith(ENPATH_PREFIX)).toBe(true);
    expect(decodeEnpathUrl(url)).toEqual({ realPath: path, query: '' });
    expect(decodeEnpathUrl(`${url}?a=1&b=2`)).toEqual({ realPath: path, query: '?a=1&b=2' });
  });

  it.each([
    '/v2/users',
    'v1/users',
    '/v1/',
    '/v1/a b',
    '/v1/../etc',
    '/v1/用户',
    '/v1/a?b=1',
    `/v1/${'a'.repeat(201)}`,
    '',
  ])('refuses to encode %j', (path) => {
    expect(() => encodeEnpath(path)).toThrow();
  });

  it('percent-escapes the base64 padding and decodes it back', () => {
    const url = encodeEnpath('/v1/a');
    expect(url).toBe(`${ENPATH_PREFIX}L3YxL2E%3D`);
    expect(decodeEnpathUrl(url)?.realPath).toBe('/v1/a');
  });
});

describe('decodeEnpathSegment', () => {
  it('accepts URL-safe base64 and missing padding', () => {
    const path = '/v1/users/info';
    const std = b64(path);
    expect(decodeEnpathSegment(std)).toBe(path);
    expect(decodeEnpathSegment(std.replace(/=+$/, ''))).toBe(path);
    expect(decodeEnpathSegment(std.replace(/\+/g, '-').replace(/\//g, '_'))).toBe(path);
  });

  it.each([
    ['empty', ''],
    ['not base64', '!!!'],
    ['spaces', 'L3Yx L3VzZXJz'],
    ['too much padding', 'L3YxL3VzZXJzL2xvZ2lu==='],
    ['bad percent escape', '%E0%A4%A'],
    ['too long', 'A'.repeat(401)],
    ['a non-/v1 path', b64('/etc/passwd')],
    ['a relative path', b64('v1/users/login')],
    ['just /v1/', b64('/v1/')],
    ['a path with ..', b64('/v1/../admin')],
    ['a path with //', b64('/v1//users')],
    ['a path with a query', b64('/v1/users?x=1')],
    ['a path with a space', b64('/v1/a b')],
    ['a path with a NUL', b64('/v1/a\u0000b')],
    ['binary junk', Buffer.from([0xff, 0xfe, 0x00, 0x01]).toString('base64')],
    ['non-ASCII bytes', Buffer.from('/v1/用户', 'utf8').toString('base64')],
    ['a percent-encoded slash trick', encodeURIComponent('/v1/users')],
  ])('refuses %s', (_name, segment) => {
    expect(decodeEnpathSegment(segment)).toBeNull();
  });
});

describe('decodeEnpathUrl', () => {
  it('leaves URLs outside the prefix alone', () => {
    expect(decodeEnpathUrl('/index.html')).toBeNull();
    expect(decodeEnpathUrl('/v1/users/login')).toBeNull();
    expect(decodeEnpathUrl('/v1/enpat/abc')).toBeNull();
  });

  it('marks a bad segment with a null path and keeps the query', () => {
    expect(decodeEnpathUrl(`${ENPATH_PREFIX}!!!?x=1`)).toEqual({ realPath: null, query: '?x=1' });
    expect(decodeEnpathUrl(ENPATH_PREFIX)).toEqual({ realPath: null, query: '' });
  });
});
