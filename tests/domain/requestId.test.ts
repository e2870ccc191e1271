import { describe, expect, it } from 'vitest';
import {
  newRequestId,
  REQUEST_ID_MAX_CHARS,
  REQUEST_ID_PATTERN,
} from '../../src/domain/requests.ts';
import { RequestId } from '../../src/server/http/envelope.ts';

describe('the request-id pattern of money actions', () => {
  it('takes 8–64 letters, digits, _ and -', () => {
    for (const ok of [
      'abcd1234',
      'A_b-C_d-',
      'x'.repeat(64),
      '0123456789abcdef0123456789abcdef',
      crypto.randomUUID(),
    ]) {
      expect(REQUEST_ID_PATTERN.test(ok), ok).toBe(true);
    }
  });

  it('refuses too short, too long, spaces, other characters and line breaks', () => {
    for (const bad of [
      '',
      'short',
      'abc1234',
      'x'.repeat(65),
      'has space in it',
      'abcd.1234',
      'abcd1234\n',
      '请求编号请求编号请求编号',
    ]) {
      expect(REQUEST_ID_PATTERN.test(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('is the pattern every server schema checks', () => {
    expect(RequestId.pattern).toBe(REQUEST_ID_PATTERN.source);
    expect(RequestId.maxLength).toBe(REQUEST_ID_MAX_CHARS);
  });

  it('makes ids that fit the pattern and do not repeat', () => {
    const ids = Array.from({ length: 200 }, newRequestId);
    for (const id of ids) expect(id).toMatch(REQUEST_ID_PATTERN);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
