import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StepRecord } from '../../src/api/refsFile';
import { callsIn, planAssertions, planFreeze, SpecSyntaxError, type RecordedCall, type RefCallSite } from '../../src/cli/freeze';
import { freeze } from '../../src/cli/index';
import { decodeSource, editBytes, type TextEdit } from '../../src/cli/sourceFiles';
import type { LocatorStep } from '../../src/locators/parse';

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

/** The source with each edit made, as freeze makes it on the file's bytes. */
function applyEdits(source: string, edits: readonly TextEdit[]): string {
  return editBytes(decodeSource(Buffer.from(source)), edits).toString('utf8');
}

const role = (name: string, roleName = 'button'): LocatorStep[][] => [[{ kind: 'role', role: roleName, name, exact: false, states: {} }]];

describe('planFreeze', () => {
  const recorded = (calls: Record<string, Partial<RecordedCall>[]>) => (site: RefCallSite) =>
    (calls[site.ref] ?? []).map(call => ({ file: 'checkout.spec.ts', line: site.line, column: site.column, ref: site.ref, project: 'chromium', retry: 0, ...call }));

  it('should write each frozen call from its recorded steps, byte for byte elsewhere', () => {
    const sites = callsIn(kTypeScript, 'checkout.spec.ts').refs;
    const plan = planFreeze(sites, recorded({
      s12: [{ chain: role('Pay') }, { chain: role('Pay'), project: 'mobile' }],
      f1s3: [{ chain: [[{ kind: 'title', text: 'Card', exact: true }], [{ kind: 'label', text: 'Card number' }]], onOtherPage: true }],
      s7: [{ chain: role('Paid', 'status') }, { chain: [[{ kind: 'text', text: 'Paid' }]], project: 'mobile' }],
    }));
    expect(plan.problems.map(p => [p.site.ref, p.why])).toEqual([['s7', `its runs reached different elements here: page.getByRole('status', { name: 'Paid' }) (project "chromium") / page.getByText('Paid') (project "mobile")`]]);
    const frozen = applyEdits(kTypeScript, plan.edits);
    expect(frozen).toBe(kTypeScript
        .replace(`sw.ref('s12')`, `page.getByRole('button', { name: 'Pay' })`)
        .replace(`sw.forPage(popup).ref('f1s3')`, `popup.getByTitle('Card', { exact: true }).contentFrame().getByLabel('Card number')`));
  });

  it('should leave a call that was not run, or whose test failed in any project or run, and say why', () => {
    const sites = callsIn(kCommonJs, 'list.spec.js').refs;
    expect(planFreeze(sites, () => []).problems[0].why).toContain('not run');
    expect(planFreeze(sites, recorded({ s4: [{ problem: 'the test failed' }] })).problems[0].why).toBe('the test failed');
    expect(planFreeze(sites, recorded({ s4: [{ chain: role('Milk', 'checkbox') }, { problem: 'the test failed', project: 'firefox', retry: 1 }] })).problems[0].why)
        .toBe('the test failed (project "firefox", retry 1)');
    expect(applyEdits(kCommonJs, planFreeze(sites, recorded({ s4: [{ chain: [[{ kind: 'role', role: 'checkbox', states: {} }]] }] })).edits)).toBe(kCommonJs.replace(`stagewright
    .ref('s4')`, 'stagewright.page.getByRole(\'checkbox\')'));
  });

  it('should never write code text from the record, only a locator built from checked steps', () => {
    const sites = callsIn(kCommonJs, 'list.spec.js').refs;
    const hostile = [
      { code: `getByRole('x'); require('child_process').exec('rm -rf ~')` },
      { chain: [[{ kind: 'role', role: 'button\'); evil(\'', states: {} }]] as unknown as LocatorStep[][] },
      { chain: [[{ kind: 'css', selector: 'x' }]] as unknown as LocatorStep[][] },
    ];
    for (const call of hostile) {
      const plan = planFreeze(sites, recorded({ s4: [call] }));
      expect(plan.edits).toEqual([]);
      expect(plan.problems[0].why).toContain('no locator freeze can write');
    }
  });

  it('should escape every character a string literal cannot hold raw', () => {
    const sites = callsIn(kCommonJs, 'list.spec.js').refs;
    const testId = 'row\r1\u2028\u2029\u0000\u202e\ud800\'\\';
    const [edit] = planFreeze(sites, recorded({ s4: [{ chain: [[{ kind: 'testId', text: testId }]] }] })).edits;
    expect(edit.code).toBe(`stagewright.page.getByTestId('row\\r1\\u2028\\u2029\\u0000\\u202e\\ud800\\'\\\\')`);
    // It parses, and reads back as the same string.
    const literal = /getByTestId\((.*)\)$/.exec(edit.code)![1];
    expect(new Function(`return ${literal}`)()).toBe(testId);
    expect(() => callsIn(applyEdits(kCommonJs, [edit]), 'list.spec.js')).not.toThrow();
  });

  it('should freeze a ref of another page onto that page, through a variable too, and refuse a page that disagrees with the run', () => {
    const source = `test('pay', async ({ page, stagewright: sw }) => {
  const popup = await page.waitForEvent('popup');
  const onPopup = sw.forPage(popup);
  await onPopup.ref('s3').click();
  await sw.ref('s4').click();
});
`;
    const sites = callsIn(source, 'pay.spec.ts').refs;
    expect(sites.map(({ ref, pageCode, onOtherPage }) => ({ ref, pageCode, onOtherPage }))).toEqual([
      { ref: 's3', pageCode: 'popup', onOtherPage: true },
      { ref: 's4', pageCode: 'page', onOtherPage: false },
    ]);
    const plan = planFreeze(sites, recorded({ s3: [{ chain: role('Pay'), onOtherPage: true }], s4: [{ chain: role('Done'), onOtherPage: true }] }));
    expect(applyEdits(source, plan.edits)).toContain(`await popup.getByRole('button', { name: 'Pay' }).click();`);
    expect(plan.problems.map(p => [p.site.ref, p.why])).toEqual([['s4', `the run made it on another page's object, and the spec's call is on the test's (page)`]]);
  });
});

describe('callsIn', () => {
  it('should parse what Playwright runs: decorators and accessor fields', () => {
    const source = `import { test } from 'stagewright';
function logged(value: unknown, context: ClassMethodDecoratorContext) { return value; }
class Cart {
  @logged accessor count = 0;
  @logged open() {}
}
test('cart', async ({ stagewright: sw }) => { await sw.ref('s2').click(); });
`;
    expect(callsIn(source, 'cart.spec.ts').refs.map(site => site.ref)).toEqual(['s2']);
    expect(() => callsIn('test(\'x\', async () => { await (;', 'x.spec.ts')).toThrow(SpecSyntaxError);
  });

  it('should name each ref call shape it cannot rewrite', () => {
    const source = `test('shapes', async ({ stagewright: sw }) => {
  await sw?.ref('s3').click();
  await sw.ref(\`s3\`).click();
  await sw.ref('s' + n).click();
  await sw.ref('not a ref');
});
`;
    const { refs, others } = callsIn(source, 'shapes.spec.ts');
    expect(refs).toEqual([]);
    expect(others.map(({ line, why }) => [line, why.split(':')[0]])).toEqual(expect.arrayContaining([
      [2, 'it is an optional call (`?.`)'], [3, 'its ref is a template literal'], [4, 'its ref is computed (`\'s\' + n`)'],
    ]));
    expect(others).toHaveLength(3);
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
    const [a, b] = [`await expect(page.getByRole('alert')).toBeVisible();`, `await expect(page.getByRole('status')).toHaveText('Saved');`];
    expect(why([site(4)], () => [run(4, [a]), run(4, [b])])).toEqual(['what held at its end differed from run to run']);
    expect(why([site(4)], () => [])).toEqual([]);
    expect(why([site(4)], () => [run(4, [a])], { bound: false })).toEqual(['the spec has no `expect`, nor an import of stagewright or @playwright/test to add it to']);
    // Code text from the record is never written: only what reads back as one of our assertions, written anew.
    expect(why([site(4)], () => [run(4, [`await expect(page.getByRole('alert')).toBeVisible(); require('child_process').exec('x');`])])).toEqual(['what its run recorded is no assertion freeze writes (run the spec again with this version of stagewright)']);
    expect(why([site(4)], () => [run(4, [`await expect(page.locator('#x')).toBeVisible();`])])).toHaveLength(1);
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
  const kSpec = path.join('list.spec.js');
  function project(files: Record<string, string | Buffer> = { [kSpec]: kCommonJs }): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'freeze-'));
    for (const [name, content] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), content);
    }
    return dir;
  }
  const hashOf = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
  /** One run's refs.json, as a test's end writes it; `calls` default to the spec's s4 call. */
  function writeRefs(dir: string, calls: Partial<RecordedCall>[], { folder = 'list', status = 'passed', project = '', retry = 0, spec = kSpec } = {}) {
    fs.mkdirSync(path.join(dir, 'test-results', folder, 'stagewright'), { recursive: true });
    const file = path.join(dir, spec);
    const full = calls.map(call => ({ file, line: 4, column: 6, ref: 's4', ...call }));
    const sources = Object.fromEntries([...new Set(full.map(call => call.file))].filter(f => fs.existsSync(f)).map(f => [f, hashOf(f)]));
    fs.writeFileSync(path.join(dir, 'test-results', folder, 'stagewright', 'refs.json'), JSON.stringify({ version: 2, test: ['list'], project, retry, status, sources, calls: full }));
  }
  const checkbox = (name = 'Milk') => ({ chain: role(name, 'checkbox') });
  const output = (dir: string, args: string[]) => {
    let text = '';
    const code = freeze(args, chunk => text += chunk, dir);
    return { code, text };
  };

  it('should freeze only what every run passed with: a test that failed, then passed on a retry, stays', () => {
    const dir = project();
    writeRefs(dir, [{ problem: 'the test failed' }], { status: 'failed' });
    writeRefs(dir, [checkbox()], { folder: 'list-retry1', retry: 1 });
    expect(output(dir, []).text).toContain(`not frozen: list.spec.js:4 ref('s4'): the test failed (the project)`);
    fs.rmSync(path.join(dir, 'test-results', 'list'), { recursive: true });
    expect(output(dir, []).code).toBe(0);
    expect(fs.readFileSync(path.join(dir, kSpec), 'utf8')).toContain(`stagewright.page.getByRole('checkbox', { name: 'Milk' })`);
  });

  it('should print a diff and write nothing with --dry-run, then write, exiting 0, with the file\'s mode', () => {
    const dir = project();
    fs.chmodSync(path.join(dir, kSpec), 0o640);
    writeRefs(dir, [checkbox()]);
    const dry = output(dir, ['--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.text).toContain(`--- list.spec.js`);
    expect(dry.text).toContain(`+  await stagewright.page.getByRole('checkbox', { name: 'Milk' })`);
    expect(fs.readFileSync(path.join(dir, kSpec), 'utf8')).toBe(kCommonJs);
    expect(output(dir, [kSpec]).code).toBe(0);
    expect(fs.readFileSync(path.join(dir, kSpec), 'utf8')).toContain(`await stagewright.page.getByRole('checkbox', { name: 'Milk' })\n    .check();`);
    expect(fs.statSync(path.join(dir, kSpec)).mode & 0o777).toBe(0o640);
    expect(fs.readdirSync(dir).filter(name => name.endsWith('.tmp'))).toEqual([]);
  });

  it('should exit 1 and list what stays, and 2 for a usage error or a results folder that is not there', () => {
    const dir = project();
    fs.mkdirSync(path.join(dir, 'test-results'));
    expect(output(dir, [dir])).toEqual({ code: 1, text: expect.stringContaining(`not frozen: list.spec.js:4 ref('s4'): not run`) });
    writeRefs(dir, [{ problem: 'the test failed' }]);
    expect(output(dir, [])).toEqual({ code: 1, text: expect.stringContaining(`ref('s4'): the test failed`) });
    expect(output(dir, ['--bogus']).code).toBe(2);
    expect(output(dir, ['nope.spec.ts']).code).toBe(2);
    const missing = output(dir, ['--results', '/nonexistent']);
    expect(missing).toEqual({ code: 2, text: expect.stringContaining('no results folder /nonexistent') });
  });

  it('should keep every byte it does not mean to change: Latin-1, a BOM, CRLF', () => {
    const before = Buffer.concat([Buffer.from('\ufeff// caf'), Buffer.from([0xe9, 0x20, 0xff]), Buffer.from(`\r\n${kCommonJs.slice(kCommonJs.indexOf('\n') + 1)}`)]);
    // The BOM and the comment line move nothing: the call stays on line 4 of the original layout.
    const spec = Buffer.concat([before.subarray(0, before.indexOf('\r\n') + 2), Buffer.from(kCommonJs)]);
    const dir = project({ [kSpec]: spec });
    writeRefs(dir, [{ ...checkbox('Café'), line: 5 }]);
    expect(output(dir, []).code).toBe(0);
    const after = fs.readFileSync(path.join(dir, kSpec));
    const expected = Buffer.concat([spec.subarray(0, spec.indexOf('stagewright\n')), Buffer.from(`stagewright.page.getByRole('checkbox', { name: 'Café' })`), spec.subarray(spec.indexOf(`.ref('s4')`) + `.ref('s4')`.length)]);
    expect(after.equals(expected)).toBe(true);
  });

  it('should write nothing when one spec cannot be written or read, and say which', () => {
    const dir = project({ [kSpec]: kCommonJs, ['other.spec.js']: kCommonJs, ['broken.spec.ts']: 'test(\'x\', async () => {' });
    writeRefs(dir, [checkbox()]);
    writeRefs(dir, [checkbox()], { folder: 'other', spec: 'other.spec.js' });
    // The temporary file the second write needs cannot be made.
    const blocked = path.join(dir, `.other.spec.js.stagewright-${process.pid}.tmp`);
    fs.mkdirSync(blocked);
    const unwritable = output(dir, []);
    expect(unwritable.code).toBe(2);
    expect(unwritable.text).toContain(`stagewright freeze: nothing written: could not write ${path.join(dir, 'other.spec.js')}: `);
    expect(fs.readFileSync(path.join(dir, kSpec), 'utf8')).toBe(kCommonJs);
    expect(fs.readFileSync(path.join(dir, 'other.spec.js'), 'utf8')).toBe(kCommonJs);
    fs.rmdirSync(blocked);
    const unreadable = output(dir, [kSpec, 'broken.spec.ts']);
    expect(unreadable.code).toBe(2);
    expect(unreadable.text).toMatch(/nothing written: a spec cannot be read:\n  broken\.spec\.ts: it does not parse: /);
    expect(unreadable.text).not.toMatch(/\n\s+at /);
    expect(fs.readFileSync(path.join(dir, kSpec), 'utf8')).toBe(kCommonJs);
  });

  it('should refuse a spec that changed since the run, and edit nothing in it', () => {
    const dir = project();
    writeRefs(dir, [checkbox()]);
    const changed = `// four\n// lines\n// added\n// above\n${kCommonJs}`;
    fs.writeFileSync(path.join(dir, kSpec), changed);
    const result = output(dir, []);
    expect(result.code).toBe(1);
    expect(result.text).toContain(`not frozen: list.spec.js:4 ref('s4'): the spec changed since the run that recorded it`);
    expect(fs.readFileSync(path.join(dir, kSpec), 'utf8')).toBe(changed);
  });

  it('should never edit a file outside the project that a crafted refs.json names, and ignore a malformed one', () => {
    const outside = project({ ['victim.js']: kCommonJs });
    const dir = project();
    const victim = path.join(outside, 'victim.js');
    writeRefs(dir, [{ ...checkbox(), file: victim }]);
    fs.mkdirSync(path.join(dir, 'test-results', 'bad'));
    fs.writeFileSync(path.join(dir, 'test-results', 'bad', 'refs.json'), '{"version": 2, "calls": "abc"');
    const result = output(dir, []);
    expect(result.code).toBe(1);
    expect(result.text).toContain(`ignored ${path.join('test-results', 'bad', 'refs.json')}: `);
    expect(result.text).toContain(`ref('s4'): it is outside the project folder`);
    expect(fs.readFileSync(victim, 'utf8')).toBe(kCommonJs);
  });

  it('should not edit through a link, in or out of the project, nor follow one in the results folder', () => {
    const outside = project({ ['victim.js']: kCommonJs });
    const dir = project({});
    fs.symlinkSync(path.join(outside, 'victim.js'), path.join(dir, kSpec));
    writeRefs(dir, [checkbox()]);
    // A results folder that links out holds no run of ours.
    fs.symlinkSync(path.join(outside), path.join(dir, 'test-results', 'linked'));
    const result = output(dir, []);
    expect(result.code).toBe(1);
    expect(result.text).toContain(`ref('s4'): it is a symbolic link`);
    expect(fs.readFileSync(path.join(outside, 'victim.js'), 'utf8')).toBe(kCommonJs);
    expect(fs.lstatSync(path.join(dir, kSpec)).isSymbolicLink()).toBe(true);
  });

  it('should count every recorded call it leaves in the spec, with why', () => {
    const spec = `const { test } = require('stagewright');
test('shapes', async ({ stagewright: sw }) => {
  await sw?.ref('s3').click();
  await sw.ref(\`s3\`).click();
  await sw.ref('s' + n).click();
  const r = sw.ref.bind(sw); await r('s3').click();
});
`;
    const dir = project({ [kSpec]: spec });
    writeRefs(dir, [{ line: 3, column: 13, ref: 's3', ...checkbox() }, { line: 4, column: 12, ref: 's3', ...checkbox() }, { line: 5, column: 12, ref: 's3', ...checkbox() }, { line: 6, column: 36, ref: 's3', ...checkbox() }]);
    const result = output(dir, []);
    expect(result.code).toBe(1);
    expect(result.text).toContain('0 ref calls frozen, 4 not.');
    expect(result.text).toContain(`list.spec.js:3 ref('s3'): it is an optional call`);
    expect(result.text).toContain(`list.spec.js:4 ref('s3'): its ref is a template literal`);
    expect(result.text).toContain(`list.spec.js:5 ref('s3'): its ref is computed`);
    expect(result.text).toContain(`list.spec.js:6 ref('s3'): no \`….ref('…')\` call stands where the run made it`);
    expect(fs.readFileSync(path.join(dir, kSpec), 'utf8')).toBe(spec);
  });

  it('should leave a call two projects reached different elements with', () => {
    const dir = project();
    writeRefs(dir, [checkbox('Milk')], { project: 'desktop' });
    writeRefs(dir, [checkbox('Bread')], { folder: 'list-mobile', project: 'mobile' });
    const result = output(dir, []);
    expect(result.code).toBe(1);
    expect(result.text).toContain(`its runs reached different elements here: `);
    expect(result.text).toContain(`page.getByRole('checkbox', { name: 'Milk' }) (project "desktop")`);
    expect(result.text).toContain(`page.getByRole('checkbox', { name: 'Bread' }) (project "mobile")`);
    expect(fs.readFileSync(path.join(dir, kSpec), 'utf8')).toBe(kCommonJs);
  });
});

describe('editBytes', () => {
  it('should map text offsets to bytes in ASCII, in UTF-8 with pairs, and in files that are not UTF-8', () => {
    for (const bytes of [Buffer.from('ab sw.ref(x) cd'), Buffer.from('é😀 sw.ref(x) ü'), Buffer.concat([Buffer.from([0xff, 0xe9, 0x41]), Buffer.from('😀 sw.ref(x) '), Buffer.from([0xc3])])]) {
      const source = decodeSource(bytes);
      const start = source.text.indexOf('sw.ref(x)');
      const edited = editBytes(source, [{ start, end: start + 'sw.ref(x)'.length, code: 'page.getByText(\'ñ\')' }]);
      const at = bytes.indexOf('sw.ref(x)');
      expect(edited.equals(Buffer.concat([bytes.subarray(0, at), Buffer.from('page.getByText(\'ñ\')'), bytes.subarray(at + 'sw.ref(x)'.length)]))).toBe(true);
    }
  });
});
