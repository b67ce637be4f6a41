// Takes the README's screenshot of the trace viewer (run `npm run demo` first): Playwright's own
// `show-trace` serves the checkout test's trace; headless Chromium opens it, and the action list
// shows our calls as the user's steps.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import browserModule from '../dist/browser/index.js';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const trace = path.join(root, 'examples', 'test-results', 'checkout-fill-the-checkout-form-with-refs-and-locators', 'trace.zip');
const cli = path.join(root, 'node_modules', '@playwright', 'test', 'cli.js');
// `--host` serves the viewer instead of opening a window; the browser it would open is never found here.
const server = spawn(process.execPath, [cli, 'show-trace', '--host', '127.0.0.1', '--port', '0', trace], { env: { ...process.env, BROWSER: 'none' } });
const url = await new Promise((resolve, reject) => {
  let output = '';
  const onData = data => {
    output += data;
    const match = /(http:\/\/127\.0\.0\.1:\d+\S*)/.exec(output);
    if (match)
      resolve(match[1]);
  };
  server.stdout.on('data', onData);
  server.stderr.on('data', onData);
  server.on('exit', code => reject(new Error(`show-trace exited with ${code}: ${output}`)));
  setTimeout(() => reject(new Error(`show-trace printed no URL: ${output}`)), 30_000);
});

const browser = await chromium.launch(browserModule.chromiumLaunchOptions());
const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
await page.goto(url);
const fill = page.getByText('fill the form', { exact: true }).first();
await fill.waitFor();
await fill.click();
await page.getByText(/Attachments/).first().click().catch(() => {});
await page.waitForTimeout(500);
await page.screenshot({ path: path.join(root, 'docs', 'trace.png') });
const actions = await page.locator('.tree-item-title, .action-title').allInnerTexts().catch(() => []);
console.log(`wrote docs/trace.png (${actions.length} action rows; ${actions.filter(a => a.startsWith('stagewright')).length} of ours)`);
await browser.close();
server.kill();
