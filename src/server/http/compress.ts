/**
 * Compression of JSON API answers. A phone on a slow link pays for every byte: the play catalogue
 * alone is ~50 KB of JSON and ~4 KB compressed. Answers the routes serialise (strings at onSend)
 * above COMPRESS_MIN_BYTES are sent brotli (quality 5: fast enough per request, close to gzip -9
 * in size) or gzip by the request's Accept-Encoding; smaller answers go as they are (the frame
 * and CPU cost more than they save). Static files are not touched here: the build precompresses
 * them and @fastify/static picks the variant (http/pwa.ts).
 */
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const COMPRESS_MIN_BYTES = 1024;
const BROTLI_QUALITY = 5;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type Coding = 'br' | 'gzip';

/** The coding to use for an Accept-Encoding header: br over gzip, none when neither is accepted (q=0 refuses). */
export function pickCoding(acceptEncoding: string | undefined): Coding | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
    accepted.set(name, q ? Number(q[1]) : 1);
  }
  const weight = (c: string) => accepted.get(c) ?? (accepted.get('*') ?? 0);
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
}

function isJson(reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && type.startsWith('application/json');
}

function addVary(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const current = typeof vary === 'string' ? vary : Array.isArray(vary) ? vary.join(', ') : '';
  if (!/(^|,)\s*accept-encoding\s*(,|$)/i.test(current)) reply.header('vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
}

async function compressJson(req: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (typeof payload !== 'string' || !isJson(reply) || reply.getHeader('content-encoding')) return payload;
  addVary(reply);
  if (req.method === 'HEAD' || Buffer.byteLength(payload) < COMPRESS_MIN_BYTES) return payload;
  const coding = pickCoding(req.headers['accept-encoding']);
  if (!coding) return payload;
  const body = coding === 'br'
    ? await brotli(payload, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } })
    : await gzip(payload);
  reply.header('content-encoding', coding);
  reply.removeHeader('content-length');
  return body;
}

/** Registers the onSend hook on the root instance (so every feature's routes get it). */
export function compressJsonAnswers(app: FastifyInstance): void {
  app.addHook('onSend', compressJson);
}
