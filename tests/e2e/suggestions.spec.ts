// Suggested assertions (docs/failures.md, Suggested assertions), checked the way a user would use
// them: the demo suite runs once in a generated project; every step's suggestions, read from its
// `.diff` attachment, are pasted at the end of that step in a copy of the suite; the copy must
// pass.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { pasteSuggestions, suggestionsByStep } from './helpers/paste';
import { kRepoRoot, runStepsProject } from './helpers/project';

const kExamples = path.join(kRepoRoot, 'examples');
const kPort = 4273;

function exampleFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of fs.readdirSync(kExamples, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(kExamples, name);
    if (fs.statSync(file).isFile() && /\.(spec\.ts|mjs|html|js|css)$/.test(name) && !name.includes('playwright-report') && !name.includes('test-results'))
      files[name] = fs.readFileSync(file, 'utf8');
  }
  files['playwright.config.ts'] = `
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from 'stagewright/browser';
export default defineConfig({
  testMatch: '*.spec.ts',
  timeout: 30000,
  use: { baseURL: 'http://127.0.0.1:${kPort}', launchOptions: chromiumLaunchOptions(), stagewrightOptions: { stepSuggestions: true } },
  webServer: { command: 'node server.mjs', url: 'http://127.0.0.1:${kPort}', env: { PORT: '${kPort}' }, reuseExistingServer: false },
});`;
  return files;
}

test('should suggest assertions for the demo suite\'s steps that pass when pasted back', async () => {
  test.slow();
  const files = exampleFiles();
  const first = await runStepsProject(files);
  expect(first.result.code, first.output).toBe(0);
  const byStep = suggestionsByStep(first.results);

  const copy = { ...files };
  let pasted = 0;
  for (const name of Object.keys(files).filter(name => name.endsWith('.spec.ts'))) {
    const result = pasteSuggestions(files[name], byStep);
    copy[name] = result.source;
    pasted += result.pasted;
  }
  const suggested = [...byStep.values()].reduce((sum, lines) => sum + lines.length, 0);
  // Every suggestion found its step, and there are enough of them to mean something.
  expect(pasted).toBe(suggested);
  expect(pasted).toBeGreaterThanOrEqual(10);
  const kinds = new Set([...byStep.values()].flat().map(line => /\.(?:not\.)?(to\w+)\(/.exec(line)?.[1]));
  expect([...kinds].length).toBeGreaterThanOrEqual(4);

  const second = await runStepsProject(copy);
  expect(second.result.code, second.output).toBe(0);
  expect(second.results.every(result => result.status === 'passed')).toBe(true);
  test.info().annotations.push({ type: 'suggestions', description: `${pasted} suggested assertions pasted back, all passed; kinds: ${[...kinds].join(', ')}` });
  console.log(`suggested assertions: ${pasted} pasted into the demo suite, ${pasted} passed (${[...kinds].join(', ')})`);
});
