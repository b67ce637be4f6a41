// `npx stagewright freeze` on real apps of the corpus (corpus/apps.json), when it is built: a spec
// written only with refs read from a first run's tree passes on the next run, and freezing it
// leaves no ref it could make durable. The frozen spec passes, and each frozen locator reaches the
// element its ref reached: the spec records, per ref, `refOf` of what the call's locator resolves
// to, and the frozen spec must record the same refs.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createProject, kRepoRoot, projectConfig, run, runPlaywright } from './helpers/project';

const kCli = path.join(kRepoRoot, 'dist', 'cli', 'index.js');
/** The roles a test acts on or checks, named. */
const kRoles = new Set(['button', 'link', 'checkbox', 'switch', 'textbox', 'combobox', 'radio', 'tab', 'menuitem', 'heading', 'searchbox', 'slider', 'spinbutton', 'row', 'cell', 'columnheader']);
/** At most this many refs a spec, spread over the page. */
const kRefsPerSpec = 30;

let server: { apps: { name: string }[]; urlOf(app: { name: string }): string; close(): Promise<void> } | undefined;

test.beforeAll(async () => {
  const { corpusPresent } = await import('../../scripts/corpus.mjs');
  test.skip(!corpusPresent(), 'the corpus is not built (node scripts/corpus.mjs builds it into corpus/.cache with npm pack)');
  const { startCorpusServer } = await import('../../bench/corpusServer.mjs');
  server = await startCorpusServer();
});

test.afterAll(async () => {
  await server?.close();
});

const open = (url: string) => `await page.goto(${JSON.stringify(url)});
  await page.waitForFunction(() => document.documentElement.dataset.corpusReady === '1', undefined, { polling: 100 });`;

for (const name of ['shoelace-settings', 'ionic-inbox', 'docs-site', 'swagger-ui']) {
  test(`should freeze a spec of refs on ${name} into one that reaches the same elements`, async () => {
    test.slow();
    const url = server!.urlOf(server!.apps.find(app => app.name === name)!);
    const explore = `const { test } = require('stagewright');
test('explore', async ({ page, stagewright }) => {
  ${open(url)}
  require('node:fs').writeFileSync('tree.yaml', await stagewright.text());
});`;
    // The first capture comes once the app says it is ready: a capture right after `goto` (the
    // default per-action captures) meets these apps mid-render, and numbers refs by render timing.
    // A test's timeout bounds the proofs of its refs at its end (the refs file): 30 proofs on a
    // busy machine can take more than what 30 s leaves, and these tests are about what freeze does.
    const dir = createProject({ 'playwright.config.js': projectConfig(`stagewrightOptions: { captureActions: false }`, 'timeout: 90_000,'), 'explore.spec.js': explore });
    const explored = await runPlaywright(dir);
    expect(explored.result.code, explored.result.stdout + explored.result.stderr).toBe(0);
    const tree = fs.readFileSync(path.join(dir, 'tree.yaml'), 'utf8');
    const named = [...tree.matchAll(/^\s*- ([a-z]+) "[^"\n]+"[^\n]*\[ref=(s\d+)\]/gm)].filter(m => kRoles.has(m[1])).map(m => m[2]);
    const every = Math.max(1, Math.ceil(named.length / kRefsPerSpec));
    const refs = named.filter((_, i) => i % every === 0);
    expect(refs.length, tree).toBeGreaterThanOrEqual(5);

    // What an agent writes from the tree: every line names an element by its ref alone.
    const spec = `const { test } = require('stagewright');
const fs = require('node:fs');

test('look', async ({ page, stagewright: sw }) => {
  ${open(url)}
  const reached = {};
  await test.step('look', async () => {
${refs.map(ref => `    reached['${ref}'] = await sw.refOf(sw.ref('${ref}'));`).join('\n')}
  });
  fs.writeFileSync('reached.json', JSON.stringify(reached, null, 1));
});
`;
    fs.rmSync(path.join(dir, 'explore.spec.js'));
    fs.writeFileSync(path.join(dir, 'look.spec.js'), spec);
    const reached = () => JSON.parse(fs.readFileSync(path.join(dir, 'reached.json'), 'utf8'));
    for (let i = 0; i < 2; i++) {
      const { result } = await runPlaywright(dir);
      expect(result.code, result.stdout + result.stderr).toBe(0);
    }

    const frozen = await run(process.execPath, [kCli, 'freeze', 'look.spec.js'], dir);
    const notFrozen = frozen.stdout.split('\n').filter(line => line.startsWith('not frozen:'));
    // What stays is what no locator tells apart but its position: never a ref that was not run or failed.
    for (const line of notFrozen)
      expect(line).toMatch(/only its position tells it apart|ambiguous in some state/);
    expect(frozen.code).toBe(notFrozen.length ? 1 : 0);
    const result = fs.readFileSync(path.join(dir, 'look.spec.js'), 'utf8');
    const left = [...result.matchAll(/sw\.ref\('(s\d+)'\)/g)].length;
    expect(left).toBe(notFrozen.length);
    expect(left).toBeLessThan(refs.length);
    console.log(`${name}: ${refs.length - left} of ${refs.length} ref calls frozen; ${left} stay (only nth() tells them apart)`);

    const { result: again } = await runPlaywright(dir);
    expect(again.code, again.stdout + again.stderr).toBe(0);
    expect(Object.entries(reached()).filter(([ref, found]) => ref !== found)).toEqual([]);
    expect(Object.keys(reached())).toHaveLength(refs.length);
  });
}
