// How the parity tests read OUR roles and names from a page: ONE function, ourRoleNames().
//
// - With the `stagewright` fixture (the default in parity.spec.ts): the entries of
//   `sw.snapshot()`, i.e. the real walker over injected/roles.ts and accname.ts.
// - Without it (SW_PARITY_SOURCE=probe): tests/e2e/helpers/ariaProbe.ts, bundled here with
//   esbuild. It imports injected/domUtils, roles and accname directly and lists every element in
//   the accessibility tree, so it measures the role/name logic apart from the walker's choice of
//   entries. It is installed with an init script, so that, like the real injected bundle, it
//   captures the builtins before page scripts can override them
//   (tests/pages/parity/47-overridden-builtins.html checks that).
// The WPT spec uses ourNames(), which needs per-element answers and so always uses the probe.

import path from 'node:path';
import { buildSync } from 'esbuild';
import type { Page } from '@playwright/test';

export interface RoleName { role: string; name: string; tag?: string; states?: States }
export interface States { checked?: boolean | 'mixed'; disabled?: boolean; expanded?: boolean; level?: number; pressed?: boolean | 'mixed'; selected?: boolean }

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

const installed = new WeakSet<Page>();

/** Installs the probe in every document the page loads from now on, before the page's scripts. */
export async function installAriaProbe(page: Page): Promise<void> {
  if (installed.has(page))
    return;
  installed.add(page);
  await page.addInitScript({
    content: `(() => { ${probe()}\nObject.defineProperty(globalThis, '__swAriaProbe', { value: __swAriaProbe, configurable: true }); })();`,
  });
}

async function evaluateProbe<T>(page: Page, call: string): Promise<T> {
  // Installed probe when there is one; else a fresh copy evaluated in a function scope (its
  // builtins are then the page's current ones, which is fine for pages that override nothing).
  const json = await page.evaluate(`(() => {
    if (globalThis.__swAriaProbe)
      return globalThis.__swAriaProbe.${call};
    ${probe()}
    return __swAriaProbe.${call};
  })()`) as string;
  return JSON.parse(json) as T;
}

/** The part of the stagewright fixture this helper uses. */
export interface SnapshotSource {
  snapshot(): Promise<{ entries: { role: string; name: string; state: object }[] }>;
}

/** Our (role, name, states): from the fixture's snapshot when given one, else from the probe. */
export async function ourRoleNames(page: Page, sw?: SnapshotSource): Promise<RoleName[]> {
  if (sw) {
    const snapshot = await sw.snapshot();
    return snapshot.entries.map(entry => ({ role: entry.role, name: entry.name, states: entry.state as States }));
  }
  return evaluateProbe<RoleName[]>(page, 'collectRoleNames()');
}

/** Our role and name for each element matching `selector`, in document order. */
export async function ourNames(page: Page, selector: string): Promise<{ role: string; name: string; description: string; states: States }[]> {
  return evaluateProbe(page, `describeElements(${JSON.stringify(selector)})`);
}
