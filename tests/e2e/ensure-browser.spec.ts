// scripts/ensure-browser.mjs, run as `npm test` and `npm run demo` run it (after the build), in a
// child process. Installing is never exercised here: each run gets an `apt-get` on its PATH that
// only leaves a mark, and a PLAYWRIGHT_BROWSERS_PATH of its own, so a run that tried to install
// would fail the test instead of changing the machine.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { kRepoRoot, run } from './helpers/project';

const kScript = path.join(kRepoRoot, 'scripts', 'ensure-browser.mjs');

async function ensureBrowser(env: NodeJS.ProcessEnv) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagewright-ensure-'));
  const bin = path.join(dir, 'bin');
  const aptMark = path.join(dir, 'apt-get-ran');
  fs.mkdirSync(bin);
  fs.writeFileSync(path.join(bin, 'apt-get'), `#!/bin/sh\necho "$@" >> '${aptMark}'\nexit 1\n`, { mode: 0o755 });
  const browsers = path.join(dir, 'browsers');
  const result = await run(process.execPath, [kScript], kRepoRoot, {
    PATH: `${bin}${path.delimiter}${process.env.PATH}`,
    PLAYWRIGHT_BROWSERS_PATH: browsers,
    FORCE_COLOR: '0',
    ...env,
  });
  return { ...result, triedApt: fs.existsSync(aptMark), triedPlaywright: fs.existsSync(browsers) };
}

test.describe('scripts/ensure-browser.mjs', () => {
  test('should use the Chromium STAGEWRIGHT_CHROMIUM names, and install nothing', async () => {
    const { findChromium } = require(path.join(kRepoRoot, 'dist', 'browser', 'index.js'));
    const chromium: string = findChromium().executablePath; // /usr/bin/chromium on Debian
    const result = await ensureBrowser({ STAGEWRIGHT_CHROMIUM: chromium });
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(`ensure-browser: using Chromium ${chromium} (from STAGEWRIGHT_CHROMIUM)\n`);
    expect(result.code).toBe(0);
    expect(result).toMatchObject({ triedApt: false, triedPlaywright: false });
  });

  test('should stop with the fix, not install, when STAGEWRIGHT_CHROMIUM points to nothing', async () => {
    const result = await ensureBrowser({ STAGEWRIGHT_CHROMIUM: '/nonexistent/chromium' });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('ensure-browser: STAGEWRIGHT_CHROMIUM is set, so nothing is installed in its place.\n');
    expect(result.stderr).toContain('INVALID_ARGUMENT: STAGEWRIGHT_CHROMIUM points to "/nonexistent/chromium", which does not exist.');
    expect(result.stderr).toContain('export STAGEWRIGHT_CHROMIUM=/path/to/chromium');
    expect(result.stderr).toContain('unset STAGEWRIGHT_CHROMIUM');
    expect(result).toMatchObject({ triedApt: false, triedPlaywright: false });
  });
});
