// `npx stagewright prune` (docs/failures.md, The last passing run) deletes the records of tests
// that are gone, and nothing else: not the user's files when the records folder is pointed at
// them, not what a link inside it reaches, not the records of tests a config leaves out by its
// filters or its environment, nor those another config wrote. And a record on disk is data anyone
// may have written: one of the wrong shape is said once and ignored, never failing a test.
//
// Generated projects with a real Playwright config, through the real CLI. Most are listed and
// never run: their records are written as the fixtures write them, under the ids Playwright lists.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { kLastPassFormat, kLastPassVersion, recordName } from '../../src/triage/lastPassNames';
import { createProject, kRepoRoot, projectConfig, readJson, run, runPlaywright, runPlaywrightCommand } from './helpers/project';

const kCli = path.join(kRepoRoot, 'dist', 'cli', 'index.js');
const kRecords = path.join('.stagewright', 'last-pass');

const prune = (dir: string, args: string[] = [], env: NodeJS.ProcessEnv = {}) => run(process.execPath, [kCli, 'prune', ...args], dir, env);

/** A config for projects that are only listed: no browser. */
const listConfig = (extra = '') => `module.exports = { testMatch: '*.spec.js', ${extra} };`;

const specOf = (...titles: string[]) => `const { test } = require('@playwright/test');\n${titles.map(title => `test(${JSON.stringify(title)}, () => {});`).join('\n')}\n`;

interface Listed { id: string; title: string; file: string; project: string }

const kIdsReporter = `module.exports = class {
  onBegin(config, suite) {
    require('node:fs').writeFileSync('ids.json', JSON.stringify(suite.allTests().map(t => ({ id: t.id, title: t.title, file: require('node:path').basename(t.location.file), project: t.parent.project().name }))));
  }
  printsToStdio() { return true; }
};`;

/** The tests Playwright lists in `dir`, as the records name them. */
async function listTests(dir: string, args: string[] = [], env: NodeJS.ProcessEnv = {}): Promise<Listed[]> {
  fs.writeFileSync(path.join(dir, 'ids-reporter.js'), kIdsReporter);
  const listed = await runPlaywrightCommand(dir, ['test', '--list', '--reporter=./ids-reporter.js', ...args], env);
  expect(listed.code, listed.stdout + listed.stderr).toBe(0);
  const tests: Listed[] = readJson(path.join(dir, 'ids.json'));
  fs.rmSync(path.join(dir, 'ids.json'));
  return tests;
}

/** A record as the fixtures write it after a pass (src/triage/lastPassFiles.ts), under `root` of `dir`; its path. */
function writeRecord(dir: string, test: Listed, options: { root?: string; config?: string; id?: string; spec?: string } = {}): string {
  const file = path.join(dir, options.root ?? kRecords, options.spec ?? test.file, recordName(options.id ?? test.id));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const record = { format: kLastPassFormat, version: kLastPassVersion, config: options.config ?? 'playwright.config.js', test: [test.file, test.title], project: test.project, passedAt: '2026-11-20T10:00:00.000Z', calls: [] };
  fs.writeFileSync(file, JSON.stringify(record, null, 1) + '\n');
  return file;
}

/** Every file and link under `folder`, by lstat, never through a link. */
function filesUnder(folder: string): string[] {
  const files: string[] = [];
  for (const name of fs.existsSync(folder) ? fs.readdirSync(folder).sort() : []) {
    const file = path.join(folder, name);
    files.push(...fs.lstatSync(file).isDirectory() ? filesUnder(file) : [file]);
  }
  return files;
}

test.describe('npx stagewright prune', () => {
  test('should prune the records of tests that are gone, as Playwright lists the suite', async () => {
    test.slow();
    const spec = (...titles: string[]) => `const { test, expect } = require('stagewright');\n${titles.map(title => `
test(${JSON.stringify(title)}, async ({ page }) => {
  await page.setContent('<button onclick="this.textContent = \\'Saved\\'">Save</button>');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button')).toHaveText('Saved');
});`).join('\n')}`;
    const dir = createProject({ 'playwright.config.js': projectConfig(), 'profile.spec.js': spec('save', 'save again') });
    const { result, report } = await runPlaywright(dir);
    expect(report?.stats?.expected, result.stdout + result.stderr).toBe(2);
    const records = filesUnder(path.join(dir, kRecords));
    expect(records).toHaveLength(2);
    // The fixtures mark what they write, and the config it was written under.
    expect(readJson(records[0])).toMatchObject({ format: 'stagewright-last-pass', version: 2, config: 'playwright.config.js', project: '' });

    const none = await prune(dir);
    expect(none.stdout, none.stderr).toContain('0 records of tests that are gone deleted, 2 kept.');
    fs.writeFileSync(path.join(dir, 'profile.spec.js'), spec('save'));
    const dryRun = await prune(dir, ['--dry-run']);
    expect(dryRun.stdout).toMatch(/^would delete \.stagewright\/last-pass\/profile\.spec\.js\/[\w-]+\.json$/m);
    expect(dryRun.stdout).toContain('1 record of tests that are gone to delete, 1 kept.');
    expect(filesUnder(path.join(dir, kRecords))).toHaveLength(2);
    const pruned = await prune(dir);
    expect(pruned.code, pruned.stderr).toBe(0);
    expect(pruned.stdout).toContain('1 record of tests that are gone deleted, 1 kept.');
    const left = filesUnder(path.join(dir, kRecords));
    expect(left.map(file => readJson(file).test)).toEqual([['profile.spec.js', 'save']]);
    // A filter on the command line would prune what it leaves out.
    expect((await prune(dir, ['--grep', 'x'])).code).toBe(2);
  });

  test('should refuse a records folder that is the project, holds it, or is in node_modules, and delete nothing', async () => {
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'stagewright-outside-'));
    fs.writeFileSync(path.join(outside, 'notes.json'), '{}');
    const dir = createProject({
      'playwright.config.js': listConfig(`use: { stagewrightOptions: { lastPassDir: '.' } }`),
      'up.config.js': listConfig(`use: { stagewrightOptions: { lastPassDir: '..' } }`),
      'modules.config.js': listConfig(`use: { stagewrightOptions: { lastPassDir: 'node_modules/.cache/last-pass' } }`),
      'data.config.js': listConfig(`use: { stagewrightOptions: { lastPassDir: 'data' } }`),
      'a.spec.js': specOf('one'),
      'package.json': '{ "name": "app" }',
      'tsconfig.json': '{}',
      'data/fixtures.json': '{ "users": [] }',
      'test-results/.last-run.json': '{ "status": "passed" }',
      'node_modules/.cache/last-pass/a.spec.js/cache.json': '{}',
    });
    fs.symlinkSync(outside, path.join(dir, 'shared'), 'dir');
    const before = [...filesUnder(dir), ...filesUnder(outside)];

    const root = await prune(dir);
    expect(root.code, root.stdout + root.stderr).toBe(2);
    expect(root.stdout).toContain('refused: the records folder . is the config file\'s folder');
    const dryRun = await prune(dir, ['--dry-run']);
    expect(dryRun.code).toBe(2);
    expect(dryRun.stdout).not.toContain('node_modules');
    expect((await prune(dir, ['--config', 'up.config.js'])).stdout).toContain('refused: the records folder .. holds the config file\'s folder');
    expect((await prune(dir, ['--config', 'modules.config.js'])).stdout).toContain('refused: the records folder node_modules/.cache/last-pass is in node_modules');
    const data = await prune(dir, ['--config', 'data.config.js']);
    expect(data.code).toBe(2);
    expect(data.stdout).toContain('refused: the records folder holds 1 file stagewright did not write');
    expect(data.stdout).toContain('  data/fixtures.json\n');

    expect([...filesUnder(dir), ...filesUnder(outside)]).toEqual(before);
  });

  test('should neither enter nor delete a link in the records folder', async () => {
    const dir = createProject({ 'playwright.config.js': listConfig(), 'a.spec.js': specOf('one') });
    const [one] = await listTests(dir);
    writeRecord(dir, one);
    const gone = writeRecord(dir, one, { id: 'a-test-that-is-gone' });
    // Elsewhere, records of tests that are gone too: reached through a link to a folder and one to a file.
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'stagewright-outside-'));
    const outsideRecord = writeRecord(outside, one, { root: 'records', id: 'gone-elsewhere' });
    fs.symlinkSync(path.dirname(outsideRecord), path.join(dir, kRecords, 'elsewhere'), 'dir');
    fs.symlinkSync(outsideRecord, path.join(dir, kRecords, 'a.spec.js', 'linked.json'));

    const pruned = await prune(dir);
    expect(pruned.code, pruned.stdout + pruned.stderr).toBe(0);
    expect(pruned.stdout).toContain('skipped link .stagewright/last-pass/a.spec.js/linked.json (prune follows no link)');
    expect(pruned.stdout).toContain('skipped link .stagewright/last-pass/elsewhere (prune follows no link)');
    expect(pruned.stdout).toContain('1 record of tests that are gone deleted, 1 kept; 2 links skipped.');
    expect(fs.existsSync(gone)).toBe(false);
    expect(fs.existsSync(outsideRecord)).toBe(true);
    expect(fs.lstatSync(path.join(dir, kRecords, 'elsewhere')).isSymbolicLink()).toBe(true);
    expect(fs.lstatSync(path.join(dir, kRecords, 'a.spec.js', 'linked.json')).isSymbolicLink()).toBe(true);
  });

  /** A project of six tests, each with its record. */
  async function sixRecords(): Promise<{ dir: string; records: string }> {
    const dir = createProject({ 'playwright.config.js': listConfig(), 'a.spec.js': specOf('1', '2', '3'), 'b.spec.js': specOf('4', '5', '6') });
    for (const listed of await listTests(dir))
      writeRecord(dir, listed);
    return { dir, records: path.join(dir, kRecords) };
  }

  test('should count each record once with a link loop in the records folder', async () => {
    const { dir, records } = await sixRecords();
    fs.symlinkSync('..', path.join(records, 'a.spec.js', 'loop'), 'dir');
    const pruned = await prune(dir);
    expect(pruned.code, pruned.stdout + pruned.stderr).toBe(0);
    expect(pruned.stdout).toContain('0 records of tests that are gone deleted, 6 kept; 1 link skipped.');
  });

  test('should not crash on a dangling link in the records folder, nor delete it', async () => {
    const { dir, records } = await sixRecords();
    const dangling = path.join(records, 'a.spec.js', 'dangling.json');
    fs.symlinkSync(path.join(records, 'nowhere.json'), dangling);
    const pruned = await prune(dir);
    expect(pruned.code, pruned.stdout + pruned.stderr).toBe(0);
    expect(pruned.stdout).toContain('0 records of tests that are gone deleted, 6 kept; 1 link skipped.');
    expect(fs.lstatSync(dangling).isSymbolicLink()).toBe(true);
  });

  test('should refuse a config that filters the suite, naming the filter', async () => {
    const dir = createProject({
      'playwright.config.js': listConfig(`grep: /one/`),
      'all.config.js': listConfig(),
      'invert.config.js': listConfig(`grepInvert: [/two/]`),
      'shard.config.js': listConfig(`shard: { current: 1, total: 2 }`),
      'project.config.js': listConfig(`projects: [{ name: 'smoke', grep: /one/ }]`),
      'a.spec.js': specOf('one', 'two'),
      'b.spec.js': specOf('three'),
    });
    const all = await listTests(dir, ['--config', 'all.config.js']);
    const smoke = await listTests(dir, ['--config', 'project.config.js']);
    const files = [...all, ...smoke].map(listed => writeRecord(dir, listed));
    const refused = async (args: string[], filter: string) => {
      const result = await prune(dir, args);
      expect(result.code, result.stdout + result.stderr).toBe(2);
      expect(result.stdout).toContain(`refused: the config filters the suite (${filter})`);
    };
    await refused([], 'grep /one/');
    await refused(['--config', 'invert.config.js'], 'grepInvert /two/');
    await refused(['--config', 'shard.config.js'], 'shard 1/2');
    await refused(['--config', 'project.config.js'], 'grep /one/ in project "smoke"');
    expect(files.filter(file => !fs.existsSync(file))).toEqual([]);
  });

  test('should keep the records of spec files and projects the config leaves out by its environment', async () => {
    const dir = createProject({
      'playwright.config.js': listConfig(`
        testIgnore: process.env.SMOKE ? '**/slow.spec.js' : undefined,
        projects: process.env.SMOKE ? [{ name: 'desktop' }] : [{ name: 'desktop' }, { name: 'mobile' }],`),
      'a.spec.js': specOf('one', 'two'),
      'slow.spec.js': specOf('slow'),
    });
    const all = await listTests(dir);
    expect(all).toHaveLength(6);
    for (const listed of all)
      writeRecord(dir, listed);
    const one = all.find(listed => listed.project === 'desktop' && listed.title === 'one')!;
    const renamed = writeRecord(dir, one, { id: 'a-test-that-was-renamed' });
    const deletedSpec = writeRecord(dir, one, { spec: 'deleted.spec.js' });

    const pruned = await prune(dir, [], { SMOKE: '1' });
    expect(pruned.code, pruned.stdout + pruned.stderr).toBe(0);
    expect(pruned.stdout).toContain('2 records of tests that are gone deleted, 6 kept (4 not listed by this config).');
    expect([renamed, deletedSpec].filter(file => fs.existsSync(file))).toEqual([]);
    expect(filesUnder(path.join(dir, kRecords))).toHaveLength(6);
  });

  test('should keep the records another config wrote in the test folder they share', async () => {
    const dir = createProject({
      'playwright.config.js': listConfig(),
      // It defines one more test: a config cannot see the tests only another one defines.
      'other.config.js': `process.env.EXTRA = '1';\n${listConfig()}`,
      'a.spec.js': `${specOf('one')}if (process.env.EXTRA)\n  test('extra', () => {});\n`,
    });
    const theirs = await listTests(dir, ['--config', 'other.config.js']);
    expect(theirs.map(listed => listed.title)).toEqual(['one', 'extra']);
    const kept = theirs.map(listed => writeRecord(dir, listed, { config: 'other.config.js' }));
    const gone = writeRecord(dir, theirs[0], { id: 'a-test-that-is-gone' });

    const pruned = await prune(dir);
    expect(pruned.code, pruned.stdout + pruned.stderr).toBe(0);
    expect(pruned.stdout).toContain('1 record of tests that are gone deleted, 2 kept (2 of another config).');
    expect(kept.filter(file => !fs.existsSync(file))).toEqual([]);
    expect(fs.existsSync(gone)).toBe(false);
  });

  test('should leave an interrupted write and a marked file it cannot read, and refuse one it did not write', async () => {
    const dir = createProject({ 'playwright.config.js': listConfig(), 'a.spec.js': specOf('one') });
    const [one] = await listTests(dir);
    const record = writeRecord(dir, one);
    const temporary = `${writeRecord(dir, one, { id: 'interrupted' })}.4242.tmp`;
    fs.renameSync(temporary.replace(/\.4242\.tmp$/, ''), temporary);
    const broken = path.join(path.dirname(record), 'broken.json');
    fs.writeFileSync(broken, JSON.stringify({ format: kLastPassFormat, version: kLastPassVersion, calls: 'x' }));

    const pruned = await prune(dir);
    expect(pruned.code, pruned.stdout + pruned.stderr).toBe(0);
    expect(pruned.stdout).toContain('ignored .stagewright/last-pass/a.spec.js/broken.json: config is not a string');
    expect(pruned.stdout).toContain('0 records of tests that are gone deleted, 1 kept; 1 temporary file of an interrupted write left; 1 unreadable file ignored.');
    expect([record, temporary, broken].filter(file => !fs.existsSync(file))).toEqual([]);

    // A record of stagewright 0.10 has no mark: not ours to delete.
    const old = path.join(path.dirname(record), 'old.json');
    fs.writeFileSync(old, JSON.stringify({ version: 1, test: ['a.spec.js', 'gone'], project: '', passedAt: '2026-01-01T00:00:00.000Z', calls: [] }));
    const refused = await prune(dir);
    expect(refused.code).toBe(2);
    expect(refused.stdout).toContain('  .stagewright/last-pass/a.spec.js/old.json\n');
    expect(refused.stdout).toContain('delete those by hand');
    expect([record, temporary, broken, old].filter(file => !fs.existsSync(file))).toEqual([]);
  });
});

test.describe('a last-pass record read from disk', () => {
  test.slow();

  /**
   * A project whose tests click "Save": a first run passes and writes their records, `changes`
   * spoil them (by title), and a second run reads them, on a page without the button if `broken`.
   * A click gives up after 1 s only there: on a busy machine a passing click may take longer.
   */
  async function spoiled(changes: Record<string, object>, broken = false) {
    const dir = createProject({
      'playwright.config.js': projectConfig('actionTimeout: Number(process.env.APP_TIMEOUT)'),
      'a.spec.js': `const fs = require('node:fs');
const { test } = require('stagewright');
for (const title of ${JSON.stringify(Object.keys(changes))}) {
  test(title, async ({ page }) => {
    await page.setContent(fs.existsSync(require('node:path').join(__dirname, 'broken')) ? '<p>Nothing to save</p>' : '<button>Save</button>');
    await page.getByRole('button', { name: 'Save' }).click();
  });
}`,
    });
    const first = await runPlaywright(dir, [], 'json', { APP_TIMEOUT: '10000' });
    expect(first.report?.stats?.expected, first.result.stdout + first.result.stderr).toBe(Object.keys(changes).length);
    const records = filesUnder(path.join(dir, kRecords));
    for (const file of records)
      fs.writeFileSync(file, JSON.stringify({ ...readJson(file), ...changes[readJson(file).test.at(-1)] }));
    if (broken)
      fs.writeFileSync(path.join(dir, 'broken'), '');
    const { result, report } = await runPlaywright(dir, [], 'json', { APP_TIMEOUT: broken ? '1000' : '10000' });
    const results = report?.suites?.[0]?.specs.map((spec: any) => spec.tests[0].results[0]) ?? [];
    // What the workers wrote on stderr, test by test.
    const stderr = JSON.stringify(results.map((r: any) => r.stderr));
    return { dir, records, results, output: result.stdout + result.stderr + stderr, stderr };
  }

  test('should pass a test whose record holds refs of the wrong shape, say so once, and write the record again', async () => {
    const { records, results, output, stderr } = await spoiled({ 'refs "abc"': { refs: 'abc' }, 'refs [null]': { refs: [null] } });
    expect(results.map((r: any) => r.status), output).toEqual(['passed', 'passed']);
    expect(stderr).toMatch(/stagewright: ignored the last passing run in \S+: refs is not a list/);
    expect(stderr).toMatch(/stagewright: ignored the last passing run in \S+: refs\[0\] is not an object/);
    for (const file of records) {
      expect(stderr.split(`ignored the last passing run in ${file}:`)).toHaveLength(2);
      expect(readJson(file)).toMatchObject({ format: 'stagewright-last-pass', calls: [expect.objectContaining({ method: 'click' })] });
      expect(readJson(file).refs).toBeUndefined();
    }
  });

  test('should triage a failure whose record holds calls of the wrong shape as one with no passing run on record', async () => {
    const { dir, results, output } = await spoiled({ 'calls [null]': { calls: [null] } }, true);
    expect(results.map((r: any) => r.status), output).toEqual(['failed']);
    expect(results[0].errors[0].message).toContain('locator.click: Timeout 1000ms exceeded');
    const triage = filesUnder(path.join(dir, 'test-results')).find(file => file.endsWith('triage.json'));
    expect(triage, output).toBeDefined();
    expect(readJson(triage!).lastPass).toContain('No passing run of this test is on record');
  });
});
