// Smoke tests of the built package, used the way users use it: required from CommonJS, imported
// from ESM, type-checked through its .d.ts, and run in small Playwright Test projects of each kind.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createProject, kRepoRoot, run, runPlaywright } from './helpers/project';

const kPublicNames = ['test', 'expect', 'StagewrightError', 'ErrorCode', 'diffSnapshots', 'reconcileRefs', 'formatSnapshot', 'findEntries', 'estimateTokens'];

const config = (ext: string) => `
${ext === 'cjs' ? `const { defineConfig } = require('@playwright/test');\nconst { chromiumLaunchOptions } = require('stagewright/browser');\nmodule.exports =` : `import { defineConfig } from '@playwright/test';\nimport { chromiumLaunchOptions } from 'stagewright/browser';\nexport default`} defineConfig({
  testMatch: '*.spec.${ext}',
  use: { launchOptions: chromiumLaunchOptions() },
});`;

const spec = (importLine: string) => `${importLine}
test('snapshots by ref', async ({ page, stagewright: sw }) => {
  await page.setContent('<button onclick="this.textContent = \\'Done\\'">Go</button>');
  const [go] = await sw.find({ role: 'button', name: 'Go' });
  await sw.ref(go.ref).click();
  await expect(sw.ref(go.ref)).toHaveText('Done');
});`;

test.describe('the built package', () => {
  test('should be required from CommonJS with every public name', async () => {
    const dir = createProject({});
    const { code, stdout, stderr } = await run(process.execPath, ['-e', `const m = require('stagewright'); console.log(JSON.stringify(Object.keys(m)))`], dir);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual(expect.arrayContaining(kPublicNames));
  });

  test('should be imported from ESM as the same module instance', async () => {
    const dir = createProject({
      'check.mjs': `import { test, StagewrightError } from 'stagewright';
import { createRequire } from 'node:module';
const cjs = createRequire(import.meta.url)('stagewright');
console.log(JSON.stringify({ same: cjs.test === test && cjs.StagewrightError === StagewrightError, code: new StagewrightError('REF_STALE', 'x').code }));`,
    });
    const { code, stdout, stderr } = await run(process.execPath, ['check.mjs'], dir);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ same: true, code: 'REF_STALE' });
  });

  test('should type-check through its declarations', async () => {
    const dir = createProject({
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, module: 'node16', moduleResolution: 'node16', noEmit: true, skipLibCheck: true, types: [] } }),
      'check.ts': `import { test, expect, StagewrightError, type Snapshot, type SnapshotEntry } from 'stagewright';
test('typed', async ({ stagewright }) => {
  const snapshot: Snapshot = await stagewright.snapshot();
  const entry: SnapshotEntry | undefined = snapshot.entries[0];
  const diff = await stagewright.snapshot({ since: 'last' });
  expect(diff.added.length + (entry ? 1 : 0)).toBeGreaterThanOrEqual(0);
  // @ts-expect-error refs are strings
  stagewright.ref(12);
});
const error: StagewrightError = new StagewrightError('REF_NOT_FOUND', 'x');
export { error };`,
    });
    fs.symlinkSync(path.join(kRepoRoot, 'node_modules', 'typescript'), path.join(dir, 'node_modules', 'typescript'), 'dir');
    const { code, stdout } = await run(process.execPath, [path.join(dir, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], dir);
    expect(stdout).toBe('');
    expect(code).toBe(0);
  });

  for (const kind of ['cjs', 'mjs'] as const) {
    test(`should run a ${kind === 'cjs' ? 'CommonJS' : 'ESM'} Playwright Test project`, async () => {
      const dir = createProject({
        [`playwright.config.${kind}`]: config(kind),
        [`smoke.spec.${kind}`]: spec(kind === 'cjs' ? `const { test, expect } = require('stagewright');` : `import { test, expect } from 'stagewright';`),
      });
      const { result, report } = await runPlaywright(dir, ['-c', `playwright.config.${kind}`]);
      expect(report?.stats, result.stderr + result.stdout).toMatchObject({ expected: 1, unexpected: 0 });
    });
  }
});

test.describe('findChromium', () => {
  test('should name the fix when no browser is found', async () => {
    const { findChromium } = require(path.join(kRepoRoot, 'dist', 'browser', 'index.js'));
    expect(() => findChromium({ STAGEWRIGHT_CHROMIUM: '/nonexistent/chromium' })).toThrow(/^INVALID_ARGUMENT: STAGEWRIGHT_CHROMIUM points to "\/nonexistent\/chromium", which does not exist/);
    expect(() => findChromium({}, { bundled: '/nonexistent/playwright-chromium', system: ['/nonexistent/chromium'] }))
        .toThrow(/^INVALID_ARGUMENT: No Chromium found\.\nHint: Install one: `apt-get install -y chromium` \(Debian\), or `npx playwright install chromium`, or set STAGEWRIGHT_CHROMIUM=/);
    const found = findChromium({});
    expect(fs.existsSync(found.executablePath)).toBe(true);
    expect(findChromium({ STAGEWRIGHT_CHROMIUM: found.executablePath })).toEqual({ executablePath: found.executablePath, source: 'STAGEWRIGHT_CHROMIUM' });
  });
});
