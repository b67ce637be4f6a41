// Where a step capture's time goes on the 15k page after one field changed: the page call (walk,
// serialization, transfer), the pretty-print, the DOM diff, the snapshot diff and the rest.
// Run: npm run build && node bench/step-parts.mjs [elements]
import { chromium } from '@playwright/test';
import browserModule from '../dist/browser/index.js';
import internal from '../dist/internal.js';
import diffModule from '../dist/snapshot/diff.js';
import { generatedPage } from './pages.mjs';

const elements = Number(process.argv[2] ?? 15_000);
const reps = 7;
const median = values => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const browser = await chromium.launch(browserModule.chromiumLaunchOptions());
const page = await browser.newPage();
const sw = new internal.Stagewright(page, { options: internal.resolveOptions({ limits: { maxNodes: 1e6, timeBudgetMs: 60_000 } }) });
const { store, recorder } = internal.internalsOf(sw);
await store.ensureInstalled();
await page.setContent(generatedPage(elements));
const times = { pageCallNoDom: [], pageCall: [], pretty: [], domDiff: [], snapshotDiff: [], stepCapture: [], playwright: [] };
let last = await store.capture({ dom: true, keepBaseline: true });
let lastDom = internal.prettyPrintDom(last.markup);
const target = { attach: async () => {} };
await recorder.capture('start');
for (let i = 0; i < reps; i++) {
  await page.locator('input').nth(i).fill(`value ${i}`);
  let started = performance.now();
  await store.capture({ dom: false, keepBaseline: true });
  times.pageCallNoDom.push(performance.now() - started);
  started = performance.now();
  const capture = await store.capture({ dom: true, keepBaseline: true });
  times.pageCall.push(performance.now() - started);
  started = performance.now();
  const dom = internal.prettyPrintDom(capture.markup);
  times.pretty.push(performance.now() - started);
  started = performance.now();
  internal.diffDom(lastDom, dom);
  times.domDiff.push(performance.now() - started);
  started = performance.now();
  diffModule.diffSnapshots(last.snapshot, capture.snapshot);
  times.snapshotDiff.push(performance.now() - started);
  last = capture;
  lastDom = dom;
  started = performance.now();
  await recorder.capture(`step ${i}`, { attachTo: target, full: 'bounded' });
  times.stepCapture.push(performance.now() - started);
  started = performance.now();
  await page.ariaSnapshot({ mode: 'ai' });
  times.playwright.push(performance.now() - started);
}
await browser.close();
console.log(`step capture parts on a ${elements}-element page (medians of ${reps}, ms):`);
for (const [key, values] of Object.entries(times))
  console.log(`  ${key.padEnd(14)} ${median(values).toFixed(1)}`);
