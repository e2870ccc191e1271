/**
 * A local push service for the server's sending path: an HTTPS server (self-signed certificate,
 * trusted through https.globalAgent for this test process only) that takes what web-push sends,
 * checks the VAPID Authorization header (RFC 8292: an ES256 JWT signed by the site's key), and
 * decrypts the aes128gcm body (RFC 8188, RFC 8291) with the subscription's private key and auth
 * secret, made here as a browser makes them.
 */
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';

/** A browser's side of a subscription: the P-256 key pair and the 16-byte auth secret. */
export interface BrowserKeys {
  ecdh: crypto.ECDH;
  p256dh: string;
  auth: string;
}

export function browserKeys(): BrowserKeys {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    ecdh,
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: crypto.randomBytes(16).toString('base64url'),
  };
}

const hmac = (key: Buffer, data: Buffer) => crypto.createHmac('sha256', key).update(data).digest();

/** RFC 8291 §3.4 and RFC 8188: one aes128gcm record, decrypted with the browser's keys. */
export function decryptAes128gcm(body: Buffer, keys: BrowserKeys): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLen = body[20];
  const asPublic = body.subarray(21, 21 + idLen);
  const ciphertext = body.subarray(21 + idLen);
  if (idLen !== 65 || ciphertext.length > recordSize)
    throw new Error(`unexpected header: idlen ${idLen}, rs ${recordSize}`);
  const ecdhSecret = keys.ecdh.computeSecret(asPublic);
  const uaPublic = keys.ecdh.getPublicKey();
  const authSecret = Buffer.from(keys.auth, 'base64url');
  // HKDF-SHA-256 with one 32-byte (or shorter) block of output: extract, then expand with counter 1
  const prkKey = hmac(authSecret, ecdhSecret);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    uaPublic,
    asPublic,
    Buffer.from([1]),
  ]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // the last record ends with the delimiter 2, then zero padding
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('missing the last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** The claims of a VAPID Authorization header (`vapid t=<jwt>, k=<key>`), its signature checked with `publicKey`. */
export function verifyVapid(
  header: string,
  publicKey: string,
): { aud: string; exp: number; sub: string } {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header);
  if (!m) throw new Error(`not a vapid header: ${header}`);
  if (m[2] !== publicKey) throw new Error('the header names another key');
  const [h, p, s] = m[1].split('.');
  const point = Buffer.from(publicKey, 'base64url');
  const key = crypto.createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const good = crypto.verify(
    'sha256',
    Buffer.from(`${h}.${p}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(s, 'base64url'),
  );
  if (!good) throw new Error('bad VAPID signature');
  if (JSON.parse(Buffer.from(h, 'base64url').toString()).alg !== 'ES256')
    throw new Error('not ES256');
  return JSON.parse(Buffer.from(p, 'base64url').toString());
}

export interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface PushService {
  origin: string;
  received: Received[];
  /** paths answered 410 Gone (a subscription the browser dropped) */
  gone: Set<string>;
  close(): Promise<void>;
}

/** Starts the service on a free port of 127.0.0.1 and trusts its certificate in this process. */
export async function startPushService(): Promise<PushService> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'push-service-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  const cert = fs.readFileSync(path.join(dir, 'cert.pem'));
  const key = fs.readFileSync(path.join(dir, 'key.pem'));
  fs.rmSync(dir, { recursive: true, force: true });
  const received: Received[] = [];
  const gone = new Set<string>();
  const server = https.createServer({ cert, key }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const p = req.url ?? '/';
      received.push({ path: p, headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = gone.has(p) ? 410 : 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const previousCa = https.globalAgent.options.ca;
  https.globalAgent.options.ca = cert;
  return {
    origin: `https://127.0.0.1:${port}`,
    received,
    gone,
    async close() {
      https.globalAgent.options.ca = previousCa;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
