// Check c, the part a test cannot see from inside: fuzz cases run as failing tests of a generated
// project (the way users run the library: the package's dist/, through the Playwright CLI), so
// that everything written when a test fails or ends is there to grep: the triage (triage.md,
// triage.json), the failure and end captures, the step captures, the titles of every step, the
// errors, stdout, the JSON report. No secret marker may be in any of it.
//
// Playwright's own records of the test are not the library's and are left out: error-context.md
// (Playwright's aria snapshot of the failed page, values included). The markers never appear
// whole in Playwright's records of the typing (interact.ts types them in pieces).

import fs from 'node:fs';
import path from 'node:path';
import { createProject, kStepsReporter, readJson, runPlaywright } from '../e2e/helpers/project';
import { withTimelineData } from '../e2e/helpers/timelineData';
import { kSecretPrefix, secretMarker } from './generate';
import type { RunnableCase } from './harness';

export interface ProjectResult {
  /** `<file>: <context>` for every artifact holding a marker. */
  leaks: string[];
  /** How many tests failed, as each must (the failure is what writes the triage). */
  failed: number;
  /** How many triage.md files were written. */
  triages: number;
  files: number;
  output: string;
}

const kSpec = (interactPath: string) => `
const { test, expect } = require('stagewright');
const { runActions } = require(${JSON.stringify(interactPath)});
const cases = require('./cases.json');
for (const fuzzCase of cases) {
  test('seed ' + fuzzCase.seed, async ({ page, stagewright: sw }) => {
    await page.setContent(fuzzCase.html);
    await test.step('interact', async () => {
      await runActions(page, fuzzCase.seed, fuzzCase.actions);
    });
    await sw.snapshot();
    // Fails on purpose: a failing matcher is the triage's target, and the failure capture runs.
    await expect(sw).toHaveEntry({ role: 'textbox', name: 'Nothing fuzzed has this name' }, { timeout: 300 });
  });
}
`;

const kConfig = `
const { defineConfig } = require('@playwright/test');
const { chromiumLaunchOptions } = require('stagewright/browser');
module.exports = defineConfig({
  testMatch: 'fuzz.spec.js',
  timeout: 60000,
  workers: 1,
  use: { launchOptions: chromiumLaunchOptions(), stagewrightOptions: { capture: 'steps' } },
});`;

/** Playwright's own files, not the library's (see the file's comment), and the project's inputs. */
const kNotArtifacts = new Set(['error-context.md', 'cases.json', 'fuzz.spec.js', 'playwright.config.js', 'steps-reporter.js']);

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules')
      continue;
    const file = path.join(dir, entry.name);
    if (entry.isDirectory())
      walk(file, out);
    else if (entry.isFile() && !kNotArtifacts.has(entry.name))
      out.push(file);
  }
  return out;
}

export async function runInProject(cases: RunnableCase[]): Promise<ProjectResult> {
  const dir = createProject({
    'playwright.config.js': kConfig,
    'steps-reporter.js': kStepsReporter,
    'cases.json': JSON.stringify(cases.map(c => ({ seed: c.seed, html: c.html, actions: c.actions }))),
    'fuzz.spec.js': kSpec(path.join(__dirname, 'interact.ts')),
  });
  try {
    const { result } = await runPlaywright(dir, [], 'json,./steps-reporter.js');
    const markers = cases.flatMap(c => c.actions.filter(a => a.kind === 'secret').map(a => secretMarker(c.seed, a.n!)));
    const files = walk(dir);
    const leaks: string[] = [];
    for (const file of files) {
      const text = withTimelineData(fs.readFileSync(file, 'utf8'));
      for (const marker of [...markers, kSecretPrefix]) {
        const at = text.indexOf(marker);
        if (at >= 0) {
          leaks.push(`${path.relative(dir, file)}: ${JSON.stringify(text.slice(Math.max(0, at - 80), at + marker.length + 20))}`);
          break;
        }
      }
    }
    const report = readJson(path.join(dir, 'report.json'));
    const tests = (report?.suites ?? []).flatMap((suite: any) => suite.specs ?? []).flatMap((spec: any) => spec.tests ?? []);
    return {
      leaks,
      failed: tests.filter((t: any) => t.results?.[0]?.status === 'failed').length,
      triages: files.filter(file => path.basename(file) === 'triage.md').length,
      files: files.length,
      output: (result.stdout + result.stderr).slice(-2000),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
