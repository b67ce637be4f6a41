// Actions are steps too (`captureActions`, docs/api.md, Options): in a test with no `test.step`,
// each action, navigation and assertion that changed the page leaves its diff on the test, named
// after the call; one that changed nothing leaves none; inside a step, the step stands for its
// actions. The hook around Playwright's action methods leaves its report as it was: the action
// steps keep their titles and the user's lines, and a failed action's error names the call.
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

test('a step', async ({ page }) => {
  await page.setContent(kPage);
  await test.step('save', async () => {
    await page.getByLabel('Name').fill('Grace');
    await page.getByRole('button', { name: 'Save' }).click();
  });
});

test('a failed action', async ({ page }) => {
  await page.setContent(kPage);
  await page.getByRole('button', { name: 'Delete' }).click({ timeout: 500 });
});

test('a failed action that makes another', async ({ page }) => {
  await page.setContent(kPage);
  await page.getByLabel('Email').clear({ timeout: 500 });
});

test.describe('off', () => {
  test.use({ stagewrightOptions: {} });
  test('no steps, off', async ({ page }) => {
    await page.setContent(kPage);
    await page.getByRole('button', { name: 'Save' }).click();
  });
});
`;

function names(result: StepsResult | undefined): string[] {
  return (result?.attachments ?? []).map(attachment => attachment.name);
}

test('should attach the diff of each action, navigation and assertion that changed the page, outside steps only', async () => {
  test.slow();
  const { results, output } = await runStepsProject({
    'playwright.config.js': projectConfig(`stagewrightOptions: { captureActions: true }`),
    'actions.spec.js': kSpec,
  });
  const byTitle = (title: string) => results.find(result => result.title === title);

  const noSteps = byTitle('no steps');
  expect(noSteps?.status, output).toBe('passed');
  const diffs = names(noSteps).filter(name => name.endsWith('· dom.diff'));
  expect(diffs).toEqual([
    expect.stringMatching(/^\d{3} fill getByLabel\('Name'\) · dom\.diff$/),
    expect.stringMatching(/^\d{3} click getByRole\('button', \{ name: 'Save' \}\) · dom\.diff$/),
    expect.stringMatching(/^\d{3} click getByRole\('button', \{ name: 'Publish' \}\) · dom\.diff$/),
    expect.stringMatching(/^\d{3} expect locator\('#status'\) toHaveText · dom\.diff$/),
  ]);
  // Each diff shows what its call did: the first click's text at once; the second click moved the
  // focus, and the text that came a second later is the assertion's, which waited for it. The
  // first assertion found the text there already, and the hover changed nothing: neither left a diff.
  const body = (pattern: RegExp) => noSteps!.attachments.find(attachment => pattern.test(attachment.name))?.body ?? '';
  expect(body(/ click getByRole\('button', \{ name: 'Save' \}\) · dom\.diff$/)).toMatch(/^\+ .*>Saved Ada<\/p>$/m);
  expect(body(/ click getByRole\('button', \{ name: 'Publish' \}\) · dom\.diff$/)).not.toMatch(/Published</);
  expect(body(/ expect locator\('#status'\) toHaveText · dom\.diff$/)).toMatch(/^\+ .*>Published<\/p>$/m);
  expect(names(noSteps).filter(name => name.includes('hover'))).toEqual([]);
  // Nothing else is attached per action: no YAML or DOM file before the test's end.
  expect(names(noSteps).filter(name => !name.endsWith('· dom.diff'))).toEqual([expect.stringMatching(/ end · accessibility-tree\.yaml$/)]);

  // The report's own steps are as Playwright makes them: titled, at the spec's lines.
  const click = noSteps!.steps.find(step => step.category === 'pw:api' && step.title === 'Click');
  expect(click).toBeTruthy();

  // Inside a step, the step's capture stands for its actions.
  const step = byTitle('a step');
  expect(step?.status, output).toBe('passed');
  expect(names(step).filter(name => /fill|click/.test(name))).toEqual([]);
  const save = step!.steps.find(s => s.title === 'save')!;
  expect(JSON.stringify(save)).toContain('dom.diff');

  // A failed action's error still names the call, as Playwright words it.
  const failed = byTitle('a failed action');
  expect(failed?.status).toBe('failed');
  expect(failed!.errors[0]).toMatch(/^TimeoutError: locator\.click: Timeout 500ms exceeded/);
  // `clear` is made of `fill`: one action, which keeps its own name.
  expect(byTitle('a failed action that makes another')!.errors[0]).toMatch(/^TimeoutError: locator\.clear: Timeout 500ms exceeded/);

  // Off by default.
  expect(names(byTitle('no steps, off')).filter(name => name.includes('click'))).toEqual([]);
});

test('should keep the action steps at the user\'s lines, never in the package', async () => {
  test.slow();
  const dir = createProject({
    'playwright.config.js': projectConfig(`stagewrightOptions: { captureActions: true }`),
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
