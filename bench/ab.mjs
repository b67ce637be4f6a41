// Two builds of the page runtime, side by side in one page: each walk of one is followed by a walk
// of the other, so a busy machine slows both alike. Prints the in-page walk times and the median
// of the per-pair ratios (B over A), the figure to trust when absolute times wander.
// Run: node bench/ab.mjs <A: an older dist/injected.js> [B: default ./dist/injected.js] [elements] [generated|realistic|suite|app:<corpus app>]
// (`suite`: the orders page of bench/suitePages.mjs; `app:ag-grid`: a real app of corpus/, elements ignored)
import { chromium } from '@playwright/test';
import fs from 'node:fs';
import browserModule from '../dist/browser/index.js';
import { generatedPage, realisticPage } from './pages.mjs';
import { loadApp, startCorpusServer } from './corpusServer.mjs';
import { suitePage } from './suitePages.mjs';

const [a, b = new URL('../dist/injected.js', import.meta.url).pathname, elements = '15000', kind = 'generated'] = process.argv.slice(2);
if (!a) {
  console.error('usage: node bench/ab.mjs <A injected.js> [B injected.js] [elements] [generated|realistic|suite|app:<name>]');
  process.exit(2);
}
const pairs = Number(process.env.AB_PAIRS ?? 21);
const median = values => [...values].sort((x, y) => x - y)[values.length >> 1];
const browser = await chromium.launch(browserModule.chromiumLaunchOptions());
const server = kind.startsWith('app:') ? await startCorpusServer() : undefined;
try {
  const page = await browser.newPage();
  if (server) {
    const app = server.apps.find(candidate => candidate.name === kind.slice(4));
    if (!app)
      throw new Error(`no corpus app ${kind.slice(4)}: ${server.apps.map(candidate => candidate.name).join(', ')}`);
    await loadApp(page, server, app);
  } else {
    await page.setContent(kind === 'realistic' ? realisticPage(Number(elements)) : kind === 'suite' ? suitePage(Number(elements), 7) : generatedPage(Number(elements)));
  }
  // Each build installs under its own key, so both live in the page at once. Builds before the
  // runtime moved to a window property keep it under `Symbol.for(key)`.
  for (const [key, file] of [['A', a], ['B', b]])
    await page.evaluate(fs.readFileSync(file, 'utf8').replaceAll('"stagewright.runtime"', `"stagewright.ab.${key}"`).replaceAll('"__stagewright_runtime"', `"stagewright.ab.${key}"`));
  const request = JSON.stringify({ limits: { maxNodes: 1e7, maxDepth: 1e5, timeBudgetMs: 600_000 }, redact: [], minNextId: 1, prefix: '' });
  const walk = key => page.evaluate(([key, request]) => {
    const runtime = window[`stagewright.ab.${key}`] ?? window[Symbol.for(`stagewright.ab.${key}`)];
    const started = performance.now();
    runtime.snapshot(request);
    return performance.now() - started;
  }, [key, request]);
  await walk('A');
  await walk('B');
  const times = { A: [], B: [] };
  // Alternating which goes first (ABBA…): a walk that slows the next one (GC) charges both alike.
  for (let i = 0; i < pairs; i++) {
    for (const key of i % 2 ? ['B', 'A'] : ['A', 'B'])
      times[key].push(await walk(key));
  }
  const ratio = median(times.A.map((ms, i) => times.B[i] / ms));
  console.log(`${kind} ${elements}: A ${median(times.A).toFixed(1)} ms, B ${median(times.B).toFixed(1)} ms (medians of ${pairs}); B/A ${ratio.toFixed(3)} (median of the pairs)`);
  // The fastest walk of each is the one least disturbed by the machine's other work.
  const min = values => Math.min(...values);
  console.log(`  fastest: A ${min(times.A).toFixed(1)} ms, B ${min(times.B).toFixed(1)} ms; B/A ${(min(times.B) / min(times.A)).toFixed(3)}`);
} finally {
  await browser.close();
  await server?.close();
}
