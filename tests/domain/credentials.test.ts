/** Credential hashes: md5 of the lowercased user name followed by the secret (spec 000 section 5). */
import { describe, expect, it } from 'vitest';
import {
  CREDENTIAL_HASH,
  loginPasswordHash,
  safetyPasswordHash,
} from '../../src/domain/credentials.ts';

describe('loginPasswordHash', () => {
  it.each([
    // md5 vectors computed with coreutils md5sum over the concatenated text
    ['player01', 'player123', '20220807cf9b2b7c74add597089dd6b2'],
    ['admin', 'admin123456', '202cc9b0383b17524dc1086113e42c55'],
    ['zhang3', '123456', '320725ca60cf5101e7bd719e9b3a176f'],
  ])('md5(lower(%s) + %s) = %s', (name, password, hash) => {
    expect(loginPasswordHash(name, password)).toBe(hash);
  });

  it('lowercases the user name but not the password', () => {
    expect(loginPasswordHash('PLAYER01', 'player123')).toBe('20220807cf9b2b7c74add597089dd6b2');
    expect(loginPasswordHash('Player01', 'player123')).toBe(
      loginPasswordHash('player01', 'player123'),
    );
    expect(loginPasswordHash('player01', 'PLAYER123')).not.toBe(
      loginPasswordHash('player01', 'player123'),
    );
  });

  it('hashes UTF-8 text as UTF-8 bytes', () => {
    expect(loginPasswordHash('张三', '123456')).toBe('ea000b6d22e95b5ae874453918efa533');
  });

  it('matches the standard md5 test vectors', () => {
    expect(loginPasswordHash('', '')).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(loginPasswordHash('ABC', '')).toBe('900150983cd24fb0d6963f7d28e17f72');
  });

  it('always looks like a credential hash on the wire', () => {
    for (const [n, p] of [
      ['a', 'b'],
      ['user_1', '!@#$%^&*'],
      ['x'.repeat(20), 'y'.repeat(16)],
    ]) {
      expect(loginPasswordHash(n, p)).toMatch(CREDENTIAL_HASH);
    }
  });
});

describe('safetyPasswordHash', () => {
  it('is md5 of the lowercased name followed by the 6 digits', () => {
    expect(safetyPasswordHash('ZHANG3', '123456')).toBe('320725ca60cf5101e7bd719e9b3a176f');
    expect(safetyPasswordHash('zhang3', '123457')).not.toBe('320725ca60cf5101e7bd719e9b3a176f');
  });
});

describe('CREDENTIAL_HASH', () => {
  it.each([
    '',
    'abc',
    'D41D8CD98F00B204E9800998ECF8427E',
    'd41d8cd98f00b204e9800998ecf8427',
    'd41d8cd98f00b204e9800998ecf8427e0',
    'g41d8cd98f00b204e9800998ecf8427e',
    ' d41d8cd98f00b204e9800998ecf8427e',
  ])('refuses %j', (text) => {
    expect(CREDENTIAL_HASH.test(text)).toBe(false);
  });
});
