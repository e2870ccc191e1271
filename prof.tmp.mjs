import { chromium } from 'playwright-core';
import fs from 'node:fs';
import { SourceMapConsumer } from 'source-map-js';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const ctx = await b.newContext({ viewport: { width: 412, height: 823 } });
const page = await ctx.newPage();
const cdp = await ctx.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
await cdp.send('Profiler.start');
await page.goto('http://localhost:8765/index', { waitUntil: 'networkidle' });
await page.waitForTimeout(1000);
const { profile } = await cdp.send('Profiler.stop');
const maps = {};
function loc(cf) {
  const file = cf.url.split('/').pop(); if (!file.endsWith('.js')) return cf.functionName || '(native)';
  if (!(file in maps)) { try { maps[file] = new SourceMapConsumer(JSON.parse(fs.readFileSync('dist/assets/' + file + '.map', 'utf8'))); } catch { maps[file] = null; } }
  const m = maps[file]; if (!m) return file;
  const p = m.originalPositionFor({ line: cf.lineNumber + 1, column: cf.columnNumber });
  return (p.source || '?').replace(/.*node_modules\//, 'nm/').replace(/.*src\//, 'src/') + ':' + p.line + ' ' + (p.name || cf.functionName);
}
const byId = new Map(profile.nodes.map(n => [n.id, n])); const parent = new Map();
for (const n of profile.nodes) for (const c of n.children || []) parent.set(c, n.id);
const incl = {}; const dt = profile.timeDeltas;
profile.samples.forEach((id, i) => {
  const seen = new Set(); let cur = id;
  while (cur != null) { const n = byId.get(cur); const l = loc(n.callFrame); if (/^src\//.test(l) && !seen.has(l)) { seen.add(l); incl[l] = (incl[l] || 0) + (dt[i] || 0); } cur = parent.get(cur); }
});
for (const [k, v] of Object.entries(incl).sort((a, b) => b[1] - a[1]).slice(0, 45)) console.log((v / 1000).toFixed(1).padStart(7), k);
await b.close();
