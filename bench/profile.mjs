// Where the snapshot's time goes: Chrome's sampling profiler through Playwright's CDP session,
// five snapshots of the 15k page, inclusive time per function (idle excluded).
// Run: STAGEWRIGHT_UNMINIFIED=1 npm run build && node bench/profile.mjs [elements]
//   PROFILE_STEP=1: a step capture's page call instead (one field filled, then the walk and the
//   DOM file's markup, as a capture asks for them), the incremental walk's usual case.
// (the build minifies the page runtime by default, and its function names with it).
import { chromium } from '@playwright/test';
import browserModule from '../dist/browser/index.js';
import internal from '../dist/internal.js';
import { generatedPage } from './pages.mjs';

const elements = Number(process.argv[2] ?? 15_000);
const browser = await chromium.launch(browserModule.chromiumLaunchOptions());
const page = await browser.newPage();
const sw = new internal.Stagewright(page, { options: internal.resolveOptions({ limits: { maxNodes: 1e6, timeBudgetMs: 60_000 } }) });
await internal.internalsOf(sw).store.ensureInstalled();
await page.setContent(generatedPage(elements));
const step = process.env.PROFILE_STEP === '1';
const { store } = internal.internalsOf(sw);
const once = async i => {
  if (!step)
    return void await sw.snapshot();
  await page.locator('input').nth(i).fill(`value ${i}`);
  await store.capture({ dom: true, keepBaseline: true });
};
await once(0); // Warm-up.
const cdp = await page.context().newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
await cdp.send('Profiler.start');
for (let i = 1; i <= 5; i++)
  await once(i);
const { profile } = await cdp.send('Profiler.stop');
await browser.close();

const byId = new Map(profile.nodes.map(node => [node.id, node]));
const parentOf = new Map();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parentOf.set(child, node.id);
const inclusive = new Map();
let total = 0;
for (const id of profile.samples) {
  if (byId.get(id).callFrame.functionName === '(idle)')
    continue;
  total++;
  const seen = new Set();
  for (let current = id; current !== undefined; current = parentOf.get(current)) {
    const name = byId.get(current).callFrame.functionName || '(anonymous)';
    if (!seen.has(name)) {
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + 1);
    }
  }
}
for (const [name, samples] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.PROFILE_TOP ?? 30)))
  console.log(`${(samples / total * 100).toFixed(1).padStart(5)}%  ${name}`);

// Self time: where the samples land (the function on top of the stack).
const self = new Map();
for (const id of profile.samples) {
  const frame = byId.get(id).callFrame;
  if (frame.functionName === '(idle)')
    continue;
  const name = `${frame.functionName || '(anonymous)'}${frame.lineNumber >= 0 ? `:${frame.lineNumber + 1}` : ''}`;
  self.set(name, (self.get(name) ?? 0) + 1);
}
console.log('\nself time:');
for (const [name, samples] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25))
  console.log(`${(samples / total * 100).toFixed(1).padStart(5)}%  ${name}`);
