// Two builds of the library give the same snapshot text and DOM markup: every real app of
// corpus/ and the bench's own pages, each build on its own fresh page (refs left out, and digits
// too, since swagger-ui's and ionic's pages show generated times and ids). Run it before and after
// a change meant for speed alone: an app whose page renders differently from one load to the next
// can still differ in its markup; its text must not.
// Run: npm run build && node bench/same-output.mjs <other checkout's dist/internal.js> [this dist/internal.js]
import { chromium } from '@playwright/test';
import { createRequire } from 'node:module';
import browserModule from '../dist/browser/index.js';
import { ensureCorpus, loadApp, startCorpusServer } from './corpusServer.mjs';
import { generatedPage, realisticPage, tablePage } from './pages.mjs';
import { suitePage } from './suitePages.mjs';

const require = createRequire(import.meta.url);
const [a, b = new URL('../dist/internal.js', import.meta.url).pathname] = process.argv.slice(2);
if (!a) {
  console.error('usage: node bench/same-output.mjs <A dist/internal.js> [B dist/internal.js]');
  process.exit(2);
}
const builds = [require(a), require(b)];
ensureCorpus();
const server = await startCorpusServer();
const browser = await chromium.launch(browserModule.chromiumLaunchOptions());
const normalize = text => text.replace(/\[ref=[^\]]*\]/g, '').replace(/ ref="[^"]*"/g, '').replace(/\d/g, '0');
let textsDiffer = 0;

async function captureWith(build, load) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await load(page);
    const sw = new build.Stagewright(page, { options: build.resolveOptions({ limits: { maxNodes: 1e6, timeBudgetMs: 60_000 } }) });
    const capture = await build.internalsOf(sw).store.capture({ dom: true, keepBaseline: true });
    return { text: normalize(capture.text()), markup: normalize(capture.markup ?? '') };
  } finally {
    await context.close();
  }
}

async function compare(name, load) {
  const [first, second] = [await captureWith(builds[0], load), await captureWith(builds[1], load)];
  const sameText = first.text === second.text;
  if (!sameText) {
    textsDiffer++;
    const lines = [first.text.split('\n'), second.text.split('\n')];
    const at = lines[0].findIndex((line, i) => line !== lines[1][i]);
    console.log(`${name}: TEXT DIFFERS at line ${at + 1}\n  A: ${lines[0][at]}\n  B: ${lines[1][at]}`);
  } else {
    console.log(`${name}: same text (${first.text.length} characters)${first.markup === second.markup ? ', same markup' : ', markup differs'}`);
  }
}

try {
  for (const app of server.apps)
    await compare(app.name, page => loadApp(page, server, app));
  await compare('generated 2000', page => page.setContent(generatedPage(2000)));
  await compare('realistic 5000', page => page.setContent(realisticPage(5000)));
  await compare('table 2000', page => page.setContent(tablePage(2000)));
  await compare('suite orders 3000', page => page.setContent(suitePage(3000, 7)));
} finally {
  await browser.close();
  await server.close();
}
process.exit(textsDiffer ? 1 : 0);
