// npm run bench: stagewright against Playwright's own `page.ariaSnapshot({ mode: 'ai' })`, in one
// run, on generated pages of about 1k, 15k and 50k elements and on the demo app. Prints a table
// and writes bench/results.json. Ratios, not absolute times, are what count on shared machines.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import browserModule from '../dist/browser/index.js';
import { measurePage, measureStepCosts } from './harness.mjs';
import { demoPage, generatedPage, realisticPage, tablePage } from './pages.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const reps = Number(process.env.BENCH_REPS ?? 11);
const demoHtml = demoPage();

const pages = [
  { name: 'demo app', load: page => page.setContent(demoHtml, { timeout: 180_000 }) },
  { name: 'realistic 5k', load: page => page.setContent(realisticPage(5_000), { timeout: 180_000 }) },
  { name: '1k', load: page => page.setContent(generatedPage(1_000), { timeout: 180_000 }) },
  { name: '15k', load: page => page.setContent(generatedPage(15_000), { timeout: 180_000 }) },
  { name: '50k', load: page => page.setContent(generatedPage(50_000), { timeout: 180_000 }) },
];

const browser = await chromium.launch(browserModule.chromiumLaunchOptions());
const context = await browser.newContext();
const results = [];
let steps;
try {
  for (const spec of pages) {
    process.stderr.write(`measuring ${spec.name}…\n`);
    results.push(await measurePage(context, { ...spec, reps }));
  }
  process.stderr.write('measuring step captures…\n');
  steps = await measureStepCosts(context, { tablePage: tablePage(5_000), bigPage: generatedPage(15_000), reps });
} finally {
  await browser.close();
}

const fixed = (n, digits = 2) => n.toFixed(digits);
const rows = [
  ['page', 'elements', 'entries', 'playwright ms', 'snapshot ms', 'snapshot ×', 'capture ms', 'capture ×', 'step ms', 'step ×', 'floor ms', '× floor', 'ms/1k el.', 'tokens ours/pw', 'tokens ×', 'diff tokens', 'diff/full'],
  ...results.map(r => [r.name, r.elements, r.entries, fixed(r.ms.playwright, 1), fixed(r.ms.snapshot, 1), fixed(r.snapshotRatio), fixed(r.ms.capture, 1), fixed(r.captureRatio), fixed(r.ms.step, 1), fixed(r.stepRatio),
    fixed(r.ms.floor, 1), fixed(r.floorMultiple), fixed(r.msPer1kElements), `${r.tokens.ours}/${r.tokens.playwright}`, fixed(r.tokenRatio), r.diffTokens, `${fixed(r.diffRatio * 100, 1)}%`]),
];
const widths = rows[0].map((_, i) => Math.max(...rows.map(row => String(row[i]).length)));
const line = row => '| ' + row.map((cell, i) => String(cell).padEnd(widths[i])).join(' | ') + ' |';
const table = [line(rows[0]), '|' + widths.map(w => '-'.repeat(w + 2)).join('|') + '|', ...rows.slice(1).map(line)].join('\n');

const byName = Object.fromEntries(results.map(r => [r.name, r]));
const growth = byName['50k'].msPer1kElements / byName['1k'].msPer1kElements;
const targets = [
  ['snapshot ≤ 0.2× Playwright (15k)', byName['15k'].snapshotRatio <= 0.2, fixed(byName['15k'].snapshotRatio)],
  ['snapshot ≤ 0.2× Playwright (50k)', byName['50k'].snapshotRatio <= 0.2, fixed(byName['50k'].snapshotRatio)],
  ['snapshot ≤ 3× the floor (15k)', byName['15k'].floorMultiple <= 3, fixed(byName['15k'].floorMultiple)],
  ['full capture ≤ 0.5× Playwright (15k)', byName['15k'].captureRatio <= 0.5, fixed(byName['15k'].captureRatio)],
  ['step capture after a one-field change ≤ 0.25× Playwright (15k)', byName['15k'].stepRatio <= 0.25, fixed(byName['15k'].stepRatio)],
  ['snapshot text ≤ 1.0× Playwright tokens (every page)', results.every(r => r.tokenRatio <= 1), results.map(r => `${r.name} ${fixed(r.tokenRatio)}`).join(', ')],
  ['one-field compact diff ≤ 2% of the snapshot (15k)', byName['15k'].diffRatio <= 0.02, `${fixed(byName['15k'].diffRatio * 100)}%`],
  ['time per element at 50k ≤ 1.5× that at 1k', growth <= 1.5, fixed(growth)],
  ['step capture after re-ordering 5,000 rows ≤ 1.0× Playwright\'s snapshot of that page', steps.reorderRatio <= 1, fixed(steps.reorderRatio)],
  ['report bytes per one-field step (15k) ≤ 50 KB', steps.bytesPerStep <= 50_000, `${steps.bytesPerStep} B`],
];
const machine = `${os.cpus().length} cores, ${os.cpus()[0]?.model ?? "unknown CPU"}, Node ${process.version}`;
console.log(`stagewright benchmark — ${new Date().toISOString().slice(0, 10)} — ${os.cpus().length} cores — medians of ${reps} interleaved runs after a warm-up\n`);
console.log(table);
console.log(`\nstep captures: re-order of a 5,000-row table ${fixed(steps.reorderCaptureMs, 1)} ms (Playwright's snapshot of it ${fixed(steps.reorderPlaywrightMs, 1)} ms, ${fixed(steps.reorderRatio)}×);`);
console.log(`  one-field step on the 15k page attaches ${steps.bytesPerStep} B (its diff); the final capture ${steps.finalCaptureBytes} B (full YAML and DOM)`);
console.log('\ntargets:');
for (const [what, met, value] of targets)
  console.log(`  ${met ? 'met    ' : 'NOT met'}  ${what}: ${value}`);
fs.writeFileSync(path.join(here, 'results.json'), JSON.stringify({ date: new Date().toISOString(), machine, reps, results, steps, targets: targets.map(([what, met, value]) => ({ what, met, value })) }, null, 2) + '\n');
console.log('\nwrote bench/results.json');
