#!/usr/bin/env node
/**
 * `npm run deps`: the layering rules of .dependency-cruiser.cjs over src/ and sw/, in seconds.
 * 1. dependency-cruiser's module rules (`forbidden`): client and server never import each other,
 *    the domain imports nothing outside itself, the service worker only the domain.
 * 2. Folder cycles: every file is collapsed to its folder (src/server/<f>, src/client/features/<f>,
 *    src/client/<f>, src/domain, sw; a file directly in src/server or src/client is its own node).
 *    Any cycle left after removing the `layering.knownCycleEdges` (each with its reason) fails.
 * 3. Feature internals: a file of one feature (src/server/<f> outside `layering.sharedServer`,
 *    src/client/features/<f>) may be imported from outside that feature only if it is listed in
 *    `layering.publicModules[<feature>]`; the composition root (files directly in src/server or
 *    src/client) may import anything.
 * Listed exceptions that no longer occur are printed as stale (remove them), without failing.
 * Usage: node scripts/deps.mjs [--root DIR] [--config FILE]; exit 1 on any violation.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise } from 'dependency-cruiser';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The node a file collapses to, or null for files outside src/ and sw/ (npm packages, builtins). */
export function folderOf(file) {
  let m = file.match(/^src\/server\/([^/]+)\//);
  if (m) return `server/${m[1]}`;
  m = file.match(/^src\/client\/features\/([^/]+)\//);
  if (m) return `client/features/${m[1]}`;
  m = file.match(/^src\/(server|client)\/([^/]+)\//);
  if (m) return `${m[1]}/${m[2]}`;
  m = file.match(/^src\/(server|client)\/([^/]+)$/);
  if (m) return `${m[1]}/${m[2]}`;
  if (file.startsWith('src/domain/')) return 'domain';
  if (file.startsWith('sw/')) return 'sw';
  return null;
}

const isRootFile = (file) => /^src\/(server|client)\/[^/]+$/.test(file);

/** The feature a file belongs to (for the internals rule), or null for shared plumbing. */
function featureOf(file, layering) {
  const m = file.match(/^src\/server\/([^/]+)\//);
  if (m) return layering.sharedServer.includes(m[1]) ? null : `server/${m[1]}`;
  const c = file.match(/^src\/client\/features\/([^/]+)\//);
  return c ? `client/features/${c[1]}` : null;
}

/** One cycle through `start` inside its strongly connected component (breadth-first, shortest). */
function cycleThrough(start, graph, inScc) {
  const prev = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const at = queue.shift();
    for (const next of graph.get(at) ?? []) {
      if (!inScc.has(next)) continue;
      if (next === start) {
        const cycle = [start];
        for (let n = at; n !== start; n = prev.get(n)) cycle.splice(1, 0, n);
        return [...cycle, start];
      }
      if (!prev.has(next)) {
        prev.set(next, at);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

/** Strongly connected components of more than one node (Tarjan), each sorted. */
function cyclicComponents(graph) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const out = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const comp = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1) out.push(comp.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!idx.has(v)) visit(v);
  return out;
}

/**
 * Runs every rule on the tree under `root` (its src/ and sw/). Returns the violations (readable
 * lines) and the stale exceptions; `layering` and the cruise rules come from `configFile`.
 */
export async function checkDeps({
  root = projectRoot,
  configFile = path.join(projectRoot, '.dependency-cruiser.cjs'),
} = {}) {
  const require = createRequire(import.meta.url);
  const config = require(configFile);
  const { layering } = config;
  const scan = ['src', 'sw'].filter((d) => fs.existsSync(path.join(root, d)));
  const cwd = process.cwd();
  process.chdir(root);
  let result;
  try {
    result = await cruise(scan, {
      ruleSet: { forbidden: config.forbidden },
      ...config.options,
      validate: true,
      baseDir: root,
    });
  } finally {
    process.chdir(cwd);
  }
  const { modules, summary } = result.output;
  const violations = [];
  const stale = [];

  for (const v of summary.violations) {
    if (v.rule.severity === 'ignore') continue;
    violations.push(`${v.rule.name}: ${v.from} → ${v.to}`);
  }

  // folder graph and the feature-internals rule
  const graph = new Map();
  const seenEdges = new Set();
  const usedPublic = new Set();
  for (const m of modules) {
    const from = folderOf(m.source);
    if (!from) continue;
    if (!graph.has(from)) graph.set(from, new Set());
    for (const d of m.dependencies) {
      const to = folderOf(d.resolved);
      if (!to || to === from) continue;
      seenEdges.add(`${from} -> ${to}`);
      graph.get(from).add(to);
      const feature = featureOf(d.resolved, layering);
      if (!feature || feature === featureOf(m.source, layering) || isRootFile(m.source)) continue;
      const inner = d.resolved.slice(`src/${feature}/`.length);
      const listed = layering.publicModules[feature]?.modules ?? [];
      if (listed.includes(inner)) usedPublic.add(`${feature}/${inner}`);
      else
        violations.push(
          `feature-internals: ${m.source} → ${d.resolved} (not a public module of ${feature})`,
        );
    }
  }
  for (const { from, to } of layering.knownCycleEdges) {
    if (!seenEdges.has(`${from} -> ${to}`))
      stale.push(`knownCycleEdges: ${from} -> ${to} no longer occurs`);
    graph.get(from)?.delete(to);
  }
  for (const [feature, { modules: list }] of Object.entries(layering.publicModules)) {
    for (const inner of list) {
      if (!usedPublic.has(`${feature}/${inner}`))
        stale.push(`publicModules: ${feature}/${inner} is not imported by another feature`);
    }
  }
  for (const comp of cyclicComponents(graph)) {
    const cycle = cycleThrough(comp[0], graph, new Set(comp));
    violations.push(
      `folder-cycle: ${cycle.join(' → ')}${comp.length > cycle.length - 1 ? ` (component: ${comp.join(', ')})` : ''}`,
    );
  }
  return { violations, stale, modules: modules.length };
}

async function main() {
  const args = process.argv.slice(2);
  const opt = (name) => {
    const i = args.indexOf(name);
    return i >= 0 ? path.resolve(args[i + 1]) : undefined;
  };
  const started = Date.now();
  const { violations, stale, modules } = await checkDeps({
    root: opt('--root'),
    configFile: opt('--config'),
  });
  for (const s of stale)
    console.log(`stale exception (remove it from .dependency-cruiser.cjs): ${s}`);
  for (const v of violations) console.error(`✗ ${v}`);
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (violations.length > 0) {
    console.error(
      `${violations.length} dependency rule violation(s) in ${modules} modules (${secs} s): see docs/layering.md`,
    );
    process.exit(1);
  }
  console.log(`✓ dependency rules hold over ${modules} modules (${secs} s)`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
