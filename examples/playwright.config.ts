import { defineConfig } from '@playwright/test';
import type { StagewrightFixtures } from 'stagewright';
import { chromiumLaunchOptions } from 'stagewright/browser';

// The demo: `npm run demo` runs this suite against the demo app and writes an HTML report
// (examples/playwright-report) whose steps carry stagewright's attachments.
export default defineConfig<StagewrightFixtures>({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: 'test-results',
  reporter: [['list'], ['html', { outputFolder: 'playwright-report', open: 'never' }]],
  use: {
    baseURL: 'http://127.0.0.1:4173',
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions(),
    trace: 'on',
    // Each step's diff ends with suggested assertions, proven by Playwright on the live page.
    stagewrightOptions: { stepSuggestions: true },
  },
  webServer: {
    command: 'node server.mjs',
    url: 'http://127.0.0.1:4173',
    reuseExistingServer: !process.env.CI,
  },
});
