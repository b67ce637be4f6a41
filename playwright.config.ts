import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './src/browser/index';

// Every Playwright internal stagewright uses must be there (src/playwright/internals.ts): a missing
// one fails the run instead of falling back.
process.env.STAGEWRIGHT_REQUIRE_INTERNALS ??= '1';
// Every capture shortcut is checked against a full walk made beside it, and the first difference
// fails the test with INCREMENTAL_MISMATCH (docs/performance.md, Proving the shortcuts).
process.env.STAGEWRIGHT_VERIFY_INCREMENTAL ??= '1';

// Tiers (docs/contributing.md, Tests): `npm test` runs the fast one (STAGEWRIGHT_TIER=fast),
// `npm run test:slow` the specs below, CI both; `npx playwright test` alone runs everything.
const kSlowSpecs = [
  'failure-corpus.spec.ts', // the scenarios of tests/e2e/failureScenarios.ts, each a generated project
  'report.spec.ts',         // HTML and JSON reports of generated projects, screenshots included
  'package.spec.ts',        // npm pack, and an install into a fresh project
  'bounded.spec.ts',        // 15k-element pages, traces, timeouts that must fire
  'acceptance.spec.ts',     // the corpus apps end to end
  'identity.spec.ts',       // ref identity across many re-renders
  'stalls.spec.ts',         // pages that stall the walk
  'memory.spec.ts',
  'bench.spec.ts',
  'corpus.spec.ts',         // need `npm run corpus`
  'corpus-secrets.spec.ts',
  'freeze-corpus.spec.ts',  // freeze on corpus apps: generated projects run three times each
  'last-pass.spec.ts',      // generated projects, each run with and without a last passing run
  'prune.spec.ts',          // generated projects, each listed by Playwright several times
  'freeze.spec.ts',         // generated projects, run again after each freeze
  'deterministic-refs.spec.ts', // a generated suite, twice, under --repeat-each=3
];
const tier = process.env.STAGEWRIGHT_TIER;
const slow = kSlowSpecs.map(file => `**/${file}`);
// The fuzzer runs in both: seeds 1–6 in the fast tier, 1–24 in the slow one (tests/e2e/fuzz.spec.ts).
// So do the shortcuts against a full walk: the fuzzer's pages in the fast tier, every corpus app
// in the slow one (tests/e2e/shortcuts.spec.ts; the corpus is built there if missing).

export default defineConfig({
  testDir: './tests/e2e',
  testIgnore: tier === 'fast' ? slow : undefined,
  testMatch: tier === 'slow' ? [...slow, '**/fuzz.spec.ts', '**/shortcuts.spec.ts'] : undefined,
  timeout: 60_000,
  fullyParallel: true,
  workers: 2,
  reporter: process.env.CI ? 'line' : [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions(),
  },
});
