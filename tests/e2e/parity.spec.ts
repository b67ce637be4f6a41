// Role/name parity with Playwright's own aria snapshot on the pages in tests/pages/parity/.
//
// For every page, Playwright's (role, name) pairs come from page.ariaSnapshotJSON() (default mode,
// which keeps only elements in the accessibility tree); ours from `stagewright.snapshot()` on the
// same page, or with SW_PARITY_SOURCE=probe from a probe that lists every element our
// role/name logic puts in the tree (see helpers/ourRoleNames.ts). Each page is compared as a
// multiset; the agreement rate is the number of Playwright pairs we also report over all
// Playwright pairs, summed over the pages.
//
// Which Playwright nodes are fair to compare:
// - Bare text strings are skipped: they are content, not elements.
// - 'generic' is excluded on both sides. Playwright's default snapshot shows a generic only for an
//   explicit role="generic", and then drops it again when it wraps a single child; we report
//   <div>s and <span>s as generic when they hold text or take input. Neither side's generics say
//   anything about naming.
// - 'iframe' is excluded: Playwright makes one node per frame whatever the role; frames are the
//   walker's business, not the role/name logic's.
// - Nodes inside a "children presentational" role (https://www.w3.org/TR/wai-aria-1.2/#childrenArePresentational:
//   button, img, checkbox, option, tab, slider…) are excluded: ARIA removes them from the tree
//   and the walker does not make entries of them, while Playwright still lists them.
// Names are compared whitespace-collapsed, as Playwright renders them.
//
// States: for each (role, name) both sides report, paired in document order, the states
// Playwright shows (checked, disabled, expanded, level, pressed, selected; it omits false ones)
// must be what we report, a missing field counting as false.

import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from '../../src/index';
import { installAriaProbe, ourRoleNames, type RoleName, type States } from './helpers/ourRoleNames';
import { startServer, type TestServer } from './helpers/server';

const kPagesDir = path.join(__dirname, '..', 'pages', 'parity');
const kExcludedRoles = new Set(['generic', 'iframe', 'text']);
const kChildrenPresentationalRoles = new Set(['button', 'checkbox', 'img', 'math', 'menuitemcheckbox', 'menuitemradio',
  'meter', 'option', 'progressbar', 'radio', 'scrollbar', 'separator', 'slider', 'switch', 'tab']);
const kUseProbe = process.env.SW_PARITY_SOURCE === 'probe';
const kMinimumAgreement = 0.97;

type SnapshotNode = States & { role?: string; name?: string; children?: (SnapshotNode | string)[] };
const kStateFields = ['checked', 'disabled', 'expanded', 'level', 'pressed', 'selected'] as const;

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function playwrightPairs(nodes: (SnapshotNode | string)[], out: RoleName[] = []): RoleName[] {
  for (const node of nodes) {
    if (typeof node === 'string')
      continue;
    if (node.role && kChildrenPresentationalRoles.has(node.role))
      node.children = [];
    if (node.role && !kExcludedRoles.has(node.role)) {
      const states: States = {};
      for (const field of kStateFields) {
        if (node[field] !== undefined)
          (states as Record<string, unknown>)[field] = node[field];
      }
      out.push({ role: node.role, name: collapse(node.name ?? ''), states });
    }
    playwrightPairs(node.children ?? [], out);
  }
  return out;
}

const key = (pair: RoleName) => `${pair.role} ${JSON.stringify(pair.name)}`;

/** Pairs of `expected` found in `actual` (as multisets), and the leftovers of each. */
function compare(expected: RoleName[], actual: RoleName[]) {
  const pool = new Map<string, number>();
  for (const pair of actual)
    pool.set(key(pair), (pool.get(key(pair)) ?? 0) + 1);
  let matched = 0;
  const missing: string[] = [];
  for (const pair of expected) {
    const count = pool.get(key(pair)) ?? 0;
    if (count > 0) {
      matched++;
      pool.set(key(pair), count - 1);
    } else {
      missing.push(key(pair));
    }
  }
  const extra = [...pool].flatMap(([k, n]) => Array<string>(n).fill(k));
  return { matched, missing, extra };
}

/** State disagreements between pairs with the same (role, name), paired in document order. */
function compareStates(expected: RoleName[], actual: RoleName[]): { compared: number; differences: string[] } {
  const queues = new Map<string, RoleName[]>();
  for (const pair of actual)
    queues.set(key(pair), [...(queues.get(key(pair)) ?? []), pair]);
  let compared = 0;
  const differences: string[] = [];
  for (const pair of expected) {
    const ours = queues.get(key(pair))?.shift();
    if (!ours)
      continue;
    compared++;
    for (const field of kStateFields) {
      const theirs = pair.states?.[field] ?? false;
      const mine = ours.states?.[field] ?? false;
      if (theirs !== mine) {
        differences.push(`${key(pair)} ${field}: playwright ${theirs} ours ${mine}`);
        break;
      }
    }
  }
  return { compared, differences };
}

/** The serialized DOM and the own properties of every element, to see that nothing changed. */
async function pageFingerprint(page: Page): Promise<string> {
  // A string expression with indexed loops: on the hostile page, Playwright's own serialization
  // of function arguments, querySelectorAll and iterators are broken.
  return page.evaluate(`(() => {
    const all = document.getElementsByTagName('*');
    let properties = '';
    for (let i = 0; i < all.length; i++) {
      const own = Object.getOwnPropertyNames(all[i]);
      for (let j = 0; j < own.length; j++)
        properties += i + ':' + own[j] + ' ';
    }
    return 'html ' + document.documentElement.outerHTML.length + ' chars, expandos [' + properties + ']';
  })()`);
}

let server: TestServer;
test.beforeAll(async () => {
  server = await startServer({ root: kPagesDir });
});
test.afterAll(async () => {
  await server.close();
});

test('should agree with Playwright on roles and names of the parity corpus', async ({ page, stagewright: sw }, testInfo) => {
  test.setTimeout(180_000);
  const files = fs.readdirSync(kPagesDir).filter(f => f.endsWith('.html')).sort();
  expect(files.length, 'the corpus should have at least 40 pages').toBeGreaterThanOrEqual(40);

  if (kUseProbe)
    await installAriaProbe(page);
  let matched = 0;
  let total = 0;
  const crashes: string[] = [];
  const mutations: string[] = [];
  let statesCompared = 0;
  let statesDiffering = 0;
  const report: string[] = [];
  for (const file of files) {
    await page.goto(`${server.prefix}/${file}`);
    const theirs = playwrightPairs(await page.ariaSnapshotJSON() as SnapshotNode[]);
    let ourPairs: RoleName[] = [];
    const before = await pageFingerprint(page);
    try {
      ourPairs = await ourRoleNames(page, kUseProbe ? undefined : sw);
      // DESIGN.md §4: reading roles and names must not change the page, not even by an expando.
      const after = await pageFingerprint(page);
      if (after !== before)
        mutations.push(`${file}: ${before} -> ${after}`);
    } catch (error) {
      // Counted as a page where we matched nothing, and failed on below with the cause.
      crashes.push(`${file}: ${String(error).split('\n')[0]}`);
    }
    const ours = ourPairs
        .filter(pair => !kExcludedRoles.has(pair.role))
        .map(pair => ({ role: pair.role, name: collapse(pair.name), states: pair.states }));
    const result = compare(theirs, ours);
    const states = compareStates(theirs, ours);
    statesCompared += states.compared;
    statesDiffering += states.differences.length;
    for (const difference of states.differences)
      report.push(`${file}: state ${difference}`);
    matched += result.matched;
    total += theirs.length;
    if (result.missing.length || result.extra.length) {
      report.push(`${file}: ${result.matched}/${theirs.length}`);
      for (const k of result.missing)
        report.push(`    playwright only: ${k}`);
      for (const k of result.extra)
        report.push(`    ours only:       ${k}`);
    }
  }

  const summary = `parity (${kUseProbe ? 'probe' : 'fixture'}): ${matched}/${total} Playwright role+name pairs matched (${(100 * matched / total).toFixed(1)}%) over ${files.length} pages`;
  const statesSummary = `states: ${statesCompared - statesDiffering}/${statesCompared} matched pairs agree on checked/disabled/expanded/level/pressed/selected`;
  console.log(summary);
  console.log(statesSummary);
  if (report.length)
    console.log(report.join('\n'));
  await testInfo.attach('parity.txt', { body: [summary, statesSummary, ...report].join('\n'), contentType: 'text/plain' });
  expect(crashes, 'our snapshot should work on every page, hostile ones included').toEqual([]);
  expect(mutations, 'taking a snapshot should leave the DOM and its elements untouched').toEqual([]);
  expect(total, 'the corpus should exercise many role+name pairs').toBeGreaterThan(300);
  expect(matched / total, summary).toBeGreaterThanOrEqual(kMinimumAgreement);
  expect((statesCompared - statesDiffering) / statesCompared, statesSummary).toBeGreaterThanOrEqual(kMinimumAgreement);
});
