// Two builds of the whole library side by side, in one browser and one run: `sw.snapshot()`,
// `sw.checkpoint()` and a one-field step's capture of each, on its own page of the same content,
// alternating, with Playwright's AI snapshot of that page timed between them. Where bench/ab.mjs
// compares only the in-page walk, this includes the round trip and the Node side. The figure to
// trust when the machine's speed drifts between days: both builds meet the same machine.
// Run: npm run build && node bench/compare-builds.mjs <A: another checkout's dist/internal.js> [B: ./dist/internal.js] [elements]
import { chromium } from '@playwright/test';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import browserModule from '../dist/browser/index.js';
import { generatedPage } from './pages.mjs';

const require = createRequire(import.meta.url);
const [a, b = new URL('../dist/internal.js', import.meta.url).pathname, elements = '15000'] = process.argv.slice(2);
if (!a) {
  console.error('usage: node bench/compare-builds.mjs <A dist/internal.js> [B dist/internal.js] [elements]');
  process.exit(2);
}
const reps = Number(process.env.BENCH_REPS ?? 11);
const median = values => [...values].sort((x, y) => x - y)[values.length >> 1];
const timed = async action => {
  const started = performance.now();
  await action();
  return performance.now() - started;
};

const browser = await chromium.launch(browserModule.chromiumLaunchOptions());
const html = generatedPage(Number(elements));
const outputDirs = [];
try {
  const builds = [];
  for (const file of [a, b]) {
    const internal = require(path.resolve(file));
    const page = await browser.newPage();
    const outputDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagewright-compare-'));
    outputDirs.push(outputDir);
    const sw = new internal.Stagewright(page, { outputDir, options: internal.resolveOptions({}) });
    const { store, recorder } = internal.internalsOf(sw);
    await store.ensureInstalled();
    await page.setContent(html, { timeout: 180_000 });
    await recorder.capture('start', { attachTo: { attach: async () => {} } });
    builds.push({ page, sw, recorder, field: page.locator('input').first(), times: { snapshot: [], checkpoint: [], step: [] } });
  }
  const playwright = [];
  let typed = 0;
  for (let rep = 0; rep <= reps; rep++) { // The first round warms up.
    for (const build of builds) {
      const snapshot = await timed(() => build.sw.snapshot());
      const checkpoint = await timed(() => build.sw.checkpoint('compare'));
      await build.field.fill(`typed ${typed++}`);
      const step = await timed(() => build.recorder.capture('step', { attachTo: { attach: async () => {} }, full: 'bounded' }));
      if (rep > 0)
        Object.entries({ snapshot, checkpoint, step }).forEach(([key, ms]) => build.times[key].push(ms));
    }
    const ms = await timed(() => builds[0].page.ariaSnapshot({ mode: 'ai' }));
    if (rep > 0)
      playwright.push(ms);
  }
  const pw = median(playwright);
  console.log(`${elements} elements, medians of ${reps}; Playwright's AI snapshot ${pw.toFixed(1)} ms`);
  for (const key of ['snapshot', 'checkpoint', 'step']) {
    const [ma, mb] = builds.map(build => median(build.times[key]));
    console.log(`  ${key.padEnd(10)} A ${ma.toFixed(1)} ms (${(ma / pw).toFixed(2)}×)  B ${mb.toFixed(1)} ms (${(mb / pw).toFixed(2)}×)  B/A ${(mb / ma).toFixed(2)}`);
  }
} finally {
  await browser.close();
  for (const dir of outputDirs)
    fs.rmSync(dir, { recursive: true, force: true });
}
