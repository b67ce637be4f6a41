import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './src/browser/index';

// Every Playwright internal stagewright uses must be there (src/playwright/internals.ts): a missing
// one fails the run instead of falling back.
process.env.STAGEWRIGHT_REQUIRE_INTERNALS ??= '1';

export default defineConfig({
  testDir: './tests/e2e',
  timeout: 60_000,
  fullyParallel: true,
  workers: 2,
  reporter: process.env.CI ? 'line' : [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions(),
  },
});
