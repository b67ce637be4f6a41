// How our calls read in Playwright's report (docs/report.md, Our calls read as yours): each public
// call of the fixture object is one boxed step at the spec's line, titled like Playwright's own
// calls; a user's step shows at most one capture child, located at that step; no step anywhere is
// located in this package's files; ref locators read as `button "Save" [ref=s3]` in action steps.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createProject, kRepoRoot, projectConfig, readJson, runPlaywright } from './helpers/project';

interface ReportedStep {
  title: string;
  category: string;
  location?: { file: string; line: number };
  params?: { [key: string]: unknown };
  attachments: string[];
  steps: ReportedStep[];
}

// Every step with its location and params, and each result's own attachments.
const kReporter = `
const fs = require('node:fs');
const step = s => ({ title: s.title, category: s.category, location: s.location && { file: s.location.file, line: s.location.line }, params: s.params, attachments: s.attachments.map(a => a.name), steps: s.steps.map(step) });
class Reporter {
  constructor() { this.results = []; }
  onTestEnd(test, result) { this.results.push({ title: test.title, status: result.status, errors: result.errors.map(e => e.message), attachments: result.attachments.map(a => a.name), steps: result.steps.map(step) }); }
  onEnd() { fs.writeFileSync('all-steps.json', JSON.stringify(this.results, null, 2)); }
}
module.exports = Reporter;`;

// Each public call on a line of its own, marked with what its step must be titled.
const kSpec = `const { test, expect } = require('stagewright');
test('every call', async ({ page, stagewright: sw, context }) => {
  await page.setContent('<main><label>Full name <input></label><button onclick="this.textContent = \\'Saved\\'">Save</button></main>');
  const snap = await sw.snapshot(); // stagewright.snapshot()
  const [name] = await sw.find({ role: 'textbox', name: 'Full name' }); // stagewright.find({ role: 'textbox', name: 'Full name' })
  await test.step('fill', async () => {
    await sw.ref(name.ref).fill('Ada');
    const diff = await sw.snapshot({ since: 'last' }); // stagewright.snapshot({ since: 'last' })
    expect(diff.changed.length).toBeGreaterThan(0);
    await sw.text(); // stagewright.text()
    const ref = await sw.refOf(page.getByRole('button')); // stagewright.refOf(getByRole('button'))
    await sw.locatorFor(ref); // stagewright.locatorFor('s3')
    await sw.ref(ref).click();
  });
  await sw.dom(); // stagewright.dom()
  await sw.checkpoint('after save'); // stagewright.checkpoint('after save')
  await test.step('second page', async () => {
    const other = await context.newPage();
    await other.setContent('<button>Other</button>');
    await sw.forPage(other).find({ role: 'button' }); // stagewright[page-2].find({ role: 'button' })
  });
  expect(snap.entries.length).toBeGreaterThan(0);
});`;

function* allSteps(steps: ReportedStep[]): Generator<ReportedStep> {
  for (const step of steps) {
    yield step;
    yield* allSteps(step.steps);
  }
}

test('should show every public call as one step at the spec\'s line, and nothing located in the package', async () => {
  test.slow();
  const dir = createProject({ 'reporter.js': kReporter, 'playwright.config.js': projectConfig(), 'calls.spec.js': kSpec });
  const { result } = await runPlaywright(dir, [], 'json,./reporter.js');
  const [run] = readJson(path.join(dir, 'all-steps.json'));
  expect(run?.status, result.stdout + result.stderr).toBe('passed');
  const steps = [...allSteps(run.steps)];

  // Nothing is located in the package: neither in dist/ nor in src/.
  const inPackage = steps.filter(step => step.location && (step.location.file.startsWith(path.join(kRepoRoot, 'dist')) || step.location.file.startsWith(path.join(kRepoRoot, 'src'))));
  expect(inPackage.map(step => `${step.title} @ ${step.location!.file}:${step.location!.line}`)).toEqual([]);

  // Each marked call: exactly one step, with that title, at that line of the spec.
  const spec = path.join(dir, 'calls.spec.js');
  const lines = fs.readFileSync(spec, 'utf8').split('\n');
  const expected = lines.map((text, index) => ({ line: index + 1, title: /\/\/ (stagewright.*)$/.exec(text)?.[1] })).filter(call => call.title);
  expect(expected.length).toBe(9);
  for (const { line, title } of expected) {
    const found = steps.filter(step => step.title.startsWith('stagewright.') || step.title.startsWith('stagewright['));
    const atLine = found.filter(step => step.location?.line === line);
    // The ref in locatorFor's title is whatever refOf returned.
    const titlePattern = new RegExp('^' + title!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(`'s3'`, `'s\\d+'`) + '$');
    expect(atLine.map(step => [step.title, step.category, step.location?.file]), `line ${line}`).toEqual([[expect.stringMatching(titlePattern), 'test.step', spec]]);
  }
  // Our page calls stay inside: no Evaluate and no other Playwright call of ours shows.
  expect(steps.filter(step => /^(Evaluate|Count|Normalize|Wait for|Add init script)/.test(step.title)).map(step => step.title)).toEqual([]);

  // A user's step shows at most one capture child, boxed at the step's own line, holding the attachments on the step.
  for (const title of ['fill', 'second page']) {
    const userStep = steps.find(step => step.title === title && step.category === 'test.step')!;
    const captures = userStep.steps.filter(step => step.title.startsWith('stagewright: capture'));
    expect(captures.length, title).toBeLessThanOrEqual(1);
    expect(captures.map(step => step.location?.line)).toEqual(captures.length ? [userStep.location!.line] : []);
  }
  const fill = steps.find(step => step.title === 'fill')!;
  expect(fill.attachments.some(name => name.endsWith('.diff'))).toBe(true);
  // checkpoint() attaches to the test (outside any step); the end capture attaches only what is
  // not in the report yet, and the page did not change after the checkpoint.
  expect(run.attachments).toEqual(expect.arrayContaining([expect.stringMatching(/ after save · dom\.html$/)]));
  expect(run.attachments.filter((name: string) => / end · /.test(name))).toEqual([]);

  // The ref locator reads as what it is in the action step.
  const click = steps.find(step => step.title === 'Click' && step.category === 'pw:api')!;
  expect(click.params?.locator).toMatch(/^button "Save" \[ref=s\d+\]$/);
});
