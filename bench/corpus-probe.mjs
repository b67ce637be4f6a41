// Loads every corpus app once and says what its page is made of: elements in the document, in
// shadow roots and in frames, shadow roots, slots, text runs, labelled-by/described-by references,
// ::before/::after content, and the time the app took to render. With --screenshots DIR, a
// picture of each. Run: node bench/corpus-probe.mjs [--screenshots DIR] [app…]
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import browserModule from '../dist/browser/index.js';
import { ensureCorpus, loadApp, startCorpusServer } from './corpusServer.mjs';

const args = process.argv.slice(2);
const shotsAt = args.indexOf('--screenshots');
const shots = shotsAt >= 0 ? args.splice(shotsAt, 2)[1] : undefined;
ensureCorpus();
const server = await startCorpusServer();
const browser = await chromium.launch(browserModule.chromiumLaunchOptions());
try {
  for (const app of server.apps.filter(app => !args.length || args.includes(app.name))) {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', error => errors.push(error.message));
    page.on('console', message => message.type() === 'error' && errors.push(message.text()));
    const started = performance.now();
    try {
      await loadApp(page, server, app);
    } catch (error) {
      console.log(`${app.name}: did not render (${error.message.split('\n')[0]}); errors: ${errors.join(' | ')}`);
      await page.close();
      continue;
    }
    const loadMs = performance.now() - started;
    const stats = [];
    for (const frame of page.frames()) {
      stats.push(await frame.evaluate(() => {
        const s = { elements: 0, inShadow: 0, shadowRoots: 0, slots: 0, textRuns: 0, idrefs: 0, pseudo: 0 };
        const visit = (root, inShadow) => {
          const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            if (node.nodeType === 3) { if (node.data.trim()) s.textRuns++; continue; }
            s.elements++;
            if (inShadow) s.inShadow++;
            if (node.localName === 'slot') s.slots++;
            if (node.hasAttribute('aria-labelledby') || node.hasAttribute('aria-describedby')) s.idrefs++;
            for (const pseudo of ['::before', '::after']) {
              const content = getComputedStyle(node, pseudo).content;
              if (content && content !== 'none' && content !== 'normal') s.pseudo++;
            }
            if (node.shadowRoot) { s.shadowRoots++; visit(node.shadowRoot, true); }
          }
        };
        visit(document.documentElement, false);
        return s;
      }).catch(() => undefined));
    }
    const sum = stats.filter(Boolean).reduce((a, b) => Object.fromEntries(Object.keys(b).map(k => [k, (a[k] ?? 0) + b[k]])), {});
    console.log(`${app.name.padEnd(20)} load ${Math.round(loadMs)} ms, frames ${page.frames().length}, ${JSON.stringify(sum)}${errors.length ? `, errors: ${errors.slice(0, 3).join(' | ').slice(0, 300)}` : ''}`);
    if (shots) {
      fs.mkdirSync(shots, { recursive: true });
      await page.screenshot({ path: path.join(shots, `${app.name}.png`) });
    }
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
}
