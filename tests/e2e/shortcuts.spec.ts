// The oracle of the capture shortcuts (docs/performance.md, Proving the shortcuts). A capture
// reuses the previous one's state when the change counter says nothing happened since; under
// STAGEWRIGHT_VERIFY_INCREMENTAL=1 (set for the whole e2e suite in playwright.config.ts) every such
// reuse is checked against a full walk, and a difference fails with INCREMENTAL_MISMATCH.
//
// Here, seeded random sequences of changes of every kind no mutation record shows (values, checks
// and selections a script sets, focus, hover, scrolling, resizing, style sheets changed through the
// CSSOM, adopted sheets, media, animations, popovers and dialogs, `<details>`) and of plain
// mutations, with waits and reads between them, run on the fuzzer's generated pages (fast tier) and
// on every corpus app (slow tier, `npm run corpus`). After each change the counter is asked, and
// so the oracle compares wherever the counter says "nothing".

import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './helpers/fixtures';
import { internalsOf, type Stagewright } from '../../src/api/stagewright';
import { generateCase } from '../fuzz/generate';
import { renderPage } from '../fuzz/model';
import { Rng } from '../fuzz/prng';

/** Every app of corpus/apps.json, by name. */
const kCorpusApps: string[] = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'corpus', 'apps.json'), 'utf8')).apps.map((app: { name: string }) => app.name);

const kChangeKinds = [
  'value', 'checked', 'selected', 'indeterminate', 'focus', 'blur', 'hover', 'scroll', 'resize', 'insert-rule', 'edit-rule',
  'adopt-sheet', 'replace-adopted', 'disable-sheet', 'media', 'animate', 'popover', 'dialog', 'details', 'attribute', 'text',
  'remove', 'insert', 'nothing', 'read', 'wait',
] as const;
type ChangeKind = typeof kChangeKinds[number];

/** Makes one change of `kind` to the page, choosing what with `pick` (a number in [0, 1)). */
async function change(page: Page, kind: ChangeKind, pick: number, rng: Rng): Promise<void> {
  switch (kind) {
    case 'hover': {
      const box = await page.evaluate(pick => {
        const all = [...document.querySelectorAll('body *')].filter(e => e.getClientRects().length);
        const element = all[Math.floor(pick * all.length)];
        const rect = element?.getBoundingClientRect();
        return rect && rect.width && rect.height ? { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 } : null;
      }, pick);
      await page.mouse.move(box ? Math.max(0, box.x) : 5, box ? Math.max(0, box.y) : 5);
      return;
    }
    case 'resize':
      await page.setViewportSize({ width: 700 + Math.floor(pick * 700), height: 500 + Math.floor(pick * 400) });
      return;
    case 'media': {
      const options = [{ colorScheme: 'dark' }, { colorScheme: 'light' }, { media: 'print' }, { media: 'screen' }, { reducedMotion: 'reduce' }, { reducedMotion: 'no-preference' }] as const;
      await page.emulateMedia(options[Math.floor(pick * options.length)]);
      return;
    }
    case 'wait':
      await page.waitForTimeout(rng.int(10, 200));
      return;
    case 'nothing':
      return;
    case 'read':
      await page.evaluate(() => document.body.innerText.length + document.querySelectorAll('*').length);
      return;
  }
  await page.evaluate(({ kind, pick }) => {
    // Every element, open shadow trees included, in document order.
    const all: Element[] = [];
    const collect = (root: Document | ShadowRoot) => {
      for (const element of root.querySelectorAll('*')) {
        all.push(element);
        if (element.shadowRoot)
          collect(element.shadowRoot);
      }
    };
    collect(document);
    const of = <T extends Element>(filter: (element: Element) => boolean): T | undefined => {
      const found = all.filter(filter);
      return found[Math.floor(pick * found.length)] as T | undefined;
    };
    const sheetOf = (): CSSStyleSheet | undefined => {
      const sheets = [...document.styleSheets].filter(sheet => { try { return !!sheet.cssRules; } catch { return false; } });
      return sheets[Math.floor(pick * sheets.length)];
    };
    const tags = ['button', 'label', 'input', 'p', 'span', 'div', 'li', 'a', 'h2', 'td'];
    const tag = tags[Math.floor(pick * tags.length)];
    const declarations = ['display: none', 'display: block', 'visibility: hidden', 'width: 0; height: 0; overflow: hidden', 'content-visibility: hidden', 'margin-top: 40px'];
    const declaration = declarations[Math.floor(pick * 97) % declarations.length];
    switch (kind) {
      case 'value': {
        const field = of<HTMLInputElement>(e => (e.tagName === 'INPUT' && !/^(checkbox|radio|password|file|hidden)$/i.test((e as HTMLInputElement).type)) || e.tagName === 'TEXTAREA');
        if (field)
          field.value = 'set ' + Math.floor(pick * 1000);
        return;
      }
      case 'checked': {
        const box = of<HTMLInputElement>(e => e.tagName === 'INPUT' && /^(checkbox|radio)$/i.test((e as HTMLInputElement).type));
        if (box)
          box.checked = !box.checked;
        return;
      }
      case 'selected': {
        const select = of<HTMLSelectElement>(e => e.tagName === 'SELECT');
        if (select && select.options.length)
          select.selectedIndex = Math.floor(pick * 31) % select.options.length;
        return;
      }
      case 'indeterminate': {
        const box = of<HTMLInputElement>(e => e.tagName === 'INPUT' && (e as HTMLInputElement).type === 'checkbox');
        if (box)
          box.indeterminate = !box.indeterminate;
        return;
      }
      case 'focus':
        (of<HTMLElement>(e => (e as HTMLElement).tabIndex >= 0) ?? document.body).focus();
        return;
      case 'blur':
        (document.activeElement as HTMLElement | null)?.blur();
        return;
      case 'scroll': {
        const scroller = of<HTMLElement>(e => e.scrollHeight > e.clientHeight + 4) ?? document.scrollingElement;
        scroller?.scrollBy(0, Math.floor(pick * 400) - 100);
        return;
      }
      case 'insert-rule': {
        const sheet = sheetOf();
        const rule = `${tag}:nth-of-type(${1 + Math.floor(pick * 3)}) { ${declaration} }`;
        if (sheet) {
          sheet.insertRule(rule, sheet.cssRules.length);
        } else {
          const adopted = new CSSStyleSheet();
          adopted.replaceSync(rule);
          document.adoptedStyleSheets = [...document.adoptedStyleSheets, adopted];
        }
        return;
      }
      case 'edit-rule': {
        const sheet = sheetOf();
        const rules = sheet ? [...sheet.cssRules].filter(rule => rule instanceof CSSStyleRule) as CSSStyleRule[] : [];
        const rule = rules[Math.floor(pick * rules.length)];
        if (rule)
          rule.style.setProperty('display', rule.style.getPropertyValue('display') === 'none' ? 'block' : 'none');
        return;
      }
      case 'adopt-sheet': {
        const sheet = new CSSStyleSheet();
        sheet.replaceSync(`${tag} { ${declaration} }`);
        const host = of<Element>(e => !!e.shadowRoot);
        const root: Document | ShadowRoot = host && pick < 0.5 ? host.shadowRoot! : document;
        root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
        return;
      }
      case 'replace-adopted': {
        const roots: (Document | ShadowRoot)[] = [document, ...all.filter(e => e.shadowRoot).map(e => e.shadowRoot!)];
        const adopted = roots.flatMap(root => root.adoptedStyleSheets);
        adopted[Math.floor(pick * adopted.length)]?.replaceSync(`${tag} { ${declaration} }`);
        return;
      }
      case 'disable-sheet': {
        const sheet = document.styleSheets[Math.floor(pick * document.styleSheets.length)];
        if (sheet)
          sheet.disabled = !sheet.disabled;
        return;
      }
      case 'animate': {
        const target = of<HTMLElement>(e => e.getClientRects().length > 0);
        target?.animate([{ transform: 'translateX(0)' }, { transform: 'translateX(80px)' }], { duration: 150 + Math.floor(pick * 300), fill: 'forwards' });
        return;
      }
      case 'popover': {
        const popover = of<HTMLElement>(e => e.hasAttribute('popover'));
        if (popover)
          popover.matches(':popover-open') ? popover.hidePopover() : popover.showPopover();
        else
          document.body.insertAdjacentHTML('beforeend', '<div popover id="sw-pop">Popped</div>');
        return;
      }
      case 'dialog': {
        const dialog = of<HTMLDialogElement>(e => e.tagName === 'DIALOG');
        if (dialog)
          dialog.open ? dialog.close() : dialog.showModal();
        return;
      }
      case 'details': {
        const details = of<HTMLDetailsElement>(e => e.tagName === 'DETAILS');
        if (details)
          details.open = !details.open;
        return;
      }
      case 'attribute': {
        const element = of<HTMLElement>(e => e !== document.documentElement && e !== document.body);
        const attributes = ['hidden', 'aria-hidden', 'aria-label', 'class', 'inert', 'style', 'disabled'];
        const name = attributes[Math.floor(pick * 113) % attributes.length];
        if (!element)
          return;
        if (element.hasAttribute(name))
          element.removeAttribute(name);
        else
          element.setAttribute(name, name === 'aria-label' ? 'Named ' + Math.floor(pick * 100) : name === 'style' ? declaration : name === 'class' ? 'sw-changed' : '');
        return;
      }
      case 'text': {
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, { acceptNode: node => node.nodeValue!.trim() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP });
        const texts: Text[] = [];
        for (let node = walker.nextNode(); node; node = walker.nextNode())
          texts.push(node as Text);
        const text = texts[Math.floor(pick * texts.length)];
        if (text)
          text.data = text.data + ' more';
        return;
      }
      case 'remove':
        of<Element>(e => e.parentElement !== null && e !== document.body && e !== document.head && e.tagName !== 'SCRIPT' && e.tagName !== 'STYLE')?.remove();
        return;
      case 'insert':
        (of<Element>(e => e.tagName === 'DIV' || e.tagName === 'SECTION' || e.tagName === 'MAIN') ?? document.body).insertAdjacentHTML('beforeend', `<button>Inserted ${Math.floor(pick * 100)}</button>`);
        return;
    }
  }, { kind, pick });
}

/**
 * Runs a seeded sequence of changes: after each one the counter is asked (the oracle compares
 * where it says "nothing"), and now and then a capture is taken, so changes both pile up and
 * start afresh.
 */
async function runSequence(page: Page, sw: Stagewright, seed: number, length: number): Promise<void> {
  const rng = new Rng(seed);
  const recorder = internalsOf(sw)!.recorder;
  await recorder.capture('start');
  for (let i = 0; i < length; i++) {
    const kind = kChangeKinds[rng.int(0, kChangeKinds.length - 1)];
    await test.step(`${i + 1}. ${kind}`, async () => {
      await change(page, kind, rng.next(), rng);
      // The oracle walks beside every "nothing changed" and throws on a difference.
      await recorder.changedSinceLastCapture();
      if (rng.chance(0.4))
        await recorder.capture(`after ${kind}`);
    });
  }
}

test.beforeEach(() => {
  expect(process.env.STAGEWRIGHT_VERIFY_INCREMENTAL, 'playwright.config.ts turns the oracle on').toBe('1');
});

test.describe('shortcuts against a full walk', () => {
  test.skip(process.env.STAGEWRIGHT_TIER === 'slow', 'the fuzzer\'s pages run in the fast tier');
  for (let seed = 1; seed <= 8; seed++) {
    test(`should agree on the fuzzer's page ${seed} through a random sequence of changes`, async ({ page, stagewright: sw }) => {
      const fuzzCase = generateCase(seed);
      await page.setContent(renderPage(fuzzCase.model) + '<style>.sw-changed { outline: 1px solid } @media print { button { display: none } }</style>');
      await runSequence(page, sw, seed, 30);
      // Once the animations are over, a capture is the page: the counter says so, and the oracle agrees.
      await page.waitForFunction(() => document.getAnimations().every(animation => animation.playState !== 'running'));
      const recorder = internalsOf(sw)!.recorder;
      await recorder.capture('settled');
      expect(await recorder.changedSinceLastCapture()).toBe(false);
    });
  }
});

test.describe('shortcuts against a full walk on the corpus apps', () => {
  test.skip(process.env.STAGEWRIGHT_TIER === 'fast', 'the corpus apps run in the slow tier');
  test.describe.configure({ timeout: 180_000 });

  async function startServer() {
    const { ensureCorpus, startCorpusServer } = await import('../../bench/corpusServer.mjs');
    ensureCorpus();
    return await startCorpusServer();
  }
  let server: Awaited<ReturnType<typeof startServer>>;
  test.beforeAll(async () => {
    server = await startServer();
  });
  test.afterAll(async () => {
    await server?.close();
  });

  kCorpusApps.forEach((name, index) => {
    test(`should agree on ${name} through a random sequence of changes`, async ({ page, stagewright: sw }) => {
      // The oracle walks and prints every capture that took something again in full: on the
      // largest app (redoc, 39,000 elements) that doubles the walks of a sequence.
      test.slow();
      const { loadApp } = await import('../../bench/corpusServer.mjs');
      await loadApp(page, server, server.apps.find(app => app.name === name)!);
      await runSequence(page, sw, 1000 + index, 25);
    });
  });
});
