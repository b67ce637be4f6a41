// What captures around test.step cost: the demo suite run with `capture: 'steps'` and with
// `capture: 'off'`, interleaved, after a warm-up. Two figures per step: the time the tests spent
// in captures, measured in the worker (STAGEWRIGHT_CAPTURE_TIMES; the sum of each test's median
// over the runs), steady but an upper bound (a capture also warms the page's runtime for the
// test's own calls); and the difference of the tests' durations between the two modes, the
// overhead proper, which also holds everything else that moves a test's duration on a shared
// machine (each run's figure is printed).
// Run: npm run build && node bench/step-overhead.mjs [runs]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readRunReport } from './runReport.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const runs = Number(process.argv[2] ?? 7);
const cli = path.join(root, 'node_modules', '@playwright', 'test', 'cli.js');

function configFor(capture) {
  const file = path.join(root, 'examples', `.bench-${capture}.config.ts`);
  fs.writeFileSync(file, `import base from './playwright.config';
export default { ...base, reporter: [['json']], use: { ...base.use, trace: 'off', stagewrightOptions: { capture: '${capture}' } } };\n`);
  return file;
}

/**
 * Each test's duration and time in captures (by title), and the suite's user steps (not our
 * capture steps, nor the steps of our calls).
 */
function run(config) {
  const out = path.join(os.tmpdir(), `stagewright-bench-${process.pid}.json`);
  const times = path.join(os.tmpdir(), `stagewright-bench-${process.pid}.times`);
  fs.rmSync(times, { force: true });
  execFileSync(process.execPath, [cli, 'test', '-c', config, '--workers=1'], { cwd: root, env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: out, STAGEWRIGHT_CAPTURE_TIMES: times }, stdio: ['ignore', 'ignore', 'inherit'] });
  const report = JSON.parse(fs.readFileSync(out, 'utf8'));
  const captureMs = {};
  for (const line of fs.readFileSync(times, 'utf8').trim().split('\n')) {
    const { test, captureMs: ms } = JSON.parse(line);
    captureMs[test.split(' › ').slice(-2).join(' › ')] = ms;
  }
  const { durations, steps } = readRunReport(report, (file, spec) => `${file.title} › ${spec.title}`);
  return { durations, captureMs, steps };
}

const median = values => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const configs = { steps: configFor('steps'), off: configFor('off') };
// Per mode, per test: its durations over the runs. A test's median is steadier than the suite's
// sum, where one slow test (a busy machine) moves the whole figure.
const durations = { steps: {}, off: {} };
const captureMs = {};
let steps;
try {
  run(configs.off); // Warm-up: the web server, the browser's caches.
  for (let i = 0; i < runs; i++) {
    for (const mode of ['off', 'steps']) {
      const result = run(configs[mode]);
      for (const [title, ms] of Object.entries(result.durations))
        (durations[mode][title] ??= []).push(ms);
      if (mode === 'off')
        steps = result.steps;
      else
        for (const [title, ms] of Object.entries(result.captureMs))
          (captureMs[title] ??= []).push(ms);
    }
  }
} finally {
  for (const file of Object.values(configs))
    fs.rmSync(file, { force: true });
}
const titles = Object.keys(durations.off);
const total = mode => titles.reduce((sum, title) => sum + median(durations[mode][title]), 0);
const added = total('steps') - total('off');
const inCaptures = titles.reduce((sum, title) => sum + median(captureMs[title]), 0);
// Each run's own figures: how far one run wanders on this machine.
const perRun = durations.off[titles[0]].map((_, i) => ({
  inCaptures: titles.reduce((sum, title) => sum + captureMs[title][i], 0) / steps,
  added: titles.reduce((sum, title) => sum + durations.steps[title][i] - durations.off[title][i], 0) / steps,
}));
const list = key => perRun.map(run => Math.round(run[key])).join(', ');
console.log(`demo suite: ${titles.length} tests, ${steps} test.steps; ${runs} interleaved runs after a warm-up, 1 worker`);
console.log(`  in captures     ${Math.round(inCaptures)} ms: ${Math.round(inCaptures / steps)} ms per step (start and end captures, the ${titles.length} end-of-test captures included; runs: ${list('inCaptures')})`);
console.log(`  capture 'off'   ${total('off')} ms of test time (the sum of each test's median)`);
console.log(`  capture 'steps' ${total('steps')} ms of test time (${(total('steps') / total('off')).toFixed(2)}x)`);
console.log(`  added           ${added} ms: ${Math.round(added / steps)} ms per step (runs: ${list('added')})`);
