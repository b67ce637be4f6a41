// How the parity tests read OUR roles and names from a page.
//
// Until the stagewright fixture's snapshot is wired up, this bundles tests/e2e/helpers/ariaProbe.ts
// (which imports injected/domUtils, roles and accname directly) and evaluates it in the page.
// Switching to the fixture: replace the body of ourRoleNames() with
//   const snap = await sw.snapshot();
//   return snap.entries.filter(e => e.role !== 'generic' && e.role !== 'none').map(e => ({ role: e.role, name: e.name }));
// (taking `sw` instead of `page`) once snapshot names are uncapped for the test pages.

import path from 'node:path';
import { buildSync } from 'esbuild';
import type { Page } from '@playwright/test';

export interface RoleName { role: string; name: string; tag?: string }

let probeSource: string | undefined;

function probe(): string {
  if (!probeSource) {
    const result = buildSync({
      entryPoints: [path.join(__dirname, 'ariaProbe.ts')],
      bundle: true,
      format: 'iife',
      globalName: '__swAriaProbe',
      target: 'es2020',
      write: false,
      logLevel: 'silent',
    });
    probeSource = result.outputFiles[0].text;
  }
  return probeSource;
}

/** Evaluates the probe in a function scope, so it defines nothing on the page's window. */
async function evaluateProbe<T>(page: Page, call: string): Promise<T> {
  const json = await page.evaluate(`(() => { ${probe()}\n return __swAriaProbe.${call}; })()`) as string;
  return JSON.parse(json) as T;
}

/** Our (role, name) for every element in the accessibility tree, without 'none' and 'generic'. */
export async function ourRoleNames(page: Page): Promise<RoleName[]> {
  return evaluateProbe<RoleName[]>(page, 'collectRoleNames()');
}

/** Our role and name for each element matching `selector`, in document order. */
export async function ourNames(page: Page, selector: string): Promise<{ role: string; name: string }[]> {
  return evaluateProbe(page, `describeElements(${JSON.stringify(selector)})`);
}
