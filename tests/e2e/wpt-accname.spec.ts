// Runs the web-platform-tests accname files against OUR accessible names and against
// Playwright's, on the same elements, and compares the pass rates.
//
// - name/*.html: every element with class "ex" expects the name in data-expectedlabel.
// - manual/*.html: an ATTAcomm object lists steps; each step's element (by id) expects the name in
//   its ATK ["property", "name", "is", <name>] assertion. The ATTAcomm script itself 404s here.
// Playwright's name is read from locator.ariaSnapshotJSON() on the element (no node, or a text
// node, means no name). Both sides and the expectation are compared whitespace-collapsed.

import fs from 'node:fs';
import path from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { installAriaProbe, ourNames } from './helpers/ourRoleNames';
import { startServer, type TestServer } from './helpers/server';

// Vendored in the repository (3-Clause BSD, see its LICENSE.md), as Playwright vendors them, so the
// suite runs on any clone.
const kWptRoot = path.join(__dirname, '..', 'pages', 'wpt-accname');

interface Expectation { file: string; selector: string; index: number; expected: string; title: string }
interface Outcome extends Expectation { ours: string; playwright: string }

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function manualExpectations(file: string): Expectation[] {
  const html = fs.readFileSync(path.join(kWptRoot, file), 'utf8');
  const match = html.match(/new ATTAcomm\(\s*(\{[\s\S]*?\})\s*\)\s*;/);
  if (!match)
    return [];
  const spec = JSON.parse(match[1]) as { title: string; steps: { element?: string; test?: { ATK?: string[][] } }[] };
  const result: Expectation[] = [];
  for (const step of spec.steps) {
    const assertion = step.test?.ATK?.find(a => a[0] === 'property' && a[1] === 'name' && a[2] === 'is');
    if (step.element && assertion)
      result.push({ file, selector: `[id="${step.element}"]`, index: 0, expected: assertion[3], title: spec.title });
  }
  return result;
}

async function nameExpectations(page: Page, file: string): Promise<Expectation[]> {
  const found = await page.locator('.ex').evaluateAll(elements => elements.map(e => ({
    expected: e.getAttribute('data-expectedlabel') || '',
    title: e.getAttribute('data-testname') || '',
  })));
  return found.map((f, index) => ({ file, selector: '.ex', index, expected: f.expected, title: f.title }));
}

async function playwrightName(page: Page, expectation: Expectation): Promise<string> {
  const nodes = await page.locator(expectation.selector).nth(expectation.index).ariaSnapshotJSON() as { role?: string; name?: string }[];
  const first = nodes[0];
  if (!first || first.role === 'text')
    return '';
  return first.name || '';
}

function rate(passed: number, total: number): string {
  return `${passed}/${total} (${(100 * passed / total).toFixed(1)}%)`;
}

let server: TestServer;
test.beforeAll(async () => {
  server = await startServer({ root: kWptRoot });
});
test.afterAll(async () => {
  await server.close();
});

test('should name WPT accname elements at least as well as Playwright', async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  const files = [
    ...fs.readdirSync(path.join(kWptRoot, 'name')).filter(f => f.endsWith('.html')).sort().map(f => `name/${f}`),
    ...fs.readdirSync(path.join(kWptRoot, 'manual')).filter(f => f.endsWith('.html')).sort().map(f => `manual/${f}`),
  ];
  await installAriaProbe(page);
  const outcomes: Outcome[] = [];
  for (const file of files) {
    await page.goto(`${server.prefix}/${file}`);
    const expectations = file.startsWith('manual/') ? manualExpectations(file) : await nameExpectations(page, file);
    const bySelector = new Map<string, { role: string; name: string }[]>();
    for (const expectation of expectations) {
      if (!bySelector.has(expectation.selector))
        bySelector.set(expectation.selector, await ourNames(page, expectation.selector));
      const ours = bySelector.get(expectation.selector)![expectation.index]?.name ?? '<missing>';
      outcomes.push({ ...expectation, ours, playwright: await playwrightName(page, expectation) });
    }
  }

  const total = outcomes.length;
  const oursPassed = outcomes.filter(o => collapse(o.ours) === collapse(o.expected)).length;
  const playwrightPassed = outcomes.filter(o => collapse(o.playwright) === collapse(o.expected)).length;
  const summary = `WPT accname: ours ${rate(oursPassed, total)} vs playwright ${rate(playwrightPassed, total)}`;
  console.log(summary);
  const failures = outcomes.filter(o => collapse(o.ours) !== collapse(o.expected));
  for (const o of failures)
    console.log(`  ours ✗ ${o.file} ${o.selector}#${o.index} ${o.title}\n      expected ${JSON.stringify(o.expected)} ours ${JSON.stringify(o.ours)} playwright ${JSON.stringify(o.playwright)}`);
  await testInfo.attach('wpt-accname.json', { body: JSON.stringify(outcomes, null, 2), contentType: 'application/json' });

  expect(total, 'the WPT files should yield expectations').toBeGreaterThan(500);
  expect(oursPassed / total, summary).toBeGreaterThanOrEqual(playwrightPassed / total - 0.02);
});
