// Step captures whichever test object made the step (issue 28): stagewright's `test` merged with
// another library's by `mergeTests`, in either order, and `test.step` of `@playwright/test`'s own
// `test` in a page object. Relies on Playwright internals (the step hook of src/playwright/internals.ts): these tests
// fail when an upgrade breaks the hook.
import { expect, test } from '@playwright/test';
import { projectConfig, runStepsProject, userSteps, type Step, type StepsResult } from './helpers/project';

const kForm = `<label>Name <input id="name"></label><button onclick="this.textContent = 'Saved'">Save</button>`;

// Another fixture library, loaded before stagewright: its test object predates the hook.
const kOtherLibrary = `
const { test } = require('@playwright/test');
exports.test = test.extend({ greeting: async ({}, use) => { await use('hello'); } });`;

// The common page object: it imports \`test\` from @playwright/test, not from stagewright.
const kPageObject = `
const { test } = require('@playwright/test');
exports.FormPage = class FormPage {
  constructor(page) { this.page = page; }
  async fillName(name) {
    await test.step('page object fills name', async () => {
      await this.page.locator('#name').fill(name);
    });
  }
};`;

const kFixtures = `
const { test: other } = require('./other-library');
const { mergeTests } = require('@playwright/test');
const { test: ours } = require('stagewright');
exports.oursFirst = mergeTests(ours, other);
exports.otherFirst = mergeTests(other, ours);
exports.ours = ours;`;

/** A spec whose test is \`testObject\` of fixtures.js; the body may use page, stagewright, FormPage. */
function spec(testObject: string, body: string): string {
  return `
const { ${testObject}: test } = require('./fixtures');
const { FormPage } = require('./page-object');
test('flow', async ({ page, stagewright }) => {
  await page.setContent(${JSON.stringify(kForm)});
  ${body}
  await test.info().attach('history', { body: JSON.stringify(stagewright.history.map(c => c.label)), contentType: 'application/json' });
});`;
}

const kConfigs = {
  'default configuration': `
const { chromiumLaunchOptions } = require('stagewright/browser');
module.exports = { use: { launchOptions: chromiumLaunchOptions() } };`,
  'project configuration': projectConfig(),
};

async function runFlow(config: string, testObject: string, body: string) {
  const { results, output } = await runStepsProject({
    'playwright.config.js': config,
    'other-library.js': kOtherLibrary,
    'page-object.js': kPageObject,
    'fixtures.js': kFixtures,
    'flow.spec.js': spec(testObject, body),
  });
  expect(results, output).toHaveLength(1);
  expect(results[0].status, output).toBe('passed');
  return { result: results[0], history: historyOf(results[0]), output };
}

/** The labels of the captures taken by the end of the test body, start captures left out. */
function historyOf(result: StepsResult): string[] {
  const labels: string[] = JSON.parse(result.attachments.find(a => a.name === 'history')!.body!);
  return labels.filter(label => !label.endsWith(' (start)'));
}

/** The step's own capture files: aria YAML, DOM, diff, each once. */
function expectCaptured(step: Step, title: string) {
  expect(step.title).toBe(title);
  const escaped = title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  expect(step.attachments.map(a => a.name)).toEqual([
    expect.stringMatching(new RegExp(`^\\d{3} ${escaped} · accessibility-tree\\.yaml$`)),
    expect.stringMatching(new RegExp(`^\\d{3} ${escaped} · dom\\.html$`)),
    expect.stringMatching(new RegExp(`^\\d{3} ${escaped} · [\\w-]+\\.diff$`)),
  ]);
}

/** Every step of a tree, depth first. */
function allSteps(steps: Step[]): Step[] {
  return steps.flatMap(step => [step, ...allSteps(step.steps)]);
}

for (const [configName, config] of Object.entries(kConfigs)) {
  test.describe(`step captures, ${configName}`, () => {
    for (const testObject of ['oursFirst', 'otherFirst']) {
      test(`should capture each step of mergeTests (${testObject}) once`, async () => {
        const { result, history } = await runFlow(config, testObject, `
  await test.step('fill name', async () => {
    await page.locator('#name').fill('Ada');
  });
  await test.step('save', async () => {
    await page.getByRole('button', { name: 'Save' }).click();
  });`);
        const [fill, save] = userSteps(result);
        expectCaptured(fill, 'fill name');
        expectCaptured(save, 'save');
        expect(history.filter(label => label === 'fill name')).toHaveLength(1);
        expect(history.filter(label => label === 'save')).toHaveLength(1);
        // The capture after setContent, made before any step (`captureActions: 'auto'`), is the first step's start.
        expect(history).toEqual(['setContent', 'fill name', 'save']);
      });
    }

    test('should capture a page object step that imports test from @playwright/test', async () => {
      const { result, history } = await runFlow(config, 'ours', `
  await new FormPage(page).fillName('Ada');`);
      const [step] = userSteps(result);
      expectCaptured(step, 'page object fills name');
      expect(history).toEqual(['setContent', 'page object fills name']);
    });

    test('should capture nested steps of ours and of a page object, each once', async () => {
      const { result, history } = await runFlow(config, 'otherFirst', `
  await test.step('outer', async () => {
    await new FormPage(page).fillName('Ada');
  });`);
      const [outer] = userSteps(result);
      const [inner] = userSteps(outer);
      expectCaptured(inner, 'page object fills name');
      // The outer step changed nothing the inner one did not: its end state is the inner step's.
      expect(history.filter(label => label === 'page object fills name')).toHaveLength(1);
      expect(history.filter(label => label === 'outer')).toHaveLength(1);
    });

    test('should not capture the steps of our own calls and captures', async () => {
      const { result, history } = await runFlow(config, 'oursFirst', `
  await test.step('fill name', async () => {
    await page.locator('#name').fill('Ada');
    await stagewright.find({ role: 'textbox', name: 'Name' });
    await stagewright.checkpoint('typed');
  });`);
      const [fill] = userSteps(result);
      // The checkpoint inside the step holds its YAML and DOM: the step's end adds only its diff.
      expect(fill.attachments.map(a => a.name).filter(name => name.includes(' fill name · '))).toEqual([expect.stringMatching(/^\d{3} fill name · [\w-]+\.diff$/)]);
      // Our call steps and capture steps are there, boxed, with no captures of their own.
      const ours = allSteps(result.steps).filter(step => /^stagewright[.:[]/.test(step.title));
      expect(ours.map(step => step.title)).toEqual(expect.arrayContaining([
        'stagewright.find({ role: \'textbox\', name: \'Name\' })',
        'stagewright.checkpoint(\'typed\')',
      ]));
      for (const step of ours)
        expect(step.attachments.map(a => a.name).filter(name => name.includes(step.title))).toEqual([]);
      expect(history.filter(label => label.startsWith('stagewright'))).toEqual([]);
      expect(history).toEqual(['setContent', 'typed', 'fill name']);
    });
  });
}
