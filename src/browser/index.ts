import fs from 'node:fs';
import { chromium, type LaunchOptions } from '@playwright/test';
import { StagewrightError } from '../errors';

/** Flags that keep Chromium quiet on a closed network and runnable as root in containers. */
export const kChromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const kSystemChromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

export type ChromiumSource = 'STAGEWRIGHT_CHROMIUM' | 'playwright' | 'system';

/**
 * Finds a Chromium to run: `STAGEWRIGHT_CHROMIUM` when set, else Playwright's own download when
 * present, else Debian's `/usr/bin/chromium`. Throws a coded error naming the fix when none exists
 * (or when `STAGEWRIGHT_CHROMIUM` points to nothing). Finds only, never installs:
 * `scripts/ensure-browser.mjs` (run by `npm test` and `npm run demo`) installs from its answer.
 */
export function findChromium(env: NodeJS.ProcessEnv = process.env, places: { bundled?: string; system?: string[] } = {}): { executablePath: string; source: ChromiumSource } {
  const fromEnv = env.STAGEWRIGHT_CHROMIUM;
  if (fromEnv) {
    if (!fs.existsSync(fromEnv)) {
      throw new StagewrightError('INVALID_ARGUMENT', `STAGEWRIGHT_CHROMIUM points to "${fromEnv}", which does not exist.`, {
        hint: 'Set STAGEWRIGHT_CHROMIUM to the path of a Chromium binary, or unset it to use the defaults.',
        nextActions: ['export STAGEWRIGHT_CHROMIUM=/path/to/chromium', 'unset STAGEWRIGHT_CHROMIUM'],
      });
    }
    return { executablePath: fromEnv, source: 'STAGEWRIGHT_CHROMIUM' };
  }
  let bundled = places.bundled;
  try {
    bundled ??= chromium.executablePath();
  } catch {
    // Playwright throws when it does not know its browser path for this platform.
  }
  if (bundled && fs.existsSync(bundled))
    return { executablePath: bundled, source: 'playwright' };
  for (const candidate of places.system ?? kSystemChromium) {
    if (fs.existsSync(candidate))
      return { executablePath: candidate, source: 'system' };
  }
  throw new StagewrightError('INVALID_ARGUMENT', 'No Chromium found.', {
    hint: 'Install one: `apt-get install -y chromium` (Debian), or `npx playwright install chromium`, ' +
      'or set STAGEWRIGHT_CHROMIUM=/path/to/chromium.',
    nextActions: ['apt-get update && apt-get install -y chromium', 'npx playwright install chromium', 'export STAGEWRIGHT_CHROMIUM=/path/to/chromium'],
  });
}

/** Launch options for `use: { launchOptions }` in a Playwright config. */
export function chromiumLaunchOptions(env: NodeJS.ProcessEnv = process.env): LaunchOptions {
  return { executablePath: findChromium(env).executablePath, args: kChromiumArgs };
}
