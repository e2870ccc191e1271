/** The canonical form behind request fingerprints, and the control-character rule of request fields. */
import { describe, expect, it } from 'vitest';
import { deepHasControlChars, hasControlChars } from '../../src/domain/controlChars.ts';
import { canonicalJson } from '../../src/domain/requests.ts';

describe('canonicalJson', () => {
  it('ignores key order and undefined members, keeps array order and value types', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, 2], c: 'x' }, u: undefined })).toBe(
      '{"a":{"c":"x","d":[1,2]},"b":1}',
    );
    expect(canonicalJson({ a: 1, b: 2 })).toBe(canonicalJson({ b: 2, a: 1 }));
    expect(canonicalJson([1, 2])).not.toBe(canonicalJson([2, 1]));
    expect(canonicalJson({ a: 1 })).not.toBe(canonicalJson({ a: '1' }));
    expect(canonicalJson(null)).toBe('null');
  });
});

describe('control characters', () => {
  it('finds C0, DEL and C1 controls; tab and line breaks only where not allowed', () => {
    for (const c of ['\u0000', '\u0007', '\u001f', '\u007f', '\u0085', '\u009f']) {
      expect(hasControlChars(`a${c}`)).toBe(true);
      expect(hasControlChars(`a${c}`, true)).toBe(true);
    }
    for (const c of ['\t', '\n', '\r']) {
      expect(hasControlChars(`a${c}b`)).toBe(true);
      expect(hasControlChars(`a${c}b`, true)).toBe(false);
    }
    expect(hasControlChars('普通文本 plain ½ é')).toBe(false);
  });

  it('looks through parsed JSON, keys included', () => {
    expect(deepHasControlChars(JSON.parse('[{"a":"x\\u0000"}]'))).toBe(true);
    expect(deepHasControlChars(JSON.parse('{"k\\u0001":1}'))).toBe(true);
    expect(deepHasControlChars(JSON.parse('[{"a":"x","b":[1,"2"]}]'))).toBe(false);
  });
});
