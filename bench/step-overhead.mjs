// What captures around test.step cost: the demo suite run with `capture: 'steps'` and with
// `capture: 'off'`, interleaved, after a warm-up; prints the sums of each test's median duration
// and the added time per step.
// Run: npm run build && node bench/step-overhead.mjs [runs]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const runs = Number(process.argv[2] ?? 7);
const cli = path.join(root, 'node_modules', '@playwright', 'test', 'cli.js');

function configFor(capture) {
  const file = path.join(root, 'examples', `.bench-${capture}.config.ts`);
  fs.writeFileSync(file, `import base from './playwright.config';
export default { ...base, reporter: [['json']], use: { ...base.use, trace: 'off', stagewrightOptions: { capture: '${capture}' } } };\n`);
  return file;
}

/** Each test's duration (by title) and the suite's user steps (not our capture steps, nor the steps of our calls). */
function run(config) {
  const out = path.join(os.tmpdir(), `stagewright-bench-${process.pid}.json`);
  execFileSync(process.execPath, [cli, 'test', '-c', config, '--workers=1'], { cwd: root, env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: out }, stdio: ['ignore', 'ignore', 'inherit'] });
  const report = JSON.parse(fs.readFileSync(out, 'utf8'));
  const durations = {};
  let steps = 0;
  const visit = list => {
    for (const step of list ?? []) {
      if (!/^stagewright[.:[]/.test(step.title))
        steps++;
      visit(step.steps);
    }
  };
  for (const file of report.suites) {
    for (const spec of file.specs) {
      for (const result of spec.tests.flatMap(t => t.results)) {
        durations[`${file.title} › ${spec.title}`] = result.duration;
        visit(result.steps);
      }
    }
  }
  return { durations, steps };
}

const median = values => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const configs = { steps: configFor('steps'), off: configFor('off') };
// Per mode, per test: its durations over the runs. A test's median is steadier than the suite's
// sum, where one slow test (a busy machine) moves the whole figure.
const durations = { steps: {}, off: {} };
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
    }
  }
} finally {
  for (const file of Object.values(configs))
    fs.rmSync(file, { force: true });
}
const titles = Object.keys(durations.off);
const total = mode => titles.reduce((sum, title) => sum + median(durations[mode][title]), 0);
const added = total('steps') - total('off');
const shape = { tests: titles.length, steps };
console.log(`demo suite: ${shape.tests} tests, ${shape.steps} test.steps; ${runs} interleaved runs after a warm-up, 1 worker`);
console.log(`  capture 'off'   ${total('off')} ms of test time (the sum of each test's median)`);
console.log(`  capture 'steps' ${total('steps')} ms of test time (${(total('steps') / total('off')).toFixed(2)}x)`);
console.log(`  added ${added} ms: ${Math.round(added / shape.steps)} ms per step (its start and end captures; the ${shape.tests} end-of-test captures included)`);
