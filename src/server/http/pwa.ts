/** Serving the built PWA: static files, and index.html for every client route (history mode). */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Serves the built PWA, with index.html for every client route (history mode). */
export function registerPwa(app: FastifyInstance, distDir: string): void {
  const index = path.join(distDir, 'index.html');
  if (!fs.existsSync(index)) return;
  app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      if (/\/(sw\.js|index\.html|manifest\.webmanifest)$/.test(filePath)) res.header('Cache-Control', 'no-cache');
      else if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });
  const html = fs.readFileSync(index);
  app.get('/*', { config: { auth: 'none' } }, async (req, reply) => {
    const rel = decodeURIComponent(req.url.split('?')[0]).replace(/^\/+/, '');
    const file = path.join(distDir, rel);
    if (rel && file.startsWith(distDir) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      return reply.sendFile(rel);
    }
    if (path.extname(rel) && !rel.endsWith('.html')) {
      return reply.status(404).send({ code: -1, msg: '文件不存在', data: null });
    }
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
}
