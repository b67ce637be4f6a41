// Takes the README's screenshots of the demo's HTML report (run `npm run demo` first): the
// checkout test's step tree (our calls as steps, one capture per step) and the "fill the form"
// step's diff attachment.
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
const page = await browser.newPage({ viewport: { width: 1100, height: 900 }, deviceScaleFactor: 1 });
await page.goto(`http://127.0.0.1:${server.address().port}/index.html`);
await page.getByRole('link', { name: 'fill the checkout form with refs and locators' }).click();
const submit = page.getByRole('treeitem').filter({ hasText: /^submit empty: errors appear/ }).first();
await submit.locator('svg').first().click();
await page.waitForTimeout(300);
await page.screenshot({ path: path.join(root, 'docs', 'report-steps.png'), clip: { x: 0, y: 200, width: 1100, height: 560 } });
const step = page.getByRole('treeitem').filter({ hasText: /^fill the form/ }).first();
await step.getByRole('link', { name: 'reveal attachment' }).click();
const diff = page.getByRole('group').filter({ hasText: /fill the form · dom\.diff/ });
await diff.getByText(/fill the form · dom\.diff/).click();
await diff.scrollIntoViewIfNeeded();
await page.waitForTimeout(300);
await page.screenshot({ path: path.join(root, 'docs', 'report.png') });
await browser.close();
server.close();
console.log('wrote docs/report-steps.png and docs/report.png');
