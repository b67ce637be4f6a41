import { chromium } from '@playwright/test';
import browserModule from '../dist/browser/index.js';
import internal from '../dist/internal.js';
import { generatedPage } from './pages.mjs';
import os from 'node:os';
const browser = await chromium.launch(browserModule.chromiumLaunchOptions());
const page = await browser.newPage();
const sw = new internal.Stagewright(page, { options: internal.resolveOptions({ limits: { maxNodes: 1e6, timeBudgetMs: 60_000 } }), outputDir: os.tmpdir() + '/sw-step-node' });
const { store, recorder } = internal.internalsOf(sw);
await store.ensureInstalled();
await page.setContent(generatedPage(15000));
const target = { attach: async () => {} };
await recorder.capture('start');
const times = [];
for (let i = 0; i < 12; i++) {
  await page.locator('input').nth(i).fill(`value ${i}`);
  const t = performance.now();
  await recorder.capture(`step ${i}`, { attachTo: target, full: 'diff', asStep: false });
  times.push(performance.now() - t);
}
console.log(times.map(t => t.toFixed(0)).join(' '));
await browser.close();
