import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const kRepoRoot = path.resolve(__dirname, '..', '..', '..');

/**
 * A throwaway project in a temp folder that depends on this package the way users do:
 * `node_modules/stagewright` links to the repo (its built `dist/`), `@playwright/test` to the
 * repo's copy, so both sides share one Playwright.
 */
export function createProject(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagewright-project-'));
  fs.mkdirSync(path.join(dir, 'node_modules', '@playwright'), { recursive: true });
  fs.symlinkSync(kRepoRoot, path.join(dir, 'node_modules', 'stagewright'), 'dir');
  fs.symlinkSync(path.join(kRepoRoot, 'node_modules', '@playwright', 'test'), path.join(dir, 'node_modules', '@playwright', 'test'), 'dir');
  fs.symlinkSync(path.join(kRepoRoot, 'node_modules', 'playwright'), path.join(dir, 'node_modules', 'playwright'), 'dir');
  fs.symlinkSync(path.join(kRepoRoot, 'node_modules', 'playwright-core'), path.join(dir, 'node_modules', 'playwright-core'), 'dir');
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

export interface RunResult { code: number; stdout: string; stderr: string }

export function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<RunResult> {
  return new Promise(resolve => {
    execFile(command, args, { cwd, env: { ...process.env, ...env }, timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

const kCli = path.join(kRepoRoot, 'node_modules', '@playwright', 'test', 'cli.js');

/** Runs `playwright test` in `dir` with the JSON reporter and returns the parsed report. */
export async function runPlaywright(dir: string, args: string[] = [], reporters = 'json', env: NodeJS.ProcessEnv = {}): Promise<{ result: RunResult; report: any }> {
  const result = await run(process.execPath, [kCli, 'test', `--reporter=${reporters}`, ...args], dir, { PLAYWRIGHT_JSON_OUTPUT_NAME: 'report.json', FORCE_COLOR: '0', ...env });
  return { result, report: readJson(path.join(dir, 'report.json')) };
}

/** Runs another Playwright CLI command (e.g. `merge-reports`) in `dir`. */
export function runPlaywrightCommand(dir: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<RunResult> {
  return run(process.execPath, [kCli, ...args], dir, { FORCE_COLOR: '0', ...env });
}

export function readJson(file: string): any {
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined;
}

/**
 * A reporter for generated projects that writes every test result's steps with their own
 * attachments to `steps.json` (the JSON reporter lists attachments per result, not per step).
 */
export const kStepsReporter = `
const fs = require('node:fs');
const attachment = a => ({ name: a.name, contentType: a.contentType, body: a.body ? a.body.toString('utf8') : undefined });
const step = s => ({ title: s.title, category: s.category, error: s.error && s.error.message, attachments: s.attachments.map(attachment), steps: s.steps.map(step) });
class StepsReporter {
  constructor() { this.results = []; }
  onTestEnd(test, result) {
    this.results.push({ title: test.title, retry: result.retry, status: result.status, errors: result.errors.map(e => e.message), attachments: result.attachments.map(attachment), steps: result.steps.map(step) });
  }
  onEnd() { fs.writeFileSync('steps.json', JSON.stringify(this.results, null, 2)); }
}
module.exports = StepsReporter;
`;

export interface Attachment { name: string; contentType: string; body?: string }
export interface Step { title: string; category: string; error?: string; attachments: Attachment[]; steps: Step[] }
export interface StepsResult { title: string; retry: number; status: string; errors: string[]; attachments: Attachment[]; steps: Step[] }

/** A generated project's config: our Chromium, `use` and top-level `extra` entries spliced in. */
export const projectConfig = (use = '', extra = '') => `
const { defineConfig } = require('@playwright/test');
const { chromiumLaunchOptions } = require('stagewright/browser');
module.exports = defineConfig({
  testMatch: '*.spec.js',
  timeout: 30000,
  ${extra}
  use: { launchOptions: chromiumLaunchOptions(), ${use} },
});`;

/** Runs a generated project with the JSON and steps reporters; returns both reports. */
export async function runStepsProject(files: Record<string, string>, args: string[] = []) {
  const dir = createProject({ 'steps-reporter.js': kStepsReporter, ...files });
  const { result, report } = await runPlaywright(dir, args, 'json,./steps-reporter.js');
  const results: StepsResult[] = readJson(path.join(dir, 'steps.json')) ?? [];
  return { dir, result, report, results, output: result.stdout + result.stderr + JSON.stringify(results.map(r => r.errors)) };
}

/** The user's own steps of a result, without our capture steps and the steps of our calls (`stagewright.find(…)`). */
export function userSteps(result: { steps: Step[] }): Step[] {
  return result.steps.filter(step => step.category === 'test.step' && !/^stagewright[.:[]/.test(step.title));
}
