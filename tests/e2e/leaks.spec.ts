// Secrets fail closed in every artifact (docs/design.md, Secrets fail closed), tested the way users
// meet them: a generated project types marker strings into secret places, then every artifact is
// grepped for them — what the fixture returns (snapshot JSON, text, diffs, find, history, matcher
// messages), the files on disk, the JSON report, the HTML report's attachments and the trace's
// attachments.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createProject, projectConfig, runPlaywrightCommand } from './helpers/project';
import { withTimelineData } from './helpers/timelineData';

const kSecretMarkers = [
  'MARKER-SHOWPW', 'MARKER-EARLYPW', 'MARKER-NEWPW', 'MARKER-CURPW', 'MARKER-SSN', 'MARKER-LABEL', 'MARKER-NOTE',
  'MARKER-TITLE', 'MARKER-PLACEHOLDER', 'MARKER-ALT', 'MARKER-ARIA', 'MARKER-VALUETEXT', 'MARKER-HREF', 'MARKER-CSRF', 'MARKER-TOKEN',
];

// Markers never appear literally in the test's code or in Playwright's own call parameters (which
// the trace and the report record): the page assembles them at run time.
const kPage = `
<form>
  <label for="pw">Password</label><input id="pw" type="password">
  <button type="button" id="show" onclick="pw.type = pw.type === 'password' ? 'text' : 'password'">Show password</button>
  <label for="early">Early password</label><input id="early" type="password">
  <label for="np">New password</label><input id="np" autocomplete="new-password" style="-webkit-text-security: disc">
  <label for="cp">Current password</label><input id="cp" autocomplete="username current-password" style="-webkit-text-security: disc">
  <label id="ssn-label" for="ssn"></label><input id="ssn">
  <span id="note" class="private"></span>
  <button type="button" aria-labelledby="note" aria-describedby="note">Go</button>
  <img id="img" class="private" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
  <a id="priv" class="private">private link</a>
  <div id="slider" class="private" role="slider" aria-valuenow="1" tabindex="0">slider</div>
  <input id="csrf" type="hidden" name="csrf">
  <a id="reset">Reset link</a>
  <label for="visible">Visible</label><input id="visible">
</form>
<script>
  const M = name => 'MARKER-' + name;
  document.getElementById('ssn-label').textContent = 'SSN ' + M('LABEL');
  ssn.title = M('TITLE');
  ssn.placeholder = M('PLACEHOLDER');
  note.textContent = M('NOTE');
  img.alt = M('ALT');
  priv.href = '/p?x=' + M('HREF');
  priv.setAttribute('aria-label', M('ARIA'));
  slider.setAttribute('aria-valuetext', M('VALUETEXT'));
  csrf.value = M('CSRF');
  reset.href = '/reset?token=' + M('TOKEN') + '&lang=en';
  const type = (id, name) => { const input = document.getElementById(id); input.value = M(name); input.dispatchEvent(new Event('input', { bubbles: true })); };
  window.typeEarly = () => { type('early', 'EARLYPW'); early.type = 'text'; };
  window.typeSecrets = () => [['pw', 'SHOWPW'], ['np', 'NEWPW'], ['cp', 'CURPW'], ['ssn', 'SSN'], ['visible', 'VISIBLE']].forEach(([id, name]) => type(id, name));
  window.holdsSecrets = () => pw.value === M('SHOWPW') && ssn.value === M('SSN') && early.value === M('EARLYPW');
</script>`;

const kSpec = `
const fs = require('node:fs');
const { test, expect } = require('stagewright');
test.use({ stagewrightOptions: { redact: ['#ssn', '#ssn-label', '.private'] } });
test('leaks', async ({ page, stagewright: sw }, testInfo) => {
  const seen = [];
  const keep = value => seen.push(typeof value === 'string' ? value : JSON.stringify(value));
  await page.setContent(${JSON.stringify(kPage)});
  // Switched to text before any snapshot: the type change is remembered all the same.
  await page.evaluate(() => window.typeEarly());
  keep(await sw.snapshot());
  await test.step('type the secrets', async () => {
    await page.evaluate(() => window.typeSecrets());
    keep(await sw.text({ since: 'last' }));
  });
  await test.step('show the password', async () => {
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(page.locator('#pw')).toHaveAttribute('type', 'text');
    keep(await sw.snapshot({ since: 'last', diffFormat: 'full' }));
    keep(await sw.text());
    keep(await sw.find({}));
    keep(await sw.dom());
    await sw.checkpoint('shown');
  });
  // The page really holds every secret.
  expect(await page.evaluate(() => window.holdsSecrets())).toBe(true);
  const failure = await expect(sw).toHaveEntry({ role: 'textbox', name: 'No such field' }, { timeout: 200 }).catch(error => error);
  keep(failure.message);
  const refFailure = await expect(sw).toHaveRef('s9999', { name: 'x' }, { timeout: 200 }).catch(error => error);
  keep(refFailure.message);
  keep(sw.history);
  fs.writeFileSync(testInfo.outputPath('seen.txt'), seen.join('\\n'));
});`;

/** Every file under `dir`, read as text (binary files hold no markers we could miss: all ours are text). */
function textOfTree(dir: string, filter: (file: string) => boolean = () => true): string {
  if (!fs.existsSync(dir))
    return '';
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .map(file => path.join(dir, file))
      .filter(file => fs.statSync(file).isFile() && filter(file))
      .map(file => withTimelineData(fs.readFileSync(file, 'latin1')))
      .join('\n');
}

/**
 * What the HTML report holds: the report data (steps, errors, text attachments) that index.html
 * embeds as a base64 zip, and the files under data/ (other than the trace and media).
 */
function htmlReportText(reportDir: string): string {
  const html = fs.readFileSync(path.join(reportDir, 'index.html'), 'utf8');
  const embedded = html.match(/data:application\/zip;base64,([A-Za-z0-9+/=]+)/);
  expect(embedded, 'the HTML report embeds its data').toBeTruthy();
  const zip = path.join(reportDir, 'embedded.zip');
  fs.writeFileSync(zip, Buffer.from(embedded![1], 'base64'));
  execFileSync('unzip', ['-q', zip, '-d', path.join(reportDir, 'embedded')]);
  return textOfTree(path.join(reportDir, 'embedded')) + textOfTree(path.join(reportDir, 'data'), file => !/\.(zip|png|jpe?g|webm)$/.test(file));
}

test('should keep every secret out of every artifact', async () => {
  test.setTimeout(180_000);
  const dir = createProject({ 'playwright.config.js': projectConfig(`trace: 'on'`), 'leaks.spec.js': kSpec });
  const run = await runPlaywrightCommand(dir, ['test', '--reporter=json,html'], { PLAYWRIGHT_JSON_OUTPUT_NAME: 'report.json', PLAYWRIGHT_HTML_OPEN: 'never' });
  const report = JSON.parse(fs.readFileSync(path.join(dir, 'report.json'), 'utf8'));
  const result = report.suites[0].specs[0].tests[0].results[0];
  expect(result.status, run.stdout + run.stderr + JSON.stringify(result.errors)).toBe('passed');

  const outputDir = path.join(dir, 'test-results', fs.readdirSync(path.join(dir, 'test-results')).find(name => name.startsWith('leaks'))!);
  const trace = path.join(dir, 'trace');
  execFileSync('unzip', ['-q', path.join(outputDir, 'trace.zip'), '-d', trace]);
  const attachmentsOf = (steps: any[]): any[] => steps.flatMap(step => [...(step.attachments ?? []), ...attachmentsOf(step.steps ?? [])]);
  const artifacts: Record<string, string> = {
    'fixture results (snapshot JSON, text, diffs, find, DOM, matcher messages, history)': fs.readFileSync(path.join(outputDir, 'seen.txt'), 'utf8'),
    'files on disk (dom.html, accessibility-tree.yaml, diffs/)': textOfTree(path.join(outputDir, 'stagewright')),
    'JSON report (attachments, steps, errors, attached files)': JSON.stringify(report) + [...result.attachments, ...attachmentsOf(result.steps)]
        .map((a: any) => withTimelineData(a.body ? Buffer.from(a.body, 'base64').toString('utf8') : a.path && a.contentType.startsWith('text/') ? fs.readFileSync(a.path, 'utf8') : '')).join('\n'),
    'HTML report attachments': htmlReportText(path.join(dir, 'playwright-report')),
    'trace attachments and events': textOfTree(path.join(trace, 'attachments')) + textOfTree(trace, file => file.endsWith('test.trace')),
  };
  for (const [name, text] of Object.entries(artifacts)) {
    // Each artifact is really there and readable: the visible field's value is in it, and each
    // that holds the timeline page holds it as the page reads it.
    expect(text, name).toContain('MARKER-VISIBLE');
    if (!name.startsWith('fixture results'))
      expect(text, name).toMatch(/timeline-data:\{.*MARKER-VISIBLE/);
    for (const marker of kSecretMarkers)
      expect(text, `${marker} in ${name}`).not.toContain(marker);
  }
  // The redacted field keeps its place in the tree, under a neutral name; the link keeps its shape.
  const dom = fs.readFileSync(path.join(outputDir, 'stagewright', 'dom.html'), 'utf8');
  expect(dom).toContain('href="/reset?token=REDACTED&amp;lang=en"');
  expect(fs.readFileSync(path.join(outputDir, 'stagewright', 'accessibility-tree.yaml'), 'utf8')).toMatch(/- textbox "\[redacted\]"/);
});

test('should reject an invalid redact selector at once, naming it', async () => {
  const dir = createProject({
    'playwright.config.js': projectConfig(`stagewrightOptions: { redact: ['#ok', '#ssn]'] }`),
    'invalid.spec.js': `
const { test } = require('stagewright');
test('invalid redact', async ({ page, stagewright }) => {
  await page.setContent('<input id="ssn" value="MARKER-SSN">');
  await stagewright.snapshot();
});`,
  });
  const run = await runPlaywrightCommand(dir, ['test', '--reporter=json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: 'report.json' });
  const report = JSON.parse(fs.readFileSync(path.join(dir, 'report.json'), 'utf8'));
  const result = report.suites[0].specs[0].tests[0].results[0];
  expect(result.status, run.stdout + run.stderr).toBe('failed');
  expect(result.errors.map((e: any) => e.message).join('\n')).toContain('INVALID_ARGUMENT: stagewrightOptions.redact: "#ssn]" is not a valid CSS selector.');
  expect(JSON.stringify(report)).not.toContain('MARKER-SSN');
});
