/**
 * The layering check of `npm test` (scripts/deps.mjs with .dependency-cruiser.cjs, docs/layering.md):
 * it fails on a new folder cycle, a new cross-feature internal import and a domain file importing
 * the client (a fixture tree), lets a listed known cycle pass, and passes on the real tree.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const script = path.join(root, 'scripts/deps.mjs');

function runDeps(args: string[]) {
  const res = spawnSync(process.execPath, [script, ...args], { cwd: root, encoding: 'utf8' });
  return { status: res.status, out: `${res.stdout}${res.stderr}` };
}

describe('dependency rules (scripts/deps.mjs)', () => {
  it('fails on the fixture tree, naming the new folder cycle, the internal import and the domain import', () => {
    const { status, out } = runDeps(['--root', path.join(root, 'tests/fixtures/deps-cycle')]);
    expect(status).toBe(1);
    expect(out).toContain('✗ folder-cycle: server/alpha → server/beta → server/alpha');
    expect(out).toContain(
      '✗ feature-internals: src/server/beta/b.ts → src/server/alpha/a.ts (not a public module of server/alpha)',
    );
    expect(out).toContain(
      '✗ feature-internals: src/server/alpha/a.ts → src/server/beta/b.ts (not a public module of server/beta)',
    );
    expect(out).toContain('✗ domain-only-domain: src/domain/rule.ts → src/client/label.ts');
    // push ⇄ chat is a listed known cycle (push entries look up chat rooms): not reported
    expect(out).not.toMatch(/folder-cycle: .*server\/(push|chat)/);
    expect(out).not.toContain('src/server/chat/rooms.ts (not a public module');
    expect(out.match(/^✗ /gm)).toHaveLength(4);
  });

  it('passes on the real tree', () => {
    const { status, out } = runDeps([]);
    expect(out).not.toContain('✗');
    expect(out).toContain('✓ dependency rules hold');
    expect(status).toBe(0);
  });

  it('gives every listed exception a reason', () => {
    const { layering } = createRequire(import.meta.url)(path.join(root, '.dependency-cruiser.cjs'));
    for (const edge of layering.knownCycleEdges)
      expect(edge.reason, `${edge.from} -> ${edge.to}`).toMatch(/\S{3}/);
    for (const [feature, group] of Object.entries<{ modules: string[]; reason: string }>(
      layering.publicModules,
    )) {
      expect(group.reason, feature).toMatch(/\S{3}/);
      expect(group.modules.length, feature).toBeGreaterThan(0);
    }
  });
});
