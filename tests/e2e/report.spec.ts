// Report integration, tested the way users meet it: small generated test projects run through
// the Playwright CLI, then their reports read back (JSON reporter, a steps reporter, the HTML report).
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createProject, projectConfig, readJson, runPlaywrightCommand, runStepsProject, userSteps, type Attachment, type Step } from './helpers/project';
import { startServer } from './helpers/server';

const kForm = `
<label>Before <input id="before"></label>
<label>Name <input id="name"></label>
<button id="save" onclick="document.getElementById('status').textContent = 'Saved ' + document.getElementById('name').value">Save</button>
<p role="status" id="status"></p>`;

function names(attachments: Attachment[]): string[] {
  return attachments.map(a => a.name);
}

/** The files under a project's test-results/ that sit in a stagewright/ folder, sorted. */
function stagewrightFiles(dir: string): string[] {
  const results = path.join(dir, 'test-results');
  if (!fs.existsSync(results))
    return [];
  return fs.readdirSync(results, { recursive: true, encoding: 'utf8' })
      .map(file => file.split(path.sep).join('/'))
      .filter(file => file.split('/').includes('stagewright') && fs.statSync(path.join(results, file)).isFile())
      .sort();
}

test.describe('captures around test.step', () => {
  test('should attach aria YAML, DOM and diff to each step, the diff holding only what the step did', async () => {
    const { results, output } = await runStepsProject({
      'playwright.config.js': projectConfig(),
      'steps.spec.js': `
const { test, expect } = require('stagewright');
test('checkout', async ({ page, stagewright }) => {
  await page.setContent(${JSON.stringify(kForm)});
  await page.locator('#before').fill('typed-before-the-step');
  await test.step('fill name', async () => {
    await page.locator('#name').fill('Ada');
  });
  await test.step('look around', async () => {
    await page.locator('#name').isVisible();
  });
  await test.step('save', async () => {
    await page.locator('#save').click();
    await expect(page.getByRole('status')).toHaveText('Saved Ada');
  });
});`,
    });
    expect(results, output).toHaveLength(1);
    const [result] = results;
    expect(result.status).toBe('passed');
    const [fill, look, save] = userSteps(result);

    expect(fill.attachments.map(a => [a.name, a.contentType])).toEqual([
      [expect.stringMatching(/^\d{3} fill name · accessibility-tree\.yaml$/), 'text/plain'],
      [expect.stringMatching(/^\d{3} fill name · dom\.html$/), 'text/plain'],
      [expect.stringMatching(/^\d{3} fill name · dom\.diff$/), 'text/x-diff'],
    ]);
    const fillDiff = fill.attachments[2].body!;
    expect(fillDiff).toContain('value="Ada"');
    expect(fillDiff).toContain('# ~ textbox "Name" [ref=s');
    // What happened before the step is not the step's doing.
    expect(fillDiff).not.toContain('typed-before-the-step');
    expect(fill.attachments[1].body).toContain('value="typed-before-the-step"');
    expect(fill.attachments[0].body).toMatch(/- textbox "Name" (\[active\] )?\[ref=s\d+\]: Ada/);

    // A step that changed nothing has no diff, and its YAML and DOM are already in the report.
    expect(look.attachments).toEqual([]);

    expect(names(save.attachments)).toContainEqual(expect.stringMatching(/^\d{3} save · dom\.diff$/));
    const saveDiff = save.attachments.find(a => a.name.endsWith('.diff'))!.body!;
    expect(saveDiff).toContain('Saved Ada');
    expect(saveDiff).not.toContain('value="Ada"');

    // The end of the test gets a final capture; the page did not change after the last step, so
    // its YAML and DOM are in the report already and are not attached again.
    expect(names(result.attachments).filter(name => / end · /.test(name))).toEqual([]);
    // The fill before the first step is an action of the test (`captureActions: 'auto'`): its diff
    // only. The test's timeline page comes last.
    expect(names(result.attachments).filter(name => !/ (fill name|save) · /.test(name))).toEqual(['001 fill locator(\'#before\') · dom.diff', '004 stagewright · timeline.html']);
    // Attached captures are numbered 001, 002, … with no gap for the captures never attached.
    expect([fill, save].map(step => step.attachments[0].name.slice(0, 3))).toEqual(['002', '003']);
  });

  test('should end a passing test with the state the page is in, whether or not it changed after the last step', async () => {
    const { results, output } = await runStepsProject({
      'playwright.config.js': projectConfig(),
      'ends.spec.js': `
const { test } = require('stagewright');
test('unchanged after the last step', async ({ page }) => {
  await page.setContent(${JSON.stringify(kForm)});
  await test.step('fill name', async () => { await page.locator('#name').fill('Ada'); });
});
test('focus moved after the last step', async ({ page }) => {
  await page.setContent(${JSON.stringify(kForm)});
  await test.step('fill name', async () => { await page.locator('#name').fill('Ada'); });
  await page.locator('#save').focus();
});`,
    });
    expect(results.map(result => result.status), output).toEqual(['passed', 'passed']);
    const body = (attachments: Attachment[], suffix: string) => attachments.find(a => a.name.endsWith(suffix))?.body;
    for (const result of results) {
      const [step] = userSteps(result);
      const stepYaml = body(step.attachments, 'fill name · accessibility-tree.yaml');
      const endYaml = body(result.attachments, 'end · accessibility-tree.yaml');
      expect(stepYaml).toMatch(/textbox "Name" \[active\] \[ref=s\d+\]: Ada/);
      expect(body(step.attachments, 'fill name · dom.html')).toContain('value="Ada"');
      // The end's DOM is the step's: one body is attached once per test.
      expect(body(result.attachments, 'end · dom.html')).toBeUndefined();
      if (result === results[0]) {
        // The end state is the step's: it is in the report already.
        expect(endYaml).toBeUndefined();
      } else {
        expect(endYaml).toMatch(/button "Save" \[active\]/);
        expect(endYaml).not.toMatch(/textbox "Name" \[active\]/);
      }
    }
  });

  test('should capture nested steps and a step that throws without hiding its error', async () => {
    const { results, output } = await runStepsProject({
      'playwright.config.js': projectConfig(),
      'nested.spec.js': `
const { test, expect } = require('stagewright');
test('nested', async ({ page }) => {
  await page.setContent(${JSON.stringify(kForm)});
  await test.step('outer', async () => {
    await page.locator('#before').fill('outer-value');
    await test.step('inner', async () => {
      await page.locator('#name').fill('inner-value');
    });
  });
  await test.step('breaks', async () => {
    await page.locator('#name').fill('broken-state');
    throw new Error('the step broke on purpose');
  });
});
test.use({ stagewrightOptions: {} });
`,
    });
    expect(results, output).toHaveLength(1);
    const [result] = results;
    expect(result.status).toBe('failed');
    const [outer, breaks] = userSteps(result);
    const inner = outer.steps.find(step => step.title === 'inner')!;
    const diffOf = (step: Step) => step.attachments.find(a => a.name.endsWith('.diff'))?.body ?? '';
    expect(diffOf(inner)).toContain('inner-value');
    expect(diffOf(inner)).not.toContain('outer-value');
    expect(diffOf(outer)).toContain('inner-value');
    expect(diffOf(outer)).toContain('outer-value');
    expect(diffOf(breaks)).toContain('broken-state');
    expect(breaks.error).toContain('the step broke on purpose');
    expect(result.errors.join('\n')).toContain('the step broke on purpose');
    // The failed test's final capture shows the page as it was when it failed.
    // (attached once: the capture of the step that broke holds the same DOM)
    const final = result.attachments.filter(a => a.name.endsWith(' · dom.html')).at(-1);
    expect(final?.body).toContain('value="broken-state"');
  });

  test('should work for steps of a test type extended from ours, and keep the user\'s step location', async () => {
    const { report, results, output } = await runStepsProject({
      'playwright.config.js': projectConfig(),
      'extended.spec.js': `
const { test: base } = require('stagewright');
const test = base.extend({ greeting: async ({}, use) => use('hi') });
test('extended', async ({ page, greeting }) => {
  await page.setContent('<button>' + greeting + '</button>');
  await test.step('click', async () => {
    await page.getByRole('button').click();
  });
});`,
    });
    expect(results, output).toHaveLength(1);
    expect(names(userSteps(results[0])[0].attachments)).toContainEqual(expect.stringMatching(/ click · dom\.html$/));
    const stepLocation = report.suites[0].specs[0].tests[0].results[0].steps[0];
    expect(stepLocation.title).toBe('click');
  });
});

test.describe('capture modes and options', () => {
  const spec = (title: string, fail: boolean) => `
const { test, expect } = require('stagewright');
test(${JSON.stringify(title)}, async ({ page }) => {
  await page.setContent(${JSON.stringify(kForm)});
  await test.step('fill', async () => { await page.locator('#name').fill('mode-value'); });
  ${fail ? `expect(1, 'failing on purpose').toBe(2);` : ''}
});`;

  test(`should attach only to failing tests with capture: 'failure', and nothing with 'off'`, async () => {
    test.slow(); // Two generated projects: one timed out at 60 s on a loaded machine.
    const failure = await runStepsProject({
      'playwright.config.js': projectConfig(`stagewrightOptions: { capture: 'failure' }`),
      'passes.spec.js': spec('passes', false),
      'fails.spec.js': spec('fails', true),
    });
    const byTitle = Object.fromEntries(failure.results.map(r => [r.title, r]));
    expect(Object.keys(byTitle).sort(), failure.output).toEqual(['fails', 'passes']);
    // On disk too: only the failing test has a stagewright/ folder, with the failure capture and its triage.
    expect(stagewrightFiles(failure.dir), failure.output).toEqual([
      expect.stringMatching(/^fails-[^/]*\/stagewright\/accessibility-tree\.yaml$/),
      expect.stringMatching(/^fails-[^/]*\/stagewright\/dom\.html$/),
      expect.stringMatching(/^fails-[^/]*\/stagewright\/triage\.json$/),
      expect.stringMatching(/^fails-[^/]*\/stagewright\/triage\.md$/),
    ]);
    const failureFolder = path.join(failure.dir, 'test-results', path.dirname(stagewrightFiles(failure.dir)[1]));
    expect(fs.readFileSync(path.join(failureFolder, 'dom.html'), 'utf8')).toContain('value="mode-value"');
    expect(fs.readFileSync(path.join(failureFolder, 'accessibility-tree.yaml'), 'utf8')).toMatch(/- textbox "Name" (\[active\] )?\[ref=s\d+\]: mode-value/);
    expect(byTitle.passes.attachments).toEqual([]);
    expect(userSteps(byTitle.passes)[0].attachments).toEqual([]);
    expect(userSteps(byTitle.fails)[0].attachments).toEqual([]);
    expect(names(byTitle.fails.attachments)).toEqual(expect.arrayContaining([
      expect.stringMatching(/^\d{3} failure · accessibility-tree\.yaml$/), expect.stringMatching(/^\d{3} failure · dom\.html$/), 'stagewright · triage.md',
    ]));

    const off = await runStepsProject({
      'playwright.config.js': projectConfig(`stagewrightOptions: { capture: 'off' }`),
      'fails.spec.js': spec('fails', true),
    });
    expect(off.results[0].attachments.filter(a => a.name.includes('·')), off.output).toEqual([]);
    // Playwright makes test-results/ whatever we do; with 'off' we write nothing into it.
    expect(stagewrightFiles(off.dir), off.output).toEqual([]);
  });

  test(`should keep nothing of a passing test with capture: 'retain-on-failure', and everything of a failing one`, async () => {
    const { dir, results, output } = await runStepsProject({
      'playwright.config.js': projectConfig(`stagewrightOptions: { capture: 'retain-on-failure' }`),
      'passes.spec.js': spec('passes', false),
      'fails.spec.js': spec('fails', true),
    });
    const byTitle = Object.fromEntries(results.map(r => [r.title, r]));
    expect(Object.keys(byTitle).sort(), output).toEqual(['fails', 'passes']);
    // A passing test: no attachment, no step of ours, no file.
    expect(byTitle.passes.attachments).toEqual([]);
    expect(userSteps(byTitle.passes)[0].attachments).toEqual([]);
    expect(userSteps(byTitle.passes)[0].steps.map(step => step.title).filter(title => title.startsWith('stagewright'))).toEqual([]);
    expect(stagewrightFiles(dir).filter(file => file.startsWith('passes-'))).toEqual([]);
    // A failing test: the step's capture (held until the test failed, attached to the test), the
    // failure capture (nothing changed since the step: its bodies are in the report already) and
    // the triage; its files on disk, the step's diff among them.
    expect(names(byTitle.fails.attachments).filter(name => name !== 'error-context'), output).toEqual([
      '001 fill · accessibility-tree.yaml',
      '001 fill · dom.html',
      '001 fill · dom.diff',
      'stagewright · triage.md',
      '002 stagewright · timeline.html',
    ]);
    expect(byTitle.fails.attachments.find(a => a.name.endsWith('fill · dom.diff'))!.body).toContain('value="mode-value"');
    expect(stagewrightFiles(dir).filter(file => file.startsWith('fails-'))).toEqual(expect.arrayContaining([
      expect.stringMatching(/\/stagewright\/diffs\/\d{3}-fill\.diff$/), expect.stringMatching(/\/stagewright\/triage\.md$/),
    ]));
  });

  test(`should capture steps on the first retry only with capture: 'on-first-retry', and triage every failure`, async () => {
    const { results, output } = await runStepsProject({
      'playwright.config.js': projectConfig(`stagewrightOptions: { capture: 'on-first-retry' }`, 'retries: 2,'),
      'fails.spec.js': spec('fails', true),
    });
    expect(results.map(r => [r.retry, r.status]), output).toEqual([[0, 'failed'], [1, 'failed'], [2, 'failed']]);
    for (const result of results) {
      const stepAttachments = names(userSteps(result)[0].attachments);
      if (result.retry === 1)
        expect(stepAttachments).toContainEqual(expect.stringMatching(/ fill · dom\.diff$/));
      else
        expect(stepAttachments).toEqual([]);
      // Every failed attempt has its triage, and a failure capture where no step capture holds
      // that state already: they cost nothing while tests pass.
      expect(names(result.attachments)).toContain('stagewright · triage.md');
      if (result.retry !== 1)
        expect(names(result.attachments)).toContainEqual(expect.stringMatching(/ failure · dom\.html$/));
    }
  });

  test(`should attach no DOM file to a passing test's end, and take the earlier names 'steps' and 'failure'`, async () => {
    const { dir, results, output } = await runStepsProject({
      'playwright.config.js': projectConfig(`stagewrightOptions: { capture: 'steps' }`),
      'ends.spec.js': `
const { test } = require('stagewright');
test('no steps', async ({ page }) => {
  await page.setContent(${JSON.stringify(kForm)});
  await page.locator('#name').fill('end-value');
});`,
    });
    expect(results.map(r => r.status), output).toEqual(['passed']);
    // The report of a passing test stays light: the fill's diff (`captureActions`) and its end's
    // tree, not its DOM file, which is on disk.
    expect(names(results[0].attachments)).toEqual(['001 fill locator(\'#name\') · dom.diff', '002 end · accessibility-tree.yaml', '003 stagewright · timeline.html']);
    const domFile = stagewrightFiles(dir).find(file => file.endsWith('/stagewright/dom.html'))!;
    expect(fs.readFileSync(path.join(dir, 'test-results', domFile), 'utf8')).toContain('value="end-value"');
  });

  test('should switch artifacts off with attach and files', async () => {
    const { dir, results, output } = await runStepsProject({
      'playwright.config.js': projectConfig(`stagewrightOptions: { attach: { dom: false, diff: false }, files: false }`),
      'passes.spec.js': spec('passes', false),
    });
    expect(names(userSteps(results[0])[0].attachments), output).toEqual([expect.stringMatching(/ fill · accessibility-tree\.yaml$/)]);
    const written = fs.readdirSync(path.join(dir, 'test-results'), { recursive: true, encoding: 'utf8' });
    expect(written.filter(file => file.includes('stagewright'))).toEqual([]);
  });

  test('should shape the attached accessibility tree with interactiveOnly and budgetTokens', async () => {
    const { results, output } = await runStepsProject({
      'playwright.config.js': projectConfig(`stagewrightOptions: { interactiveOnly: true }`),
      'shaped.spec.js': `
const { test } = require('stagewright');
test('shaped', async ({ page }) => {
  await page.setContent('<h1>Title</h1><p>Text</p><input aria-label="Name">');
  await test.step('fill', async () => { await page.getByLabel('Name').fill('x'); });
});`,
    });
    const aria = userSteps(results[0])[0].attachments.find(a => a.name.endsWith('accessibility-tree.yaml'))!.body!;
    expect(aria, output).toMatch(/^- textbox "Name" (\[active\] )?\[ref=s\d+\]: x\n?$/);
    // The DOM file is never shaped.
    expect(userSteps(results[0])[0].attachments.find(a => a.name.endsWith('dom.html'))!.body).toContain('<h1 ref=');
  });

  test('should write the files as captures happen and keep them when the test times out', async () => {
    const { dir, results, output } = await runStepsProject({
      // Time for the step and its captures on a busy machine (4 s once ended before its end capture).
      'playwright.config.js': projectConfig('', 'timeout: 10000,'),
      'timeout.spec.js': `
const { test } = require('stagewright');
test('hangs', async ({ page }) => {
  await page.setContent(${JSON.stringify(kForm)});
  await test.step('fill', async () => { await page.locator('#name').fill('before-the-hang'); });
  await new Promise(() => {});
});`,
    });
    expect(results[0].status, output).toBe('timedOut');
    const folder = path.join(dir, 'test-results', fs.readdirSync(path.join(dir, 'test-results')).find(name => name.startsWith('timeout'))!, 'stagewright');
    expect(fs.readFileSync(path.join(folder, 'dom.html'), 'utf8')).toContain('before-the-hang');
    expect(fs.readdirSync(path.join(folder, 'diffs')).some(name => /^\d{3}-fill\.diff$/.test(name))).toBe(true);
  });

  test('should never fail a passing test over a closed or crashed page, and say why a capture was skipped', async () => {
    const { results, output } = await runStepsProject({
      'playwright.config.js': projectConfig(),
      'robust.spec.js': `
const { test } = require('stagewright');
test('closes its page', async ({ page }) => {
  await page.setContent('<button>x</button>');
  await test.step('close', async () => { await page.close(); });
});
test('crashes its page', async ({ page }) => {
  await page.setContent('<button>x</button>');
  await test.step('crash', async () => { await page.goto('chrome://crash').catch(() => {}); });
});
test('navigates during the step', async ({ page }) => {
  await page.setContent('<a href="data:text/html,<h1>next</h1>">go</a>');
  await test.step('navigate', async () => { await page.getByRole('link').click(); });
});`,
    });
    expect(results.map(r => [r.title, r.status]).sort(), output).toEqual([
      ['closes its page', 'passed'], ['crashes its page', 'passed'], ['navigates during the step', 'passed'],
    ]);
    const closes = results.find(r => r.title === 'closes its page')!;
    const note = [...userSteps(closes)[0].attachments, ...closes.attachments].find(a => a.name.includes('capture skipped'));
    expect(note?.body).toMatch(/was skipped: the page (is closed|closed during the capture)/);
    const crashed = results.find(r => r.title === 'crashes its page')!;
    expect([...userSteps(crashed)[0].attachments, ...crashed.attachments].some(a => a.name.includes('capture skipped'))).toBe(true);
    const navigates = results.find(r => r.title === 'navigates during the step')!;
    expect(userSteps(navigates)[0].attachments.find(a => a.name.endsWith('dom.html'))?.body).toContain('next');
  });
});

test.describe('checkpoint, history and forPage', () => {
  test('should capture on demand into the current step and keep a history', async () => {
    const { results, output } = await runStepsProject({
      'playwright.config.js': projectConfig(),
      'checkpoint.spec.js': `
const { test, expect } = require('stagewright');
test('checkpoints', async ({ page, context, stagewright: sw }) => {
  await page.setContent(${JSON.stringify(kForm)});
  const first = await sw.checkpoint('start');
  expect(first).toEqual({ index: 2, label: 'start', snapshotId: expect.any(Number), files: { aria: expect.stringContaining('accessibility-tree.yaml'), dom: expect.stringContaining('dom.html') }, changes: { added: 0, removed: 0, changed: 0, moved: 0 }, suggestions: [] });
  await test.step('inside', async () => {
    await page.locator('#name').fill('Grace');
    const capture = await sw.checkpoint('typed');
    expect(capture.changes).toEqual({ added: 0, removed: 0, changed: 1, moved: 0 });
    expect(capture.files.diff).toMatch(/diffs[\\\\/]\\d{3}-typed\\.diff$/);
  });
  const popup = await context.newPage();
  await popup.setContent('<button>Popup button</button>');
  await sw.forPage(popup).checkpoint('popup');
  // The first capture is the one after setContent (captureActions); nothing changed before the step: no start capture.
  expect(sw.history.map(c => c.label)).toEqual(['setContent', 'start', 'typed', 'inside']);
  expect(sw.forPage(popup).history.map(c => c.label)).toEqual(['popup']);
});`,
    });
    expect(results[0]?.status, output).toBe('passed');
    const step = userSteps(results[0]).find(s => s.title === 'inside')!;
    expect(names(step.attachments)).toContainEqual(expect.stringMatching(/^\d{3} typed · dom\.html$/));
    expect(names(results[0].attachments)).toContainEqual(expect.stringMatching(/^001 start · dom\.html$/));
    expect(names(results[0].attachments)).toContainEqual('001 popup · page-2 · dom.html');
  });
});

test.describe('scale out', () => {
  test('should give each retry its own captures', async () => {
    const { results, output } = await runStepsProject({
      'playwright.config.js': projectConfig('', 'retries: 1,'),
      'flaky.spec.js': `
const { test, expect } = require('stagewright');
test('flaky', async ({ page }, testInfo) => {
  await page.setContent('<input aria-label="Attempt">');
  await test.step('type', async () => { await page.getByLabel('Attempt').fill('attempt-' + testInfo.retry); });
  expect(testInfo.retry).toBe(1);
});`,
    });
    expect(results.map(r => [r.retry, r.status]), output).toEqual([[0, 'failed'], [1, 'passed']]);
    for (const result of results) {
      const dom = userSteps(result)[0].attachments.find(a => a.name.endsWith('dom.html'))!.body!;
      expect(dom).toContain(`attempt-${result.retry}`);
      expect(dom).not.toContain(`attempt-${1 - result.retry}`);
    }
  });

  test('should never mix captures of two workers', async () => {
    const tests = Array.from({ length: 4 }, (_, i) => `
test('worker test ${i}', async ({ page }) => {
  await page.setContent('<input aria-label="Value">');
  await test.step('type ${i}', async () => { await page.getByLabel('Value').fill('value-of-${i}'); await page.waitForTimeout(100); });
});`).join('\n');
    const { results, output } = await runStepsProject({
      'playwright.config.js': projectConfig('', 'workers: 2, fullyParallel: true,'),
      'parallel.spec.js': `const { test } = require('stagewright');\n${tests}`,
    });
    expect(results, output).toHaveLength(4);
    for (const result of results) {
      const i = result.title.slice(-1);
      const bodies = [...userSteps(result)[0].attachments, ...result.attachments].map(a => a.body ?? '').join('\n');
      expect(bodies).toContain(`value-of-${i}`);
      for (const other of ['0', '1', '2', '3'].filter(j => j !== i))
        expect(bodies).not.toContain(`value-of-${other}`);
    }
  });

  test('should write each test\'s time in captures, and only that, when STAGEWRIGHT_CAPTURE_TIMES is set', async () => {
    const tests = Array.from({ length: 2 }, (_, i) => `
test('timed test ${i}', async ({ page }) => {
  await page.setContent('<input aria-label="Value">');
  await test.step('type', async () => { await page.getByLabel('Value').fill('typed'); await page.waitForTimeout(1500); });
  await test.step('type again', async () => { await page.getByLabel('Value').fill('typed again'); });
});`).join('\n');
    const dir = createProject({
      'playwright.config.js': projectConfig('', 'workers: 2, fullyParallel: true,'),
      'timed.spec.js': `const { test } = require('stagewright');\n${tests}`,
    });
    const times = path.join(dir, 'capture-times.jsonl');
    const run = await runPlaywrightCommand(dir, ['test', '--reporter=json'], { STAGEWRIGHT_CAPTURE_TIMES: times, PLAYWRIGHT_JSON_OUTPUT_NAME: 'report.json' });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const lines = fs.readFileSync(times, 'utf8').trim().split('\n').map(line => JSON.parse(line));
    expect(lines.map(line => line.test.split(' › ').slice(-2).join(' › ')).sort()).toEqual(['timed.spec.js › timed test 0', 'timed.spec.js › timed test 1']);
    for (const line of lines) {
      // Two steps' captures and the final one took time; the step body's 1.5 s wait is not in it.
      expect(line.captureMs).toBeGreaterThan(0);
      expect(line.captureMs).toBeLessThan(1500);
    }
  });

  test('should keep every attachment when two shards are merged', async () => {
    const dir = createProject({
      'playwright.config.js': projectConfig(),
      'a.spec.js': `const { test } = require('stagewright');\ntest('shard test a', async ({ page }) => { await page.setContent('<input aria-label="A">'); await test.step('fill a', async () => { await page.getByLabel('A').fill('from-a'); }); });`,
      'b.spec.js': `const { test } = require('stagewright');\ntest('shard test b', async ({ page }) => { await page.setContent('<input aria-label="B">'); await test.step('fill b', async () => { await page.getByLabel('B').fill('from-b'); }); });`,
    });
    for (const shard of ['1/2', '2/2']) {
      const run = await runPlaywrightCommand(dir, ['test', `--shard=${shard}`, '--reporter=blob'], { PLAYWRIGHT_BLOB_OUTPUT_DIR: `blob-${shard[0]}` });
      expect(run.code, run.stdout + run.stderr).toBe(0);
    }
    fs.mkdirSync(path.join(dir, 'all-blobs'));
    for (const shard of ['1', '2']) {
      for (const file of fs.readdirSync(path.join(dir, `blob-${shard}`)))
        fs.copyFileSync(path.join(dir, `blob-${shard}`, file), path.join(dir, 'all-blobs', file));
    }
    const merged = await runPlaywrightCommand(dir, ['merge-reports', '--reporter=json', 'all-blobs'], { PLAYWRIGHT_JSON_OUTPUT_NAME: 'merged.json' });
    expect(merged.code, merged.stderr).toBe(0);
    const report = readJson(path.join(dir, 'merged.json'));
    const resultsByTitle = new Map<string, any>();
    for (const file of report.suites)
      for (const spec of file.specs)
        resultsByTitle.set(spec.title, spec.tests[0].results[0]);
    expect([...resultsByTitle.keys()].sort()).toEqual(['shard test a', 'shard test b']);
    for (const [title, result] of resultsByTitle) {
      const letter = title.slice(-1);
      const attachmentNames: string[] = result.attachments.map((a: any) => a.name);
      expect(attachmentNames).toEqual(expect.arrayContaining([
        expect.stringMatching(new RegExp(`fill ${letter} · accessibility-tree\\.yaml$`)),
        expect.stringMatching(new RegExp(`fill ${letter} · dom\\.html$`)),
        expect.stringMatching(new RegExp(`^001 fill ${letter} · dom\\.diff$`)),
      ]));
      const dom = result.attachments.find((a: any) => a.name.endsWith(`fill ${letter} · dom.html`));
      expect(Buffer.from(dom.body, 'base64').toString('utf8')).toContain(`from-${letter}`);
    }
  });
});

test.describe('the HTML report', () => {
  test('should list a step\'s attachments under that step', async ({ page }) => {
    const dir = createProject({
      'playwright.config.js': projectConfig(),
      'html.spec.js': `
const { test } = require('stagewright');
test('html report', async ({ page }) => {
  await page.setContent('<input aria-label="Name">');
  await test.step('fill the name', async () => { await page.getByLabel('Name').fill('Ada'); });
});`,
    });
    const run = await runPlaywrightCommand(dir, ['test', '--reporter=html'], { PLAYWRIGHT_HTML_OPEN: 'never' });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const server = await startServer({ root: path.join(dir, 'playwright-report') });
    try {
      await page.goto(`${server.prefix}/index.html`);
      await page.getByRole('link', { name: 'html report' }).click();
      // The step links to its attachments ("reveal attachment"); the link points at ours.
      const step = page.getByRole('treeitem').filter({ hasText: 'fill the name' }).first();
      // The step is where the user wrote it, not inside stagewright.
      await expect(step).toContainText('html.spec.js:5');
      const reveal = step.getByRole('link', { name: 'reveal attachment' });
      await expect(reveal).toBeVisible();
      const anchor = /anchor=attachment-(\d+)/.exec(await reveal.getAttribute('href') ?? '');
      expect(anchor).not.toBeNull();
      const attachments = page.getByRole('button', { name: 'Attachments' }).locator('xpath=following-sibling::*[1]').getByRole('group');
      await expect(attachments.nth(Number(anchor![1]))).toHaveText(/^\d{3} fill the name · accessibility-tree\.yaml/);
      await expect(attachments.filter({ hasText: /fill the name · dom\.html/ })).toHaveCount(1);
      await expect(attachments.filter({ hasText: /001 fill the name · dom\.diff/ })).toHaveCount(1);
      await reveal.click();
      await expect(page).toHaveURL(new RegExp(`anchor=attachment-${anchor![1]}`));
    } finally {
      await server.close();
    }
  });
});
