// The differential fuzzer against Playwright (tests/fuzz/README.md): seeded random pages built
// from component-library patterns, random interactions with a secret marker typed into every
// secret field, and five checks against Playwright's own aria snapshots and the page itself
// (a parity, b words, c secrets, d mutation, e entries).
//
// `npm test` runs the fixed seeds below, the first three of them again as failing tests of a
// generated project (triage, report, step titles), and every regression case in
// tests/fuzz/regressions/. `npm run fuzz -- --pages N --seed S` (tests/fuzz/run.mjs) runs more:
// it sets SW_FUZZ_SEED and SW_FUZZ_PAGES, SW_FUZZ_SHRINK=1 and SW_FUZZ_RUN_DIR (a failing seed
// writes a shrink job there), SW_FUZZ_REPORT (a JSONL file that gets one line per case), then
// runs `fuzz shrink` once per job (SW_FUZZ_SHRINK_JOB) and replays the regression cases written
// (SW_FUZZ_REGRESSIONS).

import fs from 'node:fs';
import { test, expect } from '../../src/index';
import { generateCase } from '../fuzz/generate';
import { countElements, renderPage } from '../fuzz/model';
import { formatFailures, runCase, type RunnableCase } from '../fuzz/harness';
import { runInProject } from '../fuzz/project';
import { loadRegressions } from '../fuzz/regressions';
import { kMaxCandidates, ShrinkSession, writeShrinkJobs } from '../fuzz/shrink';

/**
 * The seeds every run checks: fixed, so a run is reproducible. The fast tier (`npm test`) checks
 * the first 6, the slow tier and a full run all 24 (docs/contributing.md, Tests).
 */
const kFixedSeeds = Array.from({ length: process.env.STAGEWRIGHT_TIER === 'fast' ? 6 : 24 }, (_, i) => i + 1);

function seeds(): number[] {
  const start = process.env.SW_FUZZ_SEED;
  const pages = process.env.SW_FUZZ_PAGES;
  if (start === undefined && pages === undefined)
    return kFixedSeeds;
  const first = Number(start ?? 1);
  return Array.from({ length: Number(pages ?? 50) }, (_, i) => first + i);
}

const kShrink = process.env.SW_FUZZ_SHRINK === '1';
const kShrinkJob = process.env.SW_FUZZ_SHRINK_JOB;
const kReport = process.env.SW_FUZZ_REPORT;
/** Comma-separated regression names to replay (all when unset). */
const kRegressionFilter = process.env.SW_FUZZ_REGRESSIONS?.split(',').filter(Boolean);

function report(line: object) {
  if (kReport)
    fs.appendFileSync(kReport, JSON.stringify(line) + '\n');
}

function runnable(seed: number): RunnableCase {
  const fuzzCase = generateCase(seed);
  return { seed, html: renderPage(fuzzCase.model), actions: fuzzCase.actions };
}

test.describe('fuzz generator', () => {
  test('should make the same case from the same seed, and cases of 10 to 80-odd elements', () => {
    for (const seed of [1, 2, 3, 1000, 4242]) {
      const a = generateCase(seed);
      expect(JSON.stringify(generateCase(seed))).toBe(JSON.stringify(a));
      expect(renderPage(generateCase(seed).model)).toBe(renderPage(a.model));
      // The generator stops adding patterns at 80 elements; the last pattern may go past it.
      expect(countElements(a.model.body)).toBeGreaterThanOrEqual(10);
      expect(countElements(a.model.body)).toBeLessThan(140);
      for (const action of a.actions)
        expect(renderPage(a.model), `seed ${seed}: the target of ${JSON.stringify(action)} is on the page`).toContain(action.target);
    }
  });
});

test.describe('fuzz seeds', () => {
  for (const seed of seeds()) {
    test(`seed ${seed}`, async ({ page, stagewright: sw }, testInfo) => {
      let result;
      try {
        result = await runCase({ page, sw, testInfo }, runnable(seed));
      } catch (error) {
        report({ kind: 'seed', seed, error: String((error as Error).message ?? error).slice(0, 500) });
        throw error;
      }
      const jobs = kShrink ? writeShrinkJobs(seed, result.failures) : [];
      report({ kind: 'seed', seed, checks: result.checks, failures: result.failures, jobs });
      expect(result.failures, formatFailures(seed, result.failures)).toEqual([]);
    });
  }
});

test.describe('fuzz project', () => {
  test('should keep every secret out of the triage, the report and the step titles of failing tests', async () => {
    test.setTimeout(120_000);
    const cases = seeds().slice(0, 3).map(runnable);
    const result = await runInProject(cases);
    report({ kind: 'project', seeds: cases.map(c => c.seed), leaks: result.leaks });
    // The check is real: every test failed, wrote its triage, and the artifacts are there to read.
    expect(result.failed, result.output).toBe(cases.length);
    expect(result.triages, result.output).toBe(cases.length);
    expect(result.leaks, `seeds ${cases.map(c => c.seed).join(', ')}: a secret marker reached these artifacts`).toEqual([]);
  });
});

test.describe('fuzz regressions', () => {
  for (const regression of loadRegressions().filter(r => !kRegressionFilter || kRegressionFilter.includes(r.name))) {
    test(regression.name, async ({ page, stagewright: sw }, testInfo) => {
      const result = await runCase({ page, sw, testInfo }, regression);
      report({ kind: 'regression', name: regression.name, seed: regression.seed, checks: result.checks, failures: result.failures });
      expect(result.failures, `${regression.name} (first seen as: ${regression.check}: ${regression.message})\n` +
          formatFailures(regression.seed, result.failures)).toEqual([]);
    });
  }
});

if (kShrinkJob) {
  // One job's candidates (tests/fuzz/shrink.ts): each a test of its own, so that each gets a fresh
  // fixture; serial, in one worker, where the shrinker lives.
  test.describe('fuzz shrink', () => {
    test.describe.configure({ mode: 'serial' });
    const session = () => ShrinkSession.forJob(kShrinkJob);
    // The original case, the candidates, and two more runs of the minimal case.
    for (let i = 0; i <= kMaxCandidates + 2; i++) {
      test(`candidate ${i}`, async ({ page, stagewright: sw }, testInfo) => {
        const request = await session().next();
        test.skip(!request, 'shrinking is over');
        const { check, phase, signature } = session().job.failure;
        try {
          const result = await runCase({ page, sw, testInfo }, request!.fuzzCase, { only: { check, phase } });
          const same = result.failures.find(f => f.signature === signature);
          report({ kind: 'candidate', seed: session().job.seed, index: i, fails: !!same, message: same?.message, html: request!.fuzzCase.html.length });
          request!.answer(!!same, same?.message);
        } catch {
          // A candidate the harness cannot run (a page that never settles) is not a smaller failure.
          request!.answer(false);
        }
      });
    }
    test.afterAll(async () => {
      const outcome = await session().stop();
      report({ kind: 'shrink', ...outcome });
    });
  });
}
