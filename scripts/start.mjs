#!/usr/bin/env node
/**
 * `npm start`: builds the PWA when dist/ is missing or older than its sources, then runs the
 * server (which starts the embedded PostgreSQL in ./data, migrates, seeds and listens on PORT).
 * The server runs in its own process group so a Ctrl+C reaches it exactly once, through us:
 * a second signal would cut its shutdown short and leave PostgreSQL running.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Everything the client build reads; a newer file here means dist/ is stale. */
const BUILD_INPUTS = ['src/client', 'src/domain', 'sw', 'public', 'index.html', 'vite.config.ts'];

function newestMtimeMs(p) {
  let st;
  try {
    st = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(p))
    newest = Math.max(newest, newestMtimeMs(path.join(p, entry)));
  return newest;
}

function buildIsStale() {
  const index = path.join(root, 'dist', 'index.html');
  if (!fs.existsSync(index)) return true;
  const builtAt = fs.statSync(index).mtimeMs;
  return BUILD_INPUTS.some((p) => newestMtimeMs(path.join(root, p)) > builtAt);
}

if (buildIsStale()) {
  console.log('[start] building the PWA (npx vite build)...');
  const res = spawnSync('npx', ['vite', 'build'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) {
    console.error(`[start] vite build failed (exit ${res.status ?? res.signal})`);
    process.exit(res.status || 1);
  }
} else {
  console.log('[start] dist/ is up to date');
}

const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  detached: true,
});

let forwarded = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (forwarded) return;
    forwarded = true;
    server.kill(signal);
  });
}
server.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 128 + (signal === 'SIGINT' ? 2 : 15) : 1));
});
server.on('error', (err) => {
  console.error('[start] could not run the server:', err);
  process.exit(1);
});
