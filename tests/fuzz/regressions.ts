// Regression cases: minimal pages the shrinker wrote, replayed by tests/e2e/fuzz.spec.ts on every
// run. Each is two files in tests/fuzz/regressions/: `<check>-<seed>.html`, the page as
// page.setContent gets it, and `<check>-<seed>.json`, what failed and the interactions to run.

import fs from 'node:fs';
import path from 'node:path';
import type { CheckId, Failure } from './checks';
import type { Action } from './generate';
import type { RunnableCase } from './harness';

export const kRegressionsDir = path.join(__dirname, 'regressions');

export interface RegressionFile {
  seed: number;
  check: CheckId;
  phase: Failure['phase'];
  signature: string;
  /** The failure's message when the case was written (on the minimal page). */
  message: string;
  /** The HTML file beside this one. */
  page: string;
  actions: Action[];
  /** Elements of the generated page, and of the minimal one. */
  elements: { generated: number; minimal: number };
}

export interface RegressionCase extends RunnableCase {
  name: string;
  check: CheckId;
  message: string;
}

export function loadRegressions(): RegressionCase[] {
  if (!fs.existsSync(kRegressionsDir))
    return [];
  return fs.readdirSync(kRegressionsDir).filter(file => file.endsWith('.json')).sort().map(file => {
    const data = JSON.parse(fs.readFileSync(path.join(kRegressionsDir, file), 'utf8')) as RegressionFile;
    return {
      name: file.replace(/\.json$/, ''),
      seed: data.seed,
      check: data.check,
      message: data.message,
      html: fs.readFileSync(path.join(kRegressionsDir, data.page), 'utf8'),
      actions: data.actions,
    };
  });
}

/**
 * Writes a regression case, unless one with the same page and interactions exists; returns its
 * name, or the existing one's.
 */
export function writeRegression(data: Omit<RegressionFile, 'page'>, html: string): string {
  fs.mkdirSync(kRegressionsDir, { recursive: true });
  for (const existing of loadRegressions()) {
    if (existing.html === html && JSON.stringify(existing.actions) === JSON.stringify(data.actions))
      return existing.name;
  }
  let name = `${data.check}-${data.seed}`;
  for (let i = 2; fs.existsSync(path.join(kRegressionsDir, `${name}.json`)); i++)
    name = `${data.check}-${data.seed}-${i}`;
  const file: RegressionFile = { ...data, page: `${name}.html` };
  fs.writeFileSync(path.join(kRegressionsDir, `${name}.html`), html);
  fs.writeFileSync(path.join(kRegressionsDir, `${name}.json`), JSON.stringify(file, null, 2) + '\n');
  return name;
}
