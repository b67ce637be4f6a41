// Pages and suite shapes that used to stall or mix tests (issue 26): iframes with no document,
// dialogs left open, a page the worker shares between tests. Runner behaviour is read from
// generated projects run under Playwright's defaults (only our Chromium set), next to the same
// specs written with Playwright's plain `test`.
import fs from 'node:fs';
import path from 'node:path';
import { expect as baseExpect } from '@playwright/test';
import { expect, test } from '../../src/index';
import { runStepsProject, userSteps, type StepsResult } from './helpers/project';

/** Playwright's defaults; only the browser is ours (this machine has no downloaded Chromium). */
const kDefaultConfig = `
const { defineConfig } = require('@playwright/test');
const { chromiumLaunchOptions } = require('stagewright/browser');
module.exports = defineConfig({ testMatch: '*.spec.js', use: { launchOptions: chromiumLaunchOptions() } });`;

/** A page with an iframe whose response never comes and a lazy iframe below the fold. */
const kStalledFrames = `
  await page.route('**/never', () => {});
  await page.route('**/lazy', route => route.fulfill({ contentType: 'text/html', body: '<p>lazy</p>' }));
  await page.route('http://stalls.test/', route => route.fulfill({ contentType: 'text/html', body:
    '<button onclick="this.textContent = \\'Done\\'">Go</button><iframe src="/never"></iframe>' +
    '<div style="height: 5000px"></div><iframe loading="lazy" src="/lazy"></iframe>' }));
  await page.goto('http://stalls.test/', { waitUntil: 'commit' });
  await page.getByRole('button').waitFor();`;

/** A test's duration in a generated project's JSON report. */
function durationOf(report: any, title: string): number {
  const spec = report?.suites?.flatMap((suite: any) => suite.specs).find((s: any) => s.title === title);
  return spec?.tests[0]?.results[0]?.duration ?? Infinity;
}

/**
 * Runs one test body with our `test` and with Playwright's plain one, in one project under
 * Playwright's defaults; both must pass. Returns our result and how much longer ours took.
 */
async function runOursAndPlain(body: string): Promise<{ ours: StepsResult; extraMs: number }> {
  const { results, report, output } = await runStepsProject({
    'playwright.config.js': kDefaultConfig,
    'ours.spec.js': `const { test, expect } = require('stagewright');\ntest('ours', async ({ page }) => {${body}\n});`,
    'plain.spec.js': `const { test, expect } = require('@playwright/test');\ntest('plain', async ({ page }) => {${body}\n});`,
  }, ['--workers=1']);
  const ours = results.find(r => r.title === 'ours');
  expect(ours?.status, output).toBe('passed');
  expect(results.find(r => r.title === 'plain')?.status, output).toBe('passed');
  return { ours: ours!, extraMs: durationOf(report, 'ours') - durationOf(report, 'plain') };
}

test.describe('frames with no document', () => {
  test('should mark them and answer at once: snapshot, text, find, dom and matchers', async ({ page, stagewright: sw }) => {
    await page.route('**/never', () => {});
    await page.route('**/lazy', route => route.fulfill({ contentType: 'text/html', body: '<p>lazy</p>' }));
    await page.route('http://stalls.test/', route => route.fulfill({ contentType: 'text/html', body:
      '<button>Go</button><iframe src="/never"></iframe><div style="height: 5000px"></div><iframe loading="lazy" src="/lazy"></iframe>' }));
    await page.goto('http://stalls.test/', { waitUntil: 'commit' });
    await page.getByRole('button').waitFor();
    const started = Date.now();
    expect(await sw.text()).toBe([
      '- button "Go" [ref=s1]',
      '- iframe [ref=s2] [iframe src="http://stalls.test/never"] [iframe not loaded]',
      '- iframe [ref=s3] [iframe src="http://stalls.test/lazy"] [iframe not loaded]',
    ].join('\n'));
    expect(await sw.find({ role: 'button' })).toHaveLength(1);
    await expect(sw).toHaveEntry({ role: 'button', name: 'Go' }, { timeout: 2000 });
    const dom = await sw.dom();
    expect(dom).toContain('<!-- IFRAME f1 not loaded -->');
    expect(dom).toContain('<!-- IFRAME f2 not loaded -->');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  test('should take the lazy frame in once it loads', async ({ page, stagewright: sw }) => {
    await page.route('**/lazy', route => route.fulfill({ contentType: 'text/html', body: '<p>lazy content</p>' }));
    await page.route('http://stalls.test/', route => route.fulfill({ contentType: 'text/html', body:
      '<button>Go</button><div style="height: 5000px"></div><iframe loading="lazy" src="/lazy"></iframe>' }));
    await page.goto('http://stalls.test/');
    expect(await sw.text()).toContain('[iframe not loaded]');
    await page.locator('iframe').scrollIntoViewIfNeeded();
    await expect(page.frameLocator('iframe').getByText('lazy content')).toBeVisible();
    const text = await sw.text();
    expect(text).not.toContain('not loaded');
    expect(text).toContain('- paragraph [ref=f1s1]: lazy content');
  });

  test('should keep a two-step test as fast as with plain Playwright', async () => {
    const body = `
  ${kStalledFrames}
  await test.step('click', async () => { await page.getByRole('button').click(); });
  await test.step('check', async () => { await expect(page.getByRole('button')).toHaveText('Done'); });`;
    const { ours, extraMs } = await runOursAndPlain(body);
    // Both steps were captured: the frames were marked, never waited on.
    const [click, check] = userSteps(ours);
    expect(click.attachments.find(a => a.name.endsWith('accessibility-tree.yaml'))?.body).toContain('[iframe not loaded]');
    expect(check.attachments.some(a => a.name.endsWith('capture skipped'))).toBe(false);
    // Three captures (two steps' ends, the test's end), each adding no more than a second (it was 20 s a step).
    expect(extraMs).toBeLessThan(3000);
  });
});

test.describe('dialogs', () => {
  test('should fail a snapshot at once with a coded error while a dialog is open, and work once it is answered', async ({ page, stagewright: sw }) => {
    let dialog: import('@playwright/test').Dialog | undefined;
    page.on('dialog', d => { dialog = d; });
    await page.setContent('<button>Delete</button>');
    await page.evaluate(() => void setTimeout(() => (window as any).answer = confirm('Delete all?')));
    await baseExpect.poll(() => dialog).toBeTruthy();
    const started = Date.now();
    await baseExpect(sw.snapshot()).rejects.toThrow(/^SNAPSHOT_FAILED: A confirm dialog "Delete all\?" is open/);
    await baseExpect(expect(sw).toHaveEntry({ role: 'button' }, { timeout: 500 })).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(3000);
    await dialog!.accept();
    expect(await page.evaluate(() => (window as any).answer)).toBe(true);
    expect(await sw.text()).toBe('- button "Delete" [ref=s1]');
  });

  test('should leave a dialog no one listens to as Playwright does: dismissed', async ({ page, stagewright: sw }) => {
    await page.setContent('<button onclick="window.answer = confirm(\'Sure?\')">Ask</button>');
    await test.step('ask', async () => {
      await page.getByRole('button').click();
    });
    expect(await page.evaluate(() => (window as any).answer)).toBe(false);
    expect(await sw.text()).toBe('- button "Ask" [active] [ref=s1]');
  });

  test('should keep a passing test passing when it leaves a dialog open, under an 8 s timeout', async () => {
    const body = `
  test.setTimeout(8000);
  page.on('dialog', () => {}); // Never answered.
  await page.setContent('<button>Save</button>');
  await test.step('save', async () => { await page.getByRole('button').click(); });
  // Opened once the click is done: an action still under way when an alert opens never ends,
  // with plain Playwright too (a loaded machine made the click outlast a 50 ms timer).
  await page.evaluate(() => { setTimeout(() => alert('Saved'), 20); });
  await page.waitForTimeout(200);
  await test.step('after', async () => {});`;
    const { ours, extraMs } = await runOursAndPlain(body);
    const notes = [...ours.attachments, ...userSteps(ours).flatMap(step => step.attachments)].filter(a => a.name.endsWith('capture skipped'));
    expect(notes.length).toBeGreaterThan(0);
    for (const note of notes)
      expect(note.body).toContain('An alert dialog "Saved" is open');
    expect(extraMs).toBeLessThan(2000);
  });
});

test.describe('a page the worker shares', () => {
  test('should give each test its own fixture object, captures, files and attachments', async () => {
    const { dir, results, output } = await runStepsProject({
      'playwright.config.js': kDefaultConfig,
      'shared.spec.js': `
const { test: base, expect } = require('stagewright');
const test = base.extend({
  sharedPage: [async ({ browser }, use) => {
    const page = await browser.newPage();
    await use(page);
    await page.close();
  }, { scope: 'worker' }],
  page: async ({ sharedPage }, use) => use(sharedPage),
});
test.describe.configure({ mode: 'serial' });
for (const name of ['first', 'second']) {
  test(name, async ({ page, stagewright: sw }) => {
    await page.setContent('<h1>' + name + '</h1><button>' + name + ' button</button>');
    await test.step(name + ' step', async () => {
      await page.getByRole('button').click();
    });
    await sw.checkpoint(name + ' checkpoint');
    // The capture after setContent (captureActions: 'auto') is the step's start.
    expect(sw.history.map(c => c.label)).toEqual(['setContent', name + ' step', name + ' checkpoint']);
    expect(await sw.text()).toContain('heading "' + name + '"');
  });
}`,
    });
    expect(results.map(r => [r.title, r.status]), output).toEqual([['first', 'passed'], ['second', 'passed']]);
    for (const result of results) {
      const [step] = userSteps(result);
      const yaml = step.attachments.find(a => a.name.endsWith('accessibility-tree.yaml'));
      expect(yaml?.name).toBe(`001 ${result.title} step · accessibility-tree.yaml`);
      expect(yaml?.body).toContain(`heading "${result.title}"`);
      const folder = fs.readdirSync(path.join(dir, 'test-results')).find(name => name.includes(result.title));
      const dom = fs.readFileSync(path.join(dir, 'test-results', folder!, 'stagewright', 'dom.html'), 'utf8');
      expect(dom).toMatch(new RegExp(`<h1 ref="s\\d+">${result.title}</h1>`));
    }
  });
});

test.describe('several soft failures', () => {
  test('should triage from the first error, not the last query', async () => {
    const { dir, results, output } = await runStepsProject({
      'playwright.config.js': kDefaultConfig,
      'soft.spec.js': `
const { test, expect } = require('stagewright');
test('soft', async ({ page, stagewright: sw }) => {
  await page.setContent('<button>Save draft</button><button>Publish</button>');
  await expect.soft(sw).toHaveEntry({ role: 'button', name: 'Save' , exact: true }, { timeout: 300 });
  await expect.soft(sw).toHaveEntry({ role: 'link', name: 'Help' }, { timeout: 300 });
});`,
    });
    expect(results[0]?.status, output).toBe('failed');
    expect(results[0].errors).toHaveLength(2);
    const folder = fs.readdirSync(path.join(dir, 'test-results')).find(name => name.startsWith('soft'));
    const triage = JSON.parse(fs.readFileSync(path.join(dir, 'test-results', folder!, 'stagewright', 'triage.json'), 'utf8'));
    expect(JSON.stringify(triage.target)).toContain('Save');
    expect(JSON.stringify(triage.target)).not.toContain('Help');
  });
});
