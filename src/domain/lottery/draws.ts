/**
 * Draw formats, parsing, validation and fair derivation from a random byte stream (§2.8).
 * Canonical text: numbers comma-separated in draw order, zero-padded to two digits for SYX5/PK10/KL8/LHC.
 */
import type { Draw, LotteryFamily, RuleFlags } from './types.ts';

export interface DrawFormat {
  readonly size: number;
  readonly min: number;
  readonly max: number;
  /** Drawn without replacement (balls, cars) vs independent digits/dice. */
  readonly distinct: boolean;
  readonly padded: boolean;
}

export const DRAW_FORMATS: Readonly<Record<LotteryFamily, DrawFormat>> = {
  SSC: { size: 5, min: 0, max: 9, distinct: false, padded: false },
  FC3D: { size: 3, min: 0, max: 9, distinct: false, padded: false },
  PL35: { size: 5, min: 0, max: 9, distinct: false, padded: false }, // 排列3 = the first three digits
  K3: { size: 3, min: 1, max: 6, distinct: false, padded: false },
  SYX5: { size: 5, min: 1, max: 11, distinct: true, padded: true },
  PK10: { size: 10, min: 1, max: 10, distinct: true, padded: true },
  KL8: { size: 20, min: 1, max: 80, distinct: true, padded: true },
  LHC: { size: 7, min: 1, max: 49, distinct: true, padded: true }, // 正码1–6 then 特码
  BJ28: { size: 3, min: 0, max: 9, distinct: false, padded: false }, // digits A, B, C (sum = A+B+C)
};

/** Chinese message when the numbers are not a valid draw of the family, else null. */
export function validateDraw(family: LotteryFamily, numbers: readonly number[]): string | null {
  const f = DRAW_FORMATS[family];
  if (numbers.length !== f.size) return `开奖号码应为${f.size}个`;
  if (!numbers.every((n) => Number.isInteger(n) && n >= f.min && n <= f.max))
    return `开奖号码应在${f.min}至${f.max}之间`;
  if (f.distinct && new Set(numbers).size !== numbers.length) return '开奖号码不能重复';
  return null;
}

/** Parses '1,2,3,4,5' / '01,05,…'; null when malformed or invalid. */
export function parseDraw(family: LotteryFamily, text: string): number[] | null {
  const parts = text.split(',');
  if (!parts.every((p) => /^\d{1,2}$/.test(p))) return null;
  const numbers = parts.map(Number);
  return validateDraw(family, numbers) ? null : numbers;
}

export function formatDraw(family: LotteryFamily, draw: Draw): string {
  const padded = DRAW_FORMATS[family].padded;
  return draw.map((n) => (padded ? String(n).padStart(2, '0') : String(n))).join(',');
}

/** Supplies the next n random bytes (the server feeds sha256/HMAC output or crypto.randomBytes). */
export type ByteSource = (n: number) => Uint8Array;

/**
 * Uniform integer in [0, n) for n ≤ 256 by rejection sampling on single bytes: bytes ≥ the largest
 * multiple of n below 256 are discarded, so every residue is equally likely (no modulo bias).
 */
export function uniformBelow(n: number, next: ByteSource): number {
  if (!Number.isInteger(n) || n < 1 || n > 256) throw new Error(`range out of bounds: ${n}`);
  const limit = 256 - (256 % n);
  for (;;) {
    const b = next(1)[0];
    if (b === undefined) throw new Error('byte source exhausted');
    if (b < limit) return b % n;
  }
}

/**
 * A fresh draw of the family from a byte stream. Independent digits/dice are drawn per position;
 * balls/cars by a partial Fisher–Yates shuffle that keeps draw order (前三直选, 正码1–6 and 特码 need it).
 */
export function drawFromRandomBytes(family: LotteryFamily, next: ByteSource): number[] {
  const f = DRAW_FORMATS[family];
  const width = f.max - f.min + 1;
  const out = new Array<number>(f.size);
  if (!f.distinct) {
    for (let i = 0; i < f.size; i++) out[i] = f.min + uniformBelow(width, next);
    return out;
  }
  const pool = new Array<number>(width);
  for (let i = 0; i < width; i++) pool[i] = f.min + i;
  for (let i = 0; i < f.size; i++) {
    const j = i + uniformBelow(width - i, next);
    const picked = pool[j]!;
    pool[j] = pool[i]!;
    pool[i] = picked;
    out[i] = picked;
  }
  return out;
}

/**
 * A draw from a fixed seed buffer (e.g. sha256/HMAC output of a revealed server seed). Rejection sampling
 * may need more bytes than a short buffer holds, so this throws when exhausted; feed a longer stream
 * (an HMAC counter chain) through drawFromRandomBytes for production draws.
 */
export function drawFromSeed(family: LotteryFamily, seedBytes: Uint8Array): number[] {
  return drawFromRandomBytes(family, bytesFrom(seedBytes));
}

/** A byte source over a fixed buffer (e.g. a revealed seed's hash chain); throws when exhausted. */
export function bytesFrom(buffer: Uint8Array): ByteSource {
  let at = 0;
  return (n) => {
    if (at + n > buffer.length) throw new Error('byte source exhausted');
    const out = buffer.subarray(at, at + n);
    at += n;
    return out;
  };
}

/**
 * 28 from the 20 KL8 numbers of the same issue (§9.1): sort ascending, each digit is the sum of its
 * index set mod 10 (default positions 1–6, 7–12, 13–18).
 */
export function bj28FromKl8(
  kl8: readonly number[],
  flags: Pick<RuleFlags, 'bj28DigitIndexSets'>,
): number[] {
  if (validateDraw('KL8', kl8)) throw new Error('not a KL8 draw');
  const sorted = [...kl8].sort((a, b) => a - b);
  return flags.bj28DigitIndexSets.map((set) => set.reduce((s, i) => s + sorted[i]!, 0) % 10);
}
