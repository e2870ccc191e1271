/**
 * The built site the page figures measure: `npm run bench` builds dist/ itself when it is missing or
 * older than anything it is built from, so a fresh clone gets the first-screen and game-page figures
 * without a hand-run `npx vite build` (and a stale dist/ is never measured as if it were the code).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** What dist/ is built from: a change to any of them makes dist/ stale. */
const INPUTS = [
  'src/client',
  'src/domain',
  'sw',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
];
const BUILT_MARK = 'dist/index.html';

/** The newest modification time under `p` (a file or a folder), 0 when it does not exist. */
function newestMtime(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const e of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, e)));
  return newest;
}

/** Why dist/ must be built, or null when it is newer than all its inputs. */
export function staleBuild(): string | null {
  if (!fs.existsSync(BUILT_MARK)) return 'dist/ missing';
  const built = fs.statSync(BUILT_MARK).mtimeMs;
  const newer = INPUTS.find((p) => newestMtime(p) > built);
  return newer ? `${newer} is newer than dist/` : null;
}

/** Builds dist/ (vite build, its output on stderr) unless it is up to date. */
export function ensureBuild(): void {
  const why = staleBuild();
  if (!why) {
    console.log('dist/ is up to date with its sources: not rebuilt');
    return;
  }
  console.log(`${why}: building it (vite build)`);
  const started = performance.now();
  execFileSync(process.execPath, [path.resolve('node_modules/vite/bin/vite.js'), 'build'], {
    stdio: ['ignore', process.stderr, process.stderr],
  });
  console.log(`built dist/ in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
