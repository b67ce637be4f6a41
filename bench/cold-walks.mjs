// What a test's first walks cost: each Playwright test gets a new browser context, so a new
// renderer, where the page runtime is compiled and warmed again. On the demo app, in a fresh
// context each time, the runtime walks the page (and serializes the DOM file, as a capture does)
// `walks` times in a row; prints the median time of each walk, in the page, over the contexts.
// Give V8 flags in STAGEWRIGHT_BENCH_JS_FLAGS to see what compiling and optimizing take (a
// diagnosis only: the product never sets V8 flags, which would change the app's own engine).
// Run: npm run build && node bench/cold-walks.mjs [contexts] [walks]
import { chromium } from '@playwright/test';
import browserModule from '../dist/browser/index.js';
import generated from '../dist/generated/injectedSource.js';
import protocol from '../dist/isomorphic/protocol.js';
import { demoPage } from './pages.mjs';

const contexts = Number(process.argv[2] ?? 8);
const walks = Number(process.argv[3] ?? 12);
const median = values => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const launchOptions = browserModule.chromiumLaunchOptions();
if (process.env.STAGEWRIGHT_BENCH_JS_FLAGS)
  launchOptions.args = [...launchOptions.args ?? [], `--js-flags=${process.env.STAGEWRIGHT_BENCH_JS_FLAGS}`];
const browser = await chromium.launch(launchOptions);
const html = demoPage();

async function coldWalks(dom) {
  const request = JSON.stringify({ limits: { maxNodes: 50_000, maxDepth: 256, timeBudgetMs: 10_000 }, redact: [], minNextId: 1, prefix: '', dom });
  const columns = Array.from({ length: walks }, () => []);
  for (let i = 0; i < contexts; i++) {
    const context = await browser.newContext();
    await context.addInitScript(generated.source);
    const page = await context.newPage();
    await page.setContent(html);
    const times = await page.evaluate(([key, request, walks]) => {
      const runtime = window[key];
      const times = [];
      for (let k = 0; k < walks; k++) {
        const started = performance.now();
        runtime.snapshot(request);
        times.push(performance.now() - started);
      }
      return times;
    }, [protocol.kRuntimeKey, request, walks]);
    times.forEach((ms, k) => columns[k].push(ms));
    await context.close();
  }
  return columns.map(median);
}

console.log(`first ${walks} walks of the demo app in a new renderer, in the page (medians over ${contexts} contexts, ms)${process.env.STAGEWRIGHT_BENCH_JS_FLAGS ? `, V8 flags: ${process.env.STAGEWRIGHT_BENCH_JS_FLAGS}` : ''}`);
for (const dom of [true, false])
  console.log(`  ${dom ? 'walk and DOM file' : 'walk alone       '}  ${(await coldWalks(dom)).map(ms => ms.toFixed(1)).join('  ')}`);
await browser.close();
