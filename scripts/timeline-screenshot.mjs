// Takes the screenshots of a test's timeline page (docs/report.md, The timeline page) from the
// demo's HTML report (run `npm run demo` first): the checkout form test's page opened from its
// attachment link, the "fill the form" capture selected and the Email field's ref followed, in the
// light and the dark colour scheme: docs/timeline.png and docs/timeline-dark.png.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import browserModule from '../dist/browser/index.js';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const report = path.join(root, 'examples', 'playwright-report');
const server = http.createServer((request, response) => {
  const file = path.join(report, decodeURIComponent(new URL(request.url, 'http://x').pathname).replace(/^\/$/, '/index.html'));
  if (!file.startsWith(report) || !fs.existsSync(file) || !fs.statSync(file).isFile())
    return response.writeHead(404).end();
  response.writeHead(200, { 'content-type': file.endsWith('.html') ? 'text/html' : 'application/octet-stream' });
  fs.createReadStream(file).pipe(response);
}).listen(0, '127.0.0.1');
await new Promise(resolve => server.once('listening', resolve));

const browser = await chromium.launch(browserModule.chromiumLaunchOptions());
const context = await browser.newContext({ viewport: { width: 1200, height: 680 }, deviceScaleFactor: 1 });
const page = await context.newPage();
await page.goto(`http://127.0.0.1:${server.address().port}/index.html`);
await page.getByRole('link', { name: 'fill the checkout form with refs and locators', exact: true }).click();
const [timeline] = await Promise.all([
  context.waitForEvent('page'),
  page.getByRole('link', { name: /stagewright · timeline\.html$/ }).click(),
]);
await timeline.setViewportSize({ width: 1200, height: 680 });
await timeline.getByRole('listbox', { name: 'Captures' }).getByRole('option', { name: /fill the form/ }).click();
const email = timeline.getByRole('list', { name: 'Accessibility tree' }).getByRole('listitem').filter({ hasText: 'textbox "Email"' }).first();
await email.getByRole('button').click();
for (const [scheme, file] of [['light', 'timeline.png'], ['dark', 'timeline-dark.png']]) {
  await timeline.emulateMedia({ colorScheme: scheme });
  await timeline.waitForTimeout(200);
  await timeline.screenshot({ path: path.join(root, 'docs', file) });
}
await browser.close();
server.close();
console.log('wrote docs/timeline.png and docs/timeline-dark.png');
