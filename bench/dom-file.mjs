// The DOM file on the 15k page: serialization (in the page, with the snapshot walk it shares),
// pretty-print (a step's, and a whole print: ours against one js-beautify
// pass), diff, and the file's size against document.documentElement.outerHTML.
// Run: npm run build && node bench/dom-file.mjs [elements]
import { chromium } from '@playwright/test';
import browserModule from '../dist/browser/index.js';
import internal from '../dist/internal.js';
import { generatedPage } from './pages.mjs';

const elements = Number(process.argv[2] ?? 15_000);
const reps = 7;
const median = values => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const browser = await chromium.launch(browserModule.chromiumLaunchOptions());
const page = await browser.newPage();
const store = new internal.PageStore(page, internal.resolveOptions({ limits: { maxNodes: 1e6, timeBudgetMs: 60_000 } }));
await page.setContent(generatedPage(elements));
const count = await page.evaluate(() => document.getElementsByTagName('*').length);
const outerHTML = await page.evaluate(() => document.documentElement.outerHTML.length);
const times = { walk: [], walkAndSerialize: [], pretty: [], diff: [] };
let previous = internal.prettyPrintDom((await store.capture({ dom: true })).markup);
let file = previous;
let markup = '';
for (let i = 0; i < reps; i++) {
  await page.locator('input').nth(i).fill(`value ${i}`);
  let started = performance.now();
  await store.capture({ dom: false, keepBaseline: true });
  times.walk.push(performance.now() - started);
  started = performance.now();
  markup = (await store.capture({ dom: true, keepBaseline: true })).markup;
  times.walkAndSerialize.push(performance.now() - started);
  started = performance.now();
  file = internal.prettyPrintDom(markup);
  times.pretty.push(performance.now() - started);
  started = performance.now();
  internal.diffDom(previous, file);
  times.diff.push(performance.now() - started);
  previous = file;
}
await browser.close();
Object.assign(times, { print: [], beautify: [] });
for (let i = 0; i < reps; i++) {
  let started = performance.now();
  internal.printMarkup(markup);
  times.print.push(performance.now() - started);
  started = performance.now();
  internal.prettyPrintDomFully(markup);
  times.beautify.push(performance.now() - started);
}
const m = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)]));
console.log(`DOM file on a ${count}-element page (medians of ${reps}):`);
console.log(`  serialization  ${(m.walkAndSerialize - m.walk).toFixed(1)} ms (snapshot walk alone ${m.walk.toFixed(1)} ms, both in one page call ${m.walkAndSerialize.toFixed(1)} ms)`);
console.log(`  pretty-print   ${m.pretty.toFixed(1)} ms a step (prettyPrintDom after one field was typed); a whole print ${m.print.toFixed(1)} ms, one js-beautify pass ${m.beautify.toFixed(1)} ms`);
console.log(`  diff           ${m.diff.toFixed(1)} ms (one typed value)`);
console.log(`  size           ${file.length} chars pretty (${(file.length / outerHTML).toFixed(2)}× outerHTML ${outerHTML}); ${markup.length} unformatted (${(markup.length / outerHTML).toFixed(2)}×)`);
