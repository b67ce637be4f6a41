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

/** Runs `playwright test` in `dir` with the JSON reporter and returns the parsed report. */
export async function runPlaywright(dir: string, args: string[] = []): Promise<{ result: RunResult; report: any }> {
  const cli = path.join(kRepoRoot, 'node_modules', '@playwright', 'test', 'cli.js');
  const result = await run(process.execPath, [cli, 'test', '--reporter=json', ...args], dir, { PLAYWRIGHT_JSON_OUTPUT_NAME: 'report.json', FORCE_COLOR: '0' });
  const reportFile = path.join(dir, 'report.json');
  const report = fs.existsSync(reportFile) ? JSON.parse(fs.readFileSync(reportFile, 'utf8')) : undefined;
  return { result, report };
}
