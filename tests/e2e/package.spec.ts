// Smoke tests of the built package, used the way users use it: required from CommonJS, imported
// from ESM, type-checked through its .d.ts, and run in small Playwright Test projects of each kind;
// then packed with `npm pack`, installed from the tarball into a fresh project, and the README's
// quick start type-checked under strict and run there.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, test } from '@playwright/test';
import { createProject, kRepoRoot, run, runPlaywright, type RunResult } from './helpers/project';
import { source as injectedSource } from '../../src/generated/injectedSource';

const kPublicNames = ['test', 'expect', 'StagewrightError', 'ErrorCode', 'diffSnapshots', 'reconcileRefs', 'formatSnapshot', 'findEntries', 'estimateTokens'];

const config = (ext: string) => `
${ext === 'cjs' ? `const { defineConfig } = require('@playwright/test');\nconst { chromiumLaunchOptions } = require('stagewright/browser');\nmodule.exports =` : `import { defineConfig } from '@playwright/test';\nimport { chromiumLaunchOptions } from 'stagewright/browser';\nexport default`} defineConfig({
  testMatch: '*.spec.${ext}',
  use: { launchOptions: chromiumLaunchOptions() },
});`;

const spec = (importLine: string) => `${importLine}
test('snapshots by ref', async ({ page, stagewright: sw }) => {
  await page.setContent('<button onclick="this.textContent = \\'Done\\'">Go</button>');
  const [go] = await sw.find({ role: 'button', name: 'Go' });
  await sw.ref(go.ref).click();
  await expect(sw.ref(go.ref)).toHaveText('Done');
});`;

test.describe('the built package', () => {
  test('should be required from CommonJS with every public name', async () => {
    const dir = createProject({});
    const { code, stdout, stderr } = await run(process.execPath, ['-e', `const m = require('stagewright'); console.log(JSON.stringify(Object.keys(m)))`], dir);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual(expect.arrayContaining(kPublicNames));
  });

  test('should be imported from ESM as the same module instance', async () => {
    const dir = createProject({
      'check.mjs': `import { test, StagewrightError } from 'stagewright';
import { createRequire } from 'node:module';
const cjs = createRequire(import.meta.url)('stagewright');
console.log(JSON.stringify({ same: cjs.test === test && cjs.StagewrightError === StagewrightError, code: new StagewrightError('REF_STALE', 'x').code }));`,
    });
    const { code, stdout, stderr } = await run(process.execPath, ['check.mjs'], dir);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ same: true, code: 'REF_STALE' });
  });

  test('should type-check through its declarations', async () => {
    const dir = createProject({
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, module: 'node16', moduleResolution: 'node16', noEmit: true, skipLibCheck: true, types: [] } }),
      'check.ts': `import { test, expect, StagewrightError, type Snapshot, type SnapshotEntry } from 'stagewright';
test('typed', async ({ stagewright }) => {
  const snapshot: Snapshot = await stagewright.snapshot();
  const entry: SnapshotEntry | undefined = snapshot.entries[0];
  const diff = await stagewright.snapshot({ since: 'last' });
  expect(diff.added.length + (entry ? 1 : 0)).toBeGreaterThanOrEqual(0);
  // @ts-expect-error refs are strings
  stagewright.ref(12);
});
const error: StagewrightError = new StagewrightError('REF_NOT_FOUND', 'x');
export { error };`,
    });
    fs.symlinkSync(path.join(kRepoRoot, 'node_modules', 'typescript'), path.join(dir, 'node_modules', 'typescript'), 'dir');
    const { code, stdout } = await run(process.execPath, [path.join(dir, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], dir);
    expect(stdout).toBe('');
    expect(code).toBe(0);
  });

  for (const kind of ['cjs', 'mjs'] as const) {
    test(`should run a ${kind === 'cjs' ? 'CommonJS' : 'ESM'} Playwright Test project`, async () => {
      const dir = createProject({
        [`playwright.config.${kind}`]: config(kind),
        [`smoke.spec.${kind}`]: spec(kind === 'cjs' ? `const { test, expect } = require('stagewright');` : `import { test, expect } from 'stagewright';`),
      });
      const { result, report } = await runPlaywright(dir, ['-c', `playwright.config.${kind}`]);
      expect(report?.stats, result.stderr + result.stdout).toMatchObject({ expected: 1, unexpected: 0 });
    });
  }
});

test.describe('findChromium', () => {
  test('should name the fix when no browser is found', async () => {
    const { findChromium } = require(path.join(kRepoRoot, 'dist', 'browser', 'index.js'));
    expect(() => findChromium({ STAGEWRIGHT_CHROMIUM: '/nonexistent/chromium' })).toThrow(/^INVALID_ARGUMENT: STAGEWRIGHT_CHROMIUM points to "\/nonexistent\/chromium", which does not exist/);
    expect(() => findChromium({}, { bundled: '/nonexistent/playwright-chromium', system: ['/nonexistent/chromium'] }))
        .toThrow(/^INVALID_ARGUMENT: No Chromium found\.\nHint: Install one: `apt-get install -y chromium` \(Debian\), or `npx playwright install chromium`, or set STAGEWRIGHT_CHROMIUM=/);
    const found = findChromium({});
    expect(fs.existsSync(found.executablePath)).toBe(true);
    expect(findChromium({ STAGEWRIGHT_CHROMIUM: found.executablePath })).toEqual({ executablePath: found.executablePath, source: 'STAGEWRIGHT_CHROMIUM' });
  });
});

// ---------------------------------------------------------------------------------------------
// The package as a user gets it.

/** What `npm pack --json` says of the tarball. */
interface Packed { filename: string; version: string; unpackedSize: number; files: { path: string; size: number }[] }

/** The README's quick start: each code block under `<!-- quick start: FILE -->` (run) or `<!-- type-checked as: FILE -->`. */
function readmeFiles(): { file: string; code: string; run: boolean }[] {
  const readme = fs.readFileSync(path.join(kRepoRoot, 'README.md'), 'utf8');
  return [...readme.matchAll(/<!-- (quick start|type-checked as): (\S+) -->\n```ts\n([\s\S]*?)\n```/g)]
      .map(([, kind, file, code]) => ({ file: file!, code: code! + '\n', run: kind === 'quick start' }));
}

/** The text files in the zip an HTML report embeds in its index.html (central directory, stored or deflated entries). */
function readHtmlReport(reportFolder: string): Record<string, any> {
  const html = fs.readFileSync(path.join(reportFolder, 'index.html'), 'utf8');
  const zip = Buffer.from(/<template id="playwrightReportBase64">data:application\/zip;base64,([^<]*)<\/template>/.exec(html)![1]!, 'base64');
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const files: Record<string, any> = {};
  for (let i = 0, at = zip.readUInt32LE(end + 16); i < zip.readUInt16LE(end + 10); i++) {
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + zip.readUInt32LE(at + 20));
    files[zip.toString('utf8', at + 46, at + 46 + nameLength)] = JSON.parse((zip.readUInt16LE(at + 10) === 8 ? zlib.inflateRawSync(data) : data).toString('utf8'));
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return files;
}

/** A heading's anchor as GitHub makes it. */
function anchorOf(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s-]/gu, '').replace(/\s/g, '-');
}

/** Runs npm without the settings an outer `npm test` passed down to its scripts (`npm_*` variables). */
function runNpm(args: string[], cwd: string): Promise<RunResult> {
  return run('npm', args, cwd, Object.fromEntries(Object.keys(process.env).filter(name => /^npm_/i.test(name)).map(name => [name, undefined])));
}

test.describe('the packed package', () => {
  // One pack and one install, shared by the tests below: they run in order in one worker.
  test.describe.configure({ mode: 'default', timeout: 120_000 });
  let packed: Packed;
  let consumer: string;
  let install: RunResult;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    consumer = fs.mkdtempSync(path.join(os.tmpdir(), 'stagewright-consumer-'));
    const pack = await runNpm(['pack', '--json', '--pack-destination', consumer], kRepoRoot);
    expect(pack.code, pack.stderr).toBe(0);
    packed = JSON.parse(pack.stdout)[0];
    // A fresh project: the tarball, and the Playwright and Node types the repository uses (from npm's cache when it has them).
    fs.writeFileSync(path.join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true }));
    const version = (name: string) => JSON.parse(fs.readFileSync(path.join(kRepoRoot, 'node_modules', name, 'package.json'), 'utf8')).version;
    install = await runNpm(['install', '--prefer-offline', '--no-audit', '--no-fund', '--save-dev',
      path.join(consumer, packed.filename), `@playwright/test@${version('@playwright/test')}`, `@types/node@${version('@types/node')}`], consumer);
    expect(install.code, install.stderr).toBe(0);
    // The README's files, in a CommonJS and an ESM project that share the install.
    for (const kind of ['commonjs', 'module']) {
      for (const { file, code } of readmeFiles()) {
        fs.mkdirSync(path.dirname(path.join(consumer, kind, file)), { recursive: true });
        fs.writeFileSync(path.join(consumer, kind, file), code);
      }
      fs.writeFileSync(path.join(consumer, kind, 'package.json'), JSON.stringify({ type: kind }));
    }
  });

  test.afterAll(() => fs.rmSync(consumer, { recursive: true, force: true }));

  test('should hold LICENSE, README, CHANGELOG and every file the documents link', async () => {
    const paths = new Set(packed.files.map(file => file.path));
    expect([...paths]).toEqual(expect.arrayContaining(['package.json', 'LICENSE', 'README.md', 'CHANGELOG.md', 'docs/agents.md']));
    expect(fs.readFileSync(path.join(kRepoRoot, 'LICENSE'), 'utf8')).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} Stagewright contributors\n/);
    const documents = [...paths].filter(file => file.endsWith('.md'));
    const headings = (file: string) => [...fs.readFileSync(path.join(kRepoRoot, file), 'utf8').matchAll(/^#+ (.*)$/gm)].map(([, heading]) => anchorOf(heading!));
    const broken: string[] = [];
    for (const document of documents) {
      const text = fs.readFileSync(path.join(kRepoRoot, document), 'utf8');
      for (const [, link] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(link!))
          continue;
        const [target, anchor] = link!.split('#');
        const file = target ? path.posix.normalize(path.posix.join(path.posix.dirname(document), target)) : document;
        if (!paths.has(file) || (anchor && !headings(file).includes(anchor)))
          broken.push(`${document}: ${link}`);
      }
      // A document names no file of the repository that is not there (files a test run writes aside).
      for (const [name] of text.matchAll(/\b[\w-]+\.md\b/g)) {
        if (!['triage.md', 'error-context.md'].includes(name) && !documents.some(file => path.posix.basename(file) === name))
          broken.push(`${document}: ${name}`);
      }
    }
    expect(broken).toEqual([]);
    const changelog = fs.readFileSync(path.join(kRepoRoot, 'CHANGELOG.md'), 'utf8');
    // The newest release heads the changelog, below what is not released yet.
    expect(/^## (?!Unreleased$)(\S+)/m.exec(changelog)?.[1]).toBe(packed.version);
  });

  test('should ship the injected source once, and nothing that nothing loads', async () => {
    const paths = packed.files.map(file => file.path);
    // The code is the two entries, each bundled into one file, and their ESM wrappers; and the command.
    expect(paths.filter(file => file.startsWith('dist/') && !file.endsWith('.d.ts')).sort())
        .toEqual(['dist/browser/index.js', 'dist/browser/index.mjs', 'dist/cli/index.js', 'dist/index.js', 'dist/index.mjs']);
    expect(paths.filter(file => /^(src|tests|bench|examples|injected|scripts)\//.test(file))).toEqual([]);
    // Every declaration file is one the entries' declarations reach.
    const installed = path.join(consumer, 'node_modules', 'stagewright');
    const reached = new Set<string>();
    const pending = ['dist/index.d.ts', 'dist/browser/index.d.ts'];
    for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
      if (reached.has(file))
        continue;
      reached.add(file);
      for (const [, specifier] of fs.readFileSync(path.join(installed, file), 'utf8').matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*)['"](\.{1,2}\/[^'"]*)['"]/g)) {
        const base = path.posix.join(path.posix.dirname(file), specifier!.replace(/\.js$/, ''));
        pending.push(paths.includes(base + '.d.ts') ? base + '.d.ts' : base + '/index.d.ts');
      }
    }
    expect(paths.filter(file => file.endsWith('.d.ts')).sort()).toEqual([...reached].sort());
    // The page runtime, found by a stretch of its code that a bundler writes back as it is in any
    // quotes (no quote, escape, line break or `$`): in the main bundle only.
    const stretch = /[^"'`\\\n$]{80}/.exec(injectedSource.slice(injectedSource.length / 2))![0];
    expect(paths.filter(file => fs.readFileSync(path.join(installed, file), 'utf8').includes(stretch))).toEqual(['dist/index.js']);
  });

  // A bound against bloat, moved only with what it buys: 450 KB until 0.5.1; 0.6.0 adds masking by
  // value, editors and their documentation (the history condensed and the pictures recompressed
  // to pay for most of it); 0.7.0 adds docs/design.md (the design every comment cites), the
  // compatibility and internals sections, and the protocol's decoder beside its encoder (+11 KB),
  // then capture modes in the trace's words, held step captures for retain-on-failure, and the
  // options and documentation for them and for step suggestions (+8 KB), and the change check's
  // style state, frame wait and oracle, with "Proving the shortcuts" (+10 KB); 0.8.0 adds per-action
  // captures (`captureActions`): the action hook, the calls' titles and their documentation (+8 KB);
  // 0.9.0 adds the last passing run, the triage's last look at the live page, the one ranking of
  // likeness and the ref calls a test keeps (+20 KB of code and declarations), the `stagewright`
  // command with `freeze` and `prune` (+9 KB) and their documentation (+15 KB), less the history
  // of 0.5.0 and before, condensed (−4 KB); 0.10.0 adds `freeze --assert` (steps that asserted
  // nothing and their proven suggestions, the spec's steps and its `expect` read and written on the
  // syntax tree: +7 KB of code and declarations) and its documentation (+2.5 KB); 0.11.0 makes
  // freeze and prune safe on a user's folders (byte edits, atomic writes, refs.json v2 checked as
  // untrusted data, proof at the call, marked records: +23 KB in the command, +14 KB of library code
  // and declarations) and documents what they promise and refuse (+8 KB); 0.12.0 traces any
  // locator (what each call reached, read in the page; the triage's named rules, CSS and XPath
  // targets resolved live: +15 KB of code and declarations) and lists the rules (+5 KB); 0.13.0
  // adds the incremental walk and print with their oracle (+12 KB of page code, embedded in the
  // runtime's source), per-action captures by default and the documentation of both (+8 KB); the
  // timeline page adds its script and styles (16 KB, embedded in the bundle) and its builder
  // (+21 KB in dist/index.js in all), its documentation (+5 KB) and its two pictures, light and
  // dark (+92 KB); a long value's change shown as what changed in it (+6 KB of code and its
  // documentation); action captures off the test's path, the keyboard and mouse as actions, the
  // line diffs bounded by their work, and the real suites' figures (+5 KB of code and documentation);
  // the next call held only for a capture's page reads, a navigation's capture at the next call,
  // moved subtrees taken, and the real suites' section of docs/performance.md (+4 KB); hidden
  // subtrees parked for when they show again, a tree's labels indexed once, the DOM diff's lower
  // bound, and their documentation (+5 KB); the timeline's data packed, action captures stopped
  // near a test's timeout, and their documentation (+3 KB); the quarter rule for those captures,
  // no fix for a target that came late, and this round's figures (+3 KB); the teardown's own
  // timeout read from Playwright, the cold walk's and the real suites' figures (+6 KB).
  test('should be at most 840 KB unpacked', async () => {
    expect(packed.unpackedSize, packed.files.sort((a, b) => b.size - a.size).slice(0, 10).map(file => `${file.size} ${file.path}`).join('\n')).toBeLessThanOrEqual(840_000);
  });

  test('should install on Node 20 with no engine warning, bringing only diff and Babel\'s parser', async () => {
    expect(install.stdout + install.stderr).not.toContain('EBADENGINE');
    const ls = await runNpm(['ls', '--all', '--json'], consumer);
    expect(ls.code, ls.stderr).toBe(0);
    // Beside diff and the parser `freeze` reads specs with, only the peer @playwright/test, which the consumer installed itself.
    const { dependencies } = JSON.parse(ls.stdout).dependencies.stagewright;
    expect(Object.keys(dependencies).sort()).toEqual(['@babel/parser', '@playwright/test', 'diff']);
    expect(dependencies.diff.dependencies).toBeUndefined();
  });

  test('should install the stagewright command', async () => {
    const bin = path.join(consumer, 'node_modules', '.bin', 'stagewright');
    expect(fs.existsSync(bin)).toBe(true);
    const help = await run(bin, ['--help'], consumer);
    expect(help.code, help.stderr).toBe(0);
    expect(help.stdout).toContain('Usage: npx stagewright freeze');
    // Before any run there is nothing to read: it says so, and exits 2, as a usage error.
    const early = await run(bin, ['freeze'], consumer);
    expect(early.code, early.stderr).toBe(2);
    expect(early.stdout).toContain('no results folder test-results: run the specs first');
    const results = fs.mkdtempSync(path.join(consumer, 'results-'));
    const nothing = await run(bin, ['freeze', '--results', path.basename(results)], consumer);
    expect(nothing.code, nothing.stderr).toBe(0);
    expect(nothing.stdout).toContain('0 ref calls frozen, 0 not.');
  });

  test('should type-check the README\'s quick start under strict, as CommonJS and ESM', async () => {
    const files = readmeFiles();
    expect(files.filter(file => file.run).map(file => file.file)).toEqual(['playwright.config.ts', 'tests/first.spec.ts']);
    fs.writeFileSync(path.join(consumer, 'tsconfig.json'), JSON.stringify({
      compilerOptions: { strict: true, noUncheckedIndexedAccess: true, module: 'node16', moduleResolution: 'node16', target: 'es2022', noEmit: true },
      include: ['commonjs', 'module'],
    }));
    const { code, stdout } = await run(process.execPath, [path.join(kRepoRoot, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], consumer);
    expect(stdout).toBe('');
    expect(code).toBe(0);
  });

  for (const kind of ['commonjs', 'module']) {
    test(`should run the README's first test with step captures in the HTML report (${kind === 'module' ? 'ESM' : 'CommonJS'})`, async () => {
      const dir = path.join(consumer, kind);
      const result = await run(process.execPath, [path.join(consumer, 'node_modules', '@playwright', 'test', 'cli.js'), 'test'], dir, { PLAYWRIGHT_HTML_OPEN: 'never', FORCE_COLOR: '0' });
      expect(result.code, result.stdout + result.stderr).toBe(0);
      const report = readHtmlReport(path.join(dir, 'playwright-report'));
      expect(report['report.json'].stats).toMatchObject({ expected: 1, unexpected: 0 });
      const [file] = Object.entries(report).filter(([name]) => name !== 'report.json').map(([, json]) => json);
      const testResult = file.tests[0].results[0];
      const step = testResult.steps.find((s: { title: string }) => s.title === 'add tea');
      const attachments = step.attachments.map((index: number) => testResult.attachments[index]);
      expect(attachments.map((a: { name: string }) => a.name)).toEqual(['001 add tea · accessibility-tree.yaml', '001 add tea · dom.html', '001 add tea · dom.diff']);
      expect(attachments[2].body).toMatch(/^# \+ listitem \[ref=s4\]: Tea$/m);
      // The library's own steps are located at the user's line, never in the bundle: its frames are known as ours.
      const refOf = testResult.steps.find((s: { title: string }) => s.title.startsWith('stagewright.refOf('));
      const line = readmeFiles().find(f => f.file === 'tests/first.spec.ts')!.code.split('\n').findIndex(text => text.includes('sw.refOf(')) + 1;
      expect(line).toBeGreaterThan(0);
      expect(refOf.location).toMatchObject({ file: 'tests/first.spec.ts', line });
      const folder = path.join(dir, 'test-results', 'tests-first-adds-an-item', 'stagewright');
      expect(fs.readFileSync(path.join(folder, 'accessibility-tree.yaml'), 'utf8')).toContain('- listitem [ref=s4]: Tea');
      expect(fs.readdirSync(path.join(folder, 'diffs'))).toEqual(['002-add-tea.diff']);
      expect(fs.readFileSync(path.join(folder, 'dom.html'), 'utf8')).toContain('<li ref="s4">Tea</li>');
    });
  }
});
