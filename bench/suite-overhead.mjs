// Captures against a trace (issue 30): a realistic generated suite — 36 tests of 4 to 6 test.steps
// on admin pages of 1,000–5,000 elements (bench/suitePages.mjs, served on 127.0.0.1), two workers —
// run in three modes, interleaved round by round after a warm-up of each:
//   plain        @playwright/test's `test`, trace off: nothing
//   stagewright  stagewright's `test` with its default step captures, trace off
//   trace        @playwright/test's `test` with `trace: 'on'`
// The same spec bodies in every mode; only the import and the config differ. Reports what captures
// add per step and as a share of the suite's time, their ratio to what the trace adds, and the peak
// worker memory (the largest VmHWM of the Playwright worker processes, sampled from /proc; browsers
// not counted) against the plain suite's. Then the suite once more under each capture mode, untimed:
// the JSON report's bytes per passing test (attachments are embedded in it). Then the same tests
// written as real suites are (no test.step, short timeouts), interleaved: plain, stagewright's
// default (`captureActions: 'auto'`: a capture after each call that changed the page),
// `captureActions: true` (the same in a test with no step), `captureActions: false` (the end
// capture alone), the same with `lastPassDir: false` (what reading each call's target at its end
// costs) and `capture: 'off'`; the time of each, and the attachments of a passing test. Targets
// are printed, not asserted.
// Run: npm run bench:suite   (or: npm run build && node bench/suite-overhead.mjs [rounds])
//   BENCH_SUITE_ONLY=actions  only the suite with no test.step
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readRunReport } from './runReport.mjs';
import { suitePage } from './suitePages.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const rounds = Number(process.argv[2] ?? process.env.BENCH_ROUNDS ?? 3);
const actionsOnly = process.env.BENCH_SUITE_ONLY === 'actions';
if (![undefined, '', 'actions'].includes(process.env.BENCH_SUITE_ONLY))
  throw new Error(`BENCH_SUITE_ONLY is 'actions' or unset, not ${JSON.stringify(process.env.BENCH_SUITE_ONLY)}`);
const kFiles = 6;
const kTestsPerFile = 6;
const kWorkers = 2;
const cli = path.join(root, 'node_modules', '@playwright', 'test', 'cli.js');
const modes = ['plain', 'stagewright', 'trace'];
/** The suite written as real suites are (no test.step), each test under a short timeout. */
const kActionsTimeoutMs = 10_000;

// --- the pages -----------------------------------------------------------------------------------
const pageCache = new Map();
const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://x');
  if (url.pathname !== '/app') {
    response.writeHead(404).end();
    return;
  }
  const key = url.search;
  if (!pageCache.has(key))
    pageCache.set(key, suitePage(Number(url.searchParams.get('size')), Number(url.searchParams.get('seed'))));
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pageCache.get(key));
});
await new Promise(resolve => server.listen(0, '127.0.0.1', resolve));
const baseURL = `http://127.0.0.1:${server.address().port}`;

// --- the project ---------------------------------------------------------------------------------
/**
 * A test of 4, 5 or 6 steps on a page of 1,000–5,000 elements: as `test.step`s, or (`actions`) as
 * real suites are written, the same actions and assertions with no step around them.
 */
function testSource(file, index, actions = false) {
  const seed = file * kTestsPerFile + index + 1;
  const size = 1000 + (seed * 1237) % 4001;
  const steps = 4 + seed % 3;
  const body = [
    ['open the orders page', `await page.goto('/app?size=${size}&seed=${seed}');
      await expect(page.getByRole('heading', { name: 'Orders ${seed}' })).toBeVisible();`],
    ['filter the orders', `await page.getByLabel('Filter orders').fill('${['Ada', 'Grace', 'Pending', 'Shipped'][seed % 4]}');
      await expect(page.locator('#count')).not.toHaveText('');`],
    ['open the settings', `await page.getByRole('tab', { name: 'Settings' }).click();
      await page.getByLabel('Shop name').fill('Corner shop ${seed}');
      await page.getByLabel('Contact email').fill('${seed % 2 ? 'corner@example' : `corner${seed}@example.com`}');
      await page.getByLabel('Currency').selectOption('USD');
      await page.getByLabel('Weekly digest').check();`],
    ['save the settings', `await page.getByRole('button', { name: 'Save settings' }).click();
      await expect(page.locator('#saved')).toHaveText(${seed % 2 ? "'Fix the errors above'" : `'Saved settings for Corner shop ${seed}'`});`],
    ['sort the orders by total', `await page.getByRole('tab', { name: 'Orders' }).click();
      await page.getByLabel('Filter orders').fill('');
      await page.getByRole('button', { name: 'Sort by total' }).click();
      await expect(page.locator('#total-header')).toHaveAttribute('aria-sort', 'descending');`],
    ['edit an order and read the activity', `await page.getByRole('button', { name: 'Edit order ${seed * 10000 + 3}' }).click();
      await page.getByRole('tab', { name: 'Activity' }).click();
      await expect(page.getByRole('heading', { name: 'Activity' })).toBeVisible();`],
  ].map(([title, code]) => actions ? code.replace(/\n      /g, '\n    ') : `await test.step('${title}', async () => {
      ${code}
    });`);
  // Four steps: open, filter, settings, save; five add the sort; six the edit and activity.
  return `test('shop ${seed}: ${steps} ${actions ? 'groups of actions' : 'steps'} on ${size} elements', async ({ page }) => {
    ${body.slice(0, steps).join('\n    ')}
  });`;
}

/** The calls on elements a test of the suite with no test.step makes, on average (its `await`s but the `goto`). */
const kCallsPerActionsTest = Array.from({ length: kFiles * kTestsPerFile }, (_, i) => testSource(Math.floor(i / kTestsPerFile), i % kTestsPerFile, true).match(/await (?!page\.goto)/g).length)
    .reduce((sum, n) => sum + n, 0) / (kFiles * kTestsPerFile);

function specSource(file, from, actions = false) {
  const tests = Array.from({ length: kTestsPerFile }, (_, index) => testSource(file, index, actions)).join('\n\n');
  return `const { test, expect } = require(${JSON.stringify(from)});\n\n${tests}\n`;
}

/**
 * `options`: stagewrightOptions other than the defaults (a capture mode for the report-size runs,
 * `capture: 'off'`, `captureActions`), the run named `variant`. `actions`: the suite written as
 * real ones are (no test.step), with a short timeout.
 */
function configSource(mode, variant = mode, options = undefined, actions = false) {
  return `const { defineConfig } = require('@playwright/test');
const { chromiumLaunchOptions } = require('stagewright/browser');
module.exports = defineConfig({
  testDir: ${JSON.stringify((mode === 'stagewright' ? 'ours' : 'plain') + (actions ? '-actions' : ''))},
  testMatch: '*.spec.js',
  outputDir: 'results-${variant}',
  timeout: ${actions ? kActionsTimeoutMs : 60000},
  workers: ${kWorkers},
  reporter: [['json', { outputFile: 'report-${variant}.json' }]],
  use: { baseURL: ${JSON.stringify(baseURL)}, launchOptions: chromiumLaunchOptions(), trace: '${mode === 'trace' ? 'on' : 'off'}'${options ? `, stagewrightOptions: ${JSON.stringify(options)}` : ''} },
});
`;
}

/** The options of the suite with no test.step, by mode, besides plain Playwright and the default (`stagewright`). */
const kActionOptions = {
  // The library with no capture at all: what its fixture, runtime and listeners cost alone.
  off: { capture: 'off' },
  // The end capture alone, the default before 'auto'.
  end: { captureActions: false },
  // The same with no last passing run: nothing read at each call's end (what it reached), no record written.
  norecord: { captureActions: false, lastPassDir: false },
  // Every action outside a step: in a test with no step, what 'auto' does.
  each: { captureActions: true },
};

/** The capture modes whose report size is measured (a passing suite: the retry modes are 'only-on-failure' there). */
const kCaptureModes = ['on', 'retain-on-failure', 'only-on-failure', 'off'];

/**
 * A copy of the built library (package.json and dist/) under bench/.tmp/, where its own imports
 * resolve to the repo's node_modules: every run measures the same build, whatever rebuilds dist/
 * meanwhile. Waits for a complete dist/ (a build in progress) for up to five minutes.
 */
async function copyLibrary() {
  const target = path.join(root, 'bench', '.tmp', `suite-lib-${process.pid}`, 'stagewright');
  for (let attempt = 0; ; attempt++) {
    const complete = ['dist/index.js', 'dist/browser/index.js', 'dist/internal.js'].every(file => fs.existsSync(path.join(root, file)));
    if (complete) {
      try {
        fs.rmSync(target, { recursive: true, force: true });
        fs.mkdirSync(target, { recursive: true });
        fs.copyFileSync(path.join(root, 'package.json'), path.join(target, 'package.json'));
        fs.cpSync(path.join(root, 'dist'), path.join(target, 'dist'), { recursive: true });
        if (['dist/index.js', 'dist/browser/index.js'].every(file => fs.existsSync(path.join(target, file))))
          return target;
      } catch {}
    }
    if (attempt >= 60)
      throw new Error('suite: dist/ is incomplete: run npm run build');
    await new Promise(resolve => setTimeout(resolve, 5_000));
  }
}

async function createProject() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagewright-suite-'));
  fs.mkdirSync(path.join(dir, 'node_modules', '@playwright'), { recursive: true });
  fs.symlinkSync(await copyLibrary(), path.join(dir, 'node_modules', 'stagewright'), 'dir');
  for (const name of ['@playwright/test', 'playwright', 'playwright-core'])
    fs.symlinkSync(path.join(root, 'node_modules', name), path.join(dir, 'node_modules', name), 'dir');
  for (const [sub, from] of [['plain', '@playwright/test'], ['ours', 'stagewright']]) {
    for (const actions of [false, true]) {
      const folder = sub + (actions ? '-actions' : '');
      fs.mkdirSync(path.join(dir, folder));
      for (let file = 0; file < kFiles; file++)
        fs.writeFileSync(path.join(dir, folder, `shop-${file + 1}.spec.js`), specSource(file, from, actions));
    }
  }
  for (const mode of ['plain', 'stagewright'])
    fs.writeFileSync(path.join(dir, `${mode}-actions.config.js`), configSource(mode, `${mode}-actions`, undefined, true));
  // The default (`stagewright-actions`) is 'auto': a capture after each action, navigation and
  // assertion that changed the page, in a test that runs no step, as all of these.
  for (const [variant, options] of Object.entries(kActionOptions))
    fs.writeFileSync(path.join(dir, `stagewright-actions-${variant}.config.js`), configSource('stagewright', `stagewright-actions-${variant}`, options, true));
  for (const mode of modes)
    fs.writeFileSync(path.join(dir, `${mode}.config.js`), configSource(mode));
  for (const capture of kCaptureModes)
    fs.writeFileSync(path.join(dir, `capture-${capture}.config.js`), configSource('stagewright', `capture-${capture}`, { capture }));
  return dir;
}

// --- a run ---------------------------------------------------------------------------------------
/** The parent pid and name of every process, from /proc. */
function processTable() {
  const table = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry))
      continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const ppid = Number(stat.slice(close + 2).split(' ')[1]);
      table.set(Number(entry), { ppid, comm });
    } catch {}
  }
  return table;
}

/** Node processes below `rootPid` (Playwright's workers), not the runner itself, not browsers. */
function workerPids(rootPid) {
  const table = processTable();
  const children = new Map();
  for (const [pid, { ppid }] of table)
    (children.get(ppid) ?? children.set(ppid, []).get(ppid)).push(pid);
  const found = [];
  const stack = [...(children.get(rootPid) ?? [])];
  while (stack.length) {
    const pid = stack.pop();
    if (table.get(pid)?.comm === 'node')
      found.push(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return found;
}

const kbOf = (status, key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);

function runMode(dir, mode, variant = mode) {
  const captureTimes = path.join(dir, `capture-times-${mode}.jsonl`);
  fs.rmSync(captureTimes, { force: true });
  const started = performance.now();
  const child = spawn(process.execPath, [cli, 'test', '-c', `${variant}.config.js`], {
    cwd: dir, stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, FORCE_COLOR: '0', ...(mode === 'stagewright' ? { STAGEWRIGHT_CAPTURE_TIMES: captureTimes } : {}) },
  });
  let stderr = '';
  child.stderr.on('data', chunk => { stderr += chunk; });
  const peakKb = new Map();
  const sample = () => {
    if (process.platform !== 'linux')
      return;
    for (const pid of workerPids(child.pid)) {
      try {
        peakKb.set(pid, Math.max(peakKb.get(pid) ?? 0, kbOf(fs.readFileSync(`/proc/${pid}/status`, 'utf8'), 'VmHWM')));
      } catch {}
    }
  };
  const timer = setInterval(sample, 200);
  return new Promise((resolve, reject) => {
    child.on('exit', code => {
      clearInterval(timer);
      const wallMs = performance.now() - started;
      const reportFile = path.join(dir, `report-${variant}.json`);
      if (!fs.existsSync(reportFile)) {
        reject(new Error(`${mode}: no report (exit ${code}): ${stderr.slice(-2000)}`));
        return;
      }
      const reportBytes = fs.statSync(reportFile).size;
      const report = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
      fs.rmSync(reportFile);
      const { durations, steps, failed, passedAttachmentBytes, passedDomFiles } = readRunReport(report, (file, spec) => spec.title);
      const skippedCaptures = JSON.stringify(report).split('capture skipped').length - 1;
      let inCapturesMs = 0;
      const timelines = [];
      // Each test's capture after its `goto` (a new document's first walk, in a new renderer).
      const gotoCaptures = [];
      if (fs.existsSync(captureTimes)) {
        for (const line of fs.readFileSync(captureTimes, 'utf8').trim().split('\n').filter(Boolean)) {
          const times = JSON.parse(line);
          inCapturesMs += times.captureMs;
          const first = /^(\d+) ms goto /.exec(times.actionTimes?.[0] ?? '');
          if (first)
            gotoCaptures.push(Number(first[1]));
          if (times.timelineMs !== undefined)
            timelines.push({ ms: times.timelineMs, bytes: times.timelineBytes });
        }
      }
      resolve({ mode, gotoCaptures, skippedCaptures, reportBytes, passedAttachmentBytes, passedDomFiles, timelines, wallMs, runnerMs: report.stats?.duration ?? wallMs, durations, steps, failed, inCapturesMs, peakWorkerMb: Math.max(0, ...peakKb.values()) / 1024, workers: peakKb.size });
    });
  });
}

// --- the rounds ----------------------------------------------------------------------------------
const dir = await createProject();
const runs = Object.fromEntries(modes.map(mode => [mode, []]));
const actionModes = ['plain', 'stagewright', ...Object.keys(kActionOptions)];
const actionRuns = Object.fromEntries(actionModes.map(mode => [mode, []]));
const reportBytes = {};
const reportPassed = {};
try {
  process.stderr.write(`suite: ${kFiles * kTestsPerFile} tests in ${dir}; warm-up of each mode…\n`);
  for (const mode of actionsOnly ? [] : modes)
    await runMode(dir, mode);
  for (let round = 0; round < (actionsOnly ? 0 : rounds); round++) {
    // Rotated order: no mode always runs first (or right after the trace's disk writes).
    for (const mode of modes.map((_, i) => modes[(i + round) % modes.length])) {
      const result = await runMode(dir, mode);
      runs[mode].push(result);
      process.stderr.write(`  round ${round + 1} ${mode.padEnd(11)} ${(result.runnerMs / 1000).toFixed(1)} s, ${result.steps} steps, ${result.failed} not passed, peak worker ${Math.round(result.peakWorkerMb)} MB\n`);
    }
  }
  // The suite as real suites are written: no test.step, short timeouts. Warm-up, then rounds.
  const actionVariant = mode => (mode === 'plain' || mode === 'stagewright' ? `${mode}-actions` : `stagewright-actions-${mode}`);
  for (const mode of actionModes)
    await runMode(dir, mode === 'plain' ? mode : 'stagewright', actionVariant(mode));
  for (let round = 0; round < rounds; round++) {
    for (const mode of actionModes.map((_, i) => actionModes[(i + round) % actionModes.length])) {
      const result = await runMode(dir, mode === 'plain' ? mode : 'stagewright', actionVariant(mode));
      actionRuns[mode].push(result);
      process.stderr.write(`  round ${round + 1} ${mode}, no test.step: ${(result.runnerMs / 1000).toFixed(1)} s, ${result.failed} not passed, ${result.skippedCaptures} captures skipped, ${(result.passedAttachmentBytes / 1024).toFixed(0)} KB attached\n`);
    }
  }
  // What each capture mode leaves in the JSON report (attachments embedded), once each: not timed.
  for (const capture of actionsOnly ? [] : kCaptureModes) {
    const result = await runMode(dir, 'stagewright', `capture-${capture}`);
    reportBytes[capture] = result.reportBytes;
    reportPassed[capture] = Object.keys(result.durations).length - result.failed;
  }
} finally {
  server.close();
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(path.join(root, 'bench', '.tmp', `suite-lib-${process.pid}`), { recursive: true, force: true });
}

const median = values => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const fixed = (n, digits = 2) => n.toFixed(digits);
const targets = [];
if (!actionsOnly) {
  const titles = Object.keys(runs.plain[0].durations);
  /** The sum over tests of each test's median duration in this mode: steadier than one run's sum. */
  const testTime = mode => titles.reduce((sum, title) => sum + median(runs[mode].map(run => run.durations[title] ?? 0)), 0);
  const steps = runs.plain[0].steps;
  const stat = mode => ({
    suiteMs: median(runs[mode].map(run => run.runnerMs)),
    testMs: testTime(mode),
    peakMb: median(runs[mode].map(run => run.peakWorkerMb)),
    failed: Math.max(...runs[mode].map(run => run.failed)),
  });
  const s = Object.fromEntries(modes.map(mode => [mode, stat(mode)]));
  const added = mode => s[mode].testMs - s.plain.testMs;
  const addedSuite = mode => s[mode].suiteMs - s.plain.suiteMs;
  const inCaptures = median(runs.stagewright.map(run => run.inCapturesMs));

  const rows = [
    ['mode', 'suite s (median)', 'suite ×', 'test time s (Σ medians)', 'test time ×', 'added s', 'added ms/step', 'added share', 'peak worker MB', 'memory ×'],
    ...modes.map(mode => [mode, fixed(s[mode].suiteMs / 1000, 1), fixed(s[mode].suiteMs / s.plain.suiteMs), fixed(s[mode].testMs / 1000, 1), fixed(s[mode].testMs / s.plain.testMs),
      fixed(added(mode) / 1000, 1), fixed(added(mode) / steps, 1), `${fixed(added(mode) / s.plain.testMs * 100, 1)}%`, Math.round(s[mode].peakMb), fixed(s[mode].peakMb / s.plain.peakMb)]),
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map(row => String(row[i]).length)));
  const line = row => '| ' + row.map((cell, i) => String(cell).padEnd(widths[i])).join(' | ') + ' |';
  const ratioToTrace = added('stagewright') / added('trace');
  const share = added('stagewright') / s.plain.testMs;
  const memory = s.stagewright.peakMb / s.plain.peakMb;
  const testTimeRatio = s.stagewright.testMs / s.plain.testMs;
  targets.push(
    ['the step suite with captures ≤ 1.25× plain Playwright (test time, Σ medians)', testTimeRatio <= 1.25, fixed(testTimeRatio)],
    ['step captures add ≤ 0.5× what trace: \'on\' adds (test time)', ratioToTrace <= 0.5, `${fixed(ratioToTrace)} (${fixed(added('stagewright') / 1000, 1)} s against ${fixed(added('trace') / 1000, 1)} s; suite wall time ${fixed(addedSuite('stagewright') / 1000, 1)} s against ${fixed(addedSuite('trace') / 1000, 1)} s, ${fixed(addedSuite('stagewright') / addedSuite('trace'))})`],
    ['step captures add ≤ 10% of the suite\'s time', share <= 0.1, `${fixed(share * 100, 1)}% of the test time (${fixed(addedSuite('stagewright') / s.plain.suiteMs * 100, 1)}% of the suite's wall time)`],
    ['peak worker memory ≤ 1.3× the suite without the library', memory <= 1.3, `${fixed(memory)} (${Math.round(s.stagewright.peakMb)} MB against ${Math.round(s.plain.peakMb)} MB; trace ${Math.round(s.trace.peakMb)} MB)`],
  );
  console.log(`realistic suite — ${new Date().toISOString().slice(0, 10)} — ${os.cpus().length} cores — ${titles.length} tests, ${steps} test.steps (4–6 a test) on pages of 1,000–5,000 elements, ${kWorkers} workers; medians of ${rounds} interleaved rounds after a warm-up\n`);
  console.log([line(rows[0]), '|' + widths.map(w => '-'.repeat(w + 2)).join('|') + '|', ...rows.slice(1).map(line)].join('\n'));
  console.log(`\n  in captures (measured in the workers): ${fixed(inCaptures / 1000, 1)} s, ${fixed(inCaptures / steps, 1)} ms per step (step starts and ends and each test's final capture)`);
  if (modes.some(mode => s[mode].failed))
    console.log(`  tests not passed (the most in one run): ${modes.map(mode => `${mode} ${s[mode].failed}`).join(', ')}`);
  const plainBytesPerTest = median(runs.plain.map(run => run.reportBytes)) / titles.length;
  console.log(`\n  JSON report per passing test (attachments embedded; plain Playwright ${fixed(plainBytesPerTest / 1024, 1)} KB, trace: 'on' ${fixed(median(runs.trace.map(run => run.reportBytes)) / titles.length / 1024, 1)} KB):`);
  for (const capture of kCaptureModes)
    console.log(`    capture: '${capture}'`.padEnd(34) + `${fixed(reportBytes[capture] / Math.max(1, reportPassed[capture]) / 1024, 1)} KB (${fixed(reportBytes[capture] / Math.max(1, reportPassed[capture]) / plainBytesPerTest, 1)}× plain)`);
}
const actionTitles = Object.keys(actionRuns.plain[0].durations);
const actionTime = mode => actionTitles.reduce((sum, title) => sum + median(actionRuns[mode].map(run => run.durations[title] ?? 0)), 0);
const actionAdded = mode => (actionTime(mode) - actionTime('plain')) / actionTime('plain');
const actionFailed = mode => Math.max(...actionRuns[mode].map(run => run.failed));
const actionSkipped = mode => Math.max(...actionRuns[mode].map(run => run.skippedCaptures));
const inActionCaptures = mode => median(actionRuns[mode].map(run => run.inCapturesMs)) / actionTitles.length;
/** KB of attachments a passing test (median of the runs): what a report of many passing tests weighs. */
const attachedKb = mode => median(actionRuns[mode].map(run => run.passedAttachmentBytes / Math.max(1, Object.keys(run.durations).length - run.failed))) / 1024;
console.log(`\n  the same suite as real suites are written (no test.step, a ${kActionsTimeoutMs / 1000} s timeout a test), test time (Σ medians):`);
for (const [mode, what] of [
  ['plain', 'plain Playwright'],
  ['off', 'stagewright, capture: \'off\' (the library without captures)'],
  ['norecord', 'stagewright, captureActions: false, lastPassDir: false (an end capture a test; no record: nothing read at each call\'s end)'],
  ['end', 'stagewright, captureActions: false (an end capture a test, and what each call reached)'],
  ['stagewright', 'stagewright\'s default, captureActions: \'auto\' (and a capture after each call that changed the page)'],
  ['each', 'stagewright, captureActions: true (in a test with no step, as \'auto\')'],
]) {
  console.log(`    ${fixed(actionTime(mode) / 1000, 1).padStart(6)} s ${mode === 'plain' ? '        ' : `(+${fixed(actionAdded(mode) * 100, 1)}%)`.padEnd(8)} ${what}` +
    (mode !== 'plain' ? `; in captures and the record ${fixed(inActionCaptures(mode), 1)} ms a test, captures skipped ${actionSkipped(mode)}` : '') +
    `; attachments ${fixed(attachedKb(mode), 1)} KB a passing test; not passed (the most in one run) ${actionFailed(mode)}`);
}
// The timeline page of the default's tests: what building it cost at the test's end (its wait for
// the trees laid out off the test's path included) and what it weighs.
const timelines = actionRuns.stagewright.flatMap(run => run.timelines);
if (timelines.length)
  console.log(`  the timeline page under the default: ${timelines.length} pages, median ${fixed(median(timelines.map(t => t.ms)), 1)} ms to build at a test's end (max ${fixed(Math.max(...timelines.map(t => t.ms)), 1)}), ${fixed(median(timelines.map(t => t.bytes)) / 1024, 1)} KB (max ${fixed(Math.max(...timelines.map(t => t.bytes)) / 1024, 1)})`);
// Why the +15% is out of reach as captures are built: its budget a test, against the one capture
// every test needs in full, its `goto`'s (the base of the next call's diff, a new document's first
// walk in a new renderer, whose code runs cold).
const gotoCaptures = actionRuns.stagewright.flatMap(run => run.gotoCaptures);
if (gotoCaptures.length) {
  const plainTestMs = median(actionTitles.map(title => median(actionRuns.plain.map(run => run.durations[title] ?? 0))));
  console.log(`  +15% of plain Playwright's median test (${fixed(plainTestMs / 1000, 2)} s) is ${Math.round(plainTestMs * 0.15)} ms a test; under the default, a test's capture after its goto alone took ${Math.round(median(gotoCaptures))} ms (median of ${gotoCaptures.length}; ${Math.round(Math.min(...gotoCaptures))}–${Math.round(Math.max(...gotoCaptures))})`);
}
// What reading each call's target at its end (and writing the record) costs: the end capture alone against lastPassDir: false.
const reachedCost = (actionTime('end') - actionTime('norecord')) / actionTime('plain');
const reachedMsPerCall = (actionTime('end') - actionTime('norecord')) / actionTitles.length / kCallsPerActionsTest;
console.log(`  the last passing run (what each call reached, the record built and written): ${fixed(reachedCost * 100, 1)}% of the suite's time, ${fixed(reachedMsPerCall, 2)} ms a call (${fixed(kCallsPerActionsTest, 1)} calls a test), of which ${fixed(inActionCaptures('end') - inActionCaptures('norecord'), 1)} ms a test at its end`);
targets.push(
  ['a suite with no test.step: end captures (captureActions: false) add ≤ 10% of its time', actionAdded('end') <= 0.1, `${fixed(actionAdded('end') * 100, 1)}%`],
  ['a suite with no test.step: the last passing run (what each call reached) adds ≤ 3% of its time', reachedCost <= 0.03, `${fixed(reachedCost * 100, 1)}%`],
  ['the no-step suite with the new default: ≤ +15% test time over plain Playwright, no end or action capture skipped for want of time, no test failed',
    actionAdded('stagewright') <= 0.15 && actionSkipped('stagewright') === 0 && actionFailed('stagewright') === 0,
    `+${fixed(actionAdded('stagewright') * 100, 1)}%, ${actionSkipped('stagewright')} skipped, ${actionFailed('stagewright')} failed (plain Playwright ${actionFailed('plain')})`],
  ['the no-step suite with the new default: a passing test never attaches a full DOM file', actionRuns.stagewright.every(run => run.passedDomFiles === 0),
    `${Math.max(...actionRuns.stagewright.map(run => run.passedDomFiles))} dom.html in passing tests (the most in one run); ${fixed(attachedKb('stagewright'), 1)} KB attached a passing test`],
  ['a suite with no test.step: no more tests fail with the library in any mode, and no capture is skipped for want of time',
    actionModes.every(mode => actionFailed(mode) <= actionFailed('plain') && actionSkipped(mode) === 0),
    actionModes.filter(mode => mode !== 'plain').map(mode => `${mode} failed ${actionFailed(mode)}, skipped ${actionSkipped(mode)}`).join('; ') + ` (plain failed ${actionFailed('plain')})`],
);
console.log('\ntargets:');
for (const [what, met, value] of targets)
  console.log(`  ${met ? 'met    ' : 'NOT met'}  ${what}: ${value}`);
