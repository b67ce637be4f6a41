// Where an action's capture goes on the no-step suite's page (bench/suitePages.mjs): its `goto`
// and each of the suite's calls, then the change check and the capture `captureActions: 'auto'`
// takes after it (the diff only, as an action's is attached; after the `goto`, a new document's
// first walk, which runs cold), timed by part: the call, the check, the capture,
// and the page call inside it (`store.capture`: the walk, the DOM serialization, the answer).
// Medians of 3 rounds after a warm-up round, one process.
// Run: npm run build && node bench/action-parts.mjs [elements]
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import browserModule from '../dist/browser/index.js';
import internal from '../dist/internal.js';
import { suitePage } from './suitePages.mjs';

const size = Number(process.argv[2] ?? 3000);
const html = suitePage(size, 7);
const server = http.createServer((request, response) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html));
await new Promise(resolve => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${server.address().port}/app?size=${size}&seed=7`;
const browser = await chromium.launch(browserModule.chromiumLaunchOptions());
const page = await browser.newPage();
const outputDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagewright-action-parts-'));
const sw = new internal.Stagewright(page, { outputDir, options: internal.resolveOptions({}) });
const { recorder, store } = internal.internalsOf(sw);
await store.ensureInstalled();
// The page call of each capture, timed where the recorder makes it.
let storeMs = 0;
const pageCall = store.capture.bind(store);
store.capture = async (...args) => {
  const started = performance.now();
  try {
    return await pageCall(...args);
  } finally {
    storeMs += performance.now() - started;
  }
};
const target = { attach: async () => {} };
const timed = async action => {
  const started = performance.now();
  const result = await action();
  return { ms: performance.now() - started, result };
};
const rows = [];
for (let round = 0; round < 4; round++) {
  // The navigation's capture: a new document's first walk, against the last document's capture.
  const gotoMs = (await timed(() => page.goto(url))).ms;
  storeMs = 0;
  const baseMs = (await timed(() => recorder.capture('goto', { attachTo: target, full: 'diff', asStep: false }))).ms;
  if (round)
    rows.push({ name: 'goto', callMs: gotoMs, checkMs: 0, captureMs: baseMs, storeMs });
  const calls = [
    ['fill the filter', () => page.getByLabel('Filter orders').fill(['Ada', 'Grace'][round % 2])],
    ['open settings', () => page.getByRole('tab', { name: 'Settings' }).click()],
    ['fill a field', () => page.getByLabel('Shop name').fill(`Corner ${round}`)],
    ['check a box', () => page.getByLabel('Weekly digest').check()],
    ['open orders', () => page.getByRole('tab', { name: 'Orders' }).click()],
    ['clear the filter', () => page.getByLabel('Filter orders').fill('')],
    ['sort', () => page.getByRole('button', { name: 'Sort by total' }).click()],
  ];
  for (const [name, call] of calls) {
    const callMs = (await timed(call)).ms;
    const check = await timed(() => recorder.changedSinceLastCapture());
    storeMs = 0;
    const captureMs = (await timed(() => check.result ? recorder.capture(name, { attachTo: target, full: 'diff', asStep: false }) : undefined)).ms;
    if (round)
      rows.push({ name, callMs, checkMs: check.ms, captureMs, storeMs });
  }
}
const median = values => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)].toFixed(1);
console.log(`${await page.evaluate(() => document.getElementsByTagName('*').length)} elements; ms, medians of 3 rounds`);
console.log(`${'call'.padEnd(18)} ${'the call'.padStart(9)} ${'check'.padStart(7)} ${'capture'.padStart(8)} ${'its page call'.padStart(14)}`);
for (const name of new Set(rows.map(row => row.name))) {
  const of = rows.filter(row => row.name === name);
  console.log(`${name.padEnd(18)} ${median(of.map(row => row.callMs)).padStart(9)} ${median(of.map(row => row.checkMs)).padStart(7)} ${median(of.map(row => row.captureMs)).padStart(8)} ${median(of.map(row => row.storeMs)).padStart(14)}`);
}
await browser.close();
server.close();
fs.rmSync(outputDir, { recursive: true, force: true });
