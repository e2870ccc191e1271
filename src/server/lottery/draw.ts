/**
 * Provably fair draws of self-run games (lottery-rules.md §2.8).
 *
 * At issue creation the server picks seed = 32 random bytes and publishes seedHash = sha256(seed).
 * At draw time the result is derived from the seed alone: the byte stream
 *   HMAC-SHA256(key = seed, message = uint32 big-endian k) for k = 0, 1, 2, …
 * feeds the domain's rejection sampler (drawFromRandomBytes: uniform digits per position, partial
 * Fisher–Yates in draw order for balls and cars). The seed is revealed once the issue is drawn, so
 * anyone can check sha256(seed) = seedHash and recompute the result.
 */
import crypto from 'node:crypto';
import {
  drawFromRandomBytes,
  formatDraw,
  type ByteSource,
  type LotteryFamily,
} from '../../domain/lottery/index.ts';

/** Plain-language description of the scheme, shown with verifyDraw. */
export const DRAW_ALGORITHM =
  '开奖前公布种子的SHA-256哈希；开奖号码由种子唯一确定：以种子为密钥，对计数器0、1、2…（4字节大端）依次做HMAC-SHA256得到随机字节流，再按拒绝采样（无取模偏差）逐位抽取或不放回洗牌抽取。开奖后公开种子，任何人可复算。';

export function seedHashOf(seedHex: string): string {
  return crypto.createHash('sha256').update(Buffer.from(seedHex, 'hex')).digest('hex');
}

/** The unbounded byte stream of a seed (see the module comment). */
export function seedStream(seedHex: string): ByteSource {
  const key = Buffer.from(seedHex, 'hex');
  let block = Buffer.alloc(0);
  let at = 0;
  let counter = 0;
  return (n) => {
    const out = Buffer.alloc(n);
    for (let i = 0; i < n; i++) {
      if (at === block.length) {
        const msg = Buffer.alloc(4);
        msg.writeUInt32BE(counter++);
        block = crypto.createHmac('sha256', key).update(msg).digest();
        at = 0;
      }
      out[i] = block[at++]!;
    }
    return out;
  };
}

/** The canonical result text of a family drawn from a seed. */
export function drawFromSeedHex(family: LotteryFamily, seedHex: string): string {
  if (!/^[0-9a-f]{64}$/.test(seedHex)) throw new Error('seed must be 32 bytes of hex');
  return formatDraw(family, drawFromRandomBytes(family, seedStream(seedHex)));
}
