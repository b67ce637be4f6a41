// The consumer project's config for `npm run test:compat` (scripts/compat.mjs): this folder is
// copied into a generated project that installs the packed stagewright and one exact
// @playwright/test version, then runs `npx playwright test` there. The system Chromium comes from
// `stagewright/browser`, as the README's quick start shows: Playwright's download is not needed.
import { defineConfig } from '@playwright/test';
import type { StagewrightFixtures } from 'stagewright';
import { chromiumLaunchOptions } from 'stagewright/browser';

export default defineConfig<StagewrightFixtures>({
  testDir: '.',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  workers: Number(process.env.COMPAT_WORKERS ?? 2),
  retries: 0,
  // The HTML report: scripts/compat.mjs opens the timeline pages from it, as a reader does.
  reporter: [['list'], ['json', { outputFile: 'report.json' }], ['./reporter.ts', { outputFile: 'steps.json' }], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    launchOptions: chromiumLaunchOptions(),
    actionTimeout: 5_000,
  },
  projects: [
    // Every test here must pass.
    { name: 'compat', testIgnore: /\.fails\.spec\.ts$/ },
    // Every test here must fail, with the errors and triage its annotations name: the outer
    // script (scripts/compat.mjs) checks that from steps.json.
    { name: 'expected-to-fail', testMatch: /\.fails\.spec\.ts$/ },
  ],
});
