// The suite's own test id attribute (Playwright's `testIdAttribute` option): a generated project
// sets it, and the DOM file, locatorFor and the triage read it as they read `data-testid` when it
// is not set.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { projectConfig, readJson, runStepsProject } from './helpers/project';

const kPage = `
  <main>
    <label>Width <input data-test-hook="input-width-typing"></label>
    <label>Height <input data-test-hook="input-height-typing"></label>
    <button data-test-hook="apply" data-testid="not-this-one">Apply</button>
  </main>`;

const spec = `
const { test, expect } = require('stagewright');
const fs = require('node:fs');
test('the suite reads its own test id', async ({ page, stagewright }) => {
  await page.setContent(${JSON.stringify(kPage)});
  await test.step('type', async () => {
    await page.getByTestId('input-width-typing').fill('12');
  });
  // After a step: its capture's DOM file is what test ids are read from.
  const width = await stagewright.refOf(page.getByTestId('input-width-typing'));
  const choice = await stagewright.locatorFor(width);
  fs.writeFileSync('choice.json', JSON.stringify(choice.code));
});
test('a target that timed out while it was there', async ({ page }) => {
  await page.setContent(${JSON.stringify(kPage.replace('data-test-hook="input-height-typing"', 'data-test-hook="input-height-typing" readonly'))});
  await test.step('type the height', async () => {
    await page.getByTestId('input-height-typing').fill('30');
  });
});`;

test.describe('testIdAttribute', () => {
  test.slow();

  for (const use of [`testIdAttribute: 'data-test-hook'`, `testIdAttribute: 'data-other,data-test-hook'`]) {
    test(`should read the suite's test id where it reads data-testid (${use})`, async () => {
      const run = await runStepsProject({
        'playwright.config.js': projectConfig(`${use}, actionTimeout: 1500`),
        'testid.spec.js': spec,
      });
      const [passed, failed] = run.results;
      expect(passed.status, run.output).toBe('passed');
      expect(failed.status, run.output).toBe('failed');

      // locatorFor's most durable locator is the suite's test id, proven by Playwright with the suite's attribute.
      expect(readJson(path.join(run.dir, 'choice.json'))).toBe(`page.getByTestId('input-width-typing')`);

      // The DOM file keeps the attribute, where data-testid stands.
      const outputs = fs.readdirSync(path.join(run.dir, 'test-results'));
      const passedDir = outputs.find(name => name.includes('the-suite-reads'))!;
      const domFiles = fs.readdirSync(path.join(run.dir, 'test-results', passedDir, 'stagewright')).filter(name => name.endsWith('dom.html'));
      const dom = fs.readFileSync(path.join(run.dir, 'test-results', passedDir, 'stagewright', domFiles[domFiles.length - 1]), 'utf8');
      expect(dom).toContain('data-test-hook="input-width-typing"');
      expect(dom).toMatch(/<button\s+data-test-hook="apply"\s+data-testid="not-this-one"/);

      // The target was there all along: the triage follows it, and never says it never matched.
      const failedDir = outputs.find(name => name.includes('a-target-that'))!;
      const triage = readJson(path.join(run.dir, 'test-results', failedDir, 'stagewright', 'triage.json'));
      expect(triage.target.source).toBe(`getByTestId('input-height-typing')`);
      expect(triage.status, JSON.stringify(triage, null, 2)).not.toBe('never there');
      expect(triage.history.at(-1).matched).toEqual([expect.stringMatching(/^textbox "Height"/)]);
      expect(triage.status).toBe('present');
    });
  }
});
