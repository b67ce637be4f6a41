// Suggested assertions (README: Suggested assertions), checked the way a user would use them: the
// demo suite runs once in a generated project; every step's suggestions, read from its `.diff`
// attachment, are pasted at the end of that step in a copy of the suite; the copy must pass.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { kRepoRoot, runStepsProject, type Step, type StepsResult } from './helpers/project';

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
  use: { baseURL: 'http://127.0.0.1:${kPort}', launchOptions: chromiumLaunchOptions() },
  webServer: { command: 'node server.mjs', url: 'http://127.0.0.1:${kPort}', env: { PORT: '${kPort}' }, reuseExistingServer: false },
});`;
  return files;
}

/** The suggested assertions of each step, by test and step title, from the steps' `.diff` attachments. */
function suggestionsByStep(results: StepsResult[]): Map<string, string[]> {
  const byStep = new Map<string, string[]>();
  const visit = (testTitle: string, steps: Step[]) => {
    for (const step of steps) {
      if (step.category === 'test.step' && !step.title.startsWith('stagewright:')) {
        const diff = step.attachments.find(a => a.name.endsWith('.diff'))?.body ?? '';
        const block = diff.split('# Suggested assertions')[1] ?? '';
        const lines = [...block.matchAll(/^#   (.+)$/gm)].map(m => m[1]);
        if (lines.length)
          byStep.set(`${testTitle} › ${step.title}`, lines);
      }
      visit(testTitle, step.steps);
    }
  };
  for (const result of results)
    visit(result.title, result.steps);
  return byStep;
}

/**
 * Pastes each step's suggestions before the closing brace of its body, and gives every test the
 * `page` fixture the suggestions use. Returns the new source and how many lines it pasted.
 */
function paste(source: string, byStep: Map<string, string[]>): { source: string; pasted: number } {
  let out = '';
  let at = 0;
  let pasted = 0;
  let currentTest = '';
  const opener = /\btest(\.step)?\((['"])((?:\\.|(?!\2).)*)\2, async \(([^)]*)\) => \{/g;
  for (let match = opener.exec(source); match; match = opener.exec(source)) {
    const title = match[3].replace(/\\(.)/g, '$1');
    if (!match[1]) {
      currentTest = title;
      if (!/\bpage\b/.test(match[4])) {
        out += source.slice(at, match.index) + match[0].replace(/\(\{ /, '({ page, ');
        at = match.index + match[0].length;
      }
      continue;
    }
    const lines = byStep.get(`${currentTest} › ${title}`);
    if (!lines)
      continue;
    const close = matchingBrace(source, match.index + match[0].length - 1);
    const indent = /\n(\s*)[^\n]*$/.exec(source.slice(0, match.index))?.[1] ?? '';
    out += source.slice(at, close) + lines.map(line => `${indent}  ${line}\n`).join('') + indent;
    at = close;
    pasted += lines.length;
  }
  return { source: out + source.slice(at), pasted };
}

/** The index of the `}` that closes the `{` at `open`, skipping strings, templates and comments. */
function matchingBrace(source: string, open: number): number {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    const c = source[i];
    if (c === '\'' || c === '"' || c === '`') {
      for (i++; i < source.length && source[i] !== c; i++) {
        if (source[i] === '\\')
          i++;
      }
    } else if (c === '/' && source[i + 1] === '/') {
      i = source.indexOf('\n', i);
    } else if (c === '{') {
      depth++;
    } else if (c === '}' && --depth === 0) {
      return i;
    }
  }
  throw new Error(`no closing brace for the one at ${open}`);
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
    const result = paste(files[name], byStep);
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
