// The DOM file is printed by our own printer (src/dom/printer.ts), or patched from the last
// print (src/dom/pretty.ts). Over what our serializer really writes — every page of the parity
// corpus, all of them in one big document, the demo app and the bench pages — and after changes
// between captures, the printer must take the markup (never decline it and keep it as written) and the file
// must be byte for byte what one js-beautify pass over the whole markup prints.

import fs from 'node:fs';
import path from 'node:path';
import { test, expect } from '../../src/index';
import { internalsOf } from '../../src/api/stagewright';
import { prettyPrintDomFully } from '../../src/dom/beautifyReference';
import { kDomFileHeader, prettyPrintDom } from '../../src/dom/pretty';
import { printMarkup } from '../../src/dom/printer';
import { installRuntime, snapshotFrame } from '../../src/runtime/pageCalls';
import { decodeAnswer, decodeSnapshot } from '../../src/isomorphic/protocol';
import { startServer, type TestServer } from './helpers/server';

const kParityDir = path.join(__dirname, '..', 'pages', 'parity');
const kDemoDir = path.join(__dirname, '..', '..', 'examples', 'app');

let demo: TestServer;
test.beforeAll(async () => {
  demo = await startServer({ root: kDemoDir });
});
test.afterAll(async () => {
  await demo.close();
});

/** The DOM file's markup as a capture gets it (frames stitched, URLs redacted). */
async function markupOf(sw: unknown): Promise<string> {
  return (await internalsOf(sw)!.store.capture({ dom: true, keepBaseline: true })).markup ?? '';
}

async function expectSamePrint(sw: unknown, what: string) {
  const markup = await markupOf(sw);
  const printed = printMarkup(markup);
  expect(printed !== undefined, `${what}: the printer declined it`).toBe(true);
  const expected = prettyPrintDomFully(markup);
  expect(kDomFileHeader + '\n' + printed === expected, what).toBe(true);
  // Through prettyPrintDom too, which patches the last print when a value changed.
  expect(prettyPrintDom(markup) === expected, `${what}, patched or printed`).toBe(true);
}

/** Changes a step could make: typed values, attributes, classes, styles, text, insertions, removals, a re-render. */
async function changePage(page: import('@playwright/test').Page, round: number) {
  await page.evaluate(round => {
    const all = [...document.body.querySelectorAll('*')];
    const pick = (n: number) => all[(n * 7919 + round * 104729) % all.length];
    for (let i = 0; i < 6; i++) {
      const element = pick(i);
      switch ((i + round) % 6) {
        case 0: element.setAttribute('aria-label', `label ${round}`); break;
        case 1: element.classList.toggle('changed'); break;
        case 2: (element as HTMLElement).style.display = round % 2 ? 'none' : ''; break;
        case 3: element.append(` text ${round}`); break;
        case 4: element.insertAdjacentHTML('afterend', `<div class="inserted"><span>new ${round}</span><input value="v${round}"><p>para</p></div>`); break;
        case 5: if (element.parentElement && element !== document.body) element.remove(); break;
      }
    }
    const input = document.querySelector('input:not([type=password])') as HTMLInputElement | null;
    if (input)
      input.value = `typed ${round}`;
    // A framework re-render: a container's content replaced with the same markup.
    const container = pick(11).parentElement;
    if (container && container !== document.documentElement && container !== document.body)
      container.innerHTML = container.innerHTML;
  }, round);
}

test('should print the DOM file of every corpus page, the demo and the bench pages as js-beautify does in one pass', async ({ page, stagewright: sw }) => {
  test.setTimeout(240_000);
  const files = fs.readdirSync(kParityDir).filter(f => f.endsWith('.html')).sort();
  // All corpus pages in one document: every kind of markup in one print.
  const bodies = files.map(file => {
    const html = fs.readFileSync(path.join(kParityDir, file), 'utf8');
    const body = /<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;
    return `<section aria-label="${file}">${body.replace(/<script[\s\S]*?<\/script>/gi, '')}</section>`;
  });
  await page.setContent(`<main>${bodies.join('\n')}</main>`);
  const corpus = await markupOf(sw);
  expect(corpus.length).toBeGreaterThan(20_000);
  await expectSamePrint(sw, 'the corpus in one document');
  for (let round = 1; round <= 4; round++) {
    await changePage(page, round);
    await expectSamePrint(sw, `the corpus, after changes ${round}`);
  }
  for (const file of files) {
    await page.setContent(fs.readFileSync(path.join(kParityDir, file), 'utf8'));
    await expectSamePrint(sw, file);
  }
  await page.goto(`${demo.prefix}/index.html`);
  await expectSamePrint(sw, 'demo app');
  const { generatedPage, realisticPage } = await import('../../bench/pages.mjs');
  for (const [name, html] of [['generated 3k', generatedPage(3_000)], ['realistic 5k', realisticPage(5_000)]]) {
    await page.setContent(html);
    await expectSamePrint(sw, name);
    for (let round = 1; round <= 3; round++) {
      await changePage(page, round);
      await expectSamePrint(sw, `${name}, after changes ${round}`);
    }
  }
});

test('should print the DOM file of every WPT accname page as js-beautify does in one pass', async ({ page, stagewright: sw }) => {
  // Odd markup on purpose: shadow roots, pseudo-content, tables, hidden subtrees, custom elements.
  test.setTimeout(240_000);
  const dir = path.join(__dirname, '..', 'pages', 'wpt-accname');
  const files = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter(file => file.endsWith('.html')).sort();
  expect(files.length).toBeGreaterThan(100);
  for (const file of files) {
    // Without the harness's scripts (they load nothing here), with the page's own.
    const html = fs.readFileSync(path.join(dir, file), 'utf8').replace(/<script[^>]*src=[^>]*><\/script>/gi, '');
    await page.setContent(html);
    await expectSamePrint(sw, file);
  }
});

test.describe('the answer cache', () => {
  // The walks here are the test's own: a capture after `setContent` would walk under other limits in between.
  test.use({ stagewrightOptions: { captureActions: false } });
  test('should rebuild each answer sent as changes since the last one exactly as the page made it', async ({ page }) => {
    test.setTimeout(120_000);
    const { realisticPage } = await import('../../bench/pages.mjs');
    await installRuntime(page);
    await page.setContent(realisticPage(2_000).replace('Chapter 1:', 'Chapter 1 😀 — naïve 𝒳:'));
    const request = { limits: { maxNodes: 1e6, maxDepth: 1000, timeBudgetMs: 60_000 }, redact: [], minNextId: 1, prefix: '' };
    for (let round = 0; round < 12; round++) {
      const dom = round % 3 !== 1;
      // Through the answer cache: after the first round, only what changed crosses.
      const viaChanges = await snapshotFrame(page.mainFrame(), { ...request, dom });
      // The same state, answered whole (a subtree walk of the root keeps no base), read by the same decoder.
      const answer = await page.evaluate(json => window.__stagewright_runtime!.snapshot(json, document.documentElement), JSON.stringify({ ...request, dom }));
      const whole = decodeSnapshot(decodeAnswer(answer, undefined).parts, undefined).snapshot;
      // The walk took what did not change from the last one (the incremental walk): the subtree walk takes nothing.
      expect({ ...viaChanges, elapsedMs: 0, taken: 0 }, `round ${round}`).toEqual({ ...whole, elapsedMs: 0, taken: 0 });
      if (round > 0)
        expect(viaChanges.taken, `round ${round}: most of the page is taken`).toBeGreaterThan(viaChanges.entries.length / 2);
      await changePage(page, round + 1);
      await page.evaluate(round => {
        const fields = document.querySelectorAll('input:not([type]), textarea');
        (fields[round % fields.length] as HTMLInputElement).value = `typed ${round} 😀𝒳`;
        document.querySelectorAll('h2')[round % 3]?.append(` 🙂${round}`);
      }, round);
    }
  });
});
