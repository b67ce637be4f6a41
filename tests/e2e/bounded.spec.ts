// Captures never stall, fail or bloat the test they watch (issue: bounded captures). Tested the way
// users meet it: generated test projects run through the Playwright CLI, their reports read back.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { projectConfig, runStepsProject, userSteps, type Attachment, type Step } from './helpers/project';

/** In the generated specs: about `elements` elements of rows with text, a button, a field and a link. */
const kPages = `
function bigPage(elements) {
  let html = '<main><h1>Big</h1>';
  for (let i = 0; i < Math.round(elements / 7); i++)
    html += '<div class="row"><div><span>Row ' + i + ' text</span></div><div><button>Action ' + i + '</button><input aria-label="Field ' + i + '"><a href="/r/' + i + '">Link ' + i + '</a></div></div>';
  return html + '</main>';
}
function table(rows) {
  let html = '<table><thead><tr><th>Name</th><th>Email</th><th>Id</th><th></th></tr></thead><tbody>';
  for (let i = 0; i < rows; i++)
    html += '<tr><td>Person ' + i + '</td><td>person' + i + '@example.com</td><td>' + i + '</td><td><button>Edit ' + i + '</button></td></tr>';
  return html + '</tbody></table>';
}
`;

function allAttachments(steps: Step[]): Attachment[] {
  return steps.flatMap(step => [...step.attachments, ...allAttachments(step.steps)]);
}

function allSteps(steps: Step[]): Step[] {
  return steps.flatMap(step => [step, ...allSteps(step.steps)]);
}

test.describe('captures are bounded in time', () => {
  test('should capture a step that re-orders a 5,000-row table inside a 20 s test timeout', async () => {
    const { results, output } = await runStepsProject({
      'playwright.config.js': projectConfig(),
      'reorder.spec.js': `${kPages}
const { test } = require('stagewright');
test('re-order', async ({ page }) => {
  test.setTimeout(20000);
  await page.setContent(table(5000));
  await test.step('sort by id, descending', async () => {
    await page.evaluate(() => {
      const tbody = document.querySelector('tbody');
      tbody.innerHTML = [...tbody.rows].reverse().map(row => row.outerHTML).join('');
    });
  });
});`,
    });
    expect(results.map(r => r.status), output).toEqual(['passed']);
    const [sort] = userSteps(results[0]);
    const diff = sort.attachments.find(a => a.name.endsWith('.diff'))?.body ?? '';
    // Too big to diff line by line in time: a summary says what happened instead.
    expect(diff).toMatch(/DOM diff skipped/);
    expect(diff).toMatch(/moved|different order/);
  });

  test('should not charge the captures to a step\'s own timeout on a 15k-element page', async () => {
    const { results, output } = await runStepsProject({
      'playwright.config.js': projectConfig(),
      'step-timeout.spec.js': `${kPages}
const { test, expect } = require('stagewright');
test('step timeout', async ({ page }) => {
  await page.setContent(bigPage(15000));
  await page.locator('input').first().fill('before');
  await test.step('fill one field', async () => {
    await page.locator('input').first().fill('after');
  }, { timeout: 1500 });
  // The step's own timeout still applies to its body, with Playwright's own error.
  await expect(test.step('too slow', async () => { await new Promise(r => setTimeout(r, 3000)); }, { timeout: 300 }))
    .rejects.toThrow('Step timeout of 300ms exceeded.');
});`,
    });
    expect(results.map(r => r.status), output).toEqual(['passed']);
    const [fill, slow] = userSteps(results[0]);
    expect(fill.attachments.find(a => a.name.endsWith('.diff'))?.body).toContain('after');
    expect(slow.error).toContain('Step timeout of 300ms exceeded.');
  });

  test('should give a passing test\'s end capture the time Playwright gives its teardown, not what its body left', async () => {
    // Playwright gives the after hooks and the fixtures' teardown a timeout of their own (here the
    // project's 30 s). The body ends at about 3 s of its 8 s, while the page is busy until about
    // 9 s: counted from the test's start, less 1.5 s for Playwright's own teardown, the end capture
    // would be given up at about 6.5 s.
    const { results, output } = await runStepsProject({
      'playwright.config.js': projectConfig(),
      'late.spec.js': `const { test } = require('stagewright');
test('ends while its page is busy', async ({ page }) => {
  test.setTimeout(8000);
  await page.setContent('<p id="status"></p><input aria-label="Name">');
  await page.getByLabel('Name').fill('typed');
  await page.evaluate(() => setTimeout(() => {
    const end = Date.now() + 6000;
    while (Date.now() < end) {}
    document.getElementById('status').textContent = 'Saved late';
  }, 2500));
  await page.waitForTimeout(3000);
});`,
    });
    expect(results[0]?.status, output).toBe('passed');
    const names = results[0].attachments.map(a => a.name);
    expect(names.filter(name => name.endsWith('capture skipped')), output).toEqual([]);
    const end = results[0].attachments.find(a => /^\d{3} end · dom\.diff$/.test(a.name));
    expect(end?.body, names.join('\n')).toContain('Saved late');
  });

  test('should never attach a capture after it was given up, nor to a step that has ended', async () => {
    const { results, output } = await runStepsProject({
      // The passing test's own project times out at 5 s: its teardown, which Playwright gives the
      // larger of the test's and the project's timeouts, has 5 s too.
      'playwright.config.js': projectConfig(`stagewrightOptions: { captureTimeout: 1000 }`, `projects: [{ name: 'long', testIgnore: 'short.spec.js' }, { name: 'short', testMatch: 'short.spec.js', timeout: 5000 }],`),
      'hung.spec.js': `
const { test, expect } = require('stagewright');
// The page's main thread is busy for 3 s right after the step: its end capture is given up at 1 s
// and would otherwise land at 3 s.
test('given up', async ({ page, stagewright }) => {
  await page.setContent('<input aria-label="Name">');
  await test.step('blocks the page', async () => {
    await page.getByLabel('Name').fill('typed');
    await page.evaluate(ms => setTimeout(() => { const end = Date.now() + ms; while (Date.now() < end) {} }, 0), 3000);
  });
  await new Promise(r => setTimeout(r, 4000));
  await test.step('after', async () => { await page.getByLabel('Name').fill('later'); });
  expect(stagewright.history.map(c => c.label)).not.toContain('blocks the page');
});
test.describe(() => {
  test.use({ stagewrightOptions: { captureTimeout: 20000 } });
  test('times out during a capture', async ({ page }) => {
  test.setTimeout(4000);
  await page.setContent('<input aria-label="Name">');
  await test.step('runs into the test timeout', async () => {
    await page.getByLabel('Name').fill('typed');
    await page.evaluate(ms => setTimeout(() => { const end = Date.now() + ms; while (Date.now() < end) {} }, 0), 6000);
  });
  });
});`,
      'short.spec.js': `
const { test } = require('stagewright');
test.use({ stagewrightOptions: { captureTimeout: 20000 } });
// The fill's input handler blocks the page for 7 s: the capture after the fill is still in its
// change check when the test ends, and the teardown's 5 s leave no time for it. (A 3 s timeout
// and a 4 s block once timed out on a busy machine: the test's own calls and its context took
// most of it.)
test('passes while its last call is captured', async ({ page }) => {
  await page.setContent('<input aria-label="Name" oninput="setTimeout(() => { const end = Date.now() + 7000; while (Date.now() < end) {} }, 0)">');
  await page.getByLabel('Name').fill('typed');
});`,
    });
    expect(output).not.toContain('step id not found');
    expect(output).not.toContain('Internal error');
    const byTitle = Object.fromEntries(results.map(r => [r.title, r]));
    expect(byTitle['given up']?.status, output).toBe('passed');
    const [blocks, after] = userSteps(byTitle['given up']);
    expect(blocks.attachments.map(a => a.name), output).toEqual(['stagewright · blocks the page · capture skipped']);
    expect(blocks.attachments[0].body).toContain('took longer than 1000 ms');
    // The given-up capture is nowhere, even seconds later: not on the step, not in the history.
    expect(allAttachments(byTitle['given up'].steps).filter(a => /^\d{3} blocks the page/.test(a.name))).toEqual([]);
    expect(after.attachments.map(a => a.name)).toContainEqual(expect.stringMatching(/^\d{3} after · dom\.diff$/));
    const timedOut = byTitle['times out during a capture'];
    expect(timedOut?.status).toBe('timedOut');
    // The test's end gave up the step's capture and says so on the test, where it can.
    expect(timedOut.attachments.find(a => a.name === 'stagewright · runs into the test timeout · capture skipped')?.body).toContain('the test ended before it finished');
    expect(allAttachments(timedOut.steps).filter(a => /^\d{3} runs into/.test(a.name))).toEqual([]);
    // A passing test's end gives up the capture still checking whether the page changed, and says
    // why: not that the page closed under it, which came after.
    const passing = byTitle['passes while its last call is captured'];
    expect(passing?.status, output).toBe('passed');
    const notes = passing.attachments.filter(a => a.name.endsWith('capture skipped'));
    expect(notes.find(a => a.name === 'stagewright · fill getByLabel(\'Name\') · capture skipped')?.body).toContain('the test ended before it finished');
    expect(notes.map(a => a.body).join('\n')).not.toContain('page closed');
  });
});

test.describe('captures are bounded in size', () => {
  test('should attach well under 8 MB for 30 one-field steps on a 15k-element page', async () => {
    // Each capture of the generated project is walked and printed twice there (the oracle).
    test.slow();
    const { results, report, output } = await runStepsProject({
      'playwright.config.js': projectConfig(),
      'big.spec.js': `${kPages}
const { test } = require('stagewright');
test('thirty steps', async ({ page }) => {
  test.setTimeout(120000);
  await page.setContent(bigPage(15000));
  for (let i = 0; i < 30; i++) {
    await test.step('fill field ' + i, async () => {
      await page.getByLabel('Field ' + i, { exact: true }).fill('value ' + i);
    });
  }
});`,
    });
    expect(results.map(r => r.status), output).toEqual(['passed']);
    const result = report.suites[0].specs[0].tests[0].results[0];
    const bytes = result.attachments.reduce((sum: number, a: any) => sum + (a.body ? Buffer.from(a.body, 'base64').length : 0), 0);
    test.info().annotations.push({ type: 'attachment bytes', description: String(bytes) });
    expect(bytes).toBeLessThan(8_000_000);
    const steps = userSteps(results[0]);
    expect(steps).toHaveLength(30);
    // Every step keeps its diff; the full files are too big for a step. A passing test's end
    // attaches no DOM file either (it is complete on disk): the report stays light.
    for (const [i, step] of steps.entries()) {
      expect(step.attachments.map(a => a.name)).toEqual([expect.stringMatching(/\.diff$/)]);
      expect(step.attachments[0].body).toContain(`value ${i}`);
    }
    expect(results[0].attachments.map(a => a.name).filter(name => / end · /.test(name) && !name.endsWith('.diff'))).toEqual([]);
  });

  test('should not attach identical bodies twice, and cap labels', async () => {
    const long = 'a very long step title '.repeat(20_000);
    const { results, output } = await runStepsProject({
      'playwright.config.js': projectConfig(),
      'small.spec.js': `
const { test } = require('stagewright');
test('small page', async ({ page }) => {
  await page.setContent('<input aria-label="Name">');
  await test.step('fill', async () => { await page.getByLabel('Name').fill('Ada'); });
  await test.step('look', async () => { await page.getByLabel('Name').isVisible(); });
  await test.step(${JSON.stringify(long)}, async () => { await page.getByLabel('Name').fill('Grace'); });
});`,
    });
    expect(results.map(r => r.status), output).toEqual(['passed']);
    const [fill, look, longStep] = userSteps(results[0]);
    expect(fill.attachments.map(a => a.name)).toHaveLength(3);
    // Nothing changed: the same YAML and DOM are already in the report.
    expect(look.attachments).toEqual([]);
    // 200 characters of label, then the number and the artifact's name.
    expect(longStep.attachments.length).toBeGreaterThan(0);
    for (const name of [...longStep.attachments, ...results[0].attachments].map(a => a.name))
      expect(name.length).toBeLessThan(300);
    for (const step of allSteps(results[0].steps).filter(s => s.title.startsWith('stagewright:')))
      expect(step.title.length).toBeLessThan(230);
  });

  test('should keep no second copy of capture data in the trace', async () => {
    const { dir, results, output } = await runStepsProject({
      'playwright.config.js': projectConfig(`trace: 'on'`),
      'traced.spec.js': `
const { test } = require('stagewright');
test('traced', async ({ page, stagewright }) => {
  await page.setContent('<input aria-label="Name"><p>Trace marker paragraph</p>');
  await stagewright.snapshot();
  await test.step('fill', async () => { await page.getByLabel('Name').fill('Ada'); });
});`,
    });
    expect(results.map(r => r.status), output).toEqual(['passed']);
    const traceDir = path.join(dir, 'trace');
    const zip = fs.readdirSync(path.join(dir, 'test-results'), { recursive: true, encoding: 'utf8' }).find(file => file.endsWith('trace.zip'))!;
    fs.mkdirSync(traceDir);
    execFileSync('unzip', ['-q', path.join(dir, 'test-results', zip), '-d', traceDir]);
    const events = fs.readdirSync(traceDir).filter(file => file.endsWith('.trace')).map(file => fs.readFileSync(path.join(traceDir, file), 'utf8')).join('\n');
    // The runtime's JSON answers (and its source) are not recorded as actions…
    expect(events).not.toContain('changeCount');
    expect(events).not.toContain('stagewright.runtime');
    // …while the attachments made from them are in the trace.
    expect(events).toMatch(/fill · dom\.html/);
  });
});

test.describe('truncated walks', () => {
  test('should say a diff is truncated and not report entries past the cut', async () => {
    const { results, output } = await runStepsProject({
      'playwright.config.js': projectConfig(`stagewrightOptions: { limits: { maxNodes: 300 } }`),
      'truncated.spec.js': `
const { test } = require('stagewright');
test('truncated', async ({ page }) => {
  await page.setContent('<p id="first">First</p>' + Array.from({ length: 600 }, (_, i) => '<p>Paragraph ' + i + '</p>').join(''));
  await test.step('change the first paragraph', async () => {
    await page.evaluate(() => {
      document.getElementById('first').textContent = 'First, changed';
      document.body.insertBefore(document.createElement('p'), document.body.firstChild).textContent = 'Inserted';
    });
  });
});`,
    });
    expect(results.map(r => r.status), output).toEqual(['passed']);
    const diff = userSteps(results[0])[0].attachments.find(a => a.name.endsWith('.diff'))!.body!;
    expect(diff).toMatch(/^# diff \+1 -0 ~1\n# truncated:/);
    expect(diff).toContain('First, changed');
  });
});

test.describe('page overrides', () => {
  test('should give a working stagewright when the project overrides page without ours', async () => {
    const { results, output } = await runStepsProject({
      'playwright.config.js': projectConfig(),
      'override.spec.js': `
const { test: base, expect } = require('stagewright');
const test = base.extend({
  page: async ({ browser }, use) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await use(page);
    await context.close();
  },
});
test('own page', async ({ page, stagewright }) => {
  await page.setContent('<button>Save</button>');
  const [save] = await stagewright.find({ role: 'button', name: 'Save' });
  await stagewright.ref(save.ref).click();
  await test.step('click again', async () => { await page.getByRole('button').click(); });
});`,
    });
    expect(results.map(r => r.status), output).toEqual(['passed']);
    expect(userSteps(results[0])[0].attachments.map(a => a.name)).toContainEqual(expect.stringMatching(/ click again · accessibility-tree\.yaml$/));
  });
});
