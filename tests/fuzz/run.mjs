// `npm run fuzz -- --pages N --seed S`: a longer fuzz run than `npm test`'s fixed seeds.
//
// Runs pages S, S+1, … S+N-1 through tests/e2e/fuzz.spec.ts (Playwright, the repo's config), and
// pages S to S+2 again as failing tests of a generated project (triage, report, step titles);
// then shrinks each failure to a minimal page (the first --shrink-per-signature seeds of each kind
// of failure; one `fuzz shrink` run per failure, --workers of them at a time, each candidate a
// test of its own: tests/fuzz/shrink.ts), writes it to tests/fuzz/regressions/, replays the new
// regression cases to see that they fail on their own, and prints a summary: pages, checks,
// failures by check, and the seed of each failure, which reproduces it:
//   npm run fuzz -- --seed <seed> --pages 1 [--no-shrink]
//
// Options: --pages N (default 100), --seed S (default 1000; 1–24 are npm test's), --workers W
// (default 2), --no-shrink, --shrink-per-signature K (default 2). Exits 1 when anything failed.
// The build comes first (package.json: `npm run build && node tests/fuzz/run.mjs`).

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const cli = path.join(root, 'node_modules', '@playwright', 'test', 'cli.js');

function parseArgs(argv) {
  const options = { pages: 100, seed: 1000, workers: 2, shrink: true, perSignature: 2 };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const next = Number(argv[++i]);
      if (!Number.isInteger(next) || next < 0)
        throw new Error(`${arg} takes a whole number, got ${argv[i]}`);
      return next;
    };
    if (arg === '--pages')
      options.pages = value();
    else if (arg === '--seed')
      options.seed = value();
    else if (arg === '--workers')
      options.workers = value();
    else if (arg === '--shrink-per-signature')
      options.perSignature = value();
    else if (arg === '--no-shrink')
      options.shrink = false;
    else
      throw new Error(`unknown option ${arg} (--pages N, --seed S, --workers W, --no-shrink, --shrink-per-signature K)`);
  }
  return options;
}

function readLines(file) {
  if (!fs.existsSync(file))
    return [];
  return fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).map(line => JSON.parse(line));
}

/**
 * Runs tests/e2e/fuzz.spec.ts with its output in `log`; resolves when it exits. `progress` is
 * called every few seconds while it runs.
 */
function playwright(args, env, log, progress) {
  return new Promise(resolve => {
    const out = fs.openSync(log, 'w');
    const child = spawn(process.execPath, [cli, 'test', 'tests/e2e/fuzz.spec.ts', ...args], {
      cwd: root, stdio: ['ignore', out, out], env: { ...process.env, FORCE_COLOR: '0', ...env },
    });
    const timer = progress ? setInterval(progress, 15_000) : undefined;
    child.on('exit', () => {
      clearInterval(timer);
      fs.closeSync(out);
      resolve();
    });
  });
}

let options;
try {
  options = parseArgs(process.argv.slice(2));
} catch (error) {
  console.error(`fuzz: ${error.message}`);
  process.exit(2);
}

const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagewright-fuzz-'));
const reportFile = path.join(runDir, 'cases.jsonl');
const started = Date.now();
console.log(`fuzz: pages ${options.seed}..${options.seed + options.pages - 1}, ${options.workers} workers, shrinking ${options.shrink ? 'on' : 'off'}; run folder ${runDir}`);
const seedsLog = path.join(runDir, 'seeds.log');
console.log(`fuzz: Playwright's output goes to ${seedsLog}`);
await playwright(['--grep', 'fuzz seeds|fuzz project', `--workers=${options.workers}`, '--reporter=dot'], {
  SW_FUZZ_SEED: String(options.seed),
  SW_FUZZ_PAGES: String(options.pages),
  SW_FUZZ_SHRINK: options.shrink ? '1' : '0',
  SW_FUZZ_SHRINK_PER_SIGNATURE: String(options.perSignature),
  SW_FUZZ_REPORT: reportFile,
  SW_FUZZ_RUN_DIR: runDir,
}, seedsLog, () => {
  const done = readLines(reportFile).filter(line => line.kind === 'seed');
  const failed = done.filter(line => line.error || line.failures?.length).map(line => line.seed);
  console.log(`fuzz: ${done.length}/${options.pages} pages, ${failed.length} failed${failed.length ? ` (seeds ${failed.join(', ')})` : ''}`);
});

const lines = readLines(reportFile).filter(line => line.kind === 'seed');
const project = readLines(reportFile).find(line => line.kind === 'project');
const failing = lines.filter(line => line.error || line.failures?.length);
const checks = lines.reduce((sum, line) => sum + (line.checks ?? 0), 0);
const byCheck = new Map();
for (const line of failing) {
  for (const failure of line.failures ?? [{ check: 'harness', phase: '-', signature: 'harness', message: line.error }]) {
    const list = byCheck.get(failure.check) ?? [];
    list.push({ seed: line.seed, ...failure });
    byCheck.set(failure.check, list);
  }
}

/** Shrinks one job in a Playwright run of its own; resolves to its outcome (written by the job's session). */
async function shrink(job, index) {
  const log = path.join(runDir, `shrink-${index}.log`);
  await playwright(['--grep', 'fuzz shrink', '--workers=1', `--output=${path.join(runDir, `shrink-${index}`)}`, '--reporter=dot'],
      { SW_FUZZ_SHRINK_JOB: job, SW_FUZZ_REPORT: path.join(runDir, 'shrink.jsonl') }, log);
  const outcome = job.replace(/\.json$/, '.outcome.json');
  return fs.existsSync(outcome) ? JSON.parse(fs.readFileSync(outcome, 'utf8')) : { ...JSON.parse(fs.readFileSync(job, 'utf8')), crashed: log };
}

const jobs = fs.readdirSync(runDir).filter(file => /^job-.*(?<!\.outcome)\.json$/.test(file)).sort().map(file => path.join(runDir, file));
const outcomes = [];
if (jobs.length) {
  console.log(`fuzz: shrinking ${jobs.length} failures, ${options.workers} at a time (logs in ${runDir})`);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const index = next++;
      const outcome = await shrink(jobs[index], index);
      outcomes.push(outcome);
      const what = outcome.crashed ? `the shrink run crashed (${outcome.crashed})`
        : !outcome.reproduced ? 'did not reproduce in a test of its own'
        : outcome.flaky ? `the minimal case (${outcome.elements.minimal} elements) did not fail twice more: flaky, not written`
        : `${outcome.elements.generated} → ${outcome.elements.minimal} elements in ${outcome.candidates} candidates: tests/fuzz/regressions/${outcome.regression}.html`;
      console.log(`  ${outcome.failure.check} seed ${outcome.seed} (${outcome.failure.signature}): ${what}`);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.workers) }, worker));
}
const written = [...new Set(outcomes.map(outcome => outcome.regression).filter(Boolean))];
const seconds = Math.round((Date.now() - started) / 1000);
console.log('');
console.log(`fuzz summary: ${lines.length} of ${options.pages} pages, ${checks} checks, ${failing.length} pages failed (${seconds} s in all)`);
for (const [check, list] of [...byCheck].sort()) {
  const seeds = [...new Set(list.map(f => f.seed))];
  console.log(`  ${check}: ${seeds.length} pages (seeds ${seeds.join(', ')})`);
  const bySignature = new Map();
  for (const failure of list)
    bySignature.set(failure.signature, [...bySignature.get(failure.signature) ?? [], failure]);
  for (const [signature, failures] of bySignature) {
    const first = failures[0];
    console.log(`    ${signature}: seeds ${[...new Set(failures.map(f => f.seed))].join(', ')}`);
    console.log(`      e.g. seed ${first.seed} (${first.phase}): ${String(first.message).slice(0, 300)}`);
  }
}
if (project) {
  console.log(`  project (seeds ${project.seeds.join(', ')} as failing tests: triage, report, step titles): ${project.leaks.length ? `${project.leaks.length} artifacts hold a secret` : 'no secret in any artifact'}`);
  for (const leak of project.leaks.slice(0, 5))
    console.log(`    ${leak.slice(0, 300)}`);
}
if (lines.length < options.pages)
  console.log(`  ${options.pages - lines.length} pages did not report (a crash or timeout: see the output above)`);
if (failing.length)
  console.log(`reproduce one: npm run fuzz -- --seed <seed> --pages 1 --no-shrink`);

if (written.length) {
  console.log('');
  console.log(`regression cases written to tests/fuzz/regressions/: ${written.join(', ')}`);
  const replayFile = path.join(runDir, 'replay.jsonl');
  const log = path.join(runDir, 'replay.log');
  console.log(`replaying them (each should fail on its own until the library is fixed; log: ${log}):`);
  await playwright(['--grep', 'fuzz regressions', `--workers=${options.workers}`, `--output=${path.join(runDir, 'replay')}`, '--reporter=dot'],
      { SW_FUZZ_REGRESSIONS: written.join(','), SW_FUZZ_REPORT: replayFile }, log);
  for (const line of readLines(replayFile)) {
    if (line.failures?.length) {
      console.log(`  ${line.name}: fails (${[...new Set(line.failures.map(f => f.signature))].join(', ')})`);
      continue;
    }
    // A case that does not fail on its own guards nothing: it goes.
    for (const ext of ['html', 'json'])
      fs.rmSync(path.join(root, 'tests', 'fuzz', 'regressions', `${line.name}.${ext}`), { force: true });
    console.log(`  ${line.name}: passes on its own: removed`);
  }
}

process.exit(failing.length || lines.length < options.pages || project?.leaks.length ? 1 : 0);
