#!/usr/bin/env node
/**
 * `npm test`: every check, in order, stopping at the first failure: type-check, lint, dependency rules
 * (scripts/deps.mjs, the layering of .dependency-cruiser.cjs), client build,
 * Lighthouse CI on the build, unit tests (domain + client), server tests, end-to-end tests in Chromium.
 * Ends with one line `N passed, N failed` (the tests of the vitest runs) and a non-zero exit
 * when anything failed. Starts by printing the Node that runs the steps: the `node` dependency's
 * (package.json pins Node 22 LTS), which `npx` finds first on PATH; any other stops the run.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-test-report-'));

const steps = [
  { name: 'type-check', cmd: ['tsc', '-p', 'tsconfig.json', '--noEmit'] },
  { name: 'lint (Biome)', cmd: ['node', 'scripts/lint.mjs'] },
  { name: 'dependency rules', cmd: ['node', 'scripts/deps.mjs'] },
  { name: 'client build', cmd: ['vite', 'build'] },
  // Lighthouse: accessibility, best practices and SEO are gates; the performance score (CPU time on
  // this machine) is a warning here and a figure of `npm run bench` (tests/bench/lighthouse.ts). It
  // still runs while nothing else does, before the suites start their servers and browsers.
  { name: 'Lighthouse CI', cmd: ['lhci', 'autorun'] },
  { name: 'domain + client tests', vitest: ['--project', 'domain', '--project', 'client'] },
  { name: 'server tests', vitest: ['--project', 'server'] },
  { name: 'end-to-end tests', vitest: ['--project', 'e2e'] },
];

const totals = { passed: 0, failed: 0 };

/** Every step runs through npx: check that npx runs the pinned Node, not the machine's own. */
function checkNode() {
  const pinned = `v${JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).dependencies.node}`;
  const seen = spawnSync('npx', ['node', '--version'], {
    cwd: root,
    encoding: 'utf8',
    env: process.env,
  });
  const stepsNode = (seen.stdout ?? '').trim();
  console.log(
    `node ${stepsNode || '(none)'} runs the steps (this script: ${process.version}, pinned: ${pinned})`,
  );
  if (stepsNode !== pinned) {
    console.error(
      `✗ the steps would run on node ${stepsNode || '(none)'}, not ${pinned}: run npm ci first`,
    );
    process.exit(1);
  }
}

/** Adds one vitest JSON report to the totals; a run that left no report counts as one failure. */
function countReport(file) {
  try {
    const report = JSON.parse(fs.readFileSync(file, 'utf8'));
    totals.passed += report.numPassedTests ?? 0;
    // A file that fails to load has no failed test but a failed suite: count it too.
    const brokenFiles = (report.testResults ?? []).filter(
      (r) =>
        r.status === 'failed' && (r.assertionResults ?? []).every((a) => a.status !== 'failed'),
    ).length;
    totals.failed += (report.numFailedTests ?? 0) + brokenFiles;
    return true;
  } catch {
    return false;
  }
}

function finish(code) {
  fs.rmSync(reportDir, { recursive: true, force: true });
  console.log(`${totals.passed} passed, ${totals.failed} failed`);
  process.exit(code);
}

checkNode();
for (const [i, step] of steps.entries()) {
  const started = Date.now();
  console.log(`\n=== [${i + 1}/${steps.length}] ${step.name} ===`);
  let args = step.cmd;
  let report = null;
  if (step.vitest) {
    report = path.join(reportDir, `vitest-${i}.json`);
    args = [
      'vitest',
      'run',
      ...step.vitest,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ];
  }
  const res = spawnSync('npx', args, { cwd: root, stdio: 'inherit', env: process.env });
  const counted = report ? countReport(report) : true;
  if (report && !counted && res.status !== 0) totals.failed += 1;
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (res.status !== 0) {
    console.error(`\n✗ ${step.name} failed (exit ${res.status ?? res.signal}) after ${secs} s`);
    finish(res.status || 1);
  }
  console.log(`✓ ${step.name} (${secs} s)`);
}
finish(totals.failed > 0 ? 1 : 0);
