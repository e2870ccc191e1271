/**
 * The QR encoder against vectors of ISO/IEC 18004 and its well-known worked examples: the
 * Reed-Solomon codewords of "HELLO WORLD" 1-M, the format and version information, the byte-mode
 * capacities of Table 7 and the alignment positions of Annex E; then every symbol is read back
 * by an independent reader (format bits from both copies, unmask, zigzag, de-interleave, RS check,
 * byte-mode decode) for texts of every version 1-10 and every level.
 */
import { describe, expect, it } from 'vitest';
import { dataCodewords, encodeQr, fitVersion, formatBits, reedSolomon, versionBits, type EccLevel } from '../../src/domain/qr/encode.ts';
import { alignmentPositions, maskHits } from '../../src/domain/qr/matrix.ts';

describe('QR vectors', () => {
  it('Reed-Solomon: the EC codewords of HELLO WORLD at 1-M', () => {
    const data = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17];
    expect(reedSolomon(data, 10)).toEqual([196, 35, 39, 119, 235, 215, 231, 226, 93, 23]);
  });

  it('format information (Annex C) and version information (Annex D)', () => {
    expect(formatBits('L', 0).toString(2).padStart(15, '0')).toBe('111011111000100');
    expect(formatBits('M', 0).toString(2).padStart(15, '0')).toBe('101010000010010');
    expect(formatBits('Q', 0).toString(2).padStart(15, '0')).toBe('011010101011111');
    expect(formatBits('H', 0).toString(2).padStart(15, '0')).toBe('001011010001001');
    expect(formatBits('L', 4).toString(2).padStart(15, '0')).toBe('110011000101111');
    expect(formatBits('M', 5).toString(2).padStart(15, '0')).toBe('100000011001110');
    expect(versionBits(7).toString(2).padStart(18, '0')).toBe('000111110010010100');
    expect(versionBits(10).toString(2).padStart(18, '0')).toBe('001010010011010011');
  });

  it('byte-mode capacities of versions 1-10 (Table 7) and alignment positions (Annex E)', () => {
    const capacity: Record<EccLevel, number[]> = {
      L: [17, 32, 53, 78, 106, 134, 154, 192, 230, 271],
      M: [14, 26, 42, 62, 84, 106, 122, 152, 180, 213],
      Q: [11, 20, 32, 46, 60, 74, 86, 108, 130, 151],
      H: [7, 14, 24, 34, 44, 58, 64, 84, 98, 119],
    };
    for (const ecc of ['L', 'M', 'Q', 'H'] as const) {
      capacity[ecc].forEach((bytes, i) => {
        expect(fitVersion(bytes, ecc), `${ecc} v${i + 1}`).toBe(i + 1);
        expect(fitVersion(bytes + 1, ecc), `${ecc} v${i + 1}+1`).toBe(i === 9 ? null : i + 2);
      });
    }
    expect(dataCodewords(1, 'M')).toBe(16);
    expect(dataCodewords(5, 'Q')).toBe(62);
    expect(alignmentPositions(1)).toEqual([]);
    expect(alignmentPositions(2)).toEqual([6, 18]);
    expect(alignmentPositions(7)).toEqual([6, 22, 38]);
    expect(alignmentPositions(10)).toEqual([6, 28, 50]);
    expect(() => encodeQr('x'.repeat(272), 'L')).toThrow('内容过长');
  });
});

// --- an independent reader ---

const LEVEL_OF_BITS: Record<number, EccLevel> = { 1: 'L', 0: 'M', 3: 'Q', 2: 'H' };
const BLOCKS: Record<EccLevel, number[]> = { L: [1, 1, 1, 1, 1, 2, 2, 2, 2, 4], M: [1, 1, 1, 2, 2, 4, 4, 4, 5, 5], Q: [1, 1, 2, 2, 4, 4, 6, 6, 8, 8], H: [1, 1, 2, 4, 4, 4, 5, 6, 8, 8] };

/** The 15 format bits read from the copy around the top-left finder and from the split copy. */
function readFormat(m: boolean[][]): [number, number] {
  const n = m.length;
  const b = (x: number, y: number) => (m[y]![x] ? 1 : 0);
  const first = [0, 1, 2, 3, 4, 5].map((i) => b(8, i)).concat([b(8, 7), b(8, 8), b(7, 8)], [9, 10, 11, 12, 13, 14].map((i) => b(14 - i, 8)));
  const second = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => b(n - 1 - i, 8)).concat([8, 9, 10, 11, 12, 13, 14].map((i) => b(8, n - 15 + i)));
  const num = (bits: number[]) => bits.reduce((a, bit, i) => a | (bit << i), 0);
  return [num(first), num(second)];
}

function isFunction(version: number, x: number, y: number): boolean {
  const n = version * 4 + 17;
  if ((x < 9 && y < 9) || (x >= n - 8 && y < 9) || (x < 9 && y >= n - 8)) return true; // finders, separators, format
  if (x === 6 || y === 6) return true;
  if (version >= 7 && ((x >= n - 11 && x < n - 8 && y < 6) || (y >= n - 11 && y < n - 8 && x < 6))) return true;
  const a = alignmentPositions(version);
  for (const ax of a) for (const ay of a) {
    const corner = (ax === 6 && ay === 6) || (ax === 6 && ay === a[a.length - 1]) || (ax === a[a.length - 1] && ay === 6);
    if (!corner && Math.abs(x - ax) <= 2 && Math.abs(y - ay) <= 2) return true;
  }
  return false;
}

function readSymbol(m: boolean[][]): { text: string; ecc: EccLevel; mask: number } {
  const n = m.length;
  const version = (n - 17) / 4;
  const [f1, f2] = readFormat(m);
  expect(f1).toBe(f2);
  const info = (f1 ^ 0x5412) >>> 10;
  const ecc = LEVEL_OF_BITS[info >>> 3]!;
  const mask = info & 7;
  expect(formatBits(ecc, mask)).toBe(f1);
  expect(m[n - 8]![8]).toBe(true); // the dark module
  const bits: number[] = [];
  for (let right = n - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    const up = ((right + 1) & 2) === 0;
    for (let v = 0; v < n; v++) {
      const y = up ? n - 1 - v : v;
      for (const x of [right, right - 1]) if (!isFunction(version, x, y)) bits.push((m[y]![x] !== maskHits(mask, x, y)) ? 1 : 0);
    }
  }
  const total = Math.floor(bits.length / 8);
  const cw = Array.from({ length: total }, (_, i) => bits.slice(i * 8, i * 8 + 8).reduce((a, b) => (a << 1) | b, 0));
  const numBlocks = BLOCKS[ecc][version - 1]!;
  const dataTotal = dataCodewords(version, ecc);
  const eccLen = (total - dataTotal) / numBlocks;
  const shortData = Math.floor(dataTotal / numBlocks);
  const longCount = dataTotal % numBlocks;
  const blocks = Array.from({ length: numBlocks }, (_, i) => ({ data: [] as number[], len: shortData + (i >= numBlocks - longCount ? 1 : 0), ec: [] as number[] }));
  let k = 0;
  for (let i = 0; i < shortData + 1; i++) for (const b of blocks) if (i < b.len) b.data.push(cw[k++]!);
  for (let i = 0; i < eccLen; i++) for (const b of blocks) b.ec.push(cw[k++]!);
  for (const b of blocks) expect(reedSolomon(b.data, eccLen)).toEqual(b.ec);
  const data = blocks.flatMap((b) => b.data);
  const stream = data.flatMap((byte) => [7, 6, 5, 4, 3, 2, 1, 0].map((i) => (byte >>> i) & 1));
  const read = (at: number, len: number) => stream.slice(at, at + len).reduce((a, b) => (a << 1) | b, 0);
  expect(read(0, 4)).toBe(0b0100);
  const countBits = version <= 9 ? 8 : 16;
  const length = read(4, countBits);
  const bytes = Uint8Array.from({ length }, (_, i) => read(4 + countBits + i * 8, 8));
  return { text: new TextDecoder().decode(bytes), ecc, mask };
}

describe('QR symbols read back', () => {
  it('every level and version 1-10 decodes to the text it encodes, with finders in place', () => {
    for (const ecc of ['L', 'M', 'Q', 'H'] as const) {
      for (const len of [1, 10, 30, 60, 100, 150, 200, 260]) {
        const text = `https://例子.example/${'a1'.repeat(len)}`.slice(0, len);
        if (fitVersion(new TextEncoder().encode(text).length, ecc) === null) continue;
        const qr = encodeQr(text, ecc);
        expect(qr.size).toBe(qr.version * 4 + 17);
        expect(readSymbol(qr.modules)).toEqual({ text, ecc, mask: qr.mask });
        for (const [x, y] of [[0, 0], [qr.size - 7, 0], [0, qr.size - 7]]) {
          expect(qr.modules[y]!.slice(x, x + 7)).toEqual([true, true, true, true, true, true, true]);
          expect(qr.modules[y + 2]!.slice(x, x + 7)).toEqual([true, false, true, true, true, false, true]);
        }
      }
    }
  });

  it('each of the eight masks gives a readable symbol of a site address', () => {
    for (let mask = 0; mask < 8; mask++) {
      const qr = encodeQr('https://lottery.example.com/index', 'M', mask);
      expect(qr.version).toBe(3);
      expect(readSymbol(qr.modules)).toEqual({ text: 'https://lottery.example.com/index', ecc: 'M', mask });
    }
  });
});
