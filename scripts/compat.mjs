// `npm run test:compat`: runs a subset of specs against each @playwright/test version the peer
// range promises, in generated consumer projects that install the packed package as users do.
//
//   npm run test:compat                                  # every version of kVersions
//   npm run test:compat -- --versions 1.63.0,1.65.1      # some versions
//   npm run test:compat -- --workers 1 --out /tmp/compat # Playwright workers; output folder
//
// Builds and packs the package once, then for each version: a project in <out>/<version>/project
// with package.json holding the tarball and that exact @playwright/test, `npm install` (npm's
// cache shared across versions and runs, `--prefer-offline`), tests/compat/ copied in, and
// `npx playwright test` there. tests/compat/playwright.config.ts uses `stagewright/browser`'s
// chromiumLaunchOptions() (the system Chromium: Playwright's download is not needed).
//
// From the reporter's steps.json it then checks what a test cannot check about itself: the tests
// of the `expected-to-fail` project failed with the errors and triage.md text their annotations
// name; steps named by `compat-step-captured` annotations carry their capture attachments; tests
// with a `compat-timeline` annotation attach their timeline page, whose data holds the capture
// the annotation names, and that page opens from that version's HTML report, served and as
// files, its link followed as a reader follows it, and shows that capture when selected; every
// line marked `// step: TITLE` holds a report step of that title at that line; and neither a step
// location nor an error stack frame is in the package's own files. Prints a table (tests passed,
// failed, skipped; checks; times) and each failure; exits 1 when any version fails.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
// The versions of the peer range (package.json) tested by default; 1.59.1 and 1.61.1 are below it
// (docs/contributing.md, Compatibility) and can still be asked for with --versions.
const kVersions = ['1.63.0', '1.64.1', '1.65.1'];
const kSpecs = path.join(root, 'tests', 'compat');
const kInstallTimeoutMs = 10 * 60_000;
const kRunTimeoutMs = 20 * 60_000;

function parseArgs(argv) {
  const options = { versions: kVersions, workers: '2', out: undefined };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s);
    const value = () => inline ?? argv[++i];
    if (flag === '--versions')
      options.versions = value().split(',').map(v => v.trim()).filter(Boolean);
    else if (flag === '--workers')
      options.workers = value();
    else if (flag === '--out')
      options.out = path.resolve(value());
    else
      throw new Error(`compat: unknown argument ${argv[i]} (use --versions a,b --workers N --out DIR)`);
  }
  if (!options.versions.length || options.versions.some(v => !/^\d+\.\d+\.\d+(-[\w.-]+)?$/.test(v)))
    throw new Error(`compat: --versions takes exact versions like 1.63.0,1.65.1, got ${options.versions.join(',')}`);
  return options;
}

// The settings an outer `npm run` passes to its scripts (npm_* variables) stay out of the nested npm.
const kEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
if (process.env.STAGEWRIGHT_COMPAT_NPM_CACHE)
  kEnv.npm_config_cache = process.env.STAGEWRIGHT_COMPAT_NPM_CACHE;

/** Runs a command, its output to `log`; resolves to { code, output, ms }. */
function run(command, args, { cwd, log, env = {}, timeoutMs }) {
  const started = Date.now();
  return new Promise(resolve => {
    const child = spawn(command, args, { cwd, env: { ...kEnv, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    child.stdout.on('data', data => output += data);
    child.stderr.on('data', data => output += data);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try { process.kill(-child.pid, 'SIGKILL'); } catch {}
    }, timeoutMs);
    child.on('close', code => {
      clearTimeout(timer);
      if (timedOut)
        output += `\ncompat: killed after ${timeoutMs / 1000} s\n`;
      if (log)
        fs.writeFileSync(log, `$ ${command} ${args.join(' ')}\n(in ${cwd})\n\n${output}`);
      resolve({ code: timedOut ? 'timeout' : code, output, ms: Date.now() - started });
    });
  });
}

const seconds = ms => `${(ms / 1000).toFixed(1)} s`;
const tail = (text, lines = 20) => text.trim().split('\n').slice(-lines).join('\n');
const say = line => console.log(`compat: ${line}`);

function* allSteps(steps) {
  for (const step of steps ?? []) {
    yield step;
    yield* allSteps(step.steps);
  }
}

/** The lines of the copied specs marked `// step: TITLE`. */
function stepMarkers(project) {
  const markers = [];
  const files = [];
  const walk = dir => {
    for (const entry of fs.readdirSync(path.join(project, dir), { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory() && !['node_modules', 'test-results'].includes(entry.name))
        walk(file);
      else if (entry.isFile() && file.endsWith('.ts'))
        files.push(file);
    }
  };
  walk('');
  for (const file of files) {
    const lines = fs.readFileSync(path.join(project, file), 'utf8').split('\n');
    lines.forEach((text, index) => {
      // A marker ends a line of code: comment lines (like this file's header) are not markers.
      const title = text.trim().startsWith('//') ? undefined : /\/\/ step: (.*)$/.exec(text)?.[1]?.trim();
      if (title)
        markers.push({ file: path.join(project, file), relative: file, line: index + 1, title });
    });
  }
  return markers;
}

const escape = text => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Judges each result of steps.json and runs the checks across results. Returns the counts and a
 * list of failures, each { test, lines }.
 */
function judge(project, results) {
  const counts = { passed: 0, failed: 0, skipped: 0, checks: 0, checksFailed: 0 };
  const failures = [];
  for (const result of results) {
    const name = `[${result.project}] ${path.relative(project, result.file)} › ${result.title}`;
    const problems = [];
    const annotations = type => result.annotations.filter(a => a.type === type).map(a => a.description);
    if (result.status === 'skipped') {
      counts.skipped++;
      continue;
    }
    if (result.project === 'expected-to-fail') {
      if (result.status !== 'failed')
        problems.push(`expected to fail, but ${result.status}`);
      const errors = result.errors.join('\n');
      for (const text of annotations('compat-error')) {
        if (!errors.includes(text))
          problems.push(`its errors lack ${JSON.stringify(text)}`);
      }
      const triage = result.attachments.find(a => a.name === 'stagewright · triage.md');
      if (!triage)
        problems.push(`no "stagewright · triage.md" attachment (attachments: ${result.attachments.map(a => a.name).join(', ') || 'none'})`);
      for (const text of triage ? annotations('compat-triage') : []) {
        if (!triage.body?.includes(text))
          problems.push(`triage.md lacks ${JSON.stringify(text)}`);
      }
      if (problems.length)
        problems.push(...result.errors.map(e => `error: ${tail(e, 12)}`), triage ? `triage.md:\n${tail(triage.body ?? '', 15)}` : '');
    } else if (result.status !== result.expectedStatus) {
      problems.push(...result.errors.map(e => tail(e, 25)));
      if (!result.errors.length)
        problems.push(`${result.status}, expected ${result.expectedStatus}`);
    }
    for (const title of annotations('compat-timeline')) {
      const page = result.attachments.find(a => /^\d{3} stagewright · timeline\.html$/.test(a.name));
      const html = page?.contentType === 'text/html' && page.path && fs.existsSync(page.path) ? fs.readFileSync(page.path, 'utf8') : undefined;
      // The page's data: base64 of gzipped JSON (src/report/timeline.ts).
      const data = html && /<script type="application\/gzip;base64" id="timeline-data">([A-Za-z0-9+/=]*)<\/script>/.exec(html)?.[1];
      const captures = data ? JSON.parse(gunzipSync(Buffer.from(data, 'base64')).toString('utf8')).captures.map(capture => capture.title) : [];
      if (!captures.some(capture => capture.includes(title)))
        problems.push(`no timeline page holding a capture "${title}": ${page ? `${page.name} (${page.contentType}${page.path ? ', ' + page.path : ''}) holds ${JSON.stringify(captures)}` : `attachments: ${result.attachments.map(a => a.name).join(', ')}`}`);
    }
    for (const title of annotations('compat-step-captured')) {
      const steps = [...allSteps(result.steps)].filter(s => s.category === 'test.step' && s.title === title);
      const kinds = ['accessibility-tree\\.yaml', 'dom\\.html', '[\\w-]+\\.diff'];
      const ok = steps.some(s => kinds.every(kind => s.attachments.some(a => new RegExp(`^\\d{3} ${escape(title)} · (page-\\d+ · )?${kind}$`).test(a))));
      if (!ok)
        problems.push(`report step "${title}" lacks its capture attachments: ${steps.length ? JSON.stringify(steps.map(s => s.attachments)) : 'no such step'}`);
    }
    if (problems.length) {
      counts.failed++;
      failures.push({ test: name, lines: problems.filter(Boolean) });
    } else {
      counts.passed++;
    }
  }

  // Checks across results: the step markers, and no step located in the package.
  const steps = results.flatMap(result => [...allSteps(result.steps)]);
  for (const marker of stepMarkers(project)) {
    counts.checks++;
    const at = steps.filter(s => s.location?.file === marker.file && s.location?.line === marker.line);
    if (!at.some(s => s.title === marker.title)) {
      counts.checksFailed++;
      const sameTitle = steps.filter(s => s.title === marker.title).map(s => s.location ? `${path.relative(project, s.location.file)}:${s.location.line}` : 'no location');
      failures.push({ test: `step marker ${marker.relative}:${marker.line}`, lines: [
        `expected a step "${marker.title}" at this line`,
        `steps at this line: ${at.length ? at.map(s => JSON.stringify(s.title)).join(', ') : 'none'}`,
        `steps titled so: ${sameTitle.length ? sameTitle.join(', ') : 'none'}`,
      ] });
    }
  }
  counts.checks++;
  const inPackage = steps.filter(s => s.location?.file.includes(`${path.sep}node_modules${path.sep}stagewright${path.sep}`));
  if (inPackage.length) {
    counts.checksFailed++;
    failures.push({ test: 'no step located in node_modules/stagewright', lines: [...new Set(inPackage.map(s => `${s.title} @ ${path.relative(project, s.location.file)}:${s.location.line}`))].slice(0, 10) });
  }
  // The stacks of the errors a user reads hold no frame of the package either.
  counts.checks++;
  const inStacks = results.flatMap(result => (result.stacks ?? []).flatMap(stack => stack.split('\n').filter(line => /^\s*at /.test(line) && line.includes(`${path.sep}node_modules${path.sep}stagewright${path.sep}`)).map(line => `${result.title}: ${line.trim().replace(project + path.sep, '')}`)));
  if (inStacks.length) {
    counts.checksFailed++;
    failures.push({ test: 'no error stack frame in node_modules/stagewright', lines: [...new Set(inStacks)].slice(0, 10) });
  }
  return { counts, failures };
}

/** Serves `root`'s files (the HTML report) on a free port; resolves to { url, close }. */
async function serveFiles(root) {
  const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png' };
  const server = http.createServer((request, response) => {
    const file = path.join(root, decodeURIComponent(new URL(request.url, 'http://x').pathname));
    if (!file.startsWith(root + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile())
      return response.writeHead(404).end();
    response.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' }).end(fs.readFileSync(file));
  });
  await new Promise(resolve => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise(resolve => server.close(resolve)) };
}

/**
 * Opens each `compat-timeline` test's timeline page from the HTML report the way a reader does:
 * the report's index, the test's link, the page's attachment link (a new tab, for `text/html`);
 * there, the capture the annotation names is listed and, selected, titles the tree. Through the
 * report served over HTTP and opened as files (a CI artifact). Returns how many checks it made,
 * and the failures, each { test, lines }.
 */
async function openTimelines(project, results) {
  const wanted = results.filter(result => result.project === 'compat' && result.status === 'passed').flatMap(result =>
    result.annotations.filter(a => a.type === 'compat-timeline').map(a => ({ title: result.title, capture: a.description })));
  const report = path.join(project, 'playwright-report');
  const checks = 2 * wanted.length;
  if (!wanted.length)
    return { checks, failures: [] };
  if (!fs.existsSync(path.join(report, 'index.html')))
    return { checks, failures: [{ test: 'the HTML report', lines: [`no ${path.join(report, 'index.html')}`] }] };
  const { chromiumLaunchOptions } = (await import(pathToFileURL(path.join(root, 'dist', 'browser', 'index.js')).href)).default;
  const browser = await chromium.launch(chromiumLaunchOptions());
  const server = await serveFiles(report);
  const failures = [];
  try {
    for (const { title, capture } of wanted) {
      for (const index of [`${server.url}/index.html`, pathToFileURL(path.join(report, 'index.html')).href]) {
        const page = await browser.newPage();
        try {
          await page.goto(index);
          await page.getByRole('link', { name: title, exact: true }).click({ timeout: 10_000 });
          const link = page.getByRole('link', { name: /^\d{3} stagewright · timeline\.html$/ });
          const [timeline] = await Promise.all([page.context().waitForEvent('page', { timeout: 10_000 }), link.click({ timeout: 10_000 })]);
          await timeline.waitForLoadState();
          const option = timeline.getByRole('listbox', { name: 'Captures' }).getByRole('option').filter({ hasText: capture });
          await option.first().click({ timeout: 10_000 });
          await timeline.getByRole('option', { selected: true }).filter({ hasText: capture }).waitFor({ timeout: 10_000 });
          await timeline.getByRole('heading', { level: 2 }).filter({ hasText: capture }).waitFor({ timeout: 10_000 });
        } catch (error) {
          failures.push({ test: `timeline of "${title}" from the HTML report (${index.startsWith('file:') ? 'as files' : 'served'})`, lines: [tail(String(error?.message ?? error), 15)] });
        } finally {
          await page.context().close();
        }
      }
    }
  } finally {
    await server.close();
    await browser.close();
  }
  return { checks, failures };
}

async function testVersion(version, { out, tarball, workers }) {
  const folder = path.join(out, version);
  const project = path.join(folder, 'project');
  fs.mkdirSync(project, { recursive: true });
  fs.cpSync(kSpecs, project, { recursive: true });
  fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify({
    name: 'stagewright-compat-consumer',
    private: true,
    devDependencies: { '@playwright/test': version, stagewright: `file:${tarball}` },
  }, null, 2) + '\n');
  const row = { version, folder, install: 0, run: 0, counts: undefined, failures: [], error: undefined };

  say(`${version}: npm install (log: ${path.join(folder, 'install.log')})`);
  const install = await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: project, log: path.join(folder, 'install.log'), env: { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' }, timeoutMs: kInstallTimeoutMs });
  row.install = install.ms;
  if (install.code !== 0) {
    row.error = `npm install failed (${install.code}):\n${tail(install.output)}`;
    return row;
  }
  const installed = JSON.parse(fs.readFileSync(path.join(project, 'node_modules', '@playwright', 'test', 'package.json'), 'utf8')).version;
  if (installed !== version) {
    row.error = `npm installed @playwright/test ${installed}, not ${version}`;
    return row;
  }

  say(`${version}: npx playwright test (log: ${path.join(folder, 'playwright.log')})`);
  const test = await run('npx', ['playwright', 'test'], { cwd: project, log: path.join(folder, 'playwright.log'), env: { FORCE_COLOR: '0', COMPAT_WORKERS: workers, PLAYWRIGHT_HTML_OPEN: 'never', STAGEWRIGHT_REQUIRE_INTERNALS: '1' }, timeoutMs: kRunTimeoutMs });
  row.run = test.ms;
  const stepsFile = path.join(project, 'steps.json');
  if (!fs.existsSync(stepsFile)) {
    row.error = `playwright test wrote no steps.json (exit ${test.code}):\n${tail(test.output)}`;
    return row;
  }
  const results = JSON.parse(fs.readFileSync(stepsFile, 'utf8'));
  if (!results.length) {
    row.error = `playwright test ran no test (exit ${test.code}):\n${tail(test.output)}`;
    return row;
  }
  Object.assign(row, judge(project, results));
  const opened = await openTimelines(project, results);
  row.counts.checks += opened.checks;
  row.counts.checksFailed += opened.failures.length;
  row.failures.push(...opened.failures);
  return row;
}

function table(rows) {
  const header = ['@playwright/test', 'passed', 'failed', 'skipped', 'checks', 'install', 'run', 'result'];
  const lines = rows.map(row => [
    row.version,
    String(row.counts?.passed ?? '-'),
    String(row.counts?.failed ?? '-'),
    String(row.counts?.skipped ?? '-'),
    row.counts ? `${row.counts.checks - row.counts.checksFailed}/${row.counts.checks}` : '-',
    seconds(row.install),
    seconds(row.run),
    ok(row) ? 'PASS' : 'FAIL',
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map(line => line[i].length)));
  const format = cells => cells.map((cell, i) => cell.padEnd(widths[i])).join('  ');
  return [format(header), format(widths.map(w => '-'.repeat(w))), ...lines.map(format)].join('\n');
}

const ok = row => !row.error && row.counts && row.counts.failed === 0 && row.counts.checksFailed === 0;

const options = parseArgs(process.argv.slice(2));
const out = options.out ?? fs.mkdtempSync(path.join(os.tmpdir(), 'stagewright-compat-'));
fs.mkdirSync(out, { recursive: true });
say(`output in ${out}`);
const started = Date.now();

say('npm run build');
const build = await run('npm', ['run', 'build'], { cwd: root, log: path.join(out, 'build.log'), timeoutMs: kInstallTimeoutMs });
if (build.code !== 0) {
  console.error(`compat: the build failed (${build.code}):\n${tail(build.output)}`);
  process.exit(1);
}
say('npm pack');
const pack = await run('npm', ['pack', '--json', '--pack-destination', out], { cwd: root, log: path.join(out, 'pack.log'), timeoutMs: kInstallTimeoutMs });
if (pack.code !== 0) {
  console.error(`compat: npm pack failed (${pack.code}):\n${tail(pack.output)}`);
  process.exit(1);
}
const tarball = path.join(out, JSON.parse(pack.output.slice(pack.output.indexOf('[')))[0].filename);

const rows = [];
for (const version of options.versions) {
  const row = await testVersion(version, { out, tarball, workers: options.workers });
  rows.push(row);
  say(`${version}: ${ok(row) ? 'PASS' : 'FAIL'} (install ${seconds(row.install)}, run ${seconds(row.run)})`);
}

const report = [];
for (const row of rows.filter(row => !ok(row))) {
  report.push('', `## @playwright/test ${row.version}: FAIL (${row.folder})`);
  if (row.error)
    report.push(row.error);
  for (const failure of row.failures)
    report.push('', `- ${failure.test}`, ...failure.lines.flatMap(line => line.split('\n')).map(line => `    ${line}`));
}
const summary = [
  '',
  table(rows),
  ...report,
  '',
  `Total ${seconds(Date.now() - started)}. Per version: <out>/<version>/{install.log,playwright.log,project/report.json,project/steps.json,project/test-results/}`,
  `Output: ${out}`,
].join('\n');
fs.writeFileSync(path.join(out, 'summary.txt'), summary.trim() + '\n');
fs.writeFileSync(path.join(out, 'summary.json'), JSON.stringify(rows.map(({ version, install, run, counts, failures, error }) => ({ version, install, run, counts, failures, error, ok: ok({ counts, error }) })), null, 2));
console.log(summary);
process.exit(rows.every(ok) ? 0 : 1);
