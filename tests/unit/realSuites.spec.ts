// What `npm run bench:real-suites` does to a suite's files and reads from its reports
// (bench/realSuites.mjs): the import swap, line for line, and the kind of each diff attachment,
// kept in step with the labels our action captures are given.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { actionTitle } from '../../src/capture/callSteps';

type RealSuites = typeof import('../../bench/realSuites.mjs', { with: { 'resolution-mode': 'import' } });
let swapTestImports: RealSuites['swapTestImports'];
let diffKind: RealSuites['diffKind'];
let testsOfReport: RealSuites['testsOfReport'];
beforeAll(async () => {
  ({ swapTestImports, diffKind, testsOfReport } = await import('../../bench/realSuites.mjs'));
});

describe('swapTestImports', () => {
  it('should take test and expect from stagewright and leave the other names where they were', () => {
    expect(swapTestImports(`import { test, expect, Page } from '@playwright/test'\nconst x = 1;\n`)).toEqual({
      source: `import { test, expect } from 'stagewright'; import { Page } from '@playwright/test';\nconst x = 1;\n`,
      changed: 1,
    });
    expect(swapTestImports(`import { expect, type Locator, type Page } from "@playwright/test";`).source)
        .toBe(`import { expect } from "stagewright"; import { type Locator, type Page } from "@playwright/test";`);
    expect(swapTestImports(`import { test as _test, expect as _expect } from '@playwright/test';`).source)
        .toBe(`import { test as _test, expect as _expect } from 'stagewright';`);
    expect(swapTestImports(`const { test, devices } = require('@playwright/test');`).source)
        .toBe(`const { test } = require('stagewright'); const { devices } = require('@playwright/test');`);
  });

  it('should keep every line where it was', () => {
    const source = `import {\n  expect,\n  test,\n  devices,\n} from '@playwright/test'\ntest('x', () => {});\n`;
    const swapped = swapTestImports(source).source;
    expect(swapped.split('\n').length).toBe(source.split('\n').length);
    expect(swapped.split('\n')[5]).toBe(`test('x', () => {});`);
    expect(swapped).toContain(`import { expect, test } from 'stagewright'; import { devices } from '@playwright/test';`);
  });

  it('should leave alone imports of types, of other names, and from other modules', () => {
    for (const source of [
      `import type { Page } from '@playwright/test';`,
      `import { defineConfig, devices } from '@playwright/test';`,
      `import { type Locator } from '@playwright/test';`,
      `import { test } from '../bundle-test';`,
      `import { test } from '@playwright/test-utils';`,
    ])
      expect(swapTestImports(source), source).toEqual({ source, changed: 0 });
  });
});

describe('diffKind', () => {
  // The methods our action hook wraps, read from its source: a new one must be a kind the bench knows.
  const internals = fs.readFileSync(path.join(__dirname, '..', '..', 'src', 'playwright', 'internals.ts'), 'utf8');
  const methods = [...new Set([...internals.slice(internals.indexOf('const kElementActions'), internals.indexOf('} as const;')).matchAll(/'(\w+)'/g)].map(match => match[1]))];
  const locator = { elementHandle: () => {}, toString: () => `getByRole('button', { name: 'Save' })` };
  const page = { locator: (selector: string) => `locator('${selector}')` };

  it('should know every method of the action hook by the label its capture gets', () => {
    expect(methods).toEqual(expect.arrayContaining(['click', 'fill', 'goto', 'dragAndDrop', 'pressSequentially', '_expect']));
    for (const method of methods.filter(name => name !== '_expect')) {
      const kind = ['goto', 'reload', 'goBack', 'goForward', 'setContent'].includes(method) ? 'navigation' : 'action';
      const receiver = kind === 'action' ? locator : page;
      expect(diffKind(`004 ${actionTitle({ receiver, method, args: ['/next'] })} · dom.diff`), method).toBe(kind);
    }
    const assertion = actionTitle({ receiver: locator, method: 'expect', args: [], assertion: { matcher: 'toHaveText' } });
    expect(diffKind(`002 ${assertion} · dom.diff`)).toBe('assertion');
  });

  it('should tell a step\'s diff, the end\'s, and another page\'s, and ignore other attachments', () => {
    expect(diffKind('003 click the save button · dom.diff', new Set(['click the save button']))).toBe('step');
    // The page's keyboard, mouse and touchscreen are actions too.
    expect(diffKind('002 keyboard.press Control+k · dom.diff')).toBe('action');
    expect(diffKind('003 mouse.click 120, 45 · dom.diff')).toBe('action');
    expect(diffKind('004 keyboard.type · dom.diff')).toBe('action');
    expect(diffKind('003 open the settings · dom.diff')).toBe('step');
    expect(diffKind('009 end · dom.diff')).toBe('end');
    expect(diffKind('009 failure · page-2 · dom.diff')).toBe('end');
    expect(diffKind(`005 click getByRole('link') · page-2 · dom.diff`)).toBe('action');
    expect(diffKind('004 end · accessibility-tree.yaml')).toBeUndefined();
    expect(diffKind('stagewright · end · capture skipped')).toBeUndefined();
  });
});

describe('testsOfReport', () => {
  it('should key tests by file, describes and title, with their diffs by kind', () => {
    const attachments = [`001 fill getByLabel('Name') · dom.diff`, `002 expect getByRole('status') toHaveText · dom.diff`, '003 save · dom.diff', '004 end · accessibility-tree.yaml']
        .map(name => ({ name, contentType: 'text/x-diff' }));
    const report = { suites: [{ title: 'a.spec.ts', specs: [], suites: [{ title: 'form', suites: [], specs: [{
      title: 'saves', file: 'a.spec.ts', line: 7,
      tests: [{ status: 'expected', results: [{ duration: 120, errors: [], steps: [{ title: 'save', steps: [{ title: 'stagewright: capture' }] }], attachments }] }],
    }] }] }] };
    const test = testsOfReport(report).get('a.spec.ts › form › saves');
    expect(test).toMatchObject({ file: 'a.spec.ts', line: 7, status: 'expected', duration: 120, userSteps: 1, skippedCaptures: 0 });
    expect(test?.diffs).toEqual({ action: 1, navigation: 0, assertion: 1, step: 1, end: 0 });
  });
});
