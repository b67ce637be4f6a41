import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './src/browser/index';

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
