// Triage of failed tests (docs/failures.md, Triage), the way users meet it: a test written against
// one version of the demo app runs against another in a generated project; triage.md is attached
// and triage.json written, and what they say is checked — including that a suggested locator,
// pasted into the test, makes it pass.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { kRepoRoot, projectConfig, readJson, runStepsProject } from './helpers/project';

const kAppDir = path.join(kRepoRoot, 'examples', 'app');
const kApp = {
  html: fs.readFileSync(path.join(kAppDir, 'index.html'), 'utf8'),
  js: fs.readFileSync(path.join(kAppDir, 'app.js'), 'utf8'),
  css: fs.readFileSync(path.join(kAppDir, 'app.css'), 'utf8'),
};

/** The demo app as a version: v1 as it is, v2 renames "Place order", v3 drops it and shows a server error. */
function appFiles(version: 'v1' | 'v2' | 'v3'): Record<string, string> {
  let html = kApp.html;
  if (version === 'v2')
    html = html.replace('<button type="submit">Place order</button>', '<button type="submit">Pay now</button>');
  if (version === 'v3') {
    html = html.replace('<button type="submit">Place order</button>', '')
        .replace('<h2 id="details-heading">Your details</h2>', '<h2 id="details-heading">Your details</h2>\n      <p role="alert">Server error</p>');
  }
  expect(html).not.toBe(version === 'v1' ? '' : kApp.html);
  return { 'app/index.html': html, 'app/app.js': kApp.js, 'app/app.css': kApp.css };
}

/** Serves app/ from the project folder at http://demo.test/. */
const kServeApp = `
const path = require('node:path');
test.beforeEach(async ({ page }) => {
  await page.route('http://demo.test/**', route => {
    const { pathname } = new URL(route.request().url());
    return route.fulfill({ path: path.join(__dirname, 'app', pathname === '/' ? 'index.html' : pathname) });
  });
  await page.goto('http://demo.test/');
});`;

const kPlaceOrder = `page.getByRole('button', { name: 'Place order' })`;

/** The checkout test as written against v1. */
const checkoutSpec = (placeOrder = kPlaceOrder) => `
const { test, expect } = require('stagewright');
${kServeApp}
test('place an order', async ({ page }) => {
  await test.step('fill the form', async () => {
    await page.getByLabel('Full name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill('ada@example.com');
  });
  await test.step('place the order', async () => {
    await ${placeOrder}.click();
    await expect(page.getByRole('dialog', { name: 'Confirm order' })).toBeVisible();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('status')).toHaveText('Order placed');
  });
});`;

const kConfig = projectConfig(`actionTimeout: 2000`, `expect: { timeout: 2000 },`);

interface Triage {
  error: string;
  step?: string;
  target: { source: string; traceable: boolean; reason?: string };
  history: { capture: string; matched: string[] }[];
  status: string;
  now: string;
  evidence: string[];
  verdict: string;
  reason: string;
  suggestions: { code: string; checkedAgainst: string[]; warnings: string[] }[];
  lastChanges: { capture: string; lines: string[] };
}

/** Runs a project; returns its one result, its triage.json and the triage.md attachment. */
async function runTriaged(files: Record<string, string>) {
  const run = await runStepsProject({ 'playwright.config.js': kConfig, ...files });
  const [result] = run.results;
  const folder = fs.readdirSync(path.join(run.dir, 'test-results')).find(name => fs.existsSync(path.join(run.dir, 'test-results', name, 'stagewright', 'triage.json')));
  const triage: Triage | undefined = folder && readJson(path.join(run.dir, 'test-results', folder, 'stagewright', 'triage.json'));
  const markdown = result?.attachments.find(a => a.name === 'stagewright · triage.md');
  return { ...run, result, triage, markdown };
}

test.describe('triage', () => {
  test.slow();

  test('should call a renamed button out of date and suggest a locator that makes the test pass', async () => {
    const v2 = { ...appFiles('v2'), 'checkout.spec.js': checkoutSpec() };
    const { result, triage, markdown, output } = await runTriaged(v2);
    expect(result.status, output).toBe('failed');
    expect(markdown?.contentType).toBe('text/markdown');
    expect(markdown?.body).toContain('**The test looks out of date**');
    expect(triage!.step, JSON.stringify(triage, null, 2)).toBe('place the order');
    expect(triage!.target).toMatchObject({ source: `getByRole('button', { name: 'Place order' })`, traceable: true });
    expect(triage!.history.every(h => h.matched.length === 0)).toBe(true);
    expect(triage!.status).toBe('never there');
    expect(triage!.verdict).toBe('out of date');
    expect(triage!.now).toContain('button "Pay now"');
    const [suggestion] = triage!.suggestions;
    expect(suggestion.code).toBe(`page.getByRole('button', { name: 'Pay now' })`);
    // Every capture, then Playwright itself on the live page (issue 29).
    expect(suggestion.checkedAgainst).toEqual([...triage!.history.map(h => h.capture), 'live page']);

    // Pasted in place of the target, the suggestion makes the test pass against v2.
    const fixed = await runTriaged({ ...v2, 'checkout.spec.js': checkoutSpec(suggestion.code) });
    expect(fixed.result.status, fixed.output).toBe('passed');
    expect(fixed.triage).toBeUndefined();
  });

  test('should call a removed button with a server error the app\'s fault', async () => {
    const { result, triage, markdown, output } = await runTriaged({ ...appFiles('v3'), 'checkout.spec.js': checkoutSpec() });
    expect(result.status, output).toBe('failed');
    expect(triage!.verdict).toBe('app broken');
    expect(triage!.reason).toContain('alert "Server error"');
    expect(triage!.suggestions).toEqual([]);
    expect(markdown?.body).toContain('**The app looks broken**');
  });

  test('should pass against v1, with no triage', async () => {
    const { result, triage, output } = await runTriaged({ ...appFiles('v1'), 'checkout.spec.js': checkoutSpec() });
    expect(result.status, output).toBe('passed');
    expect(triage).toBeUndefined();
  });

  test('should call a locator that became ambiguous out of date and scope the suggestion', async () => {
    const page = `
      <main>
        <section aria-label="Profile"><h2>Profile</h2><label>Name <input></label><button onclick="document.getElementById('out').textContent = 'Profile saved'">Save</button></section>
        <button id="more" onclick="document.getElementById('address').hidden = false">Add address</button>
        <section id="address" aria-label="Address" hidden><h2>Address</h2><label>Street <input></label><button>Save</button></section>
        <p role="status" id="out"></p>
      </main>`;
    const spec = (save: string) => `
const { test, expect } = require('stagewright');
test('save the profile', async ({ page }) => {
  await page.setContent(${JSON.stringify(page)});
  await test.step('name', async () => {
    await page.getByLabel('Name').fill('Ada');
    await ${save}.click();
    await expect(page.getByRole('status')).toHaveText('Profile saved');
  });
  await test.step('add an address', async () => {
    await page.getByRole('button', { name: 'Add address' }).click();
    await page.getByLabel('Street').fill('Main street');
  });
  await test.step('save again', async () => {
    await ${save}.click();
  });
});`;
    const { result, triage, output } = await runTriaged({ 'save.spec.js': spec(`page.getByRole('button', { name: 'Save' })`) });
    expect(result.status, output).toBe('failed');
    expect(triage!.status).toBe('ambiguous');
    expect(triage!.verdict).toBe('out of date');
    expect(triage!.step).toBe('save again');
    // It matched one Save at first, two at the end.
    expect(triage!.history[0].matched).toHaveLength(1);
    expect(triage!.history[triage!.history.length - 1].matched).toHaveLength(2);
    const [suggestion] = triage!.suggestions;
    expect(suggestion.code).toBe(`page.getByRole('region', { name: 'Profile', exact: true }).getByRole('button', { name: 'Save', exact: true })`);
    // Proven in every capture (the Profile Save exists in all of them), and on the live page.
    expect(suggestion.checkedAgainst).toEqual([...triage!.history.map(h => h.capture), 'live page']);
    const fixed = await runTriaged({ 'save.spec.js': spec(suggestion.code) });
    expect(fixed.result.status, fixed.output).toBe('passed');
  });

  test('should say a CSS locator cannot be traced and still show what the step changed', async () => {
    const spec = `
const { test, expect } = require('stagewright');
${kServeApp}
test('place an order by CSS', async ({ page }) => {
  await test.step('fill and submit', async () => {
    await page.getByLabel('Full name').fill('Ada Lovelace');
    await page.locator('#place-order').click();
  });
});`;
    const { result, triage, markdown, output } = await runTriaged({ ...appFiles('v1'), 'css.spec.js': spec });
    expect(result.status, output).toBe('failed');
    expect(triage!.target).toMatchObject({ source: `locator('#place-order')`, traceable: false });
    expect(triage!.target.reason).toContain('CSS selector');
    expect(triage!.verdict).toBe('cannot tell');
    expect(triage!.lastChanges.lines.join('\n')).toContain('textbox "Full name"');
    expect(markdown?.body).toContain('What changed');
    expect(markdown?.body).toContain('Ada Lovelace');
  });

  test('should leave the outcome alone: a failing matcher of ours is traced by its query', async () => {
    const spec = `
const { test, expect } = require('stagewright');
test('missing entry', async ({ page, stagewright: sw }) => {
  await page.setContent('<main><button>Send</button></main>');
  await test.step('look for it', async () => {
    await expect(sw).toHaveEntry({ role: 'button', name: 'Submit' }, { timeout: 500 });
  });
});`;
    const { result, triage, output } = await runTriaged({ 'matcher.spec.js': spec });
    expect(result.status, output).toBe('failed');
    expect(result.errors.join('\n')).toContain('EXPECTATION_FAILED');
    expect(triage!.target).toMatchObject({ source: `{ role: 'button', name: 'Submit' }`, traceable: true });
    expect(triage!.status).toBe('never there');
  });
});
