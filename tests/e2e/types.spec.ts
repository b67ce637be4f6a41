// The published types are the public API (docs/api.md) and nothing else: a consumer project
// compiles against the built declarations with full library checks, uses every public name, and
// cannot reach the internals the fixtures and matchers share.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createProject, kRepoRoot, run } from './helpers/project';

const kMainEntry = ['test', 'expect', 'StagewrightError', 'ErrorCode', 'diffSnapshots', 'reconcileRefs', 'formatSnapshot', 'formatDiff', 'findEntries', 'estimateTokens', 'applyBudget'];
const kBrowserEntry = ['findChromium', 'chromiumLaunchOptions', 'kChromiumArgs'];

const kConsumer = `
import { test, expect, StagewrightError, ErrorCode, diffSnapshots, reconcileRefs, formatSnapshot, formatDiff, findEntries, estimateTokens, applyBudget } from 'stagewright';
import type { Stagewright, StagewrightFixtures, StagewrightOptions, CaptureMode, Capture, SnapshotOptions, Snapshot, SnapshotEntry, SnapshotMeta, SnapshotDiff, EntryState, EntryQuery, EntryIdentity, EntryChange, ChildReorder, BBox, WalkLimits } from 'stagewright';
import { Stagewright as StagewrightClass } from 'stagewright';
import { findChromium, chromiumLaunchOptions, kChromiumArgs } from 'stagewright/browser';
// @ts-expect-error browser discovery is not on the main entry
import { findChromium as notHere } from 'stagewright';

const options: StagewrightOptions = { capture: 'on' as CaptureMode, limits: { maxNodes: 10 } satisfies Partial<WalkLimits> };
test.use({ stagewrightOptions: options });

test('public surface', async ({ stagewright: sw }: StagewrightFixtures & { page: unknown }) => {
  const snapshot: Snapshot = await sw.snapshot({ interactiveOnly: true } satisfies SnapshotOptions);
  const meta: SnapshotMeta = snapshot.meta;
  const entry: SnapshotEntry | undefined = snapshot.entries[0];
  const state: EntryState | undefined = entry?.state;
  const box: BBox | null | undefined = entry?.bbox;
  const diff: SnapshotDiff = await sw.snapshot({ since: 'last' });
  const removed: EntryIdentity[] = diff.removed;
  const changed: EntryChange[] = diff.changed;
  const reordered: ChildReorder[] = diff.reordered;
  const query: EntryQuery = { role: 'button', name: /Save/ };
  const found: SnapshotEntry[] = findEntries(snapshot, query);
  const text: string = formatSnapshot(applyBudget(snapshot, 100)) + formatDiff(diffSnapshots(snapshot, snapshot, { format: 'full' }));
  const tokens: number = estimateTokens(text);
  const paired = reconcileRefs(snapshot, snapshot);
  const capture: Capture = await sw.checkpoint('here');
  const other: Stagewright = sw.forPage(sw.page);
  await expect(other).toHaveEntry(query);
  await expect(sw).toHaveEntryCount(query, 1, { timeout: 10 });
  await expect(sw).toHaveRef('s1', { role: 'button' });
  await expect(sw).toHaveChanged({ added: [query] });
  const located: { code: string } = await sw.locatorFor('s1');
  const code: ErrorCode = new StagewrightError('REF_STALE', 'x').code;
  void [meta, state, box, removed, changed, reordered, found, tokens, paired, capture, located, code, notHere];
  // @ts-expect-error internal: the matchers' snapshot that keeps the baseline
  await sw.peek();
  // @ts-expect-error internal: the stored baseline
  void sw.baseline;
  // @ts-expect-error internal: ref status
  sw.refStatus('s1');
  // @ts-expect-error internal: the recorder
  void sw.recorder;
  // @ts-expect-error internal: installing the runtime
  await sw.install();
  // @ts-expect-error the fixture object's internals are not a member
  void sw.internals;
  // @ts-expect-error refs are strings
  sw.ref(12);
  // @ts-expect-error a misspelt role is a type error, in a query and in a matcher
  await sw.find({ role: 'buton' });
  // @ts-expect-error a misspelt role is a type error, in a query and in a matcher
  await expect(sw).toHaveEntry({ role: 'buton' });
});

// @ts-expect-error Stagewright is a type: the fixture makes the objects
void new StagewrightClass();
// @ts-expect-error the resolved options are internal
import type { ResolvedOptions } from 'stagewright';
// @ts-expect-error no deep imports: the package exports '.' and './browser' only
import { PageStore } from 'stagewright/dist/session/store';

const browser: { executablePath: string } = findChromium();
void [browser, chromiumLaunchOptions, kChromiumArgs.length];
export type { ResolvedOptions, PageStore };
`;

test.describe('published types', () => {
  test('should compile a consumer against the declarations with full library checks', async () => {
    const dir = createProject({
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, module: 'node16', moduleResolution: 'node16', target: 'es2022', lib: ['es2022', 'dom'], noEmit: true, skipLibCheck: false, types: ['node'], typeRoots: [path.join(kRepoRoot, 'node_modules', '@types')] }, files: ['consumer.ts'] }),
      'consumer.ts': kConsumer,
    });
    const tsc = path.join(kRepoRoot, 'node_modules', 'typescript', 'bin', 'tsc');
    const { code, stdout, stderr } = await run(process.execPath, [tsc, '-p', 'tsconfig.json'], dir);
    // Each @ts-expect-error above that did not fire would be an error too ("Unused '@ts-expect-error'").
    expect(stdout + stderr).toBe('');
    expect(code).toBe(0);
  });

  test('should export exactly the public names at run time', async () => {
    const dir = createProject({});
    const { stdout } = await run(process.execPath, ['-e', `console.log(JSON.stringify([Object.keys(require('stagewright')), Object.keys(require('stagewright/browser'))]))`], dir);
    const [main, browser] = JSON.parse(stdout);
    expect(main.sort()).toEqual([...kMainEntry].sort());
    expect(browser.sort()).toEqual([...kBrowserEntry].sort());
  });

  test('should ship no internal member in any declaration file', () => {
    const files = fs.readdirSync(path.join(kRepoRoot, 'dist'), { recursive: true, encoding: 'utf8' }).filter(file => file.endsWith('.d.ts'));
    expect(files.length).toBeGreaterThan(10);
    const offenders = files.filter(file => /@internal|\bpeek\(|\brefStatus\(|StagewrightInit\b|internalsOf/.test(fs.readFileSync(path.join(kRepoRoot, 'dist', file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
