// npm run bench: stagewright against Playwright's own `page.ariaSnapshot({ mode: 'ai' })`, in one
// run, on generated pages of about 1k, 15k and 50k elements and on the demo app, then on the real
// apps of corpus/apps.json (built into corpus/.cache by scripts/corpus.mjs first when missing) served
// on 127.0.0.1. Prints tables and writes bench/results.json. Ratios, not absolute times, are what
// count on shared machines.
//   BENCH_REPS=n              repetitions per page (default 11)
//   BENCH_ONLY=real|synthetic only the real apps, or only the synthetic pages
//   BENCH_APPS=a,b            only these real apps (by name)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import browserModule from '../dist/browser/index.js';
import { ensureCorpus, loadApp, startCorpusServer } from './corpusServer.mjs';
import { measurePage, measureStepCosts } from './harness.mjs';
import { demoPage, generatedPage, realisticPage, tablePage } from './pages.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const reps = Number(process.env.BENCH_REPS ?? 11);
const only = process.env.BENCH_ONLY ?? '';
if (!['', 'real', 'synthetic'].includes(only))
  throw new Error(`BENCH_ONLY is 'real' or 'synthetic', not ${JSON.stringify(only)}`);
const synthetic = only !== 'real';
const real = only !== 'synthetic';
const appNames = process.env.BENCH_APPS ? process.env.BENCH_APPS.split(',').map(name => name.trim()) : undefined;
const demoHtml = demoPage();

const pages = synthetic ? [
  { name: 'demo app', load: page => page.setContent(demoHtml, { timeout: 180_000 }) },
  { name: 'realistic 5k', load: page => page.setContent(realisticPage(5_000), { timeout: 180_000 }) },
  { name: '1k', load: page => page.setContent(generatedPage(1_000), { timeout: 180_000 }) },
  { name: '15k', load: page => page.setContent(generatedPage(15_000), { timeout: 180_000 }) },
  { name: '50k', load: page => page.setContent(generatedPage(50_000), { timeout: 180_000 }) },
] : [];
if (real)
  ensureCorpus(); // Says so on stderr when it builds.

const browser = await chromium.launch(browserModule.chromiumLaunchOptions());
const context = await browser.newContext();
const results = [];
const apps = [];
let steps;
let server;
try {
  for (const spec of pages) {
    process.stderr.write(`measuring ${spec.name}…\n`);
    results.push(await measurePage(context, { ...spec, reps }));
  }
  if (synthetic) {
    process.stderr.write('measuring step captures…\n');
    steps = await measureStepCosts(context, { tablePage: tablePage(5_000), bigPage: generatedPage(15_000), reps });
  }
  if (real) {
    server = await startCorpusServer();
    const unknown = (appNames ?? []).filter(name => !server.apps.some(app => app.name === name));
    if (unknown.length)
      throw new Error(`BENCH_APPS: no app ${unknown.join(', ')} in corpus/apps.json`);
    for (const app of server.apps.filter(app => !appNames || appNames.includes(app.name))) {
      process.stderr.write(`measuring real app ${app.name}…\n`);
      apps.push({ ...await measurePage(context, { name: app.name, load: page => loadApp(page, server, app), reps, deep: true }), package: `${app.package}@${app.version}` });
    }
  }
} finally {
  await browser.close();
  await server?.close();
}

const fixed = (n, digits = 2) => n.toFixed(digits);
const median = values => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
function tableOf(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map(row => String(row[i]).length)));
  const line = row => '| ' + row.map((cell, i) => String(cell).padEnd(widths[i])).join(' | ') + ' |';
  return [line(rows[0]), '|' + widths.map(w => '-'.repeat(w + 2)).join('|') + '|', ...rows.slice(1).map(line)].join('\n');
}
const rows = [
  ['page', 'elements', 'entries', 'playwright ms', 'snapshot ms', 'snapshot ×', 'capture ms', 'capture ×', 'step ms', 'step ×', 'floor ms', '× floor', 'ms/1k el.', 'tokens ours/pw', 'tokens ×', 'diff tokens', 'diff/full'],
  ...results.map(r => [r.name, r.elements, r.entries, fixed(r.ms.playwright, 1), fixed(r.ms.snapshot, 1), fixed(r.snapshotRatio), fixed(r.ms.capture, 1), fixed(r.captureRatio), fixed(r.ms.step, 1), fixed(r.stepRatio),
    fixed(r.ms.floor, 1), fixed(r.floorMultiple), fixed(r.msPer1kElements), `${r.tokens.ours}/${r.tokens.playwright}`, fixed(r.tokenRatio), r.diffTokens, `${fixed(r.diffRatio * 100, 1)}%`]),
];
const table = tableOf(rows);

// The real apps: per app and the median over them. Elements are counted into shadow roots and
// same-origin frames, and the floor walks there too.
const appMedian = key => median(apps.map(r => r[key]));
const appMedianMs = key => median(apps.map(r => r.ms[key]));
const appRows = [
  ['app', 'package', 'elements (deep)', 'entries', 'playwright ms', 'snapshot ms', 'snapshot ×', 'capture ms', 'capture ×', 'step ms', 'step ×', 'floor ms', '× floor', 'tokens ×'],
  ...apps.map(r => [r.name, r.package, r.deepElements, r.entries, fixed(r.ms.playwright, 1), fixed(r.ms.snapshot, 1), fixed(r.snapshotRatio), fixed(r.ms.capture, 1), fixed(r.captureRatio),
    fixed(r.ms.step, 1), fixed(r.stepRatio), fixed(r.ms.floor, 1), fixed(r.floorMultiple), fixed(r.tokenRatio)]),
];
if (apps.length)
  appRows.push(['median', '', median(apps.map(r => r.deepElements)), median(apps.map(r => r.entries)), fixed(appMedianMs('playwright'), 1), fixed(appMedianMs('snapshot'), 1), fixed(appMedian('snapshotRatio')),
    fixed(appMedianMs('capture'), 1), fixed(appMedian('captureRatio')), fixed(appMedianMs('step'), 1), fixed(appMedian('stepRatio')), fixed(appMedianMs('floor'), 1), fixed(appMedian('floorMultiple')), fixed(appMedian('tokenRatio'))]);
const appTable = tableOf(appRows);

const byName = Object.fromEntries(results.map(r => [r.name, r]));
const growth = synthetic ? byName['50k'].msPer1kElements / byName['1k'].msPer1kElements : 0;
const worstApp = apps.length ? apps.reduce((a, b) => (b.snapshotRatio > a.snapshotRatio ? b : a)) : undefined;
const realTargets = apps.length ? [
  [`real apps: snapshot median ≤ 0.35× Playwright (${apps.length} apps)`, appMedian('snapshotRatio') <= 0.35, fixed(appMedian('snapshotRatio'))],
  ['real apps: no app\'s snapshot above 0.5× Playwright', worstApp.snapshotRatio <= 0.5, `worst ${worstApp.name} ${fixed(worstApp.snapshotRatio)}; above: ${apps.filter(r => r.snapshotRatio > 0.5).map(r => `${r.name} ${fixed(r.snapshotRatio)}`).join(', ') || 'none'}`],
  ['real apps: full capture median ≤ 0.6× Playwright', appMedian('captureRatio') <= 0.6, fixed(appMedian('captureRatio'))],
] : [];
const targets = [...(!synthetic ? [] : [
  ['snapshot ≤ 0.2× Playwright (15k)', byName['15k'].snapshotRatio <= 0.2, fixed(byName['15k'].snapshotRatio)],
  ['snapshot ≤ 0.2× Playwright (50k)', byName['50k'].snapshotRatio <= 0.2, fixed(byName['50k'].snapshotRatio)],
  ['snapshot ≤ 3× the floor (15k)', byName['15k'].floorMultiple <= 3, fixed(byName['15k'].floorMultiple)],
  ['full capture ≤ 0.5× Playwright (15k)', byName['15k'].captureRatio <= 0.5, fixed(byName['15k'].captureRatio)],
  ['step capture after a one-field change ≤ 0.1× Playwright (15k)', byName['15k'].stepRatio <= 0.1, fixed(byName['15k'].stepRatio)],
  ['snapshot text ≤ 1.0× Playwright tokens (every page)', results.every(r => r.tokenRatio <= 1), results.map(r => `${r.name} ${fixed(r.tokenRatio)}`).join(', ')],
  ['one-field compact diff ≤ 2% of the snapshot (15k)', byName['15k'].diffRatio <= 0.02, `${fixed(byName['15k'].diffRatio * 100)}%`],
  ['time per element at 50k ≤ 1.5× that at 1k', growth <= 1.5, fixed(growth)],
  ['step capture after re-ordering 5,000 rows ≤ 1.0× Playwright\'s snapshot of that page', steps.reorderRatio <= 1, fixed(steps.reorderRatio)],
  ['report bytes per one-field step (15k) ≤ 50 KB', steps.bytesPerStep <= 50_000, `${steps.bytesPerStep} B`],
  ['step capture after one changed field ≤ 0.1× Playwright (15k)', steps.changedRatios[1] <= 0.1, fixed(steps.changedRatios[1])],
  ['step capture after 10 changed fields ≤ 0.12× Playwright (15k)', steps.changedRatios[10] <= 0.12, fixed(steps.changedRatios[10])],
  // What a capture costs beyond the sweep of styles and boxes (the floor) follows the change, not the page.
  ['step capture after one changed field ≤ 2.5× the floor (15k)', byName['15k'].ms.step <= 2.5 * byName['15k'].ms.floor, fixed(byName['15k'].ms.step / byName['15k'].ms.floor)],
]), ...realTargets];
const machine = `${os.cpus().length} cores, ${os.cpus()[0]?.model ?? "unknown CPU"}, Node ${process.version}`;
console.log(`stagewright benchmark — ${new Date().toISOString().slice(0, 10)} — ${os.cpus().length} cores — medians of ${reps} interleaved runs after a warm-up\n`);
if (synthetic) {
  console.log(table);
  console.log(`\nstep captures: re-order of a 5,000-row table ${fixed(steps.reorderCaptureMs, 1)} ms (Playwright's snapshot of it ${fixed(steps.reorderPlaywrightMs, 1)} ms, ${fixed(steps.reorderRatio)}×);`);
  console.log(`  one-field step on the 15k page attaches ${steps.bytesPerStep} B (its diff); the final capture ${steps.finalCaptureBytes} B (full YAML and DOM)`);
  console.log(`  step capture by fields changed, 15k page (Playwright's snapshot ${fixed(steps.changedPlaywrightMs, 1)} ms): ${Object.entries(steps.changedCaptureMs).map(([count, ms]) => `${count}: ${fixed(ms, 1)} ms (${fixed(steps.changedRatios[count])}×)`).join(', ')}`);
}
if (apps.length) {
  console.log(`${synthetic ? '\n' : ''}real apps (corpus/apps.json, served on 127.0.0.1; elements and floor include open shadow roots and same-origin frames):\n`);
  console.log(appTable);
}
console.log('\ntargets:');
for (const [what, met, value] of targets)
  console.log(`  ${met ? 'met    ' : 'NOT met'}  ${what}: ${value}`);
fs.writeFileSync(path.join(here, 'results.json'), JSON.stringify({ date: new Date().toISOString(), machine, reps, only: only || undefined, results, steps, realApps: apps,
  realAppMedians: apps.length ? { snapshotRatio: appMedian('snapshotRatio'), captureRatio: appMedian('captureRatio'), stepRatio: appMedian('stepRatio'), floorMultiple: appMedian('floorMultiple') } : undefined,
  targets: targets.map(([what, met, value]) => ({ what, met, value })) }, null, 2) + '\n');
console.log('\nwrote bench/results.json');
