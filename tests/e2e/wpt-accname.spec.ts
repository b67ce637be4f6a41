// Runs the web-platform-tests accname files against OUR accessible names, one Playwright test per
// file and one soft check per case, so a regression shows by file and case name.
//
// - name/*.html: every element with class "ex" expects the name in data-expectedlabel; the case id
//   is `name/<file> › <data-testname>`.
// - manual/*.html: an ATTAcomm object lists steps; each step's element (by id) expects the name in
//   its ATK ["property", "name", "is", <name>] assertion; the case id is `manual/<file> › #<id>`.
//   The ATTAcomm script itself 404s here.
// Names are compared whitespace-collapsed.
//
// Every case must pass, except those in kKnownFailures (in the style of Playwright's own
// tests/library/role-utils.spec.ts, which lists the WPT cases it fails). A known failure that starts
// passing fails too, so the list stays honest: take it off the list. Playwright's own name for the
// element (locator.ariaSnapshotJSON()) is printed beside ours in every failure message.

import fs from 'node:fs';
import path from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { installAriaProbe, ourNames } from './helpers/ourRoleNames';
import { startServer, type TestServer } from './helpers/server';

// Vendored in the repository (3-Clause BSD, see its LICENSE.md and README.md), as Playwright
// vendors them, so the suite runs on any clone.
const kWptRoot = path.join(__dirname, '..', 'pages', 'wpt-accname');

/** Case id → why our name differs from WPT's expectation. One reason per case. */
const kKnownFailures: ReadonlyMap<string, string> = new Map<string, string>([
  // Each node is read once per name computation. The link's aria-labelledby names no element
  // ("nested_image_label3"; the img's id is "nested_image_label_3"), so the link reads its content
  // "link"; the img's aria-labelledby then points at that already-read span, which yields nothing,
  // and the img falls back to its alt: "link image". WPT reads the span twice. Playwright also
  // fails this one (its role-utils list: "TODO: recursive bugs").
  ['name/comp_name_from_content.html › heading with link referencing image using aria-labelledby, that in turn references text element via aria-labelledby',
    'each node is read once: the img\'s aria-labelledby target was already read as the link\'s content, so we give "link image", not "image link" (Playwright also fails this)'],
  // Same rule: the link is named by the img through aria-labelledby ("image", the img's alt, as a
  // labelledby traversal does not recurse into the img's own aria-labelledby); the img and the
  // link's text are then already read, so the heading is "image". WPT expects the img's
  // self-reference "image link" to be read again. Playwright also fails this one.
  ['name/comp_name_from_content.html › heading with link referencing image using aria-labelledby, that in turn references itself and another element via aria-labelledby',
    'each node is read once: after the link takes the img\'s alt through aria-labelledby, the img and the link text are not read again, so we give "image", not "image link" (Playwright also fails this)'],
  ['manual/name_file-title-manual.html › #test',
    '<input type=file title="foo"> is named by its button text "Choose File", as Chromium names it; WPT expects the title. Playwright skips this case for the same reason (browsers do not use the title)'],
  ['manual/name_test_case_751-manual.html › #test',
    '<input type=file title="crazy"> is named by its button text "Choose File", as Chromium names it; WPT expects the title. Playwright skips this case for the same reason'],
  ['manual/name_test_case_659-manual.html › #test',
    'WPT expects the label\'s ::before + its title + ::after ("foo bar baz"), which is neither step 2F (content: "foo" + the empty textbox + "baz") nor 2I (tooltip alone); we give the content "foo baz", as Playwright does (it skips this case)'],
  ['manual/name_test_case_660-manual.html › #test',
    'the password twin of 659: WPT expects ::before + the label\'s title + ::after ("foo bar baz"), neither 2F nor 2I; we give the content "foo baz", as Playwright does (it skips this case)'],
]);

interface Expectation { id: string; selector: string; index: number; expected: string }

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
      result.push({ id: `${file} › #${step.element}`, selector: `[id="${step.element}"]`, index: 0, expected: assertion[3] });
  }
  return result;
}

async function nameExpectations(page: Page, file: string): Promise<Expectation[]> {
  const found = await page.locator('.ex').evaluateAll(elements => elements.map(e => ({
    expected: e.getAttribute('data-expectedlabel') || '',
    title: e.getAttribute('data-testname') || '',
  })));
  return found.map((f, index) => ({ id: `${file} › ${f.title}`, selector: '.ex', index, expected: f.expected }));
}

async function playwrightName(page: Page, expectation: Expectation): Promise<string> {
  const nodes = await page.locator(expectation.selector).nth(expectation.index).ariaSnapshotJSON() as { role?: string; name?: string }[];
  const first = nodes[0];
  if (!first || first.role === 'text')
    return '';
  return first.name || '';
}

const kFiles = [
  ...fs.readdirSync(path.join(kWptRoot, 'name')).filter(f => f.endsWith('.html')).sort().map(f => `name/${f}`),
  ...fs.readdirSync(path.join(kWptRoot, 'manual')).filter(f => f.endsWith('.html')).sort().map(f => `manual/${f}`),
];
const fileOf = (id: string) => id.slice(0, id.indexOf(' › '));

// One page per worker, reused by the per-file tests: a fresh context per file would double the run time.
let server: TestServer;
let page: Page;
test.beforeAll(async ({ browser }) => {
  server = await startServer({ root: kWptRoot });
  page = await browser.newPage();
  await installAriaProbe(page);
});
test.afterAll(async () => {
  await page.close();
  await server.close();
});

test('should vendor the WPT files with their licence and provenance', () => {
  expect(kFiles.filter(f => f.startsWith('name/')).length).toBe(9);
  expect(kFiles.filter(f => f.startsWith('manual/')).length).toBe(145);
  expect(fs.readFileSync(path.join(kWptRoot, 'LICENSE.md'), 'utf8')).toContain('3-Clause BSD');
  expect(fs.readFileSync(path.join(kWptRoot, 'README.md'), 'utf8')).toMatch(/revision `[0-9a-f]{40}`/);
});

test('should list only known failures of files that exist', () => {
  const stale = [...kKnownFailures.keys()].filter(id => !kFiles.includes(fileOf(id)));
  expect(stale, 'known failures naming no vendored file').toEqual([]);
  for (const [id, reason] of kKnownFailures)
    expect(reason.trim(), `the reason for ${id}`).not.toBe('');
});

for (const file of kFiles) {
  test(`should name ${file}`, async () => {
    await page.goto(`${server.prefix}/${file}`);
    const expectations = file.startsWith('manual/') ? manualExpectations(file) : await nameExpectations(page, file);
    expect(expectations.length, `${file} should yield expectations`).toBeGreaterThan(0);

    const bySelector = new Map<string, { name: string }[]>();
    for (const expectation of expectations) {
      if (!bySelector.has(expectation.selector))
        bySelector.set(expectation.selector, await ourNames(page, expectation.selector));
      const ours = bySelector.get(expectation.selector)![expectation.index]?.name ?? '<missing>';
      const passes = collapse(ours) === collapse(expectation.expected);
      const known = kKnownFailures.get(expectation.id);
      // Playwright's name only for the message: reading it for every case doubles the run time.
      const detail = passes === (known === undefined) ? '' :
        `expected ${JSON.stringify(expectation.expected)}, ours ${JSON.stringify(ours)}, playwright ${JSON.stringify(await playwrightName(page, expectation))}`;
      if (known === undefined)
        expect.soft(passes, `${expectation.id}: ${detail}`).toBe(true);
      else
        expect.soft(passes, `${expectation.id} passes now (${detail}): take it off kKnownFailures ("${known}")`).toBe(false);
    }

    // A known failure whose case this file no longer has is stale too.
    const ids = new Set(expectations.map(e => e.id));
    const stale = [...kKnownFailures.keys()].filter(id => fileOf(id) === file && !ids.has(id));
    expect(stale, `known failures naming no case of ${file}`).toEqual([]);
  });
}
