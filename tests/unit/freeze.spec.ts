import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FrozenCall, StepRecord } from '../../src/api/refsFile';
import { applyEdits, callsIn, planAssertions, planFreeze, type RefCallSite } from '../../src/cli/freeze';
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

describe('callsIn', () => {
  it('should find each ref call where a stack frame of it points, and the page it is on', () => {
    const sites = callsIn(kTypeScript, 'checkout.spec.ts').refs;
    expect(sites.map(({ ref, line, column, pageCode }) => ({ ref, line, column, pageCode }))).toEqual([
      { ref: 's12', line: 6, column: 12, pageCode: 'page' },
      { ref: 'f1s3', line: 8, column: 27, pageCode: 'popup' },
      { ref: 's7', line: 9, column: 19, pageCode: 'page' },
    ]);
    expect(kTypeScript.slice(sites[1].start, sites[1].end)).toBe(`sw.forPage(popup).ref('f1s3')`);
    // Without a page fixture in reach: the object's own page.
    const [cjs] = callsIn(kCommonJs, 'list.spec.js').refs;
    expect(cjs).toMatchObject({ ref: 's4', line: 4, column: 6, pageCode: 'stagewright.page' });
  });
});

describe('planFreeze and applyEdits', () => {
  const recorded = (calls: Record<string, Partial<FrozenCall>[]>) => (site: RefCallSite) =>
    (calls[site.ref] ?? []).map(call => ({ file: 'checkout.spec.ts', line: site.line, column: site.column, ref: site.ref, ...call }));

  it('should rewrite only the frozen calls, byte for byte elsewhere', () => {
    const sites = callsIn(kTypeScript, 'checkout.spec.ts').refs;
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
    const sites = callsIn(kCommonJs, 'list.spec.js').refs;
    expect(planFreeze(sites, () => []).problems[0].why).toContain('not run');
    expect(planFreeze(sites, recorded({ s4: [{ problem: 'the test failed' }] })).problems[0].why).toBe('the test failed');
    expect(applyEdits(kCommonJs, planFreeze(sites, recorded({ s4: [{ code: `getByRole('checkbox')` }] })).edits)).toBe(kCommonJs.replace(`stagewright
    .ref('s4')`, 'stagewright.page.getByRole(\'checkbox\')'));
  });
});

const kSteps = `import { test, expect } from 'stagewright';

test('steps', async ({ page: tab, stagewright: sw }) => {
  await test.step('add', async () => {
    await sw.ref('s3').click(); // adds a row
  });
  await test.step('checked', async () => {
    await sw.ref('s4').check();
    await expect(tab.getByRole('status')).toHaveText('Done');
  });
  await test.step('one line', async () => { await tab.keyboard.press('Enter'); });
  await test.step('empty', async () => {});
  await test.step('expression', async () => tab.reload());
});

test('no page', async ({ stagewright }) => {
  await test.step('open', async () => {\r
    await stagewright.ref('s1').click();\r
  });\r
});
`;

describe('planAssertions', () => {
  const site = (line: number) => callsIn(kSteps, 'steps.spec.ts').steps.find(step => step.line === line)!;
  const run = (line: number, suggestions: string[]): StepRecord => ({ file: 'steps.spec.ts', line, column: 14, title: `step ${line}`, suggestions });

  it('should find each step where its stack frame points, whether its body asserts, and the page fixture in reach', () => {
    const steps = callsIn(kSteps, 'steps.spec.ts').steps;
    expect(steps.map(({ line, column, asserts, pageCode }) => ({ line, column, asserts, pageCode }))).toEqual(expect.arrayContaining([
      { line: 4, column: 14, asserts: false, pageCode: 'tab' },
      { line: 7, column: 14, asserts: true, pageCode: 'tab' },
      { line: 17, column: 14, asserts: false, pageCode: 'stagewright.page' },
    ]));
    expect(steps).toHaveLength(6);
  });

  it('should add what held at every run of the step, after its last line, on the spec\'s page, and touch nothing else', () => {
    const steps = callsIn(kSteps, 'steps.spec.ts').steps;
    const runs: Record<number, StepRecord[]> = {
      4: [run(4, [`await expect(page.getByRole('row', { name: 'Milk' })).toBeVisible();`, `await expect(page.getByRole('row')).toHaveCount(2);`]),
        run(4, [`await expect(page.getByRole('row', { name: 'Milk' })).toBeVisible();`])],
      7: [run(7, [`await expect(page.getByRole('status')).toHaveText('Done');`])],
      11: [run(11, [`await expect(page).toHaveURL('http://localhost/done');`])],
      12: [run(12, [`await expect(page.getByRole('alert')).toBeVisible();`])],
      13: [run(13, [`await expect(page.getByRole('alert')).toBeVisible();`])],
      17: [run(17, [`await expect(page.getByRole('dialog')).toBeVisible();`])],
    };
    const { plans, edits } = planAssertions(steps, step => runs[step.line] ?? [], callsIn(kSteps, 'steps.spec.ts').expect);
    // The step with an expect of its own is left alone; the expression body cannot take a line.
    expect(plans.map(plan => [plan.site.line, plan.added.length, plan.why])).toEqual(expect.arrayContaining([
      [4, 1, undefined], [11, 1, undefined], [12, 1, undefined], [13, 0, 'its body is an expression, not a block'], [17, 1, undefined],
    ]));
    expect(plans.some(plan => plan.site.line === 7)).toBe(false);
    const result = applyEdits(kSteps, edits);
    expect(result).toBe(kSteps
        .replace(`click(); // adds a row\n`, `click(); // adds a row\n    await expect(tab.getByRole('row', { name: 'Milk' })).toBeVisible();\n`)
        .replace(`press('Enter'); });`, `press('Enter'); await expect(tab).toHaveURL('http://localhost/done'); });`)
        .replace(`async () => {});`, `async () => {\n    await expect(tab.getByRole('alert')).toBeVisible();\n  });`)
        .replace(`click();\r\n`, `click();\r\n    await expect(stagewright.page.getByRole('dialog')).toBeVisible();\r\n`));
    // Frozen again, nothing changes: the step asserts now.
    expect(planAssertions(callsIn(result, 'steps.spec.ts').steps, step => runs[step.line] ?? []).edits).toEqual([]);
  });

  it('should say why a step gets nothing', () => {
    const why = (...args: Parameters<typeof planAssertions>) => planAssertions(...args).plans.map(plan => plan.why);
    expect(why([site(4)], () => [run(4, [])])).toEqual(['nothing it changed on the test\'s page could be asserted']);
    expect(why([site(4)], () => [run(4, ['a']), run(4, ['b'])])).toEqual(['what held at its end differed from run to run']);
    expect(why([site(4)], () => [])).toEqual([]);
    expect(why([site(4)], () => [run(4, ['a'])], { bound: false })).toEqual(['the spec has no `expect`, nor an import of stagewright or @playwright/test to add it to']);
  });

  it('should add to the inner of two nested steps only', () => {
    const source = `test('a', async ({ page }) => {\n  await test.step('outer', async () => {\n    await test.step('inner', async () => {\n      await page.goto('/');\n    });\n  });\n});\n`;
    const { plans, edits } = planAssertions(callsIn(source, 'a.spec.ts').steps, step => [run(step.line, [`await expect(page).toHaveTitle('A');`])]);
    expect(plans.map(plan => [plan.site.line, plan.added.length, plan.why])).toEqual(expect.arrayContaining([[2, 0, 'a step inside it gets the assertions'], [3, 1, undefined]]));
    expect(applyEdits(source, edits)).toBe(source.replace(`goto('/');\n`, `goto('/');\n      await expect(page).toHaveTitle('A');\n`));
  });

  it('should add expect to the spec\'s import of the test module where it is missing', () => {
    const add = (source: string, fileName = 'a.spec.ts') => {
      const calls = callsIn(source, fileName);
      return applyEdits(source, planAssertions(calls.steps, step => [run(step.line, [`await expect(page).toHaveTitle('A');`])], calls.expect).edits);
    };
    const body = `\ntest('a', async ({ page }) => {\n  await test.step('s', async () => {\n    await page.goto('/');\n  });\n});\n`;
    const added = `\ntest('a', async ({ page }) => {\n  await test.step('s', async () => {\n    await page.goto('/');\n    await expect(page).toHaveTitle('A');\n  });\n});\n`;
    expect(add(`import { test } from 'stagewright';${body}`)).toBe(`import { test, expect } from 'stagewright';${added}`);
    expect(add(`const { test } = require('@playwright/test');${body}`, 'a.spec.js')).toBe(`const { test, expect } = require('@playwright/test');${added}`);
    expect(add(`import { expect, test } from 'stagewright';${body}`)).toBe(`import { expect, test } from 'stagewright';${added}`);
    // Bound under another name, it is not the `expect` the added lines call.
    expect(add(`import { test, expect as check } from 'stagewright';${body}`)).toBe(`import { test, expect as check, expect } from 'stagewright';${added}`);
    // A test object from the project's own fixtures: its expect is not known, nothing is added.
    expect(add(`import { test } from './fixtures';${body}`)).toBe(`import { test } from './fixtures';${body}`);
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
