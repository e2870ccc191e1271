/**
 * Serving the built PWA: the files of dist/ and index.html for every client route (history mode).
 *
 * The build writes `.br` and `.gz` next to each text file (vite.config.ts, `precompress`);
 * @fastify/static's sendFile picks the best one the request accepts (br, then gzip, then the
 * file itself) with the original's Content-Type, `Content-Encoding` and `Vary: Accept-Encoding`,
 * plus ETag / Last-Modified so a revalidation costs a 304. Files are looked up on disk on each
 * request (the page cache keeps them), so a rebuild of dist/ needs no restart: a new
 * index.html is picked up at once.
 *
 * One route does it all: a path naming a file of dist/ gets that file; a path with a file
 * extension that names none gets a 404 (a missing chunk must not come back as HTML), and so
 * does an unknown /v1/ path (the API's not-found answer); any other path is a client route
 * and gets index.html.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ResponseCode } from '../../domain/errors.ts';

const INDEX = 'index.html';
/** Files that must be revalidated on every load so a new version is seen at once. */
const REVALIDATED = new Set([INDEX, 'sw.js', 'manifest.webmanifest']);
/** Hashed build output: never changes under its name. */
const IMMUTABLE_DIR = 'assets/';
/** Paths the server's own routes answer; never a client route. */
const API_PATH = /^\/(v1|uploads)(\/|\?|$)/;

function cacheControl(rel: string): string | null {
  if (REVALIDATED.has(rel)) return 'no-cache';
  if (rel.startsWith(IMMUTABLE_DIR)) return 'public, max-age=31536000, immutable';
  return null;
}

/**
 * The dist-relative path a request names, or null when it cannot name a file of dist/
 * (bad escapes, `..` or `.` segments, NUL, backslashes, dot files); empty segments are dropped.
 */
export function distRelativePath(url: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.split('?')[0]);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const segments = decoded.split('/').filter(Boolean);
  if (segments.some((seg) => seg.startsWith('.'))) return null;
  return segments.join('/');
}

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

function fileNotFound(reply: FastifyReply): FastifyReply {
  return reply.status(404).send({ code: ResponseCode.FAILED, msg: '文件不存在', data: null });
}

function sendDistFile(reply: FastifyReply, rel: string): FastifyReply {
  const cache = cacheControl(rel);
  if (cache) reply.header('Cache-Control', cache);
  return reply.sendFile(rel);
}

/** Serves the built PWA, with index.html for every client route (history mode). */
export function registerPwa(app: FastifyInstance, distDir: string): void {
  const root = path.resolve(distDir);
  if (!fs.existsSync(path.join(root, INDEX))) return;
  // Only the sendFile decoration: the one route below decides what each path gets.
  app.register(fastifyStatic, {
    root,
    serve: false,
    preCompressed: true,
    cacheControl: false,
    dotfiles: 'deny',
  });
  // Static files do not count against the API's per-IP rate limit: a fresh browser fetches the
  // whole precache (60-odd files) on its first visit, and several people behind one NAT would
  // otherwise lock each other out of the page itself.
  // `compress: false`: @fastify/compress leaves these alone (the variants above, or the file as it is).
  app.get(
    '/*',
    { config: { auth: 'none', rateLimit: false }, compress: false },
    async (req, reply) => {
      // An unknown API path (or a bad enpath) gets the API's own JSON answer, not the page.
      if (API_PATH.test(req.url)) return reply.callNotFound();
      const rel = distRelativePath(req.url);
      if (rel === null) return fileNotFound(reply);
      const file = path.join(root, rel);
      if (rel && file.startsWith(root + path.sep) && isFile(file)) return sendDistFile(reply, rel);
      if (path.extname(rel) && !rel.endsWith('.html')) return fileNotFound(reply);
      return sendDistFile(reply, INDEX);
    },
  );
}
