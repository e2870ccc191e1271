/**
 * The runtime: Node 20 is past its end of life, so package.json pins Node 22 LTS as the `node`
 * dependency, and npm scripts and npx run it before the machine's own. The tests, and the server
 * processes they start through npx (as the crash tests do), must run on exactly that Node.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  engines: { node: string };
  dependencies: Record<string, string>;
};
const pinned = `v${pkg.dependencies.node}`;

describe('runtime', () => {
  it('pins an exact Node 22 that satisfies engines', () => {
    expect(pkg.dependencies.node).toMatch(/^22\.\d+\.\d+$/);
    const min = /^>=(\d+)\.(\d+)$/.exec(pkg.engines.node);
    expect(min).not.toBeNull();
    const [major, minor] = pkg.dependencies.node.split('.').map(Number);
    expect(
      major! > Number(min![1]) || (major === Number(min![1]) && minor! >= Number(min![2])),
    ).toBe(true);
  });

  it('runs the tests on the pinned Node', () => {
    expect(process.version).toBe(pinned);
  });

  it('runs a server started through npx tsx on the pinned Node', () => {
    const res = spawnSync('npx', ['tsx', '-e', 'console.log(process.version)'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(res.stdout.trim()).toBe(pinned);
  });
});
