/**
 * The slow KDF the server keeps instead of the client's credential hash: scrypt with a
 * random salt, in the form `scrypt$N$r$p$salt$hash`. Comparison is constant-time.
 */
import crypto from 'node:crypto';

const N = 16384;
const R = 8;
const P = 1;
const KEY_BYTES = 32;

function scrypt(secret: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    crypto.scrypt(secret, salt, KEY_BYTES, { N: n, r, p, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

export async function kdfHash(secret: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(secret, salt, N, R, P);
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function kdfVerify(secret: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [n, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4], 'base64');
  const expected = Buffer.from(parts[5], 'base64');
  const key = await scrypt(secret, salt, n, r, p);
  return key.length === expected.length && crypto.timingSafeEqual(key, expected);
}

/** A random token for a session or a one-time key, and the hash stored for it. */
export function newToken(): { token: string; hash: Buffer } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, hash: tokenHash(token) };
}

export function tokenHash(token: string): Buffer {
  return crypto.createHash('sha256').update(token).digest();
}
