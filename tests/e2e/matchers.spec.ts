import { createProject, kStepsReporter, readJson, runPlaywright } from './helpers/project';
import { errorOf, expect, test } from './helpers/fixtures';
import path from 'node:path';

const stripAnsi = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');

test.describe('toHaveEntry', () => {
  test('should pass once an entry appears after 700 ms', async ({ page, stagewright: sw }) => {
    // Timed from before setContent: the page's timer starts inside it, so the alert cannot exist
    // sooner than 700 ms after this line, however slow setContent is.
    const started = Date.now();
    await page.setContent(`<script>setTimeout(() => document.body.insertAdjacentHTML('beforeend', '<div role="alert">Saved!</div>'), 700)</script>`);
    await expect(sw).toHaveEntry({ role: 'alert', name: /saved/i }, { timeout: 5000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(700);
  });

  test('should pass .not once the entry disappears', async ({ page, stagewright: sw }) => {
    await page.setContent(`<div role="dialog" aria-label="Cart">x</div>`);
    await expect(sw).toHaveEntry({ role: 'dialog', name: 'Cart' });
    // The timer starts only now, after the positive check, and fires far from the 5 s timeout:
    // .not must keep polling until the dialog is gone, which cannot be sooner than 300 ms after
    // `started` (taken before the timer exists).
    const started = Date.now();
    await page.evaluate(() => setTimeout(() => document.querySelector('[role=dialog]')!.remove(), 300));
    await expect(sw).not.toHaveEntry({ role: 'dialog', name: 'Cart' }, { timeout: 5000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(await page.locator('[role=dialog]').count()).toBe(0);
  });

  test('should not move the baseline while polling', async ({ page, stagewright: sw }) => {
    await page.setContent(`<button>Go</button>`);
    await sw.snapshot();
    await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<button>New</button>'));
    await expect(sw).toHaveEntry({ name: 'New' });
    expect(await sw.text({ since: 'last' })).toMatch(/^diff \+1 -0 ~0\n\+ button "New"/);
  });

  test('should pin its failure text, similar refs first', async ({ page, stagewright: sw }) => {
    await page.setContent(`<button>Save draft</button><button>Cancel</button><a href="#">Save link</a>`);
    const error = await errorOf(() => expect(sw).toHaveEntry({ role: 'button', name: 'Save', exact: true }, { timeout: 300 }));
    expect(stripAnsi(error.message)).toBe([
      'expect(stagewright).toHaveEntry(expected) failed',
      '',
      `EXPECTATION_FAILED: no entry matches { role: 'button', name: 'Save', exact: true }.`,
      'Hint: The page has no such entry yet: it may not have rendered, be hidden, or be named differently.',
      '',
      `Expected: { role: 'button', name: 'Save', exact: true }`,
      'Received: no match among 3 entries',
      'Timeout:  300ms',
      '',
      'Similar refs:',
      '  - button "Save draft" [ref=s1]',
      '  - link "Save link" [ref=s3]',
      '  - button "Cancel" [ref=s2]',
      '',
      'Next steps:',
      '  - Take a fresh snapshot to see the page as it is now: await sw.text()',
      `  - List the candidates: await sw.find({ role: 'button' })`,
      '  - Drop exact: true to match names as case-insensitive substrings',
    ].join('\n'));
  });

  test('should attach the snapshot the last poll saw', async ({ page, stagewright: sw }) => {
    await page.setContent(`<button>Only</button>`);
    await errorOf(() => expect(sw).toHaveEntry({ name: 'Missing' }, { timeout: 200 }));
    const attachment = test.info().attachments.find(a => a.name === 'stagewright · toHaveEntry · last snapshot.yaml');
    expect(attachment?.body?.toString()).toBe('- button "Only" [ref=s1]');
    expect(attachment?.contentType).toBe('text/plain');
  });

  test('should name what was passed when the receiver is not the fixture', async ({ page }) => {
    const error = await errorOf(() => expect(page as unknown).toHaveEntry({ role: 'button' }));
    expect(error.message).toMatch(/^INVALID_ARGUMENT: expect\(received\)\.toHaveEntry\(\) must be called on the stagewright fixture object, but received a Playwright Page\./);
    expect((await errorOf(() => expect(42 as unknown).toHaveEntryCount({}, 1))).message).toContain('but received number 42');
  });

  test('should reject a malformed query at once, not after the timeout', async ({ stagewright: sw }) => {
    const started = Date.now();
    const error = await errorOf(() => expect(sw).toHaveEntry({ rol: 'button' } as never, { timeout: 10_000 }));
    expect(error.message).toMatch(/^INVALID_ARGUMENT: toHaveEntry\(\) got unknown query fields: rol\./);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

test.describe('toHaveEntryCount', () => {
  test('should fail after the timeout, and not before, when the count never matches', async ({ page, stagewright: sw }) => {
    await page.setContent(`<ul><li>One</li><li>Two</li></ul>`);
    const started = Date.now();
    const error = await errorOf(() => expect(sw).toHaveEntryCount({ role: 'listitem' }, 3, { timeout: 1500 }));
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(1500);
    expect(stripAnsi(error.message)).toBe([
      'expect(stagewright).toHaveEntryCount(expected) failed',
      '',
      `EXPECTATION_FAILED: 2 entries match { role: 'listitem' }, expected 3.`,
      'Hint: Fewer entries match than expected: some have not rendered yet, are hidden, or are named differently.',
      '',
      `Expected: 3 entries matching { role: 'listitem' }`,
      'Received: 2: listitem [ref=s2], listitem [ref=s3]',
      'Timeout:  1500ms',
      '',
      'Similar refs:',
      '  - list [ref=s1]',
      '',
      'Next steps:',
      `  - List what matches now: await sw.find({ role: 'listitem' })`,
      '  - Take a fresh snapshot to see the page as it is now: await sw.text()',
    ].join('\n'));
  });

  test('should use expect.configure and the config timeout', async ({ page, stagewright: sw }) => {
    await page.setContent(`<button>A</button>`);
    const quick = expect.configure({ timeout: 400 });
    const started = Date.now();
    const error = await errorOf(() => quick(sw).toHaveEntryCount({ role: 'button' }, 2));
    expect(stripAnsi(error.message)).toContain('Timeout:  400ms');
    expect(Date.now() - started).toBeLessThan(4_000);
    await expect(sw).toHaveEntryCount({ role: 'button' }, 1);
  });
});

test.describe('toHaveRef', () => {
  test('should follow a state change', async ({ page, stagewright: sw }) => {
    await page.setContent(`<button aria-pressed="false" onclick="setTimeout(() => this.setAttribute('aria-pressed', 'true'), 400)">Bold</button>`);
    const [bold] = await sw.find({ role: 'button', name: 'Bold' });
    await expect(sw).toHaveRef(bold.ref, { role: 'button', state: { pressed: false } });
    await sw.ref(bold.ref).click();
    await expect(sw).toHaveRef(bold.ref, { name: 'Bold', state: { pressed: true } });
    await expect(sw).not.toHaveRef(bold.ref, { state: { pressed: false } });
  });

  test('should fail with REF_NOT_FOUND for a ref never issued', async ({ page, stagewright: sw }) => {
    await page.setContent(`<button>Save</button>`);
    const error = await errorOf(() => expect(sw).toHaveRef('s99', { role: 'button' }, { timeout: 200 }));
    expect(stripAnsi(error.message)).toBe([
      'expect(stagewright).toHaveRef(expected) failed',
      '',
      'REF_NOT_FOUND: s99 was never issued on this page.',
      'Hint: Use a ref from the latest snapshot; the similar refs below are the nearest.',
      '',
      `Expected: s99 as { role: 'button' }`,
      'Received: no such ref in the current document',
      'Timeout:  200ms',
      '',
      'Similar refs:',
      '  - button "Save" [ref=s1]',
      '',
      'Next steps:',
      '  - Take a fresh snapshot: await sw.snapshot()',
      `  - Find the element again: await sw.find({ role: 'button' })`,
    ].join('\n'));
  });

  test('should fail with REF_STALE for a ref of an earlier document', async ({ page, stagewright: sw, server }) => {
    await page.goto(server.route('/matchers-a.html', '<button>Old</button>'));
    const [old] = await sw.find({ role: 'button' });
    await page.goto(server.route('/matchers-b.html', '<a href="#">New</a>'));
    const error = await errorOf(() => expect(sw).toHaveRef(old.ref, {}, { timeout: 200 }));
    const message = stripAnsi(error.message);
    expect(message).toContain(`\n\nREF_STALE: ${old.ref} belongs to an earlier document: the page navigated or reloaded.\nHint: Take a fresh snapshot`);
    expect(message).toContain('Next steps:\n  - Take a fresh snapshot: await sw.snapshot()');
  });

  test('should say how an existing ref differs', async ({ page, stagewright: sw }) => {
    await page.setContent(`<input type="checkbox" aria-label="Terms">`);
    const [terms] = await sw.find({ role: 'checkbox' });
    const error = await errorOf(() => expect(sw).toHaveRef(terms.ref, { state: { checked: true } }, { timeout: 200 }));
    const message = stripAnsi(error.message);
    expect(message).toContain(`EXPECTATION_FAILED: ${terms.ref} is checkbox "Terms" [ref=${terms.ref}], which does not match { state: { checked: true } }.`);
    expect(message).toContain(`Received: checkbox "Terms" [ref=${terms.ref}] { checked: false }`);
    expect(message).toContain(`  - Look at the entry now: await sw.find({ ref: '${terms.ref}' })`);
  });
});

test.describe('toHaveChanged', () => {
  test('should see an alert that appears after the call started', async ({ page, stagewright: sw }) => {
    await page.setContent(`<label>Name <input></label><button onclick="setTimeout(() => document.body.insertAdjacentHTML('beforeend', '<div role=alert>Saved</div>'), 600)">Save</button>`);
    await sw.snapshot();
    await page.getByLabel('Name').fill('Ada');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(sw).toHaveChanged({ added: [{ role: 'alert', name: 'Saved' }], changed: [{ role: 'textbox', name: 'Name' }] });
  });

  test('should match removed entries by identity and pin its failure text', async ({ page, stagewright: sw }) => {
    await page.setContent(`<div role="dialog" aria-label="Cart"></div><button>Pay</button>`);
    await sw.snapshot();
    await page.evaluate(() => document.querySelector('[role=dialog]')!.remove());
    await expect(sw).toHaveChanged({ removed: [{ role: 'dialog', name: 'Cart' }] });
    const error = await errorOf(() => expect(sw).toHaveChanged({ removed: [{ role: 'button', name: 'Pay' }] }, { timeout: 200 }));
    const message = stripAnsi(error.message);
    expect(message).toMatch(/^expect\(stagewright\)\.toHaveChanged\(expected\) failed\n\nEXPECTATION_FAILED: the diff since snapshot \d+ lacks removed \{ role: 'button', name: 'Pay' \}\.\n/);
    expect(message).toContain(`Expected: { removed: [{ role: 'button', name: 'Pay' }] }\nReceived: diff +0 -1 ~0\n          - dialog "Cart" [ref=s1]\nTimeout:  200ms`);
    expect(message).toContain(`Next steps:\n  - See what changed: await sw.text({ since: 'last' })`);
  });

  test('should need a baseline', async ({ page, stagewright: sw }) => {
    await page.setContent(`<button>Pay</button>`);
    const error = await errorOf(() => expect(sw).toHaveChanged({ added: [{ role: 'button' }] }));
    expect(error.message).toMatch(/^INVALID_ARGUMENT: toHaveChanged\(\) compares against the last snapshot, and none was taken\./);
  });
});

test.describe('in the report', () => {
  test('should let a soft failure continue, fail the test at the end, and show each matcher as an Expect step', async () => {
    const dir = createProject({
      'steps-reporter.js': kStepsReporter,
      'playwright.config.js': `const { defineConfig } = require('@playwright/test');
const { chromiumLaunchOptions } = require('stagewright/browser');
module.exports = defineConfig({ testMatch: '*.spec.js', use: { launchOptions: chromiumLaunchOptions(), stagewrightOptions: { capture: 'off' } } });`,
      'soft.spec.js': `
const { test, expect } = require('stagewright');
test('soft', async ({ page, stagewright: sw }) => {
  await page.setContent('<button>Go</button>');
  await test.step('check', async () => {
    await expect.soft(sw).toHaveEntry({ role: 'button', name: 'Missing' }, { timeout: 200 });
  });
  await expect(sw).toHaveEntryCount({ role: 'button' }, 1);
  await expect(sw).toHaveRef('s1', { role: 'button' });
  await sw.snapshot();
  await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<p>New</p>'));
  await expect(sw).toHaveChanged({ added: [{ role: 'paragraph' }] });
  test.info().annotations.push({ type: 'reached', description: 'after the soft failure' });
});`,
    });
    const { report } = await runPlaywright(dir, [], 'json,./steps-reporter.js');
    const results = readJson(path.join(dir, 'steps.json'));
    const result = report.suites[0].specs[0].tests[0];
    expect(result.results[0].status).toBe('failed');
    expect(result.results[0].errors).toHaveLength(1);
    expect(result.results[0].errors[0].message).toContain('EXPECTATION_FAILED: no entry matches');
    expect(result.annotations).toContainEqual({ type: 'reached', description: 'after the soft failure' });
    type Step = { title: string; attachments: { name: string }[]; steps: Step[] };
    const steps: Step[] = results[0].steps;
    const check = steps.find(s => s.title === 'check')!;
    const titles = [...steps, ...check.steps].map(s => s.title);
    for (const name of ['soft toHaveEntry', 'toHaveEntryCount', 'toHaveRef', 'toHaveChanged'])
      expect(titles).toContain(`Expect "${name}"`);
    // The snapshot the last poll saw goes to the step the assertion failed in.
    expect(check.attachments.map(a => a.name)).toContain('stagewright · toHaveEntry · last snapshot.yaml');
  });
});
