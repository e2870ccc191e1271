/**
 * Lighthouse's performance score of `/index` (the phone profile Lighthouse simulates: slow 4G, 4×
 * CPU slowdown), taken `runs` times and printed as median and worst against the 0.9 aim.
 *
 * Why here and not in `npm test`: the score is built from CPU time measured on this machine, and
 * the same build scores from 0.71 to 0.94 on this 2-core machine with nothing else running
 * (measured 2026-11-28, five and three runs of one build): a pass/fail on it is a timed assertion
 * that a test must not make. `npm test` keeps Lighthouse's accessibility, best-practices and SEO
 * gates (the same on every run) and shows the performance score as a warning; the bench reports it.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { median, spread, worst } from './runs.ts';

const AIM = 0.9;
const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['speed-index', 'SI'],
] as const;

interface Lhr {
  categories: { performance: { score: number } };
  audits: Record<string, { numericValue: number }>;
}

/** Runs Lighthouse (lhci collect, the settings of lighthouserc.json) `runs` times on `appUrl`/index. */
export function benchLighthouse(appUrl: string, runs: number): Lhr[] {
  const rc = JSON.parse(fs.readFileSync('lighthouserc.json', 'utf8')) as {
    ci: { collect: { chromePath: string; settings: unknown } };
  };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-lh-'));
  const config = path.join(dir, 'lighthouserc.json');
  fs.writeFileSync(
    config,
    JSON.stringify({
      ci: {
        collect: {
          url: [`${appUrl}/index`],
          numberOfRuns: runs,
          chromePath: rc.ci.collect.chromePath,
          settings: rc.ci.collect.settings,
        },
      },
    }),
  );
  const lhci = path.resolve('node_modules', '.bin', 'lhci');
  const res = spawnSync(lhci, ['collect', `--config=${config}`], { cwd: dir, encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`lhci collect failed: ${res.stderr || res.stdout}`);
  const out = path.join(dir, '.lighthouseci');
  const lhrs = fs
    .readdirSync(out)
    .filter((f) => /^lhr-.*\.json$/.test(f))
    .map((f) => JSON.parse(fs.readFileSync(path.join(out, f), 'utf8')) as Lhr);
  fs.rmSync(dir, { recursive: true, force: true });
  return lhrs;
}

export function printLighthouseBench(lhrs: Lhr[]): void {
  console.log(`\n== Lighthouse performance of /index (${lhrs.length} runs) ==`);
  const scores = lhrs.map((l) => l.categories.performance.score);
  console.log(
    `score ${spread(scores, 'higher', 2)}   ratio to the ${AIM} aim ${(median(scores) / AIM).toFixed(3)} (worst ${(worst(scores, 'higher') / AIM).toFixed(3)})`,
  );
  for (const [id, label] of METRICS)
    console.log(
      `  ${label.padEnd(4)} ms ${spread(
        lhrs.map((l) => l.audits[id]!.numericValue),
        'lower',
      )}`,
    );
}
