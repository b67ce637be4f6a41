// Real design-system components and a real code editor from the corpus (corpus/apps.json), when it
// is built (`npm run corpus`); skipped without it, as tests/e2e/corpus.spec.ts is.
//
// design-system-login: password fields of three libraries, each its own way: Shoelace's
// <sl-input type="password" password-toggle> (input and label in one shadow root), Ionic's scoped
// <ion-input type="password"> (native input in light DOM) with a shadow <ion-input-password-toggle>,
// Material Web's <md-outlined-text-field> (inner input named by aria-label, in a shadow root) with an
// <md-icon-button toggle>; and a one-time-code field secret by its autocomplete alone. Markers typed
// through Playwright locators must reach no artifact, before and after every "Show password" toggle
// turns its field to type=text, while every field and toggle keeps its entry.
//
// code-editor: CodeMirror 6, a contenteditable textbox with one inline element per token, on a
// 62-line file: one textbox entry whose text reads the lines in order, not an entry per token.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import type { Snapshot, SnapshotEntry, Stagewright } from '../../src/index';
import { expect, test } from './helpers/fixtures';

async function startServer() {
  const { startCorpusServer } = await import('../../bench/corpusServer.mjs');
  return await startCorpusServer();
}

let server: Awaited<ReturnType<typeof startServer>> | undefined;

test.beforeAll(async () => {
  const { corpusPresent } = await import('../../scripts/corpus.mjs');
  test.skip(!corpusPresent(), 'the corpus is not built (node scripts/corpus.mjs builds it into corpus/.cache with npm pack)');
  server = await startServer();
});

test.afterAll(async () => {
  await server?.close();
});

async function openApp(page: Page, name: string) {
  const { loadApp } = await import('../../bench/corpusServer.mjs');
  const app = server!.apps.find(app => app.name === name);
  expect(app, `corpus/apps.json has no app ${name}`).toBeTruthy();
  await loadApp(page, server!, app!);
}

const snapshotOf = async (sw: Stagewright) => await sw.snapshot() as Snapshot;
const describeEntry = (e: SnapshotEntry) => `${e.role} ${JSON.stringify(e.name)} [ref=${e.ref}]`;

// ---------------------------------------------------------------------------------------------
// design-system-login

/** Every textbox on the page, by the exact name Playwright's getByRole gives it. */
const kTextboxes = ['Email', 'Current password', 'Username', 'New password', 'Confirm new password', 'Recovery email', 'One-time code', 'Recovery key'];
/** The fields that hold secrets: type=password, or autocomplete=one-time-code (a type=text field). */
const kSecretFields = ['Current password', 'New password', 'Confirm new password', 'One-time code', 'Recovery key'];
/** The fields that are type=password until their Show password toggle is pressed. */
const kPasswordFields = ['Current password', 'New password', 'Confirm new password', 'Recovery key'];
/** Ordinary fields: their values belong in the artifacts (proof that the artifacts read these fields). */
const kPlainFields = ['Email', 'Username', 'Recovery email'];
/** Shoelace's, Ionic's two and Material's. */
const kToggleCount = 4;

interface Markers {
  secret: Map<string, string>;
  plain: Map<string, string>;
}

function makeMarkers(): Markers {
  const run = crypto.randomBytes(5).toString('hex').toUpperCase();
  const tag = (name: string) => name.replace(/[^A-Za-z]/g, '').toUpperCase();
  return {
    secret: new Map(kSecretFields.map(name => [name, `SWMARK${run}${tag(name)}`])),
    // Valid for the email fields: no validation message (which would quote the value) on the page.
    plain: new Map(kPlainFields.map(name => [name, `SWSEEN${run}${tag(name)}${/email/i.test(name) ? '@example.com' : ''}`])),
  };
}

/** The page is what the assertions assume: Playwright finds every field and toggle by these names. */
async function expectLoginPage(page: Page) {
  await expect(page.getByRole('textbox')).toHaveCount(kTextboxes.length);
  for (const name of kTextboxes)
    await expect(page.getByRole('textbox', { name, exact: true }), `Playwright finds textbox "${name}"`).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Show password', exact: true })).toHaveCount(kToggleCount);
  for (const name of kPasswordFields)
    await expect(page.getByRole('textbox', { name, exact: true })).toHaveAttribute('type', 'password');
}

/** Types every marker through Playwright locators, one test.step per form (one per library). */
async function typeMarkers(page: Page, markers: Markers) {
  const secret = (name: string) => markers.secret.get(name)!;
  const plain = (name: string) => markers.plain.get(name)!;
  await test.step('sign in (Shoelace): email and current password', async () => {
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(plain('Email'));
    await page.getByLabel('Current password', { exact: true }).fill(secret('Current password'));
  });
  await test.step('change password (Ionic): username, new password twice', async () => {
    await page.getByLabel('Username', { exact: true }).fill(plain('Username'));
    await page.getByLabel('New password', { exact: true }).fill(secret('New password'));
    await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).pressSequentially(secret('Confirm new password'));
  });
  await test.step('two-step verification (Material): recovery email, one-time code, recovery key', async () => {
    await page.getByLabel('Recovery email', { exact: true }).fill(plain('Recovery email'));
    await page.getByRole('textbox', { name: 'One-time code', exact: true }).pressSequentially(secret('One-time code'));
    await page.getByLabel('Recovery key', { exact: true }).fill(secret('Recovery key'));
  });
  // The page holds what was typed (the fields are live, not the artifacts' concern yet).
  for (const [name, value] of [...markers.secret, ...markers.plain])
    await expect(page.getByRole('textbox', { name, exact: true })).toHaveValue(value);
}

/** Presses every Show password toggle: each field turns to type=text, each toggle to "Hide password". */
async function revealPasswords(page: Page) {
  await test.step('show every password', async () => {
    const toggles = page.getByRole('button', { name: 'Show password', exact: true });
    for (let left = kToggleCount; left > 0; left--) {
      await toggles.first().click();
      // Its component re-renders it as "Hide password" before the next one is pressed.
      await expect(toggles).toHaveCount(left - 1);
    }
    await expect(page.getByRole('button', { name: 'Hide password', exact: true })).toHaveCount(kToggleCount);
    for (const name of kPasswordFields)
      await expect(page.getByRole('textbox', { name, exact: true }), `${name} is shown`).toHaveAttribute('type', 'text');
  });
}

/** What (i) wants and the snapshot lacks: a textbox entry per field, `toggles` button entries named `toggleName`. */
function missingEntries(snapshot: Snapshot, toggleName: string): string[] {
  const missing: string[] = [];
  for (const name of kTextboxes) {
    if (!snapshot.entries.some(e => e.role === 'textbox' && e.name === name))
      missing.push(`textbox "${name}"`);
  }
  const toggles = snapshot.entries.filter(e => e.role === 'button' && e.name === toggleName).length;
  if (toggles !== kToggleCount)
    missing.push(`${kToggleCount} buttons "${toggleName}" (found ${toggles})`);
  return missing;
}

function fieldsAndButtons(snapshot: Snapshot): string {
  return snapshot.entries.filter(e => e.role === 'textbox' || e.role === 'button').map(describeEntry).join('\n');
}

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir))
    return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap(d => {
    const file = path.join(dir, d.name);
    return d.isDirectory() ? filesUnder(file) : [file];
  });
}

/**
 * Every artifact a reader gets, as [where, content]: the diff since the last snapshot, the text,
 * the DOM file, the snapshot's JSON, each file under the test's stagewright output folder (its
 * path too), and each attachment so far (name, path, body or the file at its path).
 */
async function artifacts(sw: Stagewright, testInfo: TestInfo): Promise<[string, string][]> {
  const found: [string, string][] = [];
  found.push(["sw.text({ since: 'last' })", await sw.text({ since: 'last' })]);
  found.push(['sw.text()', await sw.text()]);
  found.push(['sw.dom()', await sw.dom()]);
  found.push(['JSON.stringify(await sw.snapshot())', JSON.stringify(await sw.snapshot())]);
  const outputDir = testInfo.outputPath('stagewright');
  for (const file of filesUnder(outputDir)) {
    const relative = path.relative(outputDir, file);
    found.push([`file path stagewright/${relative}`, relative]);
    found.push([`file stagewright/${relative}`, fs.readFileSync(file, 'utf8')]);
  }
  for (const [i, attachment] of testInfo.attachments.entries()) {
    const label = `attachment #${i} ${JSON.stringify(attachment.name)}`;
    found.push([`${label} name`, attachment.name]);
    if (attachment.body)
      found.push([`${label} body`, attachment.body.toString('utf8')]);
    if (attachment.path) {
      found.push([`${label} path`, attachment.path]);
      if (fs.existsSync(attachment.path))
        found.push([`${label} file`, fs.readFileSync(attachment.path, 'utf8')]);
    }
  }
  return found;
}

/** Each place a marker shows up, with a little of what surrounds it. */
function leaksOf(found: [string, string][], markers: Map<string, string>): string[] {
  const leaks: string[] = [];
  for (const [field, marker] of markers) {
    for (const [where, content] of found) {
      const at = content.indexOf(marker);
      if (at >= 0)
        leaks.push(`${field} (${marker}) in ${where}: …${content.slice(Math.max(0, at - 80), at + marker.length + 20).replace(/\s+/g, ' ')}…`);
    }
  }
  return leaks;
}

test.describe('design-system-login', () => {
  test('should give every textbox and Show password toggle Playwright finds an entry with its role and name', async ({ page, stagewright: sw }) => {
    await openApp(page, 'design-system-login');
    await expectLoginPage(page);
    await typeMarkers(page, makeMarkers());

    const typed = await snapshotOf(sw);
    expect.soft(missingEntries(typed, 'Show password'), `entries after typing; the snapshot's textboxes and buttons:\n${fieldsAndButtons(typed)}`).toEqual([]);

    await revealPasswords(page);
    const shown = await snapshotOf(sw);
    expect.soft(missingEntries(shown, 'Hide password'), `entries after Show password; the snapshot's textboxes and buttons:\n${fieldsAndButtons(shown)}`).toEqual([]);
  });

  test('should keep every marker typed into a password or one-time-code field out of every artifact, also once shown', async ({ page, stagewright: sw }, testInfo) => {
    await openApp(page, 'design-system-login');
    await expectLoginPage(page);
    const markers = makeMarkers();
    // The baseline that the diff (sw.text({ since: 'last' })) after typing compares with.
    await sw.snapshot();
    await typeMarkers(page, markers);

    await sw.checkpoint('typed');
    const typed = await artifacts(sw, testInfo);
    expect.soft(leaksOf(typed, markers.secret), 'secrets after typing').toEqual([]);

    await revealPasswords(page);
    await sw.checkpoint('shown');
    const shown = await artifacts(sw, testInfo);
    expect.soft(leaksOf(shown, markers.secret), 'secrets after every Show password toggle').toEqual([]);

    // The artifacts are real: they read these fields, the ordinary ones' values are in them.
    const text = await sw.text();
    for (const [field, marker] of markers.plain)
      expect.soft(text, `the value typed into ${field} is in sw.text()`).toContain(marker);
  });
});

// ---------------------------------------------------------------------------------------------
// code-editor

const kSource = fs.readFileSync(path.join(__dirname, '..', '..', 'corpus', 'pages', 'code-editor', 'inventory.js.txt'), 'utf8').replace(/\n$/, '').split('\n');
const normalize = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * What keeps `reading` from reading the source's lines in order, or undefined: each line (whitespace
 * runs compared as one space) must come after the one before it, and apart from it (a line run into
 * the one before it, as in `report.import {`, does not read as two lines).
 */
function firstLineOutOfOrder(reading: string): string | undefined {
  const text = normalize(reading);
  let from = 0;
  let previous = -1;
  for (const [i, line] of kSource.entries()) {
    const wanted = normalize(line);
    if (!wanted)
      continue;
    const at = text.indexOf(wanted, from);
    const before = JSON.stringify(text.slice(Math.max(0, from - 60), from));
    if (at < 0)
      return `line ${i + 1} ${JSON.stringify(line)} is not found after ${before} (${text.indexOf(wanted) >= 0 ? 'it is earlier' : 'it is nowhere'})`;
    if (previous >= 0 && at === from)
      return `line ${i + 1} ${JSON.stringify(line)} runs into line ${previous + 1}: ${JSON.stringify(text.slice(Math.max(0, at - 60), at + wanted.length))}`;
    from = at + wanted.length;
    previous = i;
  }
  return undefined;
}

/** sw.text() with its quoted strings read back (a line break in a value is written `\n` there). */
const unquote = (text: string) => text.replace(/"(?:[^"\\]|\\.)*"/g, quoted => {
  try {
    return JSON.parse(quoted);
  } catch {
    return quoted;
  }
});

/** An entry's reading: its value, then its own text runs interleaved with its children's readings. */
function readingOf(entry: SnapshotEntry, children: Map<string, SnapshotEntry[]>): string {
  const kids = children.get(entry.ref) ?? [];
  const runs = entry.runs ?? (entry.text ? [{ at: 0, text: entry.text }] : []);
  const parts: string[] = entry.value ? [entry.value] : [];
  let next = 0;
  for (let i = 0; i <= kids.length; i++) {
    while (next < runs.length && runs[next].at === i)
      parts.push(runs[next++].text);
    if (i < kids.length)
      parts.push(kids[i].name, readingOf(kids[i], children));
  }
  return parts.filter(Boolean).join(' ');
}

test.describe('code-editor', () => {
  test('should show the editor as one textbox entry that reads the 62 lines in order, not an entry per token', async ({ page, stagewright: sw }) => {
    await openApp(page, 'code-editor');
    // The page is what the assertions assume: CodeMirror rendered every line, a span per token.
    const editor = page.getByRole('textbox', { name: 'inventory.js', exact: true });
    await expect(editor).toHaveCount(1);
    await expect(editor).toHaveAttribute('contenteditable', 'true');
    expect(kSource.length).toBe(62);
    expect(await editor.locator('.cm-line').allTextContents()).toEqual(kSource);
    expect(await editor.locator('.cm-line span').count()).toBeGreaterThan(100);

    const snapshot = await snapshotOf(sw);
    const editors = snapshot.entries.filter(e => e.role === 'textbox' && e.name === 'inventory.js');
    expect(editors.map(describeEntry), `the snapshot's textboxes: ${snapshot.entries.filter(e => e.role === 'textbox').map(describeEntry).join(', ') || 'none'}`).toHaveLength(1);
    const [entry] = editors;

    const children = new Map<string, SnapshotEntry[]>();
    for (const e of snapshot.entries) {
      if (e.parent)
        children.set(e.parent, [...(children.get(e.parent) ?? []), e]);
    }
    const inside: SnapshotEntry[] = [];
    const collect = (ref: string) => {
      for (const child of children.get(ref) ?? []) {
        inside.push(child);
        collect(child.ref);
      }
    };
    collect(entry.ref);
    // A few entries at most: none per token (the file has more than 100 token spans), none per line.
    expect.soft(inside.length, `entries inside the editor (${inside.length}), the first 20:\n${inside.slice(0, 20).map(e => `${describeEntry(e)} ${JSON.stringify(e.text ?? '')}`).join('\n')}`).toBeLessThanOrEqual(5);

    const reading = readingOf(entry, children);
    expect.soft(firstLineOutOfOrder(reading), `the editor entry's reading (${reading.length} characters): ${JSON.stringify(reading.slice(0, 300))}…`).toBeUndefined();

    const text = await sw.text();
    const at = text.indexOf('textbox "inventory.js"');
    expect.soft(at, 'sw.text() has the line of textbox "inventory.js"').toBeGreaterThanOrEqual(0);
    const editorText = text.slice(Math.max(0, at));
    expect.soft(firstLineOutOfOrder(unquote(editorText)), `sw.text() from the editor's line on (${editorText.length} characters), its first 40 lines:\n${editorText.split('\n').slice(0, 40).join('\n')}`).toBeUndefined();
  });
});
