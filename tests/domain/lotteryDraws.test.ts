/** Draw formats, parsing, the 28 derivation and the byte-stream plumbing of drawFromRandomBytes. */
import { describe, expect, it } from 'vitest';
import {
  bj28FromKl8,
  bytesFrom,
  drawFromRandomBytes,
  drawFromSeed,
  formatDraw,
  parseDraw,
  uniformBelow,
  validateDraw,
} from '../../src/domain/lottery/draws.ts';
import { DEFAULT_RULE_FLAGS } from '../../src/domain/lottery/flags.ts';
import { byteSource } from './lotteryHarness.ts';

describe('draw formats', () => {
  it('parses, validates and formats canonical draw strings', () => {
    expect(parseDraw('SSC', '1,2,3,4,5')).toEqual([1, 2, 3, 4, 5]);
    expect(parseDraw('SYX5', '01,05,11,03,07')).toEqual([1, 5, 11, 3, 7]);
    expect(parseDraw('SYX5', '01,05,05,03,07')).toBeNull(); // repeated ball
    expect(parseDraw('SYX5', '01,05,12,03,07')).toBeNull(); // out of range
    expect(parseDraw('K3', '1,2,7')).toBeNull();
    expect(parseDraw('SSC', '1,2,3,4')).toBeNull();
    expect(parseDraw('SSC', '1,2,3,4,x')).toBeNull();
    expect(formatDraw('PK10', [1, 10, 2, 3, 4, 5, 6, 7, 8, 9])).toBe(
      '01,10,02,03,04,05,06,07,08,09',
    );
    expect(formatDraw('K3', [1, 2, 3])).toBe('1,2,3');
    expect(validateDraw('LHC', [1, 2, 3, 4, 5, 6, 6])).toBe('开奖号码不能重复');
  });
  it('derives 28 digits from the sorted KL8 numbers (positions 1–6, 7–12, 13–18)', () => {
    const kl8 = Array.from({ length: 20 }, (_, i) => 20 - i); // 20..1, sorted → 1..20
    expect(bj28FromKl8(kl8, DEFAULT_RULE_FLAGS)).toEqual([1, 7, 3]);
  });
  it('rejects bytes above the largest multiple of n (no modulo bias) and reports exhaustion', () => {
    // 256 % 11 = 3: bytes 253–255 are discarded, 252 → 252 % 11 = 10.
    expect(uniformBelow(11, bytesFrom(Uint8Array.from([255, 254, 253, 252])))).toBe(10);
    expect(() => uniformBelow(11, bytesFrom(Uint8Array.from([255])))).toThrow('exhausted');
  });
  it('draws from a fixed seed buffer and refuses to run past its end', () => {
    const seed = Uint8Array.from({ length: 64 }, (_, i) => (i * 37 + 11) % 256);
    const d = drawFromSeed('PK10', seed);
    expect(validateDraw('PK10', d)).toBeNull();
    expect(drawFromSeed('PK10', seed)).toEqual(d);
    expect(() => drawFromSeed('KL8', seed.subarray(0, 5))).toThrow('exhausted');
  });
  it('is deterministic for the same byte stream', () => {
    expect(drawFromRandomBytes('LHC', byteSource(5))).toEqual(
      drawFromRandomBytes('LHC', byteSource(5)),
    );
  });
});

// Uniformity and independence of the generated draws: tests/domain/lotteryFairness.test.ts.
