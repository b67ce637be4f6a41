// Writes every test result with its annotations, errors, attachments (text bodies included) and
// its step tree, each step with its location and own attachments, to a JSON file: what the JSON
// reporter leaves out (step locations, step attachments). scripts/compat.mjs reads it.
import fs from 'node:fs';
import path from 'node:path';
import type { FullConfig, Reporter, TestCase, TestResult, TestStep } from '@playwright/test/reporter';

interface Attachment { name: string; contentType: string; body?: string; path?: string }

const kTextTypes = /^(text\/|application\/json)/;

function attachment(a: TestResult['attachments'][number]): Attachment {
  const body = a.body && kTextTypes.test(a.contentType) && a.body.length < 1_000_000 ? a.body.toString('utf8') : undefined;
  return { name: a.name, contentType: a.contentType, body, ...(a.path ? { path: a.path } : {}) };
}

function step(s: TestStep): object {
  return {
    title: s.title,
    category: s.category,
    location: s.location && { file: s.location.file, line: s.location.line },
    error: s.error?.message,
    // Step attachments are in the reporter API since 1.50; `?? []` keeps an older one readable.
    attachments: (s.attachments ?? []).map(a => a.name),
    steps: s.steps.map(step),
  };
}

function unique(annotations: TestCase['annotations']): TestCase['annotations'] {
  const seen = new Set<string>();
  return annotations.filter(a => !seen.has(a.type + '\0' + a.description) && !!seen.add(a.type + '\0' + a.description));
}

export default class CompatReporter implements Reporter {
  private _results: object[] = [];
  private _outputFile: string;
  private _rootDir = process.cwd();

  constructor(options: { outputFile?: string } = {}) {
    this._outputFile = options.outputFile ?? 'steps.json';
  }

  onBegin(config: FullConfig) {
    this._rootDir = path.dirname(config.configFile ?? path.join(process.cwd(), 'x'));
  }

  onTestEnd(test: TestCase, result: TestResult) {
    this._results.push({
      file: test.location.file,
      project: test.parent.project()?.name,
      title: test.titlePath().slice(3).join(' › ') || test.title,
      status: result.status,
      expectedStatus: test.expectedStatus,
      // Declared in the test's details, and (1.52+) those added while it ran.
      annotations: unique([...test.annotations, ...((result as { annotations?: TestCase['annotations'] }).annotations ?? [])]),
      errors: result.errors.map(e => e.message ?? e.value ?? ''),
      stacks: result.errors.map(e => e.stack ?? ''),
      attachments: result.attachments.map(attachment),
      steps: result.steps.map(step),
    });
  }

  onEnd() {
    fs.writeFileSync(path.resolve(this._rootDir, this._outputFile), JSON.stringify(this._results, null, 2));
  }
}
