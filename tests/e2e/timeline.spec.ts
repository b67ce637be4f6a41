// The timeline page (docs/report.md, The timeline page), met the way users meet it: a generated
// project run under Playwright's defaults with the HTML reporter, the report opened in a browser,
// the page opened from the test's attachment link, and read by role and name.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { createProject, projectConfig, readJson, runPlaywrightCommand, runStepsProject } from './helpers/project';
import { startServer } from './helpers/server';
import { timelineDataOf } from './helpers/timelineData';

const kShop = `<h1>Shop</h1>
<label>Name <input id="name"></label>
<button onclick="document.getElementById('status').textContent = 'Saved ' + document.getElementById('name').value">Save</button>
<p role="status" id="status"></p>
<ul aria-label="Cart"><li>Tea <button onclick="this.parentElement.remove()">Remove Tea</button></li><li>Coffee</li></ul>`;

/** The results of a project run with the HTML and JSON reporters, by test title. */
async function runWithHtmlReport(files: Record<string, string>) {
  const dir = createProject(files);
  const run = await runPlaywrightCommand(dir, ['test', '--reporter=html,json'], { PLAYWRIGHT_HTML_OPEN: 'never', PLAYWRIGHT_JSON_OUTPUT_NAME: 'report.json' });
  const report = readJson(path.join(dir, 'report.json'));
  const results: Record<string, { status: string; attachments: { name: string; path?: string; contentType: string }[] }> = {};
  for (const suite of report?.suites ?? []) {
    for (const spec of suite.specs)
      results[spec.title] = spec.tests[0].results[0];
  }
  return { dir, run, results, output: run.stdout + run.stderr };
}

/** Opens the test's timeline from its attachment link in the HTML report; returns the page it opened in. */
async function openTimelineFromReport(page: Page, reportUrl: string, testTitle: string): Promise<Page> {
  await page.goto(reportUrl);
  await page.getByRole('link', { name: testTitle, exact: true }).click();
  const link = page.getByRole('link', { name: /^\d{3} stagewright · timeline\.html$/ });
  await expect(link).toHaveCount(1);
  const [timeline] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await timeline.waitForLoadState();
  return timeline;
}

test('should open from the report, step through the captures and follow a ref', async ({ page }) => {
  const { dir, results, output } = await runWithHtmlReport({
    'playwright.config.js': projectConfig(),
    'shop.spec.js': `
const { test, expect } = require('stagewright');
test('shop', async ({ page }) => {
  await page.setContent(${JSON.stringify(kShop)});
  await test.step('fill the name', async () => {
    await page.getByLabel('Name').fill('Ada');
  });
  await test.step('save', async () => {
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status')).toHaveText('Saved Ada');
  });
  await test.step('remove tea', async () => {
    await page.getByRole('button', { name: 'Remove Tea' }).click();
  });
});
test('fails', async ({ page }) => {
  await page.setContent('<button onclick="this.remove()">Go</button><a href="/next">Next</a>');
  await page.getByRole('button', { name: 'Go' }).click();
  await page.getByRole('button', { name: 'Go' }).click({ timeout: 1000 });
});`,
  });
  expect(Object.fromEntries(Object.entries(results).map(([title, result]) => [title, result.status])), output).toEqual({ shop: 'passed', fails: 'failed' });
  // One page per test, attached last, beside the captures' own attachments, which stay.
  const shop = results.shop.attachments.map(a => a.name);
  expect(shop.filter(name => name.includes('timeline'))).toEqual(['004 stagewright · timeline.html']);
  expect(shop).toEqual(expect.arrayContaining(['001 fill the name · dom.diff', '002 save · dom.diff', '003 remove tea · dom.diff']));
  expect(results.shop.attachments.find(a => a.name.endsWith('timeline.html'))!.contentType).toBe('text/html');

  const server = await startServer({ root: path.join(dir, 'playwright-report') });
  try {
    const timeline = await openTimelineFromReport(page, `${server.prefix}/index.html`, 'shop');
    const dialogs: string[] = [];
    timeline.on('dialog', dialog => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await expect(timeline.getByRole('heading', { level: 1 })).toContainText('shop.spec.js › shop');
    const captures = timeline.getByRole('listbox', { name: 'Captures' });
    await expect(captures.getByRole('option')).toHaveText([/^setContent/, /^001 fill the name/, /^002 save/, /^003 remove tea/, /^end/]);
    // A passing test opens on its first capture: the whole tree, nothing marked.
    await expect(captures.getByRole('option', { selected: true })).toHaveText(/^setContent/);
    const tree = timeline.getByRole('list', { name: 'Accessibility tree' });
    await expect(tree.getByRole('listitem')).toHaveCount(9);
    await expect(tree.getByRole('listitem').filter({ hasText: /added:|removed:|changed:/ })).toHaveCount(0);

    // Select a capture: what its step changed is marked in place, the old value beside the new.
    await captures.getByRole('option', { name: /fill the name/ }).click();
    await expect(captures.getByRole('option', { selected: true })).toHaveText(/^001 fill the name.*shop\.spec\.js:5.*1 changed/);
    await expect(timeline.getByRole('heading', { level: 2, name: '001 fill the name' })).toBeVisible();
    const changed = tree.getByRole('listitem').filter({ hasText: 'changed:' });
    await expect(changed).toHaveCount(1);
    await expect(changed).toContainText(/- textbox "Name" \[active\] \[ref=s\d+\]: Ada\s*was\s+- textbox "Name" \[ref=s\d+\]$/);
    await expect(timeline.getByRole('region', { name: 'DOM diff' })).toContainText('+        value="Ada"');

    // The keyboard: j and k step through the captures.
    await timeline.keyboard.press('j');
    await expect(captures.getByRole('option', { selected: true })).toHaveText(/^002 save/);
    // The focus moved to the button, and the status says what was saved.
    await expect(tree.getByRole('listitem').filter({ hasText: 'changed:' })).toContainText(['textbox "Name" [ref=', 'button "Save" [active]', /status \[ref=s\d+\]: Saved Ada/]);
    await timeline.keyboard.press('j');
    await expect(captures.getByRole('option', { selected: true })).toHaveText(/^003 remove tea/);

    // Select a ref: the element it names is marked here and in every capture that holds it, and
    // the ref's panel says where it appeared, changed and left.
    const removed = tree.getByRole('listitem').filter({ hasText: 'removed:' }).filter({ hasText: 'Remove Tea' });
    await expect(removed).toHaveCount(1);
    const ref = (await removed.getByRole('button').textContent())!;
    expect(ref).toMatch(/^s\d+$/);
    await removed.getByRole('button', { name: ref }).click();
    await expect(removed.getByRole('button', { name: ref })).toHaveAttribute('aria-pressed', 'true');
    await expect(removed).toHaveAttribute('aria-current', 'true');
    const panel = timeline.getByRole('complementary', { name: `Ref ${ref}` });
    await expect(panel.getByRole('list', { name: `What became of ${ref}` }).getByRole('listitem')).toHaveText(['first seen in setContent', 'left in 003 remove tea']);
    await expect(panel).toContainText('In 3 of 5 captures, not this one.');
    await timeline.keyboard.press('k');
    await expect(captures.getByRole('option', { selected: true })).toHaveText(/^002 save/);
    // Unchanged there, yet shown and marked: the fold keeps the selected ref's line.
    const marked = tree.locator('[aria-current="true"]');
    await expect(marked).toHaveCount(1);
    await expect(marked).toContainText(`button "Remove Tea" [ref=${ref}]`);
    await expect(marked).not.toContainText(/added:|removed:|changed:/);
    // The panel's links go to the capture.
    await panel.getByRole('button', { name: '003 remove tea' }).click();
    await expect(captures.getByRole('option', { selected: true })).toHaveText(/^003 remove tea/);
    await timeline.keyboard.press('Escape');
    await expect(panel).toBeHidden();

    // Search by text: the next capture that holds it; by ref: that ref.
    await timeline.keyboard.press('/');
    await expect(timeline.getByRole('searchbox', { name: 'Search by ref or text' })).toBeFocused();
    await timeline.keyboard.type('Saved Ada');
    await timeline.keyboard.press('Enter');
    await expect(timeline.getByRole('status')).toHaveText('“Saved Ada” is in 3 captures: showing 3 of 3.');
    await expect(captures.getByRole('option', { selected: true })).toHaveText(/^end/);
    await timeline.getByRole('searchbox').fill(ref);
    await timeline.getByRole('searchbox').press('Enter');
    await expect(timeline.getByRole('complementary', { name: `Ref ${ref}` })).toBeVisible();
    await expect(captures.getByRole('option', { selected: true })).toHaveText(/^setContent/);
    expect(dialogs).toEqual([]);

    // A failed test: the triage on top, the failure capture selected.
    const failed = await openTimelineFromReport(page, `${server.prefix}/index.html`, 'fails');
    const triage = failed.getByRole('region', { name: /^Triage: / });
    await expect(triage.getByRole('heading')).toHaveText('Triage: The test looks out of date');
    await expect(triage).toContainText('Target' + 'getByRole(\'button\', { name: \'Go\' })');
    await expect(failed.getByRole('listbox', { name: 'Captures' }).getByRole('option', { selected: true })).toHaveText(/^\d{3} failure/);
  } finally {
    await server.close();
  }

  // The report folder opened as files (a CI artifact): the same page, from its file.
  const timeline = await openTimelineFromReport(page, pathToFileURL(path.join(dir, 'playwright-report', 'index.html')).href, 'shop');
  expect(timeline.url()).toMatch(/^file:\/\/.*\/data\/[0-9a-f]+\.html/);
  await expect(timeline.getByRole('listbox', { name: 'Captures' }).getByRole('option')).toHaveCount(5);
});

test('should keep a page\'s markup and scripts inert in the timeline', async ({ page }) => {
  const payload = '</script><script>window.__pwned = 1; alert("pwned")</script><img src=x onerror="window.__pwned = 2">';
  const { results, output } = await runWithHtmlReport({
    'playwright.config.js': projectConfig(),
    'hostile.spec.js': `
const { test } = require('stagewright');
const payload = ${JSON.stringify(payload)};
test('hostile ' + payload, async ({ page }) => {
  await page.setContent('<p id="p"></p><button>Change</button>');
  await page.evaluate(text => {
    const p = document.getElementById('p');
    p.textContent = text;
    p.setAttribute('title', text);
    p.setAttribute('data-note', text + '\\u2028\\u2029<!--');
  }, payload);
  await test.step('step ' + payload, async () => {
    await page.getByRole('button', { name: 'Change' }).click();
    await page.evaluate(text => { document.getElementById('p').textContent = 'now ' + text; }, payload);
  });
});`,
  });
  const [result] = Object.values(results);
  expect(result?.status, output).toBe('passed');
  const timelineFile = result.attachments.find(a => a.name.endsWith('stagewright · timeline.html'))?.path;
  expect(timelineFile, output).toBeTruthy();
  const html = fs.readFileSync(timelineFile!, 'utf8');
  // Our two script elements, and no other: the payload is inside the data, packed.
  expect(html.match(/<script/gi)).toHaveLength(2);
  expect(html.replace(/<title>.*<\/title>/, '')).not.toContain('__pwned');
  expect(JSON.stringify(timelineDataOf(html))).toContain('window.__pwned');

  const dialogs: string[] = [];
  page.on('dialog', dialog => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(pathToFileURL(timelineFile!).href);
  const captures = page.getByRole('listbox', { name: 'Captures' });
  await expect(captures.getByRole('option')).not.toHaveCount(0);
  // Every capture shown, its tree and its DOM diff: the payload is text each time.
  for (const option of await captures.getByRole('option').all()) {
    await option.click();
    await expect(option).toHaveAttribute('aria-selected', 'true');
  }
  await captures.getByRole('option', { name: /^\d{3} step / }).click();
  await expect(page.getByRole('list', { name: 'Accessibility tree' })).toContainText(`now ${payload}`);
  await expect(page.getByRole('region', { name: 'DOM diff' })).toContainText('onerror=');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(payload);
  await expect(page.locator('img, iframe, body script:not([type]) ~ script')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
});

test.describe('when there is no page', () => {
  test('should attach none to a passing test under \'retain-on-failure\', to a test that changed nothing, or with attach.timeline off', async () => {
    const spec = (title: string, body: string) => `test(${JSON.stringify(title)}, async ({ page }) => {\n${body}\n});\n`;
    const changes = `
  await page.setContent('<input aria-label="Name">');
  await test.step('fill', async () => { await page.getByLabel('Name').fill('Ada'); });`;
    const { results, output } = await runStepsProject({
      'playwright.config.js': projectConfig(),
      'pages.spec.js': `const { test, expect } = require('stagewright');
${spec('changes', changes)}
${spec('one capture', `  await page.setContent('<p>Nothing happens</p>');\n  await expect(page.getByText('Nothing happens')).toBeVisible();`)}
test.describe('retained', () => {
  test.use({ stagewrightOptions: { capture: 'retain-on-failure' } });
  ${spec('retained passes', changes)}
  ${spec('retained fails', changes + `\n  expect(1, 'failing on purpose').toBe(2);`)}
});
test.describe('off', () => {
  test.use({ stagewrightOptions: { attach: { timeline: false } } });
  ${spec('timeline off', changes)}
});`,
    });
    const timelines = Object.fromEntries(results.map(result => [result.title, result.attachments.filter(a => a.name.includes('timeline')).map(a => a.name)]));
    expect(timelines, output).toEqual({
      'changes': ['002 stagewright · timeline.html'],
      'one capture': [],
      'retained passes': [],
      'retained fails': ['002 stagewright · timeline.html'],
      'timeline off': [],
    });
    // Under 'retain-on-failure' a passing test attaches nothing at all.
    expect(results.find(result => result.title === 'retained passes')!.attachments).toEqual([]);
  });
});
