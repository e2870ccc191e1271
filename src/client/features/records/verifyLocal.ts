/**
 * The draw check done again in this browser (Web Crypto), independent of the server's own answer:
 * sha256(seed bytes) must equal the published hash, and the domain sampler fed with the stream
 * HMAC-SHA256(key = seed, message = uint32 big-endian k), k = 0, 1, 2, … must give the open number
 * (docs/provably-fair.md). Also the check that the published result corrections are complete.
 */
import {
  bytesFrom,
  drawFromRandomBytes,
  formatDraw,
  type LotteryFamily,
} from '../../../domain/lottery';

function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}
const toHex = (buf: ArrayBuffer) =>
  Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, '0')).join('');

async function hmacStream(seed: Uint8Array<ArrayBuffer>, blocks: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', seed, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const out = new Uint8Array(blocks * 32);
  for (let k = 0; k < blocks; k++) {
    const msg = new Uint8Array(4);
    new DataView(msg.buffer).setUint32(0, k);
    out.set(new Uint8Array(await crypto.subtle.sign('HMAC', key, msg)), k * 32);
  }
  return out;
}

export interface LocalCheck {
  hash: string;
  result: string;
}

/** null when the seed is not 32 bytes of hex or Web Crypto is unavailable (plain http). */
export async function recomputeLocally(
  family: LotteryFamily,
  seedHex: string,
): Promise<LocalCheck | null> {
  if (!/^[0-9a-f]{64}$/.test(seedHex) || !globalThis.crypto?.subtle) return null;
  const seed = hexToBytes(seedHex);
  const hash = toHex(await crypto.subtle.digest('SHA-256', seed));
  // Rejection sampling rarely needs more than a few blocks; grow the stream if it ever does.
  for (let blocks = 8; blocks <= 512; blocks *= 4) {
    try {
      return {
        hash,
        result: formatDraw(
          family,
          drawFromRandomBytes(family, bytesFrom(await hmacStream(seed, blocks))),
        ),
      };
    } catch {
      // byte source exhausted: try a longer stream
    }
  }
  return null;
}

/**
 * The published corrections must form one chain ending at the open number shown: each one starts
 * from the result the previous one left. A gap would mean a change of the result left unpublished.
 */
export function correctionsChainOk(
  openNumber: string,
  corrections: readonly { before: string; after: string }[],
): boolean {
  for (let i = 1; i < corrections.length; i++) {
    if (corrections[i]!.before !== corrections[i - 1]!.after) return false;
  }
  const last = corrections.at(-1);
  return !last || last.after === openNumber;
}
