// Real suites with the new default (issue 48): the Playwright suites of Turbo, Choices.js and
// docsify, from snapshots of their repositories, run as their projects run them and with
// stagewright's `test` swapped in, interleaved round by round. The swap is the one a user makes:
// in a copy of the suite, every file of its test folder that imports `test` or `expect` from
// '@playwright/test' (specs, and the suite's own fixture files that `test.extend` it) imports them
// from 'stagewright' instead, everything else still from '@playwright/test'
// (bench/realSuites.mjs, swapTestImports). Each run uses the suite's own config through a wrapper
// that keeps its chromium project alone, launches the system's Chromium (`chromiumLaunchOptions()`
// from stagewright/browser), sets no retries (the bench reruns what it needs) and reports as JSON,
// beside a small reporter of the calls each test made (bench/realSuitesCalls.cjs).
//
// Measures, per suite: the wall time of each run (median of the rounds); each test's outcome in
// each mode; from stagewright's reports, the `· dom.diff` attachments after the test's own
// actions (not a step's, a navigation's, an assertion's or the end's), and each test's time in
// captures (STAGEWRIGHT_CAPTURE_TIMES). Counts the tests with at least one action diff in every
// stagewright run among the tests that passed in every run of both modes and made at least one
// action call outside a test.step (an element action, or a keyboard, mouse or touch call, as the
// calls reporter counts them; a test of navigations and assertions alone is not counted); and,
// beside it, among those of them whose page changed after it loaded (some dom.diff in every
// stagewright run): an action that changed nothing has no diff to give. Tests that failed only
// with stagewright are run once more with it and once more without it: one that fails again with
// it and passes without it is a failure, the others flakes. Prints a table per suite, the three
// targets per suite and over all, and writes everything it measured to <cache>/results.json.
// Targets are printed, not asserted.
//
// Each suite is prepared once, in the cache folder (REAL_SUITES_DIR, default bench/.tmp/real-suites):
// the snapshot extracted (`git archive`), its packages installed from the npm registry (`npm ci`
// where it has a package-lock.json, else `npm install`; `--ignore-scripts`), built as it needs, and
// its @playwright/test, playwright and playwright-core replaced by this repository's when the
// version it installs is below stagewright's peer range (it says so). Servers the suite's config
// would start with `webServer` are started once by the bench instead, outside the timed runs.
//
// Run: npm run build && node bench/real-suites.mjs   (npm run bench:real-suites)
//   REAL_SUITES_ONLY=turbo|choices|docsify   one suite (or several, comma-separated)
//   REAL_SUITES_ROUNDS=2                     rounds of the two modes (default 2)
//   REAL_SUITES_WORKERS=N                    workers, instead of what the suite's config sets
//   REAL_SUITES_GREP=regexp                  only the tests it matches (Playwright's --grep)
//   REAL_SUITES_FILES='a_tests.js b_tests.js' only these files (Playwright's file filters)
//   REAL_SUITES_DIR=folder                   the cache folder
//   REAL_SUITES_MIRRORS=folder               where the snapshots are (default /work/.mirror: <owner>+<name>/repo, git dirs)
//   REAL_SUITES_OPTIONS='{"captureActions":false}'  stagewright's options in its runs (its defaults unless set)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { swapTestImports, testsOfReport } from './realSuites.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const cacheDir = path.resolve(process.env.REAL_SUITES_DIR || path.join(root, 'bench', '.tmp', 'real-suites'));
const mirrors = path.resolve(process.env.REAL_SUITES_MIRRORS || '/work/.mirror');
const rounds = Number(process.env.REAL_SUITES_ROUNDS || 2);
const workersOverride = process.env.REAL_SUITES_WORKERS ? Number(process.env.REAL_SUITES_WORKERS) : undefined;
const grep = process.env.REAL_SUITES_GREP || undefined;
const fileFilters = (process.env.REAL_SUITES_FILES || '').split(/[\s,]+/).filter(Boolean);
/** stagewright's options in its runs (JSON), to see what another setting changes; its defaults when unset. */
const stagewrightOptions = process.env.REAL_SUITES_OPTIONS || '';
if (stagewrightOptions)
  JSON.parse(stagewrightOptions);
/** Stagewright's peer range starts here (package.json, peerDependencies). */
const kPeerMinimum = [1, 63, 0];
/** A run that takes longer than this is stopped: a suite that hangs. */
const kRunTimeoutMs = 60 * 60_000;
/** Targets of issue 48. */
const kCoveredShare = 0.9;
const kWallRatio = 1.10;

/**
 * The suites. `server`: what the bench starts once before the runs, in place of the config's
 * `webServer` (`command` in the prepared folder, `static` a folder served by the bench), or
 * nothing when the config starts its own (`globalSetup`). `env`: set for every run of the suite.
 */
const kSuites = {
  turbo: {
    title: 'Turbo',
    mirror: path.join(mirrors, 'hotwired+turbo', 'repo'),
    config: 'playwright.config.js',
    project: 'chrome',
    testDir: './src/tests',
    build: [['node_modules/.bin/rollup', ['-c']]],
    server: { command: [process.execPath, ['./src/tests/server.mjs']], url: 'http://localhost:9000/src/tests/fixtures/test.js' },
    notes: 'webServer (`yarn start`: node ./src/tests/server.mjs) started once by the bench; retries 2 → 0',
  },
  choices: {
    title: 'Choices.js',
    mirror: path.join(mirrors, 'Choices-js+Choices', 'repo'),
    config: 'playwright.config.ts',
    project: 'chromium',
    testDir: 'test-e2e',
    // What its webServer (`npm run start`: rollup in watch mode, serving public/) builds first.
    build: [['npm', ['run', 'js:build-dev']]],
    server: { static: 'public', host: 'localhost', port: 3001, url: 'http://localhost:3001/' },
    // Its CI settings: 5 s a test, 1 s an assertion, one worker, the minified bundle. Its local
    // ones (1 s a test, 0.5 s an assertion) time out every test here, plain, on two loaded cores.
    env: { CI: '1' },
    notes: 'webServer (`npm run start`: rollup --watch serving public/) replaced by one build and a static server of public/; run with CI=1, its CI settings (5 s a test, 1 s an assertion, 1 worker): its local 1 s timeout fails every test here, plain',
  },
  docsify: {
    title: 'docsify',
    mirror: path.join(mirrors, 'docsifyjs+docsify', 'repo'),
    config: 'playwright.config.js',
    project: 'chromium',
    testDir: 'test/e2e',
    build: [['npm', ['run', 'build']]],
    notes: 'its globalSetup starts its server (browser-sync on port 4000) in every run, as in its own runs',
  },
};

const only = (process.env.REAL_SUITES_ONLY || '').split(',').map(name => name.trim()).filter(Boolean);
for (const name of only) {
  if (!kSuites[name])
    throw new Error(`REAL_SUITES_ONLY: ${JSON.stringify(name)} is none of ${Object.keys(kSuites).join(', ')}`);
}
if (!(rounds >= 1))
  throw new Error(`REAL_SUITES_ROUNDS is a number of rounds ≥ 1, not ${JSON.stringify(process.env.REAL_SUITES_ROUNDS)}`);
if (workersOverride !== undefined && !(workersOverride >= 1))
  throw new Error(`REAL_SUITES_WORKERS is a number of workers ≥ 1, not ${JSON.stringify(process.env.REAL_SUITES_WORKERS)}`);

const say = line => process.stderr.write(`real-suites: ${line}\n`);

// --- helpers -------------------------------------------------------------------------------------

/** Runs a command to its end, its output appended to `log`; rejects with the output's tail when it fails. */
function run(command, args, { cwd, log, env = {}, timeoutMs = 30 * 60_000 }) {
  fs.mkdirSync(path.dirname(log), { recursive: true });
  fs.appendFileSync(log, `\n$ ${command} ${args.join(' ')}   (in ${cwd})\n`);
  return new Promise((resolve, reject) => {
    const out = fs.openSync(log, 'a');
    const child = spawn(command, args, {
      cwd, stdio: ['ignore', out, out], detached: true,
      env: { ...process.env, PATH: `${path.join(cwd, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH}`, ...env },
    });
    fs.closeSync(out);
    const timer = setTimeout(() => {
      try { process.kill(-child.pid, 'SIGKILL'); } catch {}
    }, timeoutMs);
    child.on('error', error => { clearTimeout(timer); reject(error); });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0)
        return resolve();
      const tail = fs.readFileSync(log, 'utf8').split('\n').slice(-25).join('\n');
      reject(new Error(`\`${command} ${args.join(' ')}\` failed (${signal ?? `exit ${code}`}); the end of ${log}:\n${tail}`));
    });
  });
}

function git(mirror, args) {
  return new Promise((resolve, reject) => {
    const child = spawn('git', ['-C', mirror, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', data => out += data);
    child.stderr.on('data', data => err += data);
    child.on('exit', code => code === 0 ? resolve(out.trim()) : reject(new Error(`git ${args.join(' ')}: ${err.trim()}`)));
  });
}

const readJson = file => JSON.parse(fs.readFileSync(file, 'utf8'));
const versionOf = dir => readJson(path.join(dir, 'package.json')).version;
const atLeast = (version, minimum) => {
  const parts = version.split(/[.-]/).slice(0, 3).map(Number);
  for (let i = 0; i < 3; i++) {
    if (parts[i] !== minimum[i])
      return parts[i] > minimum[i];
  }
  return true;
};

async function urlAnswers(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await response.arrayBuffer();
    return true;
  } catch {
    return false;
  }
}

/**
 * A copy of the built library (package.json and dist/) in `target`, made for each bench run: every
 * run measures the same build, whatever rebuilds dist/ meanwhile. Its own node_modules holds its
 * dependencies, this repository's, and the suite's @playwright/test (the very one the suite's
 * specs import, whether the suite's own or this repository's: one Playwright in the process).
 */
function copyLibrary(target, suiteDir) {
  for (const file of ['dist/index.js', 'dist/index.mjs', 'dist/browser/index.js', 'dist/browser/index.mjs']) {
    if (!fs.existsSync(path.join(root, file)))
      throw new Error(`${file} is missing: run npm run build`);
  }
  fs.rmSync(target, { recursive: true, force: true });
  fs.mkdirSync(path.join(target, 'node_modules', '@playwright'), { recursive: true });
  fs.copyFileSync(path.join(root, 'package.json'), path.join(target, 'package.json'));
  fs.cpSync(path.join(root, 'dist'), path.join(target, 'dist'), { recursive: true });
  const links = {
    ...Object.fromEntries(Object.keys(readJson(path.join(root, 'package.json')).dependencies).map(pkg => [pkg, path.join(root, 'node_modules', pkg)])),
    ...Object.fromEntries(['@playwright/test', 'playwright', 'playwright-core'].map(pkg => [pkg, path.join(suiteDir, 'node_modules', pkg)])),
  };
  for (const [pkg, from] of Object.entries(links)) {
    fs.mkdirSync(path.dirname(path.join(target, 'node_modules', pkg)), { recursive: true });
    fs.symlinkSync(fs.realpathSync(from), path.join(target, 'node_modules', pkg), 'dir');
  }
  return target;
}

// --- preparing a suite ---------------------------------------------------------------------------

/**
 * The suite extracted, installed and built in <cache>/<name>/plain, once per snapshot commit
 * (prepared.json says what was done). Returns what was prepared; throws, saying why, when it cannot.
 */
async function prepare(name, suite) {
  const base = path.join(cacheDir, name);
  const dir = path.join(base, 'plain');
  const log = path.join(base, 'logs', 'prepare.log');
  const markerFile = path.join(base, 'prepared.json');
  if (!fs.existsSync(suite.mirror))
    throw new Error(`no snapshot of the repository at ${suite.mirror}`);
  const commit = await git(suite.mirror, ['rev-parse', 'HEAD']);
  const ours = versionOf(path.join(root, 'node_modules', '@playwright', 'test'));
  if (fs.existsSync(markerFile)) {
    const marker = readJson(markerFile);
    if (marker.commit === commit && marker.ourPlaywright === ours && fs.existsSync(dir))
      return marker;
  }
  fs.rmSync(base, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  say(`${name}: preparing ${commit.slice(0, 12)} in ${dir} (log: ${log})`);
  const started = performance.now();
  await new Promise((resolve, reject) => {
    const archive = spawn('git', ['-C', suite.mirror, 'archive', 'HEAD'], { stdio: ['ignore', 'pipe', 'inherit'] });
    const tar = spawn('tar', ['-x', '-C', dir], { stdio: ['pipe', 'inherit', 'inherit'] });
    archive.stdout.pipe(tar.stdin);
    tar.on('exit', code => code === 0 ? resolve() : reject(new Error(`extracting ${suite.mirror} failed (tar exit ${code})`)));
  });
  const lock = fs.existsSync(path.join(dir, 'package-lock.json'));
  const install = [lock ? 'ci' : 'install', '--ignore-scripts', '--no-audit', '--no-fund'];
  say(`${name}: npm ${install.join(' ')}…`);
  await run('npm', install, { cwd: dir, log });
  const declared = readJson(path.join(dir, 'package.json')).devDependencies?.['@playwright/test'] ?? '(none)';
  const installed = versionOf(path.join(dir, 'node_modules', '@playwright', 'test'));
  let playwright;
  if (atLeast(installed, kPeerMinimum)) {
    playwright = `its own @playwright/test ${installed} (declared ${declared})`;
  } else {
    // Below the peer range: this repository's Playwright, by symlink, for the suite and stagewright alike.
    for (const pkg of ['@playwright/test', 'playwright', 'playwright-core']) {
      const at = path.join(dir, 'node_modules', pkg);
      fs.rmSync(at, { recursive: true, force: true });
      fs.symlinkSync(fs.realpathSync(path.join(root, 'node_modules', pkg)), at, 'dir');
    }
    playwright = `this repository's @playwright/test ${ours}, by symlink: it declares ${declared} and installs ${installed}, below stagewright's peer range (>=${kPeerMinimum.join('.')})`;
  }
  for (const [command, args] of suite.build) {
    say(`${name}: ${command} ${args.join(' ')}…`);
    await run(command, args, { cwd: dir, log });
  }
  const marker = { commit, ourPlaywright: ours, playwright, preparedSeconds: Math.round((performance.now() - started) / 1000) };
  fs.writeFileSync(markerFile, JSON.stringify(marker, null, 2));
  return marker;
}

/**
 * The two copies the runs use, made anew for each bench run: `plain` (the prepared folder, with
 * stagewright in its node_modules for the wrapper config's launch options) and `stagewright` (the
 * same files, its test folder's imports swapped, node_modules shared). Each gets the wrapper config.
 */
function makeCopies(name, suite) {
  const base = path.join(cacheDir, name);
  const plain = path.join(base, 'plain');
  const swapped = path.join(base, 'stagewright');
  const library = copyLibrary(path.join(base, 'stagewright-lib'), plain);
  const link = path.join(plain, 'node_modules', 'stagewright');
  fs.rmSync(link, { recursive: true, force: true });
  fs.symlinkSync(library, link, 'dir');
  fs.rmSync(swapped, { recursive: true, force: true });
  const skipped = new Set(['node_modules', 'test-results', 'playwright-report', '_playwright-results', '_playwright-report'].map(entry => path.join(plain, entry)));
  fs.cpSync(plain, swapped, { recursive: true, filter: source => !skipped.has(source) });
  fs.symlinkSync(path.join(plain, 'node_modules'), path.join(swapped, 'node_modules'), 'dir');
  const files = [];
  let statements = 0;
  const walk = dir => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== 'node_modules')
        walk(file);
      else if (entry.isFile() && /\.(m|c)?(j|t)sx?$/.test(entry.name)) {
        const { source, changed } = swapTestImports(fs.readFileSync(file, 'utf8'));
        if (changed) {
          fs.writeFileSync(file, source);
          files.push(path.relative(swapped, file));
          statements += changed;
        }
      }
    }
  };
  walk(path.join(swapped, suite.testDir));
  if (!files.length)
    throw new Error(`no import of test or expect from @playwright/test in ${suite.testDir}: nothing to swap`);
  for (const dir of [plain, swapped])
    fs.writeFileSync(path.join(dir, wrapperName(suite)), wrapperSource(suite));
  return { plain, stagewright: swapped, swappedFiles: files, swappedStatements: statements };
}

const wrapperName = suite => `real-suites.config${path.extname(suite.config)}`;

/** The suite's own config, its chromium project alone on our Chromium, no retries, JSON and the calls reporter. */
function wrapperSource(suite) {
  const from = suite.config.endsWith('.ts') ? `./${suite.config.replace(/\.ts$/, '')}` : `./${suite.config}`;
  return `// Written by stagewright's bench/real-suites.mjs: ${suite.config} as it is, but for the lines below.
import base from ${JSON.stringify(from)};
import { chromiumLaunchOptions } from 'stagewright/browser';

const env = process.env;
const launch = chromiumLaunchOptions();
const project = base.projects.find(project => project.name === ${JSON.stringify(suite.project)});
if (!project)
  throw new Error('real-suites: no project named ${suite.project} in ${suite.config}');
const own = project.use?.launchOptions ?? base.use?.launchOptions ?? {};
const config = {
  ...base,
  projects: [{ ...project, use: {
    ...project.use,
    launchOptions: { ...own, ...launch, args: [...(own.args ?? []), ...launch.args] },
    ...(env.REAL_SUITES_OPTIONS ? { stagewrightOptions: JSON.parse(env.REAL_SUITES_OPTIONS) } : {}),
  } }],
  retries: 0,
  reporter: [['json', { outputFile: env.REAL_SUITES_REPORT }], [${JSON.stringify(path.join(root, 'bench', 'realSuitesCalls.cjs'))}, { outputFile: env.REAL_SUITES_CALLS }]],
};
${suite.server ? 'delete config.webServer; // started once by the bench\n' : ''}if (env.REAL_SUITES_WORKERS)
  config.workers = Number(env.REAL_SUITES_WORKERS);
export default config;
`;
}

// --- servers -------------------------------------------------------------------------------------

const kTypes = {
  '.html': 'text/html; charset=utf-8', '.css': 'text/css; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8', '.json': 'application/json', '.map': 'application/json', '.svg': 'image/svg+xml',
  '.png': 'image/png', '.ico': 'image/x-icon', '.xml': 'application/xml', '.txt': 'text/plain; charset=utf-8', '.woff2': 'font/woff2',
};

/** What the suite's runs need served; returns how to stop it. */
async function startServer(name, suite, dir) {
  const { server } = suite;
  if (!server)
    return async () => {};
  if (await urlAnswers(server.url))
    throw new Error(`${server.url} answers before the bench started its server: something else holds the port`);
  let stop;
  if (server.static) {
    const folder = path.join(dir, server.static);
    const httpServer = http.createServer((request, response) => {
      // The path as sent: a test's route may ask for `//assets/…`, which new URL() would read as a host.
      const pathname = decodeURIComponent((request.url ?? '/').split(/[?#]/)[0]);
      let file = path.join(folder, pathname);
      if (!file.startsWith(folder))
        return void response.writeHead(403).end();
      if (fs.existsSync(file) && fs.statSync(file).isDirectory())
        file = path.join(file, 'index.html');
      if (!fs.existsSync(file))
        return void response.writeHead(404).end();
      response.writeHead(200, { 'content-type': kTypes[path.extname(file)] ?? 'application/octet-stream' });
      fs.createReadStream(file).pipe(response);
    });
    await new Promise((resolve, reject) => {
      httpServer.once('error', reject);
      httpServer.listen(server.port, server.host, resolve);
    });
    stop = () => new Promise(resolve => httpServer.close(() => resolve()));
  } else {
    const [command, args] = server.command;
    const out = fs.openSync(path.join(cacheDir, name, 'logs', 'server.log'), 'a');
    const child = spawn(command, args, { cwd: dir, stdio: ['ignore', out, out], detached: true });
    fs.closeSync(out);
    stop = async () => {
      try { process.kill(-child.pid, 'SIGTERM'); } catch {}
    };
  }
  const deadline = Date.now() + 60_000;
  while (!await urlAnswers(server.url)) {
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`its server did not answer at ${server.url} within 60 s (log: ${path.join(cacheDir, name, 'logs', 'server.log')})`);
    }
    await new Promise(resolve => setTimeout(resolve, 250));
  }
  return stop;
}

// --- a run ---------------------------------------------------------------------------------------

/** One run of a copy of the suite; resolves to its wall time, its tests and each test's calls. */
function runSuite(name, suite, dir, mode, label, extraArgs = []) {
  const reports = path.join(cacheDir, name, 'reports');
  fs.mkdirSync(reports, { recursive: true });
  const reportFile = path.join(reports, `${label}.json`);
  const callsFile = path.join(reports, `${label}.calls.json`);
  // Each test's time in captures, as the library's workers measure it (src/capture/steps.ts).
  const timesFile = path.join(reports, `${label}.capture-times.jsonl`);
  const log = path.join(cacheDir, name, 'logs', `${label}.log`);
  for (const file of [reportFile, callsFile, timesFile, log])
    fs.rmSync(file, { force: true });
  const cli = path.join(dir, 'node_modules', '@playwright', 'test', 'cli.js');
  const args = [cli, 'test', '-c', wrapperName(suite), ...(grep ? ['--grep', grep] : []), ...extraArgs];
  const env = { ...process.env, FORCE_COLOR: '0', REAL_SUITES_REPORT: reportFile, REAL_SUITES_OPTIONS: mode === 'stagewright' ? stagewrightOptions : '', REAL_SUITES_CALLS: callsFile, STAGEWRIGHT_CAPTURE_TIMES: timesFile, ...(workersOverride ? { REAL_SUITES_WORKERS: String(workersOverride) } : {}) };
  // As on a developer's machine, unless the suite says otherwise: CI changes these configs
  // (workers, timeouts, retries, reporters).
  delete env.CI;
  Object.assign(env, suite.env);
  fs.writeFileSync(log, `$ node ${args.join(' ')}   (in ${dir}, ${mode})\n`);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const out = fs.openSync(log, 'a');
    const child = spawn(process.execPath, args, { cwd: dir, stdio: ['ignore', out, out], detached: true, env });
    fs.closeSync(out);
    const timer = setTimeout(() => {
      try { process.kill(-child.pid, 'SIGKILL'); } catch {}
    }, kRunTimeoutMs);
    child.on('exit', code => {
      clearTimeout(timer);
      const wallMs = performance.now() - started;
      if (!fs.existsSync(reportFile)) {
        const tail = fs.readFileSync(log, 'utf8').split('\n').slice(-30).join('\n');
        return reject(new Error(`${label}: no report (exit ${code}); the end of ${log}:\n${tail}`));
      }
      const report = readJson(reportFile);
      const calls = fs.existsSync(callsFile) ? readJson(callsFile) : {};
      const captureMs = fs.existsSync(timesFile) ? fs.readFileSync(timesFile, 'utf8').split('\n').filter(Boolean).map(line => JSON.parse(line).captureMs) : [];
      resolve({ mode, label, wallMs, exitCode: code, tests: testsOfReport(report), calls, captureMs, reportFile, log, rootDir: report.config?.rootDir ?? dir, configErrors: (report.errors ?? []).map(error => error.message) });
    });
  });
}

// --- the analysis --------------------------------------------------------------------------------

const median = values => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const ok = test => test && (test.status === 'expected' || test.status === 'flaky');
const passed = test => test?.status === 'expected';
const failed = test => test?.status === 'unexpected';
const actionCalls = calls => (calls?.element ?? 0) + (calls?.device ?? 0);

function analyse(runs, reruns) {
  const plain = runs.filter(r => r.mode === 'plain');
  const ours = runs.filter(r => r.mode === 'stagewright');
  const keys = [...new Set(runs.flatMap(r => [...r.tests.keys()]))];
  const rows = keys.map(key => {
    const p = plain.map(r => r.tests.get(key));
    const s = ours.map(r => r.tests.get(key));
    const calls = plain.map(r => r.calls[key]);
    return {
      key,
      file: (p[0] ?? s[0])?.file,
      line: (p[0] ?? s[0])?.line,
      skipped: [...p, ...s].every(test => !test || test.status === 'skipped'),
      plainPassed: p.every(passed),
      oursPassed: s.every(passed),
      oursFailed: s.some(failed),
      plainStatuses: p.map(test => test?.status ?? 'missing'),
      oursStatuses: s.map(test => test?.status ?? 'missing'),
      elementActions: Math.max(0, ...calls.map(c => c?.element ?? 0)),
      deviceActions: Math.max(0, ...calls.map(c => c?.device ?? 0)),
      actions: Math.max(0, ...calls.map(actionCalls)),
      actionDiffs: Math.min(...s.map(test => test?.diffs.action ?? 0)),
      diffs: s.map(test => test?.diffs),
      skippedCaptures: Math.max(0, ...s.map(test => test?.skippedCaptures ?? 0)),
      oursFailures: s.filter(failed),
    };
  });
  const ran = rows.filter(row => !row.skipped);
  const bothPassed = ran.filter(row => row.plainPassed && row.oursPassed);
  const denominator = bothPassed.filter(row => row.actions > 0);
  const covered = denominator.filter(row => row.actionDiffs > 0);
  // The same, among the tests whose page changed after it loaded by stagewright's account (any
  // dom.diff in every run: an action's, an assertion's, the end's): an action that changed
  // nothing (a focus() on an element that takes no focus) has no diff to give.
  const changedDenominator = denominator.filter(row => row.diffs.every(diffs => diffs && Object.values(diffs).some(n => n > 0)));
  const changedCovered = changedDenominator.filter(row => row.actionDiffs > 0);
  const elementDenominator = bothPassed.filter(row => row.elementActions > 0);
  const elementCovered = elementDenominator.filter(row => row.actionDiffs > 0);
  const onlyOurs = ran.filter(row => row.plainPassed && row.oursFailed);
  // Not run with stagewright, where they passed without it: the tests of a serial group after one that failed.
  const skippedOnlyOurs = ran.filter(row => row.plainPassed && !row.oursPassed && !row.oursFailed);
  const onlyPlain = ran.filter(row => !row.plainPassed && row.oursPassed);
  const bothFailed = ran.filter(row => !row.plainPassed && !row.oursPassed);
  for (const row of onlyOurs) {
    row.rerun = reruns?.stagewright.tests.get(row.key);
    row.plainRerun = reruns?.plain.tests.get(row.key);
  }
  // Failed again with stagewright, and passed again without it.
  const reproduced = onlyOurs.filter(row => failed(row.rerun) && passed(row.plainRerun));
  const sum = (list, f) => list.reduce((total, row) => total + f(row), 0);
  return {
    rows, ran, bothPassed, denominator, covered, changedDenominator, changedCovered, elementDenominator, elementCovered, onlyOurs, skippedOnlyOurs, onlyPlain, bothFailed, reproduced,
    plainWallMs: median(plain.map(r => r.wallMs)),
    oursWallMs: median(ours.map(r => r.wallMs)),
    plainWalls: plain.map(r => r.wallMs),
    oursWalls: ours.map(r => r.wallMs),
    plainTestMs: sum(bothPassed, row => median(plain.map(r => r.tests.get(row.key)?.duration ?? 0))),
    oursTestMs: sum(bothPassed, row => median(ours.map(r => r.tests.get(row.key)?.duration ?? 0))),
    // Per test, over the tests that passed in both: the median duration without stagewright, the
    // median of what it added, and the median time in captures (every test of the runs).
    perTestPlainMs: median(bothPassed.map(row => median(plain.map(r => r.tests.get(row.key)?.duration ?? 0)))),
    perTestAddedMs: median(bothPassed.map(row => median(ours.map(r => r.tests.get(row.key)?.duration ?? 0)) - median(plain.map(r => r.tests.get(row.key)?.duration ?? 0)))),
    perTestCaptureMs: median(ours.flatMap(r => r.captureMs ?? [])),
    actionCallsTotal: sum(denominator, row => row.elementActions),
    actionDiffsTotal: sum(denominator, row => row.actionDiffs),
    skippedCaptures: sum(ran, row => row.skippedCaptures),
  };
}

// --- the bench -----------------------------------------------------------------------------------

const names = only.length ? only : Object.keys(kSuites);
const results = {};
const startedAt = new Date();
for (const name of names) {
  const suite = kSuites[name];
  const entry = results[name] = { title: suite.title, notes: suite.notes };
  let stopServer;
  try {
    entry.prepared = await prepare(name, suite);
    const copies = makeCopies(name, suite);
    entry.swappedFiles = copies.swappedFiles;
    say(`${name}: ${entry.prepared.playwright}`);
    say(`${name}: imports swapped in ${copies.swappedFiles.length} files (${copies.swappedStatements} statements)`);
    stopServer = await startServer(name, suite, copies.plain);
    const runs = [];
    for (let round = 0; round < rounds; round++) {
      // Alternate which mode goes first.
      const order = round % 2 ? ['stagewright', 'plain'] : ['plain', 'stagewright'];
      for (const mode of order) {
        const result = await runSuite(name, suite, copies[mode], mode, `${mode}-${round + 1}`, fileFilters);
        runs.push(result);
        const tests = [...result.tests.values()];
        say(`${name}: round ${round + 1} ${mode.padEnd(11)} ${(result.wallMs / 1000).toFixed(1)} s, ${tests.length} tests, ` +
          `${tests.filter(passed).length} passed, ${tests.filter(test => !ok(test) && test.status !== 'skipped').length} failed, ${tests.filter(test => test.status === 'skipped').length} skipped`);
        if (!tests.length)
          throw new Error(`${result.label} ran no test (exit ${result.exitCode})${result.configErrors.length ? `: ${result.configErrors.join('\n')}` : ''}; log: ${result.log}`);
      }
    }
    // A test that failed only with stagewright: once more with it, then once more without it
    // (the same tests, one after the other), to tell a flake from a failure.
    let analysis = analyse(runs);
    if (analysis.onlyOurs.length) {
      // The report's files are relative to its rootDir; the CLI's filters to the working folder.
      const rootDir = runs.find(r => r.mode === 'stagewright').rootDir;
      const locations = [...new Set(analysis.onlyOurs.map(row => `${path.relative(copies.stagewright, path.join(rootDir, row.file))}:${row.line}`))];
      say(`${name}: ${analysis.onlyOurs.length} tests failed only with stagewright; running them once more with it, then without it`);
      const reruns = {
        stagewright: await runSuite(name, suite, copies.stagewright, 'stagewright', 'stagewright-rerun', locations),
        plain: await runSuite(name, suite, copies.plain, 'plain', 'plain-rerun', locations),
      };
      analysis = analyse(runs, reruns);
    }
    entry.analysis = analysis;
    entry.runs = runs.map(r => ({ mode: r.mode, label: r.label, wallMs: r.wallMs, report: r.reportFile, log: r.log }));
  } catch (error) {
    entry.skipped = String(error?.message ?? error);
    say(`${name}: skipped: ${entry.skipped}`);
  } finally {
    await stopServer?.();
  }
}

// --- the output ----------------------------------------------------------------------------------

const resultsFile = path.join(cacheDir, 'results.json');
fs.mkdirSync(cacheDir, { recursive: true });
fs.writeFileSync(resultsFile, JSON.stringify({ date: startedAt.toISOString(), load: os.loadavg(), rounds, workers: workersOverride ?? null, grep: grep ?? null, files: fileFilters, results },
    (key, value) => value instanceof Map ? Object.fromEntries(value) : value, 1));

const fixed = (n, digits = 2) => Number.isFinite(n) ? n.toFixed(digits) : '—';
const percent = (part, whole) => whole ? `${fixed(part / whole * 100, 0)}%` : '—';
const table = rows => {
  const widths = rows[0].map((_, i) => Math.max(...rows.map(row => String(row[i]).length)));
  const line = row => '| ' + row.map((cell, i) => String(cell).padEnd(widths[i])).join(' | ') + ' |';
  return [line(rows[0]), '|' + widths.map(w => '-'.repeat(w + 2)).join('|') + '|', ...rows.slice(1).map(line)].join('\n');
};
const load = os.loadavg().map(n => n.toFixed(1)).join(', ');
console.log(`real suites — ${startedAt.toISOString().slice(0, 10)} — ${os.cpus().length} cores, load ${load} at the end — ` +
  `${rounds} interleaved rounds of each mode, medians — workers ${workersOverride ?? "as each suite's config sets"}` +
  `${grep ? ` — --grep ${grep}` : ''}${fileFilters.length ? ` — files ${fileFilters.join(' ')}` : ''}${stagewrightOptions ? ` — stagewrightOptions ${stagewrightOptions}` : ''}\n`);

const summary = [['suite', 'tests', 'passed both', 'plain s', 'stagewright s', 'wall ×', 'test time ×', 'with action diffs', 'action diffs / element actions', 'fail only with stagewright (again on reruns)', 'fail only plain', 'fail both']];
const targets = [];
const total = { denominator: 0, covered: 0, changedDenominator: 0, changedCovered: 0, plainMs: 0, oursMs: 0, onlyOurs: 0, reproduced: 0, suites: 0 };
for (const name of names) {
const entry = results[name];
if (entry.skipped) {
  summary.push([entry.title, 'skipped', '', '', '', '', '', '', '', '', '', '']);
  continue;
}
const a = entry.analysis;
total.suites++;
total.denominator += a.denominator.length;
total.covered += a.covered.length;
total.changedDenominator += a.changedDenominator.length;
total.changedCovered += a.changedCovered.length;
total.plainMs += a.plainWallMs;
total.oursMs += a.oursWallMs;
total.onlyOurs += a.onlyOurs.length;
total.reproduced += a.reproduced.length;
summary.push([entry.title, a.ran.length, a.bothPassed.length, fixed(a.plainWallMs / 1000, 1), fixed(a.oursWallMs / 1000, 1), fixed(a.oursWallMs / a.plainWallMs),
  fixed(a.oursTestMs / a.plainTestMs), `${a.covered.length}/${a.denominator.length} (${percent(a.covered.length, a.denominator.length)})`,
  `${a.actionDiffsTotal}/${a.actionCallsTotal}`, `${a.onlyOurs.length} (${a.reproduced.length})`, a.onlyPlain.length, a.bothFailed.length]);
}
console.log(table(summary));
console.log(`\n  wall: the \`playwright test\` process, start to exit (servers the bench starts are up before); test time: Σ over the tests that passed in both of each test's median duration.` +
  `\n  with action diffs: tests with ≥ 1 \`· dom.diff\` after an action of their own, among the tests that passed in every run of both modes and made ≥ 1 action call outside a test.step (element, keyboard, mouse or touch).`);

for (const name of names) {
  const entry = results[name];
  console.log(`\n${entry.title}`);
  if (entry.skipped) {
    console.log(`  skipped: ${entry.skipped}`);
    targets.push([entry.title, 'runs', false, `skipped: ${entry.skipped.split('\n')[0]}`]);
    continue;
  }
  const a = entry.analysis;
  console.log(`  Playwright: ${entry.prepared.playwright}`);
  console.log(`  setup: ${entry.notes}; imports swapped in ${entry.swappedFiles.length} files: ${entry.swappedFiles.join(', ')}`);
  console.log(`  wall s, plain: ${a.plainWalls.map(ms => fixed(ms / 1000, 1)).join(', ')}; stagewright: ${a.oursWalls.map(ms => fixed(ms / 1000, 1)).join(', ')}`);
  console.log(`  a test (medians over the tests that passed in both): ${fixed(a.perTestPlainMs, 0)} ms without stagewright, ${fixed(a.perTestAddedMs, 0)} ms added with it, ` +
    `${fixed(a.perTestCaptureMs, 0)} ms in its captures (as its workers measure them: STAGEWRIGHT_CAPTURE_TIMES)`);
  const skippedTests = a.rows.length - a.ran.length;
  console.log(`  tests: ${a.rows.length} (${skippedTests} skipped in every run); passed in every run of both modes: ${a.bothPassed.length}, of which ${a.denominator.length} made an action call ` +
    `(${a.elementDenominator.length} an element action, what stagewright's action hook follows); with action diffs: ${a.covered.length} (element actions alone: ${a.elementCovered.length}/${a.elementDenominator.length}; ` +
    `among the tests whose page changed after it loaded, any dom.diff in every run: ${a.changedCovered.length}/${a.changedDenominator.length})`);
  const byKind = { action: 0, navigation: 0, assertion: 0, step: 0, end: 0 };
  for (const row of a.bothPassed) {
    for (const kind of Object.keys(byKind))
      byKind[kind] += row.diffs[0]?.[kind] ?? 0;
  }
  console.log(`  dom.diff attachments of those tests, first stagewright run: ${Object.entries(byKind).map(([kind, n]) => `${kind} ${n}`).join(', ')}; captures skipped (all tests): ${a.skippedCaptures}`);
  const uncovered = a.denominator.filter(row => row.actionDiffs === 0);
  if (uncovered.length) {
    console.log(`  made an action call but got no action diff (${uncovered.length}):`);
    for (const row of uncovered.slice(0, 15))
      console.log(`    ${row.key} — ${row.elementActions} element and ${row.deviceActions} keyboard/mouse/touch calls; diffs ${JSON.stringify(row.diffs[0])}`);
    if (uncovered.length > 15)
      console.log(`    … and ${uncovered.length - 15} more (results.json)`);
  }
  if (a.onlyOurs.length) {
    console.log(`  failed only with stagewright (${a.onlyOurs.length}; ${a.reproduced.length} again on the reruns: with it failed, without it passed):`);
    for (const row of a.onlyOurs) {
      const failure = row.oursFailures[0];
      console.log(`    ${row.key} (${row.file}:${row.line}) — statuses ${row.oursStatuses.join(', ')}; rerun with stagewright: ${row.rerun?.status ?? 'not run'}, without: ${row.plainRerun?.status ?? 'not run'}`);
      const shown = failed(row.rerun) ? row.rerun : failure;
      if (shown) {
        console.log(`      error: ${shown.error.replace(/\u001b\[[0-9;]*m/g, '').split('\n').filter(Boolean).slice(0, 6).join('\n             ')}`);
        console.log(`      attachments: ${shown.attachments.join(' | ')}`);
      }
    }
  }
  if (a.skippedOnlyOurs.length)
    console.log(`  not run with stagewright (a serial group's tests after one that failed), passed without it: ${a.skippedOnlyOurs.map(row => row.key).join('; ')}`);
  if (a.onlyPlain.length)
    console.log(`  failed only without stagewright: ${a.onlyPlain.map(row => `${row.key} (${row.plainStatuses.join(', ')})`).join('; ')}`);
  if (a.bothFailed.length)
    console.log(`  failed in both modes (not counted): ${a.bothFailed.slice(0, 10).map(row => row.key).join('; ')}${a.bothFailed.length > 10 ? `; … ${a.bothFailed.length - 10} more` : ''}`);
  const share = a.covered.length / a.denominator.length;
  const ratio = a.oursWallMs / a.plainWallMs;
  targets.push(
    [entry.title, `a diff per action in ≥ 9 of 10 tests`, share >= kCoveredShare, `${a.covered.length}/${a.denominator.length} (${percent(a.covered.length, a.denominator.length)}); ` +
      `${a.changedCovered.length}/${a.changedDenominator.length} (${percent(a.changedCovered.length, a.changedDenominator.length)}) of those whose page changed after it loaded`],
    [entry.title, `wall time ≤ ${fixed(kWallRatio)}× plain`, ratio <= kWallRatio, `${fixed(ratio)}× (${fixed(a.oursWallMs / 1000, 1)} s against ${fixed(a.plainWallMs / 1000, 1)} s)`],
    [entry.title, 'no test that fails only with stagewright', a.reproduced.length === 0,
      `${a.reproduced.length} failed only with it, and again on the reruns (with it failed, without it passed); ${a.onlyOurs.length - a.reproduced.length} more failed only with it in the rounds but not on the reruns (flakes)`],
  );
}
if (total.suites) {
  const share = total.covered / total.denominator;
  const ratio = total.oursMs / total.plainMs;
  targets.push(
    ['all suites', 'a diff per action in ≥ 9 of 10 tests', share >= kCoveredShare, `${total.covered}/${total.denominator} (${percent(total.covered, total.denominator)}); ` +
      `${total.changedCovered}/${total.changedDenominator} (${percent(total.changedCovered, total.changedDenominator)}) of those whose page changed after it loaded`],
    ['all suites', `wall time ≤ ${fixed(kWallRatio)}× plain`, ratio <= kWallRatio, `${fixed(ratio)}× (Σ of the suites' medians: ${fixed(total.oursMs / 1000, 1)} s against ${fixed(total.plainMs / 1000, 1)} s)`],
    ['all suites', 'no test that fails only with stagewright', total.reproduced === 0, `${total.reproduced} failed only with it, and again on the reruns; ${total.onlyOurs - total.reproduced} more in the rounds alone (flakes)`],
  );
  if (total.suites < names.length)
    targets.push(['all suites', 'every suite runs', false, `${names.length - total.suites} of ${names.length} skipped`]);
}
console.log('\ntargets:');
for (const [who, what, met, value] of targets)
  console.log(`  ${met ? 'met    ' : 'NOT met'}  ${who}: ${what}: ${value}`);

console.log(`\n  everything measured: ${resultsFile}`);
