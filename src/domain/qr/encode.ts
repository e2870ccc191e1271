/**
 * A QR code encoder after ISO/IEC 18004:2015, for the app page's QR of the site address: byte
 * mode (UTF-8), versions 1-10 (up to 271 bytes at level L, 213 at M: any site address), the four
 * error-correction levels, Reed-Solomon over GF(256) with the polynomial 0x11D, and the mask
 * chosen by the four penalty rules. No I/O: the client draws the matrix it returns.
 *
 * Section numbers below are the standard's.
 */

import { drawSymbol, type EccLevel } from './matrix.ts';

export type { EccLevel } from './matrix.ts';
export const MAX_VERSION = 10;

/** Per version 1-10: error-correction codewords per block and number of blocks (Table 9). */
const ECC_PER_BLOCK: Record<EccLevel, number[]> = {
  L: [7, 10, 15, 20, 26, 18, 20, 24, 30, 18],
  M: [10, 16, 26, 18, 24, 16, 18, 22, 22, 26],
  Q: [13, 22, 18, 26, 18, 24, 18, 22, 20, 24],
  H: [17, 28, 22, 16, 22, 28, 26, 26, 24, 28],
};
const BLOCKS: Record<EccLevel, number[]> = {
  L: [1, 1, 1, 1, 1, 2, 2, 2, 2, 4],
  M: [1, 1, 1, 2, 2, 4, 4, 4, 5, 5],
  Q: [1, 1, 2, 2, 4, 4, 6, 6, 8, 8],
  H: [1, 1, 2, 4, 4, 4, 5, 6, 8, 8],
};
/** Modules left for data and error correction once the function patterns are placed (Table 1). */
export function rawDataModules(version: number): number {
  let n = (16 * version + 128) * version + 64;
  if (version >= 2) {
    const align = Math.floor(version / 7) + 2;
    n -= (25 * align - 10) * align - 55;
    if (version >= 7) n -= 36;
  }
  return n;
}

/** Data codewords a symbol of this version and level holds. */
export function dataCodewords(version: number, ecc: EccLevel): number {
  return Math.floor(rawDataModules(version) / 8) - ECC_PER_BLOCK[ecc][version - 1]! * BLOCKS[ecc][version - 1]!;
}

// --- Reed-Solomon over GF(2^8), primitive polynomial x^8+x^4+x^3+x^2+1 (section 7.5.2) ---

function gfMultiply(x: number, y: number): number {
  let z = 0;
  for (let i = 7; i >= 0; i--) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d);
    z ^= ((y >>> i) & 1) * x;
  }
  return z;
}

/** The generator polynomial of the given degree, highest coefficient (1) omitted. */
function rsDivisor(degree: number): number[] {
  const result = new Array<number>(degree).fill(0);
  result[degree - 1] = 1;
  let root = 1;
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < degree; j++) {
      result[j] = gfMultiply(result[j]!, root);
      if (j + 1 < degree) result[j] ^= result[j + 1]!;
    }
    root = gfMultiply(root, 0x02);
  }
  return result;
}

/** The error-correction codewords of one block of data codewords. */
export function reedSolomon(data: readonly number[], degree: number): number[] {
  const divisor = rsDivisor(degree);
  const result = new Array<number>(degree).fill(0);
  for (const b of data) {
    const factor = b ^ result.shift()!;
    result.push(0);
    for (let i = 0; i < degree; i++) result[i] ^= gfMultiply(divisor[i]!, factor);
  }
  return result;
}

// --- data: mode indicator, count, bytes, terminator, padding (sections 7.4, 7.4.10) ---

function dataBits(bytes: Uint8Array, version: number, capacity: number): number[] {
  const bits: number[] = [];
  const put = (value: number, len: number) => { for (let i = len - 1; i >= 0; i--) bits.push((value >>> i) & 1); };
  put(0b0100, 4); // byte mode
  put(bytes.length, version <= 9 ? 8 : 16);
  for (const b of bytes) put(b, 8);
  const capacityBits = capacity * 8;
  put(0, Math.min(4, capacityBits - bits.length));
  put(0, (8 - (bits.length % 8)) % 8);
  for (let pad = 0xec; bits.length < capacityBits; pad ^= 0xec ^ 0x11) put(pad, 8);
  return bits;
}

/** Data codewords split into blocks, each with its EC codewords, interleaved (section 7.6). */
function interleave(data: number[], version: number, ecc: EccLevel): number[] {
  const numBlocks = BLOCKS[ecc][version - 1]!;
  const eccLen = ECC_PER_BLOCK[ecc][version - 1]!;
  const rawCodewords = Math.floor(rawDataModules(version) / 8);
  const numShort = numBlocks - (rawCodewords % numBlocks);
  const shortLen = Math.floor(rawCodewords / numBlocks);
  const blocks: number[][] = [];
  for (let i = 0, k = 0; i < numBlocks; i++) {
    const dataLen = shortLen - eccLen + (i < numShort ? 0 : 1);
    const block = data.slice(k, k + dataLen);
    k += dataLen;
    const ec = reedSolomon(block, eccLen);
    if (i < numShort) block.push(-1); // short blocks skip the last data column
    blocks.push([...block, ...ec]);
  }
  const out: number[] = [];
  for (let i = 0; i < blocks[0]!.length; i++) {
    for (const b of blocks) if (b[i] !== -1) out.push(b[i]!);
  }
  return out;
}

export interface QrCode {
  version: number;
  ecc: EccLevel;
  mask: number;
  size: number;
  /** modules[y][x]: true is dark */
  modules: boolean[][];
}

/** The smallest version that holds `byteLength` bytes at this level, or null above version 10. */
export function fitVersion(byteLength: number, ecc: EccLevel): number | null {
  for (let v = 1; v <= MAX_VERSION; v++) {
    const countBits = v <= 9 ? 8 : 16;
    if (4 + countBits + byteLength * 8 <= dataCodewords(v, ecc) * 8) return v;
  }
  return null;
}

export { formatBits, versionBits } from './matrix.ts';

/** Encodes text (UTF-8, byte mode) at the given level; throws when it does not fit version 10. */
export function encodeQr(text: string, ecc: EccLevel = 'M', forceMask?: number): QrCode {
  const bytes = new TextEncoder().encode(text);
  const version = fitVersion(bytes.length, ecc);
  if (version === null) throw new RangeError('内容过长，无法生成二维码');
  const bits = dataBits(bytes, version, dataCodewords(version, ecc));
  const codewords: number[] = [];
  for (let i = 0; i < bits.length; i += 8) codewords.push(bits.slice(i, i + 8).reduce((a, b) => (a << 1) | b, 0));
  const all = interleave(codewords, version, ecc);
  const { modules, mask } = drawSymbol(version, ecc, all, forceMask);
  return { version, ecc, mask, size: modules.length, modules };
}
