// The floor of any capture that gives exactly what a full walk gives, on the 15k page after one
// field changed: reading each walked element's style (display, visibility) and each entry's box
// costs this much whatever a capture reuses, since no browser API says which styles or boxes
// changed. Against a step capture as it is and Playwright's AI snapshot (medians of 7, ms).
// Run: npm run build && node bench/capture-floor.mjs [elements]
import { chromium } from '@playwright/test';
import browserModule from '../dist/browser/index.js';
import internal from '../dist/internal.js';
import protocol from '../dist/isomorphic/protocol.js';
import { generatedPage } from './pages.mjs';

const elements = Number(process.argv[2] ?? 15_000);
const reps = 7;
const browser = await chromium.launch(browserModule.chromiumLaunchOptions());
const page = await browser.newPage();
const sw = new internal.Stagewright(page, { options: internal.resolveOptions({ limits: { maxNodes: 1e6, timeBudgetMs: 60_000 } }) });
const { store } = internal.internalsOf(sw);
await store.ensureInstalled();
await page.setContent(generatedPage(elements));
await sw.snapshot();
const rows = [];
for (let i = 0; i < reps; i++) {
  await page.locator('input').nth(i).fill(`value ${i}`);
  const floor = await page.evaluate(key => {
    const runtime = window[key];
    const all = [...document.querySelectorAll('*')];
    const entries = all.filter(element => runtime.refOf(element));
    let sum = 0;
    let started = performance.now();
    for (const element of all) {
      const style = getComputedStyle(element);
      sum += style.getPropertyValue('display').length + style.getPropertyValue('visibility').length;
    }
    const styles = performance.now() - started;
    started = performance.now();
    for (const element of entries)
      sum += element.getBoundingClientRect().width;
    return { styles, boxes: performance.now() - started, entries: entries.length, sum };
  }, protocol.kRuntimeKey);
  let started = performance.now();
  await store.capture({ dom: true, keepBaseline: true });
  const capture = performance.now() - started;
  started = performance.now();
  await page.ariaSnapshot({ mode: 'ai' });
  rows.push({ ...floor, capture, playwright: performance.now() - started });
}
await browser.close();
const median = key => rows.map(row => row[key]).sort((a, b) => a - b)[Math.floor(reps / 2)];
const playwright = median('playwright');
console.log(`one field changed on a ${elements}-element page, ${rows[0].entries} entries (medians of ${reps}):`);
for (const key of ['styles', 'boxes', 'capture', 'playwright'])
  console.log(`  ${key.padEnd(11)} ${median(key).toFixed(1).padStart(7)} ms  ${(median(key) / playwright).toFixed(3)}×`);
const floor = median('styles') + median('boxes');
console.log(`  floor       ${floor.toFixed(1).padStart(7)} ms  ${(floor / playwright).toFixed(3)}× (styles + boxes; target for the whole capture: 0.05×)`);
