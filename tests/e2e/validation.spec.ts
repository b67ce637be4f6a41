// Arguments are checked for what they mean, at every public entry point: an option that would
// quietly switch the library off, an expectation that holds whatever happens, a value of the
// wrong type, a pattern that would block the worker, a locator that matches nothing — each is a
// coded error at once, whose message quotes the input in a short line. And a disk that cannot be
// written loses files, never the capture.
import fs from 'node:fs';
import { errorOf, expect, test } from './helpers/fixtures';
import { projectConfig, runStepsProject, userSteps } from './helpers/project';

const firstLine = (error: Error) => error.message.split('\n')[0];

test.describe('stagewrightOptions', () => {
  test('should refuse options that would switch the library off, each with what was meant', async () => {
    const cases: [string, string][] = [
      [`{ captur: 'off' }`, `INVALID_ARGUMENT: stagewrightOptions got unknown options: captur. For captur, did you mean 'capture'?`],
      [`{ files: 'no' }`, `INVALID_ARGUMENT: stagewrightOptions.files must be true or false, got "no".`],
      [`{ attach: { aria: 'no' } }`, `INVALID_ARGUMENT: stagewrightOptions.attach.aria must be true or false, got "no".`],
      [`{ attach: { arai: false } }`, `INVALID_ARGUMENT: stagewrightOptions.attach got unknown fields: arai. For arai, did you mean 'aria'?`],
      [`{ limits: 'big' }`, `INVALID_ARGUMENT: stagewrightOptions.limits must be an object like { maxNodes: 50000, maxDepth: 256, timeBudgetMs: 2000 }, got "big".`],
      [`{ limits: { maxNode: 10 } }`, `INVALID_ARGUMENT: stagewrightOptions.limits got unknown fields: maxNode. For maxNode, did you mean 'maxNodes'?`],
      [`{ captureTimeout: 3_000_000_000 }`, `INVALID_ARGUMENT: stagewrightOptions.captureTimeout must be at most 2147483647 ms (about 24.8 days, the longest a timer waits), got 3000000000.`],
    ];
    const { results, output } = await runStepsProject({
      'playwright.config.js': projectConfig(),
      'options.spec.js': `
const { test } = require('stagewright');
${cases.map(([options], index) => `
test.describe('case ${index}', () => {
  test.use({ stagewrightOptions: ${options} });
  test('case ${index}', async ({ stagewright }) => {});
});`).join('\n')}`,
    });
    expect(results, output).toHaveLength(cases.length);
    for (const [index, [, message]] of cases.entries()) {
      const result = results.find(r => r.title === `case ${index}`)!;
      expect(result.status, message).toBe('failed');
      expect(result.errors[0], message).toContain(message);
    }
  });

  test('should honour captureTimeout 0 as no limit: every capture is taken', async () => {
    const { results, output } = await runStepsProject({
      'playwright.config.js': projectConfig(),
      'timeout.spec.js': `
const { test } = require('stagewright');
test.use({ stagewrightOptions: { captureTimeout: 0 } });
test('no limit', async ({ page }) => {
  await page.setContent('<button>Go</button>');
  await test.step('click', async () => { await page.getByRole('button').click(); });
});`,
    });
    expect(results, output).toHaveLength(1);
    expect(results[0].status).toBe('passed');
    const all = JSON.stringify(results[0]);
    expect(all).not.toContain('capture skipped');
    expect(userSteps(results[0])[0].attachments.map(a => a.name)).toContainEqual(expect.stringMatching(/^\d{3} click · accessibility-tree\.yaml$/));
  });

  test.describe('with limits of Infinity', () => {
    test.use({ stagewrightOptions: { limits: { maxNodes: Infinity, maxDepth: Infinity, timeBudgetMs: Infinity } } });

    test('should walk the whole page: no limit, not a limit of null', async ({ page, stagewright: sw }) => {
      await page.setContent(`<ul>${'<li>item</li>'.repeat(1_000)}</ul>`);
      const snapshot = await sw.snapshot();
      expect(snapshot.meta.truncated).toBe(false);
      expect(snapshot.entries).toHaveLength(1_001);
    });
  });
});

test.describe('matchers', () => {
  test('should refuse a toHaveChanged expectation that expects nothing, or misspells its lists', async ({ page, stagewright: sw }) => {
    await page.setContent('<button>Go</button>');
    await sw.snapshot();
    const misspelt = await errorOf(() => expect(sw).toHaveChanged({ add: [{ role: 'dialog' }] } as never, { timeout: 100 }));
    expect(firstLine(misspelt)).toBe(`INVALID_ARGUMENT: toHaveChanged() got unknown fields: add. For add, did you mean 'added'? Known: added, removed, changed.`);
    const empty = await errorOf(() => expect(sw).toHaveChanged({}, { timeout: 100 }));
    expect(firstLine(empty)).toBe('INVALID_ARGUMENT: toHaveChanged() needs at least one expected change, got {}: an empty expectation holds whatever happens.');
    expect(firstLine(await errorOf(() => expect(sw).not.toHaveChanged({ added: [] }, { timeout: 100 })))).toMatch(/^INVALID_ARGUMENT: toHaveChanged\(\) needs at least one expected change, got \{"added":\[\]\}/);
    const removedState = await errorOf(() => expect(sw).toHaveChanged({ removed: [{ role: 'button', state: { disabled: true } }] }, { timeout: 100 }));
    expect(firstLine(removedState)).toMatch(/^INVALID_ARGUMENT: toHaveChanged\(\): a removed entry is matched on its ref, role and name only/);
  });

  test('should name the query field meant by a typo', async ({ page, stagewright: sw }) => {
    await page.setContent('<button>Go</button>');
    const error = await errorOf(() => expect(sw).toHaveEntry({ role: 'button', nmae: 'Go' } as never, { timeout: 100 }));
    expect(firstLine(error)).toBe(`INVALID_ARGUMENT: toHaveEntry() got unknown query fields: nmae. For nmae, did you mean 'name'? Known: role, name, exact, state, interactive, ref.`);
  });

  test('should refuse counts, refs and options of the wrong type at once', async ({ page, stagewright: sw }) => {
    await page.setContent('<button>Go</button>');
    const started = Date.now();
    expect(firstLine(await errorOf(() => expect(sw).toHaveEntryCount({ role: 'button' }, 1.5)))).toBe('INVALID_ARGUMENT: toHaveEntryCount() takes a non-negative integer count, got 1.5.');
    expect(firstLine(await errorOf(() => expect(sw).toHaveEntryCount({ role: 'button' }, 1n as never)))).toBe('INVALID_ARGUMENT: toHaveEntryCount() takes a non-negative integer count, got 1n.');
    expect(firstLine(await errorOf(() => expect(sw).toHaveRef(12 as never)))).toBe('INVALID_ARGUMENT: toHaveRef() takes a ref like s12 (main frame) or f1s3 (first child frame), got 12.');
    expect(firstLine(await errorOf(() => expect(sw).toHaveRef('s1', { ref: 's2' } as never)))).toMatch(/^INVALID_ARGUMENT: toHaveRef\(\) got unknown query fields: ref\. Known: role, name, exact, state, interactive\.$/);
    expect(firstLine(await errorOf(() => expect(sw).toHaveEntry({ role: 'button' }, 5000 as never)))).toBe('INVALID_ARGUMENT: toHaveEntry() takes its options as { timeout }, got 5000.');
    expect(firstLine(await errorOf(() => expect(sw).toHaveEntry({ role: 'link' }, { timout: 100 } as never)))).toBe(`INVALID_ARGUMENT: toHaveEntry() got unknown options: timout. For timout, did you mean 'timeout'? Known: timeout.`);
    expect(firstLine(await errorOf(() => expect(sw).toHaveEntry({ role: 'link' }, { timeout: 10n } as never)))).toBe('INVALID_ARGUMENT: timeout must be a non-negative number of milliseconds, got 10n.');
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

test.describe('since: \'last\' with no snapshot before', () => {
  test('should be INVALID_ARGUMENT for snapshot and text, as for toHaveChanged', async ({ page, stagewright: sw }) => {
    await page.setContent('<button>Go</button>');
    const snapshot = await errorOf(() => sw.snapshot({ since: 'last' }));
    expect((snapshot as { code?: string }).code).toBe('INVALID_ARGUMENT');
    expect(firstLine(snapshot)).toBe(`INVALID_ARGUMENT: snapshot({ since: 'last' }) compares against the last snapshot, and none was taken.`);
    expect(snapshot.message).toContain('Hint: Take a snapshot first: await sw.snapshot()');
    const text = await errorOf(() => sw.text({ since: 'last' }));
    expect(firstLine(text)).toBe(firstLine(snapshot));
    const matcher = await errorOf(() => expect(sw).toHaveChanged({ added: [{ role: 'button' }] }));
    expect(firstLine(matcher)).toBe(`INVALID_ARGUMENT: toHaveChanged() compares against the last snapshot, and none was taken.`);
    // Refused before the walk: nothing became the baseline.
    await sw.snapshot();
    expect(await sw.text({ since: 'last' })).toBe('diff +0 -0 ~0');
  });
});

test.describe('arguments of the wrong type', () => {
  test('should refuse what is not a Page in forPage, at once rather than at teardown', async ({ page, browser, stagewright: sw }) => {
    await page.setContent('<button>Go</button>');
    const handle = (await page.$('button'))!;
    expect(firstLine(await errorOf(() => sw.forPage(browser as never)))).toBe('INVALID_ARGUMENT: forPage() takes a Playwright Page, like await context.newPage(), got a Playwright Browser.');
    expect(firstLine(await errorOf(() => sw.forPage(handle as never)))).toBe('INVALID_ARGUMENT: forPage() takes a Playwright Page, like await context.newPage(), got a Playwright ElementHandle.');
    expect(firstLine(await errorOf(() => sw.forPage(page.mainFrame() as never)))).toBe('INVALID_ARGUMENT: forPage() takes a Playwright Page, like await context.newPage(), got a Playwright Frame.');
  });

  test('should refuse what is not a Locator of this page in refOf and root', async ({ page, stagewright: sw }) => {
    await page.setContent('<button>Go</button>');
    const handle = (await page.$('button'))!;
    expect(firstLine(await errorOf(() => sw.refOf(handle as never)))).toBe('INVALID_ARGUMENT: refOf() takes a Playwright Locator, like page.getByRole(\'button\'), got a Playwright ElementHandle.');
    expect(firstLine(await errorOf(() => sw.snapshot({ root: handle as never })))).toBe('INVALID_ARGUMENT: snapshot(): root takes a Playwright Locator, like page.getByRole(\'button\'), got a Playwright ElementHandle.');
    const other = await page.context().newPage();
    await other.setContent('<button>Other</button>');
    expect(firstLine(await errorOf(() => sw.refOf(other.getByRole('button'))))).toMatch(/^INVALID_ARGUMENT: refOf\(\) got a Locator of another page: "getByRole\('button'\)"\.$/);
    // Refs are shared by the test's pages: s1 is Go, named by the capture after setContent.
    expect(await sw.forPage(other).refOf(other.getByRole('button'))).toBe('s2');
  });

  test('should refuse cyclic, BigInt and misspelt options with a short message', async ({ page, stagewright: sw }) => {
    await page.setContent('<button>Go</button>');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(firstLine(await errorOf(() => sw.snapshot(cyclic as never)))).toBe(`INVALID_ARGUMENT: snapshot(): got unknown options: self. Known: since, diffFormat, frames, root, interactiveOnly, maxEntries, budgetTokens.`);
    expect(firstLine(await errorOf(() => sw.snapshot({ interactiveOnly: cyclic } as never)))).toBe('INVALID_ARGUMENT: snapshot(): interactiveOnly must be true or false, got {"self":[Circular]}.');
    expect(firstLine(await errorOf(() => sw.text({ maxEntries: 3n } as never)))).toBe('INVALID_ARGUMENT: text(): maxEntries must be a non-negative integer, got 3n.');
    expect(firstLine(await errorOf(() => sw.snapshot({ budgetTokens: 3n } as never)))).toBe('INVALID_ARGUMENT: snapshot(): budgetTokens must be a positive integer, got 3n.');
    expect(firstLine(await errorOf(() => sw.snapshot({ maxEntrie: 3 } as never)))).toBe(`INVALID_ARGUMENT: snapshot(): got unknown options: maxEntrie. For maxEntrie, did you mean 'maxEntries'? Known: since, diffFormat, frames, root, interactiveOnly, maxEntries, budgetTokens.`);
    expect(firstLine(await errorOf(() => sw.find({ role: cyclic } as never)))).toBe('INVALID_ARGUMENT: sw.find(): role must be a string, got {"self":[Circular]}.');
    expect(firstLine(await errorOf(() => sw.find(page as never)))).toBe(`INVALID_ARGUMENT: sw.find() takes an EntryQuery object like { role: 'button', name: 'Save' }, got a Playwright Page.`);
  });

  test('should quote at most a short piece of a huge input', async ({ page, stagewright: sw }) => {
    await page.setContent('<button>Go</button>');
    const huge = 'x'.repeat(10 * 1024 * 1024);
    for (const error of [
      await errorOf(() => sw.ref(huge)),
      await errorOf(() => sw.snapshot({ since: huge } as never)),
      await errorOf(() => expect(sw).toHaveEntry({ role: 'button', [huge]: 1 } as never)),
      await errorOf(() => expect(sw).toHaveRef(huge)),
    ]) {
      expect(error.message).toMatch(/^INVALID_ARGUMENT: /);
      expect(firstLine(error).length).toBeLessThan(500);
    }
  });
});

test.describe('a catastrophic name pattern', () => {
  test('should be stopped and refused, not block the worker', async ({ page, stagewright: sw }) => {
    test.setTimeout(10_000);
    await page.setContent(`<button>${'a'.repeat(27)}!</button>`);
    let started = Date.now();
    const matcher = await errorOf(() => expect(sw).toHaveEntry({ name: /(a+)+$/ }, { timeout: 3_000 }));
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(firstLine(matcher)).toBe('INVALID_ARGUMENT: The name pattern /(a+)+$/ takes too long: it ran past 1000 ms over 1 name (catastrophic backtracking).');
    started = Date.now();
    const find = await errorOf(() => sw.find({ role: 'button', name: /(a+)+$/ }));
    expect(Date.now() - started).toBeLessThan(2_500);
    expect((find as { code?: string }).code).toBe('INVALID_ARGUMENT');
    // A sound pattern still matches.
    expect((await sw.find({ name: /a+!$/ })).map(e => e.ref)).toEqual(['s1']);
  });
});

test.describe('refOf', () => {
  test('should give up on a locator that matches nothing with REF_NOT_FOUND, long before the test\'s timeout', async ({ page, stagewright: sw }) => {
    test.setTimeout(30_000);
    await page.setContent('<button>Go</button>');
    const started = Date.now();
    const error = await errorOf(() => sw.refOf(page.locator('#nope')));
    expect(Date.now() - started).toBeLessThan(9_000);
    expect((error as { code?: string }).code).toBe('REF_NOT_FOUND');
    expect(firstLine(error)).toMatch(/^REF_NOT_FOUND: locator\('#nope'\) matches no element: .*Timeout 5000ms exceeded/);
  });
});

test.describe('files that cannot be written', () => {
  test('should return the capture and the DOM, and note why the files are missing', async ({ page, stagewright: sw }) => {
    // A file where the folder goes: no write can succeed there, as root too.
    fs.writeFileSync(test.info().outputPath('stagewright'), '');
    await page.setContent('<button>Go</button>');
    const capture = await sw.checkpoint('look');
    expect(capture.files).toEqual({ aria: 'accessibility-tree.yaml', dom: 'dom.html' });
    expect(capture.label).toBe('look');
    expect(await sw.dom()).toContain('<button ref="s1">Go</button>');
    await test.step('click', async () => {
      await page.getByRole('button').click();
    });
    // The first capture is the one after setContent (`captureActions`): it attaches nothing, and its files are the first not written.
    expect(sw.history.map(c => c.label)).toEqual(['setContent', 'look', 'dom', 'click']);
    await expect.poll(() => test.info().attachments.filter(a => a.name === 'stagewright · files not written').length).toBe(1);
    const note = test.info().attachments.find(a => a.name === 'stagewright · files not written')!;
    expect(note.body!.toString()).toMatch(/^SNAPSHOT_FAILED: The files of "setContent" could not be written to .*stagewright: /);
    expect(note.body!.toString()).toContain('The capture itself is complete');
    expect(test.info().attachments.map(a => a.name)).toContain('001 look · accessibility-tree.yaml');
  });
});
