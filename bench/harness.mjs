// The benchmark harness: on one page, in one run, interleaved, after a warm-up, several
// repetitions of stagewright and of Playwright's own AI snapshot; medians and ratios.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import stagewright from '../dist/index.js';
import internal from '../dist/internal.js';

const { estimateTokens, formatDiff } = stagewright;
const { Stagewright } = internal;
// Full walks: no limit may cut the big pages short.
const kOptions = internal.resolveOptions({ limits: { maxNodes: 1_000_000, timeBudgetMs: 60_000 } });

const median = values => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Reads computed style and box of every element: the floor any snapshot pays. */
function bareWalk() {
  const walker = document.createTreeWalker(document.documentElement, NodeFilter.SHOW_ELEMENT);
  let count = 0;
  let sink = 0;
  for (let node = walker.currentNode; node; node = walker.nextNode()) {
    const style = getComputedStyle(node);
    sink += style.display.length + node.getBoundingClientRect().width;
    count++;
  }
  return count + (sink > -1 ? 0 : 1);
}

/**
 * The floor on a real app: the same bare walk, into open shadow roots and same-origin frames too
 * (where their content lives), as a snapshot has to.
 */
function bareWalkDeep() {
  let count = 0;
  let sink = 0;
  const visit = (root, view) => {
    const walker = root.ownerDocument ? root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_ELEMENT) : root.createTreeWalker(root, NodeFilter.SHOW_ELEMENT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const style = view.getComputedStyle(node);
      sink += style.display.length + node.getBoundingClientRect().width;
      count++;
      if (node.shadowRoot)
        visit(node.shadowRoot, view);
      if (node.localName === 'iframe' || node.localName === 'frame') {
        let doc;
        try { doc = node.contentDocument; } catch {}
        if (doc?.documentElement)
          visit(doc, node.contentWindow);
      }
    }
  };
  visit(document, window);
  return count + (sink > -1 ? 0 : 1);
}

/** Elements in the document, its open shadow roots and its same-origin frames. */
function deepElementCount() {
  let count = 0;
  const visit = root => {
    for (const element of root.querySelectorAll('*')) {
      count++;
      if (element.shadowRoot)
        visit(element.shadowRoot);
      if (element.localName === 'iframe' || element.localName === 'frame') {
        try { if (element.contentDocument) visit(element.contentDocument); } catch {}
      }
    }
  };
  visit(document);
  return count;
}

async function timed(action) {
  const started = performance.now();
  const result = await action();
  return { ms: performance.now() - started, result };
}

/**
 * Measures one page. `load(page)` puts the content on the page (and is called again for a fresh
 * document before the diff measure). Returns medians, ratios and token counts.
 *
 * For real apps (bench/corpusServer.mjs), two options: `deep` counts elements and walks the floor
 * into open shadow roots and same-origin frames too (`elements` stays the document's own count;
 * `deepElements` is added); `field(page)` is the locator a step types into (default: the first
 * text input), and a page with none takes its step and diff captures without a change.
 */
export async function measurePage(browserContext, { name, load, reps = 5, deep = false, field: fieldOf }) {
  const page = await browserContext.newPage();
  const outputDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagewright-bench-'));
  try {
    const sw = new Stagewright(page, { outputDir, options: kOptions });
    await internal.internalsOf(sw).store.ensureInstalled();
    await load(page);
    const elements = await page.evaluate(() => document.getElementsByTagName('*').length);
    const deepElements = deep ? await page.evaluate(deepElementCount) : undefined;
    const times = { playwright: [], snapshot: [], capture: [], step: [], floor: [] };
    // A step capture, as the step hook takes it after a step that typed into one field: the diff
    // against the previous capture always, the full files only under maxAttachmentBytes.
    const recorder = internal.internalsOf(sw).recorder;
    const target = { attach: async () => {} };
    const field = fieldOf ? fieldOf(page) : page.locator('input:not([type]), input[type=text], input[type=search], input[type=email]').first();
    // Real apps only: a page without such a field takes its step captures without a change.
    const canType = !deep || await field.count() > 0;
    let typed = 0;
    const run = {
      playwright: { action: () => page.ariaSnapshot({ mode: 'ai' }) },
      snapshot: { action: () => sw.snapshot() },
      capture: { action: () => sw.checkpoint('bench') },
      step: { setup: () => canType ? field.fill(`typed ${typed++}`) : undefined, action: () => recorder.capture('step', { attachTo: target, full: 'bounded' }) },
      floor: { action: () => page.evaluate(deep ? bareWalkDeep : bareWalk) },
    };
    for (const { setup, action } of Object.values(run)) {
      await setup?.();
      await action(); // Warm-up: compile, caches, first layout.
    }
    for (let rep = 0; rep < reps; rep++) {
      for (const [key, { setup, action }] of Object.entries(run)) {
        await setup?.();
        times[key].push((await timed(action)).ms);
      }
    }
    const playwrightYaml = await page.ariaSnapshot({ mode: 'ai' });
    const ourText = await sw.text();
    const full = await sw.snapshot();
    // One field changes: what does an agent read?
    if (!deep)
      await page.locator('input').first().fill('changed');
    else if (canType)
      await field.fill('changed');
    const diff = await sw.snapshot({ since: 'last' });
    const m = Object.fromEntries(Object.entries(times).map(([key, values]) => [key, median(values)]));
    return {
      name,
      elements,
      ...(deep ? { deepElements } : {}),
      entries: full.entries.length,
      truncated: full.meta.truncated,
      ms: m,
      snapshotRatio: m.snapshot / m.playwright,
      captureRatio: m.capture / m.playwright,
      stepRatio: m.step / m.playwright,
      floorMultiple: m.snapshot / m.floor,
      msPer1kElements: m.snapshot / elements * 1000,
      tokens: { ours: estimateTokens(ourText), playwright: estimateTokens(playwrightYaml) },
      tokenRatio: estimateTokens(ourText) / estimateTokens(playwrightYaml),
      diffTokens: estimateTokens(formatDiff(diff)),
      diffRatio: estimateTokens(formatDiff(diff)) / estimateTokens(ourText),
      diffChanged: diff.changed.length,
    };
  } finally {
    await page.close();
    fs.rmSync(outputDir, { recursive: true, force: true });
  }
}

/** How many fields the step-cost bench changes at once, and how many captures it times for each. */
const kChangedCounts = [1, 10, 100, 1000];
const kChangedReps = 3;

/**
 * What step captures cost where pages are big or steps change much (bounded captures): the end
 * capture of a step that re-orders a 5,000-row table, against Playwright's AI snapshot of that
 * page; the report bytes a one-field step on a 15k-element page attaches, the way step captures
 * attach (full files only under `maxAttachmentBytes`, the diff always); and a step capture's cost
 * on that page by how many fields it changed (kChangedCounts), against Playwright's snapshot.
 */
export async function measureStepCosts(browserContext, { tablePage, bigPage, reps = 5, steps = 10 }) {
  const page = await browserContext.newPage();
  const outputDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagewright-bench-'));
  try {
    const sw = new Stagewright(page, { outputDir, options: kOptions });
    await internal.internalsOf(sw).store.ensureInstalled();
    const reorder = { capture: [], playwright: [] };
    // Both are timed right after a re-render of their own (the first walk after one pays its layout).
    const rerender = order => page.evaluate(order => {
      const tbody = document.querySelector('tbody');
      const rows = [...tbody.rows].map(row => row.outerHTML);
      const half = rows.length >> 1;
      tbody.innerHTML = (order === 'rotated' ? [...rows.slice(half), ...rows.slice(0, half)] : rows.reverse()).join('');
    }, order);
    for (let rep = 0; rep < reps + 1; rep++) {
      await page.setContent(tablePage, { timeout: 180_000 });
      await sw.checkpoint('before');
      await rerender('rotated');
      const playwright = await timed(() => page.ariaSnapshot({ mode: 'ai' }));
      await rerender('reversed'); // Of the rotated rows: against the 'before' capture, every row moved.
      const capture = await timed(() => sw.checkpoint('sorted'));
      if (rep > 0) { // The first round warms up.
        reorder.capture.push(capture.ms);
        reorder.playwright.push(playwright.ms);
      }
    }
    await page.setContent(bigPage, { timeout: 180_000 });
    let bytes = 0;
    const target = { attach: async (_name, { body }) => { bytes += Buffer.byteLength(body); } };
    const stepBytes = [];
    await internal.internalsOf(sw).recorder.capture('start');
    for (let i = 0; i < steps; i++) {
      const before = bytes;
      await page.getByLabel(`Field ${i}`, { exact: true }).fill(`value ${i}`);
      await internal.internalsOf(sw).recorder.capture(`step ${i}`, { attachTo: target, full: 'bounded' });
      stepBytes.push(bytes - before);
    }
    // What a step capture costs by how much the step changed: 1, 10, 100 and 1,000 fields set at
    // once, spread over the page, each against Playwright's snapshot of the same page.
    const changed = {};
    for (const count of kChangedCounts) {
      const times = [];
      for (let rep = 0; rep < kChangedReps; rep++) {
        await page.evaluate(({ count, rep }) => {
          const inputs = document.querySelectorAll('input');
          const stride = Math.max(1, Math.floor(inputs.length / count));
          for (let i = 0, set = 0; set < count && i < inputs.length; i += stride, set++)
            inputs[i].value = `changed ${rep} ${set}`;
        }, { count, rep });
        times.push((await timed(() => internal.internalsOf(sw).recorder.capture(`${count} changed`, { attachTo: target, full: 'bounded' }))).ms);
      }
      changed[count] = median(times);
    }
    const playwrightTimes = [];
    for (let rep = 0; rep < kChangedReps; rep++)
      playwrightTimes.push((await timed(() => page.ariaSnapshot({ mode: 'ai' }))).ms);
    const playwrightMs = median(playwrightTimes);
    bytes = 0;
    await internal.internalsOf(sw).recorder.capture('end', { attachTo: target, full: 'always' });
    return {
      changedCaptureMs: changed,
      changedPlaywrightMs: playwrightMs,
      changedRatios: Object.fromEntries(Object.entries(changed).map(([count, ms]) => [count, ms / playwrightMs])),
      reorderCaptureMs: median(reorder.capture),
      reorderPlaywrightMs: median(reorder.playwright),
      reorderRatio: median(reorder.capture) / median(reorder.playwright),
      bytesPerStep: median(stepBytes),
      finalCaptureBytes: bytes,
    };
  } finally {
    await page.close();
    fs.rmSync(outputDir, { recursive: true, force: true });
  }
}
