import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FrozenCall } from '../../src/api/refsFile';
import { applyEdits, planFreeze, refCallsIn, type RefCallSite } from '../../src/cli/freeze';
import { freeze } from '../../src/cli/index';

const kTypeScript = `import { test, expect } from 'stagewright';
import type { Page } from '@playwright/test';

test('checkout', async ({ page, stagewright: sw }) => {
  // A comment that stays.
  await sw.ref('s12').click();
  const popup = await page.waitForEvent('popup') as Page;
  await sw.forPage(popup).ref('f1s3').fill('4242'); // and this one
  await expect(sw.ref( "s7" )).toBeVisible();
  sw.refOf(page.locator('x'));
});
`;

const kCommonJs = `const { test } = require('stagewright');
test('list', async ({ stagewright }) => {
  await stagewright
    .ref('s4')
    .check();
});
`;

describe('refCallsIn', () => {
  it('should find each ref call where a stack frame of it points, and the page it is on', () => {
    const sites = refCallsIn(kTypeScript, 'checkout.spec.ts');
    expect(sites.map(({ ref, line, column, pageCode }) => ({ ref, line, column, pageCode }))).toEqual([
      { ref: 's12', line: 6, column: 12, pageCode: 'page' },
      { ref: 'f1s3', line: 8, column: 27, pageCode: 'popup' },
      { ref: 's7', line: 9, column: 19, pageCode: 'page' },
    ]);
    expect(kTypeScript.slice(sites[1].start, sites[1].end)).toBe(`sw.forPage(popup).ref('f1s3')`);
    // Without a page fixture in reach: the object's own page.
    const [cjs] = refCallsIn(kCommonJs, 'list.spec.js');
    expect(cjs).toMatchObject({ ref: 's4', line: 4, column: 6, pageCode: 'stagewright.page' });
  });
});

describe('planFreeze and applyEdits', () => {
  const recorded = (calls: Record<string, Partial<FrozenCall>[]>) => (site: RefCallSite) =>
    (calls[site.ref] ?? []).map(call => ({ file: 'checkout.spec.ts', line: site.line, column: site.column, ref: site.ref, ...call }));

  it('should rewrite only the frozen calls, byte for byte elsewhere', () => {
    const sites = refCallsIn(kTypeScript, 'checkout.spec.ts');
    const plan = planFreeze(sites, recorded({
      s12: [{ code: `getByRole('button', { name: 'Pay' })` }, { code: `getByRole('button', { name: 'Pay' })` }],
      f1s3: [{ code: `locator('iframe').contentFrame().getByLabel('Card')` }],
      s7: [{ code: `getByRole('status')` }, { code: `getByText('Paid')` }],
    }));
    expect(plan.problems.map(p => [p.site.ref, p.why])).toEqual([['s7', `its tests reached different elements here: getByRole('status') / getByText('Paid')`]]);
    const frozen = applyEdits(kTypeScript, plan.edits);
    expect(frozen).toBe(kTypeScript
        .replace(`sw.ref('s12')`, `page.getByRole('button', { name: 'Pay' })`)
        .replace(`sw.forPage(popup).ref('f1s3')`, `popup.locator('iframe').contentFrame().getByLabel('Card')`));
  });

  it('should leave a call that was not run, or whose test failed, and say why', () => {
    const sites = refCallsIn(kCommonJs, 'list.spec.js');
    expect(planFreeze(sites, () => []).problems[0].why).toContain('not run');
    expect(planFreeze(sites, recorded({ s4: [{ problem: 'the test failed' }] })).problems[0].why).toBe('the test failed');
    expect(applyEdits(kCommonJs, planFreeze(sites, recorded({ s4: [{ code: `getByRole('checkbox')` }] })).edits)).toBe(kCommonJs.replace(`stagewright
    .ref('s4')`, 'stagewright.page.getByRole(\'checkbox\')'));
  });
});

describe('freeze (the command)', () => {
  function project(): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'freeze-'));
    fs.writeFileSync(path.join(dir, 'list.spec.js'), kCommonJs);
    return dir;
  }
  function writeRefs(dir: string, calls: Partial<FrozenCall>[], folder = 'list', status = 'passed') {
    fs.mkdirSync(path.join(dir, 'test-results', folder, 'stagewright'), { recursive: true });
    const full = calls.map(call => ({ file: path.join(dir, 'list.spec.js'), line: 4, column: 6, ref: 's4', ...call }));
    fs.writeFileSync(path.join(dir, 'test-results', folder, 'stagewright', 'refs.json'), JSON.stringify({ version: 1, test: ['list'], status, calls: full }));
  }

  it('should read a test that passed on a retry by its passing run', () => {
    const dir = project();
    writeRefs(dir, [{ problem: 'the test failed' }], 'list', 'failed');
    writeRefs(dir, [{ code: `getByRole('checkbox')` }], 'list-retry1');
    expect(freeze([], () => {}, dir)).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'list.spec.js'), 'utf8')).toContain(`stagewright.page.getByRole('checkbox')`);
  });

  it('should print a diff and write nothing with --dry-run, then write, exiting 0', () => {
    const dir = project();
    writeRefs(dir, [{ code: `getByRole('checkbox', { name: 'Milk' })` }]);
    let output = '';
    expect(freeze(['--dry-run'], text => output += text, dir)).toBe(0);
    expect(output).toContain(`--- list.spec.js`);
    expect(output).toContain(`+  await stagewright.page.getByRole('checkbox', { name: 'Milk' })`);
    expect(fs.readFileSync(path.join(dir, 'list.spec.js'), 'utf8')).toBe(kCommonJs);
    expect(freeze(['list.spec.js'], () => {}, dir)).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'list.spec.js'), 'utf8')).toContain(`await stagewright.page.getByRole('checkbox', { name: 'Milk' })\n    .check();`);
  });

  it('should exit 1 and list what stays, and 2 for a usage error', () => {
    const dir = project();
    let output = '';
    expect(freeze([dir], text => output += text, dir)).toBe(1);
    expect(output).toContain(`not frozen: list.spec.js:4 ref('s4'): not run`);
    writeRefs(dir, [{ problem: 'the test failed' }]);
    expect(freeze([], text => output += text, dir)).toBe(1);
    expect(output).toContain(`ref('s4'): the test failed`);
    expect(freeze(['--bogus'], () => {}, dir)).toBe(2);
    expect(freeze(['nope.spec.ts'], () => {}, dir)).toBe(2);
  });
});
