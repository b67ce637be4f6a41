// What step captures leave behind and cost where pages are big or steps change much, measured the
// way users meet it: a generated test project run through the Playwright CLI, its report read back.
//   - a step that re-orders a 5,000-row table: its duration (the step's captures included);
//   - 30 one-field steps on a 15k-element page: attachment bytes and report.json size;
//   - a feed that replaces 2,000 stories (10k elements) in each of 3 steps: time per step;
//   - 10 such one-field steps with `trace: 'on'`: the trace's size.
// Run: npm run build && node bench/bounded.mjs [root]. `root` is a built checkout of stagewright
// (default: this one): point it at a worktree of an older commit to compare before and after.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(process.argv[2] ?? path.dirname(path.dirname(fileURLToPath(import.meta.url))));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagewright-bounded-'));
fs.mkdirSync(path.join(dir, 'node_modules', '@playwright'), { recursive: true });
fs.symlinkSync(root, path.join(dir, 'node_modules', 'stagewright'), 'dir');
for (const name of ['@playwright/test', 'playwright', 'playwright-core'])
  fs.symlinkSync(path.join(root, 'node_modules', name), path.join(dir, 'node_modules', name), 'dir');

fs.writeFileSync(path.join(dir, 'playwright.config.js'), `const { chromiumLaunchOptions } = require('stagewright');
module.exports = { testMatch: '*.spec.js', timeout: 600000, workers: 1, use: { launchOptions: chromiumLaunchOptions(), trace: process.env.TRACE || 'off' } };`);
fs.writeFileSync(path.join(dir, 'bounded.spec.js'), `const { test } = require('stagewright');
function bigPage(elements) {
  let html = '<main><h1>Big</h1>';
  for (let i = 0; i < Math.round(elements / 7); i++)
    html += '<div class="row"><div><span>Row ' + i + ' text</span></div><div><button>Action ' + i + '</button><input aria-label="Field ' + i + '"><a href="/r/' + i + '">Link ' + i + '</a></div></div>';
  return html + '</main>';
}
function feed(round) {
  let html = '';
  for (let i = 0; i < 2000; i++)
    html += '<li><article><h3>Story ' + round + '.' + i + '</h3><p>Text ' + round + '.' + i + ' <a href="/s/' + i + '">more</a></p></article></li>';
  return html;
}
function table(rows) {
  let html = '<table><thead><tr><th>Name</th><th>Email</th><th>Id</th><th></th></tr></thead><tbody>';
  for (let i = 0; i < rows; i++)
    html += '<tr><td>Person ' + i + '</td><td>person' + i + '@example.com</td><td>' + i + '</td><td><button>Edit ' + i + '</button></td></tr>';
  return html + '</tbody></table>';
}
test('re-order', async ({ page }) => {
  await page.setContent(table(5000));
  await test.step('sort by id, descending', async () => {
    await page.evaluate(() => {
      const tbody = document.querySelector('tbody');
      tbody.innerHTML = [...tbody.rows].reverse().map(row => row.outerHTML).join('');
    });
  });
});
test('one-field steps', async ({ page }) => {
  await page.setContent(bigPage(15000));
  for (let i = 0; i < Number(process.env.STEPS); i++)
    await test.step('fill field ' + i, async () => { await page.getByLabel('Field ' + i, { exact: true }).fill('value ' + i); });
});
test('feed', async ({ page }) => {
  await page.setContent('<ul id="feed">' + feed(0) + '</ul>');
  for (let round = 1; round <= 3; round++)
    await test.step('refresh the feed ' + round, async () => { await page.evaluate(html => { document.getElementById('feed').innerHTML = html; }, feed(round)); });
});
`);

const cli = path.join(root, 'node_modules', '@playwright', 'test', 'cli.js');
function run(title, env) {
  const output = path.join(dir, 'report.json');
  try {
    execFileSync(process.execPath, [cli, 'test', '--reporter=json', '-g', title], { cwd: dir, env: { ...process.env, ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: output, FORCE_COLOR: '0' }, stdio: ['ignore', 'ignore', 'inherit'] });
  } catch {
    // A failed test still writes its report.
  }
  const report = JSON.parse(fs.readFileSync(output, 'utf8'));
  return { result: report.suites[0].specs[0].tests[0].results[0], reportBytes: fs.statSync(output).size };
}

const bytesOf = attachments => attachments.reduce((sum, a) => sum + (a.body ? Buffer.from(a.body, 'base64').length : 0), 0);
const mb = bytes => `${(bytes / 1e6).toFixed(2)} MB`;
try {
  const reorder = run('re-order', {});
  console.log(`re-order of a 5,000-row table: ${reorder.result.status}, the step took ${reorder.result.steps.find(step => step.title.startsWith('sort')).duration} ms`);
  const steps = run('one-field steps', { STEPS: '30' });
  console.log(`30 one-field steps, 15k-element page: ${steps.result.status}, ${mb(bytesOf(steps.result.attachments))} attached, report.json ${mb(steps.reportBytes)}`);
  const feed = run('feed', {});
  const stepMs = feed.result.steps.filter(step => step.title.startsWith('refresh')).map(step => step.duration);
  console.log(`feed replacing 10k elements per step: ${feed.result.status}, steps ${stepMs.join(', ')} ms`);
  run('one-field steps', { STEPS: '10', TRACE: 'on' });
  const zip = fs.readdirSync(path.join(dir, 'test-results'), { recursive: true, encoding: 'utf8' }).find(file => file.endsWith('trace.zip'));
  const unzipped = path.join(dir, 'trace');
  execFileSync('unzip', ['-q', '-o', path.join(dir, 'test-results', zip), '-d', unzipped]);
  const unzippedBytes = fs.readdirSync(unzipped, { recursive: true, encoding: 'utf8' })
      .map(file => fs.statSync(path.join(unzipped, file))).filter(stat => stat.isFile()).reduce((sum, stat) => sum + stat.size, 0);
  console.log(`10 one-field steps with trace: 'on': trace.zip ${mb(fs.statSync(path.join(dir, 'test-results', zip)).size)}, ${mb(unzippedBytes)} unzipped`);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
