// Names a user reads: a misspelt role is an error that says what was meant, never a timeout
// whose next steps repeat the typo; attachments are numbered from 001, each YAML body once, and
// a diff's name does not repeat its label; asking for stagewright in a hook says the way out.
import fs from 'node:fs';
import path from 'node:path';
import { errorOf, expect, test } from './helpers/fixtures';
import { runStepsProject, userSteps } from './helpers/project';
import type { EntryQuery } from '../../src/index';

/** Playwright's defaults: only our Chromium. */
const kDefaultConfig = `
const { defineConfig } = require('@playwright/test');
const { chromiumLaunchOptions } = require('stagewright/browser');
module.exports = defineConfig({ use: { launchOptions: chromiumLaunchOptions() } });`;


const firstLine = (error: Error) => error.message.split('\n')[0];

test.describe('query roles', () => {
  // The role is cast: in a typed test the compiler catches the typo first (tests/e2e/types.spec.ts).
  const misspelt = { role: 'buton' } as unknown as EntryQuery;

  test('should refuse a misspelt role in sw.find with a guess', async ({ page, stagewright: sw }) => {
    await page.setContent(`<button>Save</button><iframe srcdoc="<p>In</p>"></iframe>`);
    const error = await errorOf(() => sw.find(misspelt));
    expect(error.code).toBe('INVALID_ARGUMENT');
    expect(firstLine(error)).toBe(`INVALID_ARGUMENT: sw.find(): unknown role 'buton'. Did you mean 'button'?`);
    // Every role a snapshot prints is known, the walk's own `iframe` too.
    expect(await sw.find({ role: 'iframe' })).toHaveLength(1);
  });

  test('should refuse a misspelt role in every matcher at once, and never suggest it back', async ({ page, stagewright: sw }) => {
    await page.setContent(`<button>Save</button>`);
    const started = Date.now();
    const errors = [
      await errorOf(() => expect(sw).toHaveEntry(misspelt, { timeout: 5000 })),
      await errorOf(() => expect(sw).not.toHaveEntry(misspelt, { timeout: 5000 })),
      await errorOf(() => expect(sw).toHaveEntryCount(misspelt, 1, { timeout: 5000 })),
      await errorOf(() => expect(sw).toHaveChanged({ added: [misspelt] }, { timeout: 5000 })),
    ];
    expect(Date.now() - started).toBeLessThan(4000);
    for (const error of errors) {
      expect(error.code).toBe('INVALID_ARGUMENT');
      expect(error.message).toContain(`unknown role 'buton'. Did you mean 'button'?`);
      expect(error.message).not.toContain(`role: 'buton'`);
    }
  });

});

test.describe('attachment names', () => {
  test('should number attached captures from 001 and not repeat the label in the diff name', async () => {
    const { results, output } = await runStepsProject({
      'playwright.config.js': kDefaultConfig,
      'shop.spec.js': `
const { test } = require('stagewright');
test('shop', async ({ page, stagewright }) => {
  await page.setContent('<ul></ul>');
  for (const fruit of ['Apples', 'Pears']) {
    await test.step('add ' + fruit, async () => {
      await page.evaluate(fruit => document.querySelector('ul').insertAdjacentHTML('beforeend', '<li>' + fruit + '</li>'), fruit);
    });
  }
});`,
    });
    expect(results.map(result => result.status), output).toEqual(['passed']);
    const steps = userSteps(results[0]);
    expect(steps.map(step => step.attachments.map(a => a.name))).toEqual([
      ['001 add Apples · accessibility-tree.yaml', '001 add Apples · dom.html', '001 add Apples · dom.diff'],
      ['002 add Pears · accessibility-tree.yaml', '002 add Pears · dom.html', '002 add Pears · dom.diff'],
    ]);
    expect(steps[1].attachments[2].body).toContain('+ listitem');
  });

  test('should attach one snapshot text once when a matcher fails in a step, and keep the failure files', async () => {
    const { dir, results, output } = await runStepsProject({
      'playwright.config.js': kDefaultConfig,
      'fail.spec.js': `
const { test, expect } = require('stagewright');
test('fail', async ({ page, stagewright }) => {
  await page.setContent('<button>Save</button>');
  await test.step('check', async () => {
    await expect(stagewright).toHaveEntry({ role: 'button', name: 'Send' }, { timeout: 300 });
  });
});`,
    });
    expect(results.map(result => result.status), output).toEqual(['failed']);
    // A result lists every attachment of the test, its steps' too.
    const yaml = results[0].attachments.filter(a => a.name.endsWith('.yaml'));
    expect(yaml.map(a => a.name)).toEqual(['stagewright · toHaveEntry · last snapshot.yaml']);
    expect(yaml[0].body).toContain('- button "Save"');
    // The failure capture's files are complete on disk, whatever was attached.
    const folders = fs.readdirSync(path.join(dir, 'test-results'));
    const folder = path.join(dir, 'test-results', folders.find(name => name.startsWith('fail'))!, 'stagewright');
    expect(fs.readFileSync(path.join(folder, 'accessibility-tree.yaml'), 'utf8')).toContain('- button "Save"');
    expect(fs.readFileSync(path.join(folder, 'dom.html'), 'utf8')).toContain('<button');
  });
});

test.describe('stagewright in a hook', () => {
  for (const hook of ['beforeAll', 'afterAll']) {
    test(`should say in ${hook} that stagewright is made for each test, and the way out`, async () => {
      const { results, output } = await runStepsProject({
        'playwright.config.js': kDefaultConfig,
        'hook.spec.js': `
const { test } = require('stagewright');
test.${hook}(async ({ stagewright }) => { void stagewright; });
test('one', async ({ page }) => { await page.setContent('<p>x</p>'); });`,
      });
      const errors = results.flatMap(result => result.errors).join('\n');
      expect(errors, output).toContain(`INVALID_ARGUMENT: The stagewright fixture is not available in ${hook}: like page, it is made for each test.`);
      expect(errors).toContain('beforeEach');
      expect(errors).toContain('browser.newPage()');
      expect(errors).not.toContain('"context" and "page" fixtures are not supported');
    });
  }
});
