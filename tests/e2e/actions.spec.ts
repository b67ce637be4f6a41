// Actions are steps too (`captureActions`, docs/api.md, Options): by default, in a test with no
// `test.step`, each action, navigation and assertion that changed the page leaves its diff on the
// test, named after the call; one that changed nothing leaves none; inside a step, the step stands
// for its actions, and once a test ran a step, its steps stand for all its actions (`true`: every
// action outside a step). The hook around Playwright's action methods leaves its report as it was:
// the action steps keep their titles and the user's lines, and a failed action's error names the call.
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createProject, kRepoRoot, projectConfig, readJson, runPlaywright, runStepsProject, type StepsResult } from './helpers/project';

const kSpec = `const { test, expect } = require('stagewright');
const kPage = \`<main>
  <label>Name <input></label>
  <button onclick="document.getElementById('status').textContent = 'Saved ' + document.querySelector('input').value">Save</button>
  <button onclick="setTimeout(() => document.getElementById('status').textContent = 'Published', 1000)">Publish</button>
  <p id="status">Draft</p>
</main>\`;

test('no steps', async ({ page }) => {
  await page.setContent(kPage);
  await page.getByLabel('Name').fill('Ada');
  await page.getByRole('button', { name: 'Save' }).hover();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('#status')).toHaveText('Saved Ada');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.locator('#status')).toHaveText('Published');
});

test('a page that settles after its navigation', async ({ page }) => {
  await page.setContent(kPage + '<script>setTimeout(() => document.getElementById("status").textContent = "Loaded late", 300)</script>');
  await page.waitForTimeout(600);
  await page.getByLabel('Name').fill('Ada');
});

test('near its timeout', async ({ page }) => {
  test.setTimeout(20_000);
  await page.setContent(kPage);
  await page.getByLabel('Name').fill('Ada');
  await page.waitForTimeout(15_500);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByLabel('Name').fill('Grace');
});

async function aStepBetweenActions({ page }) {
  await page.setContent(kPage);
  await page.getByLabel('Name').fill('Grace');
  await test.step('save', async () => {
    await page.getByRole('button', { name: 'Save' }).click();
  });
  await page.getByLabel('Name').fill('Hopper');
  await page.getByRole('button', { name: 'Save' }).click();
}

test('a step', aStepBetweenActions);

test('a failed action', async ({ page }) => {
  await page.setContent(kPage);
  await page.getByRole('button', { name: 'Delete' }).click({ timeout: 500 });
});

test('a failed action that makes another', async ({ page }) => {
  await page.setContent(kPage);
  await page.getByLabel('Email').clear({ timeout: 500 });
});

test.describe('true', () => {
  test.use({ stagewrightOptions: { captureActions: true } });
  test('a step, true', aStepBetweenActions);
});

test.describe('false', () => {
  test.use({ stagewrightOptions: { captureActions: false } });
  test('no steps, false', async ({ page }) => {
    await page.setContent(kPage);
    await page.getByRole('button', { name: 'Save' }).click();
  });
});

test.describe('retain-on-failure', () => {
  test.use({ stagewrightOptions: { capture: 'retain-on-failure' } });
  test('no steps, retained', async ({ page }) => {
    await page.setContent(kPage);
    await page.getByLabel('Name').fill('Ada');
    await page.getByRole('button', { name: 'Save' }).click();
  });
  test('no steps, retained, failing', async ({ page }) => {
    await page.setContent(kPage);
    await page.getByLabel('Name').fill('Ada');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.locator('#status')).toHaveText('Published', { timeout: 500 });
  });
});
`;

function names(result: StepsResult | undefined): string[] {
  return (result?.attachments ?? []).map(attachment => attachment.name);
}

const diffsOf = (result: StepsResult | undefined) => names(result).filter(name => name.endsWith('· dom.diff'));

test('should attach the diff of each action, navigation and assertion that changed the page, by default, in a test with no step', async () => {
  test.slow();
  // Playwright's own configuration, and no stagewright option at all.
  const { results, output } = await runStepsProject({
    'playwright.config.js': projectConfig(),
    'actions.spec.js': kSpec,
  });
  const byTitle = (title: string) => results.find(result => result.title === title);

  const noSteps = byTitle('no steps');
  expect(noSteps?.status, output).toBe('passed');
  expect(diffsOf(noSteps)).toEqual([
    '001 fill getByLabel(\'Name\') · dom.diff',
    '002 click getByRole(\'button\', { name: \'Save\' }) · dom.diff',
    '003 click getByRole(\'button\', { name: \'Publish\' }) · dom.diff',
    '004 expect locator(\'#status\') toHaveText · dom.diff',
  ]);
  // Each diff shows what its call did: the first click's text at once; the second click moved the
  // focus, and the text that came a second later is the assertion's, which waited for it. The
  // first assertion found the text there already, and the hover changed nothing: neither left a diff.
  const body = (pattern: RegExp) => noSteps!.attachments.find(attachment => pattern.test(attachment.name))?.body ?? '';
  expect(body(/ click getByRole\('button', \{ name: 'Save' \}\) · dom\.diff$/)).toMatch(/^\+ .*>Saved Ada<\/p>$/m);
  expect(body(/ click getByRole\('button', \{ name: 'Publish' \}\) · dom\.diff$/)).not.toMatch(/Published</);
  expect(body(/ expect locator\('#status'\) toHaveText · dom\.diff$/)).toMatch(/^\+ .*>Published<\/p>$/m);
  expect(names(noSteps).filter(name => name.includes('hover'))).toEqual([]);
  // Nothing else is attached per action, and no DOM file at all: the end's tree only, then the timeline page.
  expect(names(noSteps).filter(name => !name.endsWith('· dom.diff'))).toEqual(['005 end · accessibility-tree.yaml', '006 stagewright · timeline.html']);

  // A navigation's capture waits for the test's next call: what the page's scripts did meanwhile
  // (a text written 300 ms after the load, while the test waited) is in it, not in the fill's diff.
  const settles = byTitle('a page that settles after its navigation');
  expect(settles?.status, output).toBe('passed');
  expect(diffsOf(settles)).toEqual(['001 fill getByLabel(\'Name\') · dom.diff']);
  expect(settles!.attachments[0].body).toMatch(/^\+ .*value="Ada"/m);
  expect(settles!.attachments[0].body).not.toContain('Loaded late');

  // With a quarter of its timeout left, a test's calls are no longer captured: one note says so,
  // and the end capture's diff shows what they did.
  const late = byTitle('near its timeout');
  expect(late?.status, output).toBe('passed');
  expect(diffsOf(late)).toEqual(['001 fill getByLabel(\'Name\') · dom.diff', '002 end · dom.diff']);
  expect(names(late).filter(name => name.endsWith('capture skipped'))).toEqual(['stagewright · click getByRole(\'button\', { name: \'Save\' }) · capture skipped']);
  expect(late!.attachments.find(attachment => attachment.name.endsWith('capture skipped'))!.body).toMatch(/^The capture "click getByRole\('button', \{ name: 'Save' \}\)" was skipped: the test has run \d+ ms of its 20000 ms timeout, its captures \d+ ms: /);
  expect(late!.attachments.find(attachment => attachment.name === '002 end · dom.diff')!.body).toMatch(/^\+ .*>Saved Ada<\/p>$/m);

  // The report's own steps are as Playwright makes them: titled, at the spec's lines.
  const click = noSteps!.steps.find(step => step.category === 'pw:api' && step.title === 'Click');
  expect(click).toBeTruthy();

  // Once a test ran a step, its steps stand for its actions: the fill before it is captured, no
  // action inside or after it; the end capture shows what those after it changed.
  const step = byTitle('a step');
  expect(step?.status, output).toBe('passed');
  expect(diffsOf(step)).toEqual(['001 fill getByLabel(\'Name\') · dom.diff', '002 save · dom.diff', '003 end · dom.diff']);
  const save = step!.steps.find(s => s.title === 'save')!;
  expect(JSON.stringify(save)).toContain('002 save · dom.diff');
  // With `true`, every action outside a step is: after the step too, and the end has nothing left to show.
  const stepTrue = byTitle('a step, true');
  expect(stepTrue?.status, output).toBe('passed');
  expect(diffsOf(stepTrue)).toEqual([
    '001 fill getByLabel(\'Name\') · dom.diff',
    '002 save · dom.diff',
    '003 fill getByLabel(\'Name\') · dom.diff',
    '004 click getByRole(\'button\', { name: \'Save\' }) · dom.diff',
  ]);
  // With `false`, none.
  expect(byTitle('no steps, false')?.status, output).toBe('passed');
  expect(names(byTitle('no steps, false')).filter(name => name.includes('click'))).toEqual([]);

  // A failed action's error still names the call, as Playwright words it.
  const failed = byTitle('a failed action');
  expect(failed?.status).toBe('failed');
  expect(failed!.errors[0]).toMatch(/^TimeoutError: locator\.click: Timeout 500ms exceeded/);
  // `clear` is made of `fill`: one action, which keeps its own name.
  expect(byTitle('a failed action that makes another')!.errors[0]).toMatch(/^TimeoutError: locator\.clear: Timeout 500ms exceeded/);

  // Under 'retain-on-failure', a passing test attaches none of them; a failing one, all.
  expect(byTitle('no steps, retained')?.status, output).toBe('passed');
  expect(names(byTitle('no steps, retained'))).toEqual([]);
  const retained = byTitle('no steps, retained, failing');
  expect(retained?.status, output).toBe('failed');
  expect(diffsOf(retained)).toEqual([
    '001 fill getByLabel(\'Name\') · dom.diff',
    '002 click getByRole(\'button\', { name: \'Save\' }) · dom.diff',
  ]);
});

test('should let the test\'s next line run while an action\'s capture is taken, and follow the keyboard and mouse', async () => {
  test.slow();
  // A real suite's pattern: the click returns as the navigation starts, and the next line listens
  // for the load. Captured on the test's path, a large page's capture outlasted the load, and the
  // test timed out waiting for an event that had come.
  const { results, output } = await runStepsProject({
    'playwright.config.js': projectConfig(),
    'navigate.spec.js': `const { test, expect } = require('stagewright');
// The next page is large (a capture of it takes a while), and its load waits for a slow image.
const rows = Array.from({ length: 6000 }, (_, i) => '<p>Row ' + i + ' <button>Edit ' + i + '</button></p>').join('');
test('a click, then its load', async ({ page }) => {
  await page.route('http://app.test/**', async route => {
    const url = route.request().url();
    if (url.endsWith('/slow.png'))
      return setTimeout(() => route.fulfill({ status: 404 }).catch(() => {}), 150);
    await route.fulfill({ contentType: 'text/html', body: url.endsWith('/next')
      ? '<h1>Next</h1><img src="/slow.png" alt=""><main>' + rows + '</main>'
      : '<a href="/next" onclick="this.textContent = \\'Going\\'">Next</a>' });
  });
  await page.goto('http://app.test/');
  await page.click('a');
  await page.waitForEvent('load', { timeout: 5000 });
  await expect(page.getByRole('heading')).toHaveText('Next');
});

test('keys and the mouse', async ({ page }) => {
  await page.setContent('<input id="q" aria-label="Query"><button style="position: fixed; left: 0; top: 100px; width: 100px; height: 40px" onclick="this.textContent = \\'Clicked\\'">Go</button>');
  await page.locator('#q').focus();
  await page.keyboard.type('secret words');
  await page.keyboard.press('Backspace');
  await page.mouse.click(50, 120);
  await expect(page.getByRole('button')).toHaveText('Clicked');
});
`,
  });
  const result = results.find(r => r.title === 'a click, then its load');
  expect(result?.status, output).toBe('passed');
  // The click's capture is still the click's: taken as it returned, it shows the page it led to
  // (or, taken before the new page came, the old one left), before the assertion's.
  const diffs = diffsOf(result);
  expect(diffs).toContain('001 click locator(\'a\') · dom.diff');
  expect(diffs.indexOf('001 click locator(\'a\') · dom.diff')).toBe(0);

  // The page's keyboard and mouse are followed too: a named key and coordinates in the title, no typed text.
  const devices = results.find(r => r.title === 'keys and the mouse');
  expect(devices?.status, output).toBe('passed');
  expect(diffsOf(devices)).toEqual([
    '001 focus locator(\'#q\') · dom.diff',
    '002 keyboard.type · dom.diff',
    '003 keyboard.press Backspace · dom.diff',
    '004 mouse.click 50, 120 · dom.diff',
  ]);
  expect(devices!.attachments.find(a => a.name.startsWith('002 '))?.body).toMatch(/value: "" -> "secret words"/);
});

test('should keep the action steps at the user\'s lines, never in the package', async () => {
  test.slow();
  const dir = createProject({
    'playwright.config.js': projectConfig(),
    'actions.spec.js': kSpec,
    'locations.js': `
      const fs = require('node:fs');
      const all = s => [s, ...s.steps.flatMap(all)];
      module.exports = class {
        constructor() { this.steps = []; }
        onTestEnd(test, result) { for (const s of result.steps.flatMap(all)) if (s.category === 'pw:api' || s.category === 'expect') this.steps.push({ title: s.title, file: s.location && s.location.file, line: s.location && s.location.line }); }
        onEnd() { fs.writeFileSync('locations.json', JSON.stringify(this.steps)); }
      };`,
  });
  const { result } = await runPlaywright(dir, ['actions.spec.js:9'], './locations.js');
  expect(result.code, result.stdout + result.stderr).toBe(0);
  const steps: { title: string; file?: string; line?: number }[] = readJson(path.join(dir, 'locations.json'));
  const spec = path.join(dir, 'actions.spec.js');
  const actions = steps.filter(s => /^(Fill|Hover|Click|Expect)/.test(s.title));
  expect(actions.map(s => [s.title.split(' ')[0], s.file, s.line])).toEqual([
    ['Fill', spec, 11], ['Hover', spec, 12], ['Click', spec, 13], ['Expect', spec, 14], ['Click', spec, 15], ['Expect', spec, 16],
  ]);
  expect(steps.filter(s => s.file?.startsWith(kRepoRoot))).toEqual([]);
});
