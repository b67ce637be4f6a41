// The last passing run (docs/failures.md): a generated project passes against v1 of a small app,
// which keeps a record beside its tests; then the app changes, the same test fails, and the triage
// decides from what the record says the call reached. Each class runs twice: after a passing run,
// and in a fresh folder with no record, where it may say "cannot tell" but never be wrong.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createProject, projectConfig, readJson, runPlaywright } from './helpers/project';

/** The profile form as v1 has it; each version changes one thing. */
const kForm = `
  <main>
    <h1>Settings</h1>
    <form aria-label="Profile" onsubmit="event.preventDefault(); document.getElementById('out').textContent = 'Saved'">
      <label>Name <input name="name"></label>
      <button type="button">Cancel</button>
      <button type="submit">Save profile</button>
    </form>
    <p role="status" id="out"></p>
  </main>`;

const kVersions = {
  v1: kForm,
  // A name that shares no word with the old one.
  renamed: kForm.replace('Save profile', 'Submit'),
  removed: kForm.replace('<button type="submit">Save profile</button>', ''),
  hidden: kForm.replace('<button type="submit">Save profile</button>', '<button type="submit" hidden>Save profile</button>'),
  // Moved into a tab panel that is not the selected one.
  tabbed: kForm.replace('<button type="submit">Save profile</button>', `<div role="tablist"><button role="tab" aria-selected="true" aria-controls="basic">Basic</button><button role="tab" aria-selected="false" aria-controls="advanced">Advanced</button></div>
      <div role="tabpanel" id="basic">Nothing more here.</div><div role="tabpanel" id="advanced" hidden><button type="submit">Save profile</button></div>`),
  // Moved into a menu that a button opens.
  menu: kForm.replace('<button type="submit">Save profile</button>', `<button type="button" aria-haspopup="menu" aria-controls="more">More</button><div role="menu" id="more" hidden><button type="submit">Save profile</button></div>`),
  // The button waits on a request that is never answered.
  loading: kForm.replace('<button type="submit">Save profile</button>', '')
      .replace('</main>', `</main><script>fetch('http://app.test/permissions').then(() => document.querySelector('form').insertAdjacentHTML('beforeend', '<button type="submit">Save profile</button>'))</script>`),
  // Moved into a disclosure that starts closed: a reader opens "More actions" first.
  wrapped: kForm.replace('<button type="submit">Save profile</button>', '<details><summary>More actions</summary><button type="submit">Save profile</button></details>'),
  // The button comes after the action's timeout, within the triage's late look (2 s from the
  // failure); meanwhile "Cancel" is the only button in the form. Its clock starts at the name's
  // input, not at load: the click starts after the fill and its capture, which a busy machine
  // may keep for a second or more, and a button due 2.5 s after load then came within the click.
  slow: kForm.replace('<button type="submit">Save profile</button>', '')
      .replace('</main>', `</main><script>document.querySelector('input').addEventListener('input', () => setTimeout(() => document.querySelector('form').insertAdjacentHTML('beforeend', '<button type="submit">Save profile</button>'), 3000), { once: true })</script>`),
};

const spec = (save = `page.getByRole('button', { name: 'Save profile' })`) => `
const fs = require('node:fs');
const { test, expect } = require('stagewright');
test('save the profile', async ({ page }) => {
  // The app's API: it never answers (only the "loading" version calls it).
  await page.route('http://app.test/**', () => {});
  await page.setContent(fs.readFileSync(require('node:path').join(__dirname, 'app.html'), 'utf8'));
  await page.getByLabel('Name').fill('Ada');
  await ${save}.click();
  await expect(page.getByRole('status')).toHaveText('Saved');
});`;

/**
 * Calls and assertions give up after 1.5 s, for a failing run to end soon; a run meant to pass
 * waits as long as it needs (`runApp`): on a busy machine its page may not answer within 1.5 s.
 * The triage may take longer than `captureTimeout`'s default 10 s there too: these tests check
 * what it decides, not how long it may take.
 */
const kConfig = projectConfig('actionTimeout: Number(process.env.APP_TIMEOUT), stagewrightOptions: { captureTimeout: 60_000 }', 'expect: { timeout: Number(process.env.APP_TIMEOUT) },');

/** A run meant to pass, with a capture after each call: a busy machine may take 20 s for it. */
const kPassingTestTimeout = '60000';

/**
 * Runs the project with `app.html` as `version` has it (as it is, for none); with a short timeout,
 * unless `passing` (the app as the test was written for, or the test fixed).
 */
async function runApp(dir: string, version: keyof typeof kVersions | undefined, passing = version === 'v1') {
  if (version)
    fs.writeFileSync(path.join(dir, 'app.html'), kVersions[version]);
  const { result, report } = await runPlaywright(dir, [], 'json', { APP_TIMEOUT: passing ? '10000' : '1500', TEST_TIMEOUT: passing ? kPassingTestTimeout : '10000' });
  const status = report?.suites?.[0]?.specs?.[0]?.tests?.[0]?.results?.[0]?.status;
  const outputs = fs.existsSync(path.join(dir, 'test-results')) ? fs.readdirSync(path.join(dir, 'test-results')) : [];
  const folder = outputs.find(name => fs.existsSync(path.join(dir, 'test-results', name, 'stagewright', 'triage.json')));
  const triage = folder ? readJson(path.join(dir, 'test-results', folder, 'stagewright', 'triage.json')) : undefined;
  return { status, triage, output: result.stdout + result.stderr };
}

function recordFiles(dir: string): string[] {
  const root = path.join(dir, '.stagewright', 'last-pass');
  return fs.existsSync(root) ? fs.readdirSync(root, { recursive: true }).map(String).filter(name => name.endsWith('.json')) : [];
}

test.describe('the last passing run', () => {
  test.slow();

  test('should keep one small record per passing test, with what each call reached', async () => {
    const dir = createProject({ 'playwright.config.js': kConfig, 'profile.spec.js': spec() });
    const { status, output } = await runApp(dir, 'v1');
    expect(status, output).toBe('passed');
    const files = recordFiles(dir);
    expect(files).toEqual([expect.stringMatching(/^profile\.spec\.js\/[\w-]+\.json$/)]);
    const record = readJson(path.join(dir, '.stagewright', 'last-pass', files[0]));
    expect(record).toMatchObject({ format: 'stagewright-last-pass', version: 2, test: ['profile.spec.js', 'save the profile'] });
    const click = record.calls.find((call: { method: string }) => call.method === 'click');
    expect(click).toMatchObject({
      locator: `getByRole('button', { name: 'Save profile' })`,
      file: 'profile.spec.js',
      line: 9,
      target: { role: 'button', name: 'Save profile', places: [{ role: 'form', name: 'Profile' }, { role: 'main', name: '' }], position: { index: 1, names: ['Cancel', 'Save profile'] } },
    });
    expect(Buffer.byteLength(JSON.stringify(record))).toBeLessThan(4_000);
  });

  const cases: { version: keyof typeof kVersions; withRecord: Record<string, unknown>; withoutRecord: string[] }[] = [
    { version: 'renamed', withRecord: { verdict: 'out of date', status: 'renamed' }, withoutRecord: ['out of date', 'cannot tell'] },
    { version: 'removed', withRecord: { verdict: 'app broken', status: 'removed' }, withoutRecord: ['cannot tell'] },
    { version: 'hidden', withRecord: { verdict: 'app broken', status: 'hidden' }, withoutRecord: ['cannot tell'] },
    { version: 'slow', withRecord: { verdict: 'cannot tell' }, withoutRecord: ['cannot tell'] },
    { version: 'tabbed', withRecord: { verdict: 'out of date', status: 'hidden' }, withoutRecord: ['out of date', 'cannot tell'] },
    { version: 'menu', withRecord: { verdict: 'out of date', status: 'hidden' }, withoutRecord: ['out of date', 'cannot tell'] },
    { version: 'loading', withRecord: { verdict: 'cannot tell' }, withoutRecord: ['cannot tell'] },
    { version: 'wrapped', withRecord: { verdict: 'out of date', status: 'hidden' }, withoutRecord: ['out of date', 'cannot tell'] },
  ];
  for (const { version, withRecord, withoutRecord } of cases) {
    test(`should decide a ${version} target from the record, and never wrongly without one`, async () => {
      const dir = createProject({ 'playwright.config.js': kConfig, 'profile.spec.js': spec() });
      expect((await runApp(dir, 'v1')).status).toBe('passed');
      const failed = await runApp(dir, version);
      expect(failed.status, failed.output).toBe('failed');
      const triage = failed.triage;
      expect(triage, failed.output).toMatchObject(withRecord);
      expect(triage.lastPass).toContain('this call reached button "Save profile" in form "Profile"');
      // A failure keeps the last pass as it was.
      expect(recordFiles(dir)).toHaveLength(1);
      if (version === 'renamed') {
        expect(triage.suggestions[0].code).toBe(`page.getByRole('button', { name: 'Submit' })`);
        fs.writeFileSync(path.join(dir, 'profile.spec.js'), spec(triage.suggestions[0].code));
        expect((await runApp(dir, 'renamed', true)).status).toBe('passed');
      } else if (version === 'loading') {
        expect(triage.reason).toContain('1 request was unanswered (http://app.test/permissions)');
      } else if (version === 'wrapped') {
        expect(triage.reason).toContain(`open it first (\`await page.locator('summary', { hasText: 'More actions' }).click()\`)`);
      } else if (version === 'menu') {
        expect(triage.reason).toContain(`open it first (\`await page.getByRole('button', { name: 'More' }).click()\`)`);
      } else if (version === 'tabbed') {
        expect(triage.reason).toContain(`open it first (\`await page.getByRole('tab', { name: 'Advanced' }).click()\`)`);
      } else {
        // Never a different element as the fix: "Cancel" stands in the form.
        expect(triage.suggestions).toEqual([]);
      }

      const fresh = createProject({ 'playwright.config.js': kConfig, 'profile.spec.js': spec() });
      const alone = await runApp(fresh, version);
      expect(alone.status, alone.output).toBe('failed');
      expect(withoutRecord, JSON.stringify(alone.triage, null, 2)).toContain(alone.triage.verdict);
      expect(alone.triage.lastPass).toContain('No passing run of this test is on record');
      expect(JSON.stringify(alone.triage.suggestions)).not.toContain('Cancel');
    });
  }

  test('should keep what calls of any locator reached, read from the element Playwright resolved, under Playwright\'s defaults', async () => {
    // Each action before the step is captured (`captureActions: 'auto'`), none after it; an item
    // that removes itself inside a step was named by the step's start.
    const app = (id: string) => `<main><h1>Shop</h1>
      <form aria-label="Checkout" onsubmit="event.preventDefault(); document.getElementById('out').textContent = 'Saved'"><label>Name <input id="${id}"></label> <button>Save</button></form>
      <ul aria-label="Basket"><li class="item">Milk <button class="delete" onclick="this.parentElement.remove()">Remove</button></li><li class="item">Bread <button class="delete" onclick="this.parentElement.remove()">Remove</button></li><li class="item">Eggs <button class="delete" onclick="this.parentElement.remove()">Remove</button></li></ul>
      <iframe title="Card" srcdoc="<button id=pay>Pay</button>"></iframe>
      <p role="status" id="out"></p></main>`;
    const body = `
const fs = require('node:fs');
const { test, expect } = require('stagewright');
test('check out', async ({ page }) => {
  const html = fs.readFileSync(require('node:path').join(__dirname, 'app.html'), 'utf8');
  await page.route('http://shop.test/', route => route.fulfill({ contentType: 'text/html', body: html }));
  await page.goto('http://shop.test/');
  await page.locator('#name').fill('Ada');
  await page.locator('//button[text()="Save"]').click();
  await expect(page.locator('#out')).toHaveText('Saved');
  await page.locator('.item', { hasText: 'Milk' }).getByRole('button').hover();
  await page.frameLocator('iframe').locator('#pay').click();
  await page.locator('.item').last().locator('.delete').click();
  await test.step('remove bread', async () => {
    await page.locator('.item:nth-child(2) .delete').click();
  });
  await page.evaluate(() => document.querySelector('ul').insertAdjacentHTML('beforeend', '<li class="item">Tea <button class="delete" onclick="this.parentElement.remove()">Remove</button></li>'));
  await page.locator('li.item').last().locator('.delete').click();
});`;
    // A short test timeout, for the failing run's fill to end in (`runApp`); the runs meant to pass
    // get a long one: with a capture after each call, a busy machine took over 10 s for them, and
    // its captures then stopped halfway (a quarter of the timeout), and the test timed out.
    const dir = createProject({ 'playwright.config.js': projectConfig('', 'timeout: Number(process.env.TEST_TIMEOUT),'), 'shop.spec.js': body, 'app.html': app('name') });
    const { result } = await runPlaywright(dir, [], undefined, { TEST_TIMEOUT: kPassingTestTimeout });
    expect(result.code, result.stdout + result.stderr).toBe(0);
    const [file] = recordFiles(dir);
    const calls: { locator: string; target?: Record<string, unknown> }[] = readJson(path.join(dir, '.stagewright', 'last-pass', file)).calls;
    const target = (locator: string) => calls.find(call => call.locator === locator)?.target;
    const inForm = [{ role: 'form', name: 'Checkout' }, { role: 'main', name: '' }];
    expect(target(`locator('#name')`)).toMatchObject({ role: 'textbox', name: 'Name', places: inForm, among: { place: 0, index: 0, count: 1 } });
    expect(target(`locator('//button[text()="Save"]')`)).toMatchObject({ role: 'button', name: 'Save', places: inForm });
    expect(target(`locator('#out')`)).toMatchObject({ role: 'status', name: '' });
    // As the first capture after the call shows it: its own (`captureActions`), when Eggs was still there.
    expect(target(`locator('.item').filter({ hasText: 'Milk' }).getByRole('button')`)).toMatchObject({ role: 'button', name: 'Remove', places: [{ role: 'listitem' }, { role: 'list', name: 'Basket' }, { role: 'main' }], among: { place: 1, index: 0, count: 3 } });
    expect(target(`locator('iframe').contentFrame().locator('#pay')`)).toMatchObject({ role: 'button', name: 'Pay', inFrame: true });
    // Removed by its own click inside a step: its start capture named it, and the action's begin read it.
    expect(target(`locator('.item:nth-child(2) .delete')`)).toMatchObject({ role: 'button', name: 'Remove', among: { place: 1, index: 1, count: 2 } });
    // Removed by its own click: the capture after the call before it named it, and the action's
    // begin read it; never the element the locator matches after the click (Bread's button, last once Eggs left).
    expect(target(`locator('.item').last().locator('.delete')`)).toMatchObject({ role: 'button', name: 'Remove', among: { place: 1, index: 2, count: 3 } });
    // Added after the step, where no action is captured, and removed by its own click before any
    // capture named it: nothing says what it was, and never the element the locator matches after
    // the click (Milk's button, last once Tea left).
    expect(calls.find(call => call.locator === `locator('li.item').last().locator('.delete')`)).toMatchObject({ locator: expect.any(String) });
    expect(target(`locator('li.item').last().locator('.delete')`)).toBeUndefined();

    // The app renames the field's id: the record says the call reached it, and it is still there.
    fs.writeFileSync(path.join(dir, 'app.html'), app('full-name'));
    const failed = await runApp(dir, undefined);
    expect(failed.status, failed.output).toBe('timedOut');
    expect(failed.triage).toMatchObject({ decidedBy: 'same-element', verdict: 'out of date', status: 'still there', target: { source: `locator('#name')`, traceable: false } });
    expect(failed.triage.now).toContain('the DOM file shows its id is "full-name", not "name"');
    expect(failed.triage.suggestions[0].code).toBe(`page.getByRole('textbox', { name: 'Name' })`);
    fs.writeFileSync(path.join(dir, 'shop.spec.js'), body.replace(`page.locator('#name')`, failed.triage.suggestions[0].code));
    expect((await runApp(dir, undefined, true)).status).toBe('passed');
  });

  test('should keep no record with lastPassDir: false', async () => {
    const dir = createProject({
      'playwright.config.js': projectConfig('actionTimeout: Number(process.env.APP_TIMEOUT), stagewrightOptions: { lastPassDir: false }'),
      'profile.spec.js': spec(),
    });
    expect((await runApp(dir, 'v1')).status).toBe('passed');
    expect(recordFiles(dir)).toEqual([]);
    const failed = await runApp(dir, 'removed');
    expect(failed.triage.lastPass).toBeUndefined();
  });
});
