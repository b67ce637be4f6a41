// Specs written against refs become durable specs (docs/agents.md, Freezing refs): an agent reads
// refs from a first run's snapshot, writes a spec with them, runs it, and `npx stagewright freeze`
// rewrites each ref call into the locator its element was reached by — proven on every capture and
// by Playwright — touching nothing else. The frozen spec passes where the ref spec breaks: on the
// app with items inserted above and the list re-ordered.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createProject, kRepoRoot, kStepsReporter, projectConfig, readJson, run, runPlaywright, userSteps, type Step, type StepsResult } from './helpers/project';

const kApp = (items: string[]) => `
  <main>
    <h1>Todos</h1>
    <ul aria-label="Todos">${items.map(item => `<li><label><input type="checkbox"> ${item}</label> <button type="button" onclick="document.getElementById('editing').textContent = 'Editing ${item}'">Edit</button></li>`).join('')}</ul>
    <p id="editing"></p>
    <form aria-label="New todo" onsubmit="event.preventDefault(); document.getElementById('out').textContent = 'Added ' + this.elements.what.value">
      <label>What <input name="what"></label>
      <button type="submit">Add</button>
    </form>
    <p role="status" id="out"></p>
  </main>`;

const kV1 = kApp(['Buy milk', 'Walk dog']);
const kV2 = kApp(['Call mom', 'Walk dog', 'Pay rent', 'Buy milk']);

const kOpen = `await page.setContent(require('node:fs').readFileSync(require('node:path').join(__dirname, 'app.html'), 'utf8'));`;

const kExplore = `
const { test } = require('stagewright');
test('explore', async ({ page, stagewright }) => {
  ${kOpen}
  require('node:fs').writeFileSync('tree.yaml', await stagewright.text());
});`;

/** The spec an agent writes from the tree: refs only. */
const refSpec = (refs: { walk: string; edit: string; what: string; add: string }) => `// Written from a run's tree.
const { test, expect } = require('stagewright');

test('todo', async ({ page, stagewright: sw }) => {
  ${kOpen}
  await test.step('tick and add', async () => {
    await sw.ref('${refs.walk}').check();
    await expect(sw.ref('${refs.walk}')).toBeChecked(); // still the same one
    await sw.ref('${refs.edit}').click();
    await sw.ref('${refs.what}').fill('Water plants');
    await sw.ref('${refs.add}').click();
  });
  await expect(page.getByRole('status')).toHaveText('Added Water plants');
  await expect(page.locator('#editing')).toHaveText('Editing Walk dog');
});
`;

const kCli = path.join(kRepoRoot, 'dist', 'cli', 'index.js');

async function runApp(dir: string, html: string) {
  fs.writeFileSync(path.join(dir, 'app.html'), html);
  fs.writeFileSync(path.join(dir, 'steps-reporter.js'), kStepsReporter);
  const { result, report } = await runPlaywright(dir, [], 'json,./steps-reporter.js');
  const statuses = (report?.suites ?? []).flatMap((suite: any) => suite.specs.map((spec: any) => spec.tests[0]?.results.at(-1)?.status));
  const results: StepsResult[] = readJson(path.join(dir, 'steps.json')) ?? [];
  return { statuses, output: result.stdout + result.stderr + JSON.stringify(results.map(r => r.errors)), results };
}

/** What a reader of the report sees of the user's steps: each title, and the refs its captures show. */
function stepsAsReported(results: StepsResult[]): string[] {
  const refsIn = (step: Step): string[] => [
    ...step.attachments.filter(a => /accessibility-tree\.yaml|dom\.diff/.test(a.name)).flatMap(a => [...(a.body ?? '').matchAll(/\[ref=(s\d+)\]/g)].map(m => m[1])),
    ...step.steps.flatMap(refsIn),
  ];
  return results.flatMap(result => userSteps(result).map(step => `${step.title}: ${[...new Set(refsIn(step))].sort().join(' ')}`));
}

/**
 * A shopping list: each item's "Delete <item>" button asks in a modal <dialog> (Delete, Cancel,
 * named by its heading unless `named` is false), and Delete removes the item; a form adds one. With
 * `bin`, a deleted item goes to a "Recently deleted" list, with a Delete button of its own.
 */
const shoppingList = (items: string[], { bin = false, named = true } = {}) => `
  <main>
    <h1>Shopping list</h1>
    <ul aria-label="Shopping list">${items.map(item => `<li><span>${item}</span> <button type="button" onclick="ask(this)">Delete ${item}</button></li>`).join('')}</ul>
    <form aria-label="Add item" onsubmit="event.preventDefault(); add(this.elements.what.value); this.reset()">
      <label>Item <input name="what"></label>
      <button type="submit">Add</button>
    </form>
    <dialog${named ? ' aria-labelledby="confirm-title"' : ''}>
      <h2 id="confirm-title">Delete item?</h2>
      <form method="dialog"><button value="delete">Delete</button> <button value="cancel">Cancel</button></form>
    </dialog>
    <p role="status"></p>
    <section aria-label="Recently deleted" hidden><ul></ul></section>
  </main>
  <script>
    let pending;
    const dialog = document.querySelector('dialog');
    function item(name, html) {
      const li = document.createElement('li');
      li.innerHTML = html;
      li.querySelector('span').textContent = name;
      return li;
    }
    function add(name) {
      const li = item(name, '<span></span> <button type="button" onclick="ask(this)"></button>');
      li.querySelector('button').textContent = 'Delete ' + name;
      document.querySelector('ul').append(li);
    }
    function ask(button) {
      pending = button.closest('li');
      dialog.showModal();
    }
    dialog.addEventListener('close', () => {
      if (dialog.returnValue !== 'delete')
        return;
      const name = pending.querySelector('span').textContent;
      pending.remove();
      document.querySelector('[role=status]').textContent = name + ' deleted';
      if (${bin}) {
        const section = document.querySelector('section');
        section.hidden = false;
        section.querySelector('ul').append(item(name, '<span></span> <button type="button">Restore</button> <button type="button" onclick="this.closest(&quot;li&quot;).remove()">Delete</button>'));
      }
    });
  </script>`;

/** What an agent reads: the page, then after adding an item, then with the delete dialog open (each a walk, as each step of the spec has one). */
const kExploreList = `
const { test } = require('stagewright');
test('explore', async ({ page, stagewright }) => {
  ${kOpen}
  const trees = [await stagewright.text()];
  await page.getByRole('textbox', { name: 'Item' }).fill('Apples');
  await page.getByRole('button', { name: 'Add' }).click();
  trees.push(await stagewright.text());
  await page.getByRole('button', { name: 'Delete Bread' }).click();
  trees.push(await stagewright.text());
  require('node:fs').writeFileSync('tree.yaml', trees.join('\\n---\\n'));
});`;

/** The spec an agent writes from those trees: refs only, most of whose elements the test removes or hides. */
const listSpec = (refs: { what: string; add: string; deleteBread: string; confirm: string; list: string; status: string }) => `// Written from a run's tree.
const { test, expect } = require('stagewright');

test('shopping list', async ({ page, stagewright: sw }) => {
  ${kOpen}
  await test.step('add an item', async () => {
    await sw.ref('${refs.what}').fill('Apples');
    await sw.ref('${refs.add}').click();
  });
  await test.step('delete Bread', async () => {
    await sw.ref('${refs.deleteBread}').click();
  });
  await test.step('confirm', async () => {
    await sw.ref('${refs.confirm}').click();
  });
  await expect(sw.ref('${refs.list}')).toContainText('Apples');
  await expect(sw.ref('${refs.list}')).not.toContainText('Bread');
  await expect(sw.ref('${refs.deleteBread}')).toHaveCount(0);
  await expect(sw.ref('${refs.status}')).toHaveText('Bread deleted');
});
`;

/** A project with the spec of refs read from an explore run of `html`, run once (it passes). */
async function listSpecFromRefs(html: string) {
  const dir = createProject({ 'playwright.config.js': projectConfig(), 'explore.spec.js': kExploreList });
  expect((await runApp(dir, html)).statuses).toEqual(['passed']);
  const tree = fs.readFileSync(path.join(dir, 'tree.yaml'), 'utf8');
  const refOf = (line: RegExp) => line.exec(tree)?.[1] ?? '';
  const refs = {
    what: refOf(/textbox "Item" \[ref=(s\d+)\]/), add: refOf(/button "Add" \[ref=(s\d+)\]/), deleteBread: refOf(/button "Delete Bread" \[ref=(s\d+)\]/),
    confirm: refOf(/button "Delete"(?: \[[a-z]+\])* \[ref=(s\d+)\]/), list: refOf(/list "Shopping list" \[ref=(s\d+)\]/), status: refOf(/status \[ref=(s\d+)\]/),
  };
  expect(Object.values(refs).every(Boolean), tree).toBe(true);
  fs.rmSync(path.join(dir, 'explore.spec.js'));
  fs.writeFileSync(path.join(dir, 'list.spec.js'), listSpec(refs));
  const first = await runApp(dir, html);
  expect(first.statuses, first.output).toEqual(['passed']);
  return { dir, refs };
}

/** The calls refs.json recorded, by ref. */
function recordedCalls(dir: string): Map<string, { line: number; code?: string; chain?: unknown; checkedAgainst?: string[]; problem?: string }> {
  const results = path.join(dir, 'test-results');
  const files = fs.readdirSync(results, { recursive: true, encoding: 'utf8' }).filter(file => path.basename(file) === 'refs.json');
  return new Map(files.flatMap(file => readJson(path.join(results, file)).calls.map((call: any) => [call.ref, call])));
}

test.describe('freeze', () => {
  test.slow();

  test('should turn a spec of refs into one of durable locators that survives a changed list', async () => {
    const dir = createProject({ 'playwright.config.js': projectConfig(), 'explore.spec.js': kExplore });
    expect((await runApp(dir, kV1)).statuses).toEqual(['passed']);
    const tree = fs.readFileSync(path.join(dir, 'tree.yaml'), 'utf8');
    const refOf = (line: RegExp) => line.exec(tree)?.[1] ?? '';
    // The second of the list's Edit buttons: one only its item tells apart from the others.
    const edit = [...tree.matchAll(/button "Edit" \[ref=(s\d+)\]/g)][1]?.[1] ?? '';
    const refs = { walk: refOf(/checkbox "Walk dog" \[ref=(s\d+)\]/), edit, what: refOf(/textbox "What" \[ref=(s\d+)\]/), add: refOf(/button "Add" \[ref=(s\d+)\]/) };
    expect(Object.values(refs).every(Boolean), tree).toBe(true);

    // The refs read from one run mean the same elements in the next.
    fs.rmSync(path.join(dir, 'explore.spec.js'));
    fs.writeFileSync(path.join(dir, 'todo.spec.js'), refSpec(refs));
    const first = await runApp(dir, kV1);
    expect(first.statuses, first.output).toEqual(['passed']);
    const reported = stepsAsReported(first.results);
    expect(reported.join('\n')).toMatch(/^tick and add: s\d+/);
    // The ref spec breaks when the list changes above its items: "Walk dog" keeps its ref, the
    // field's ref names a checkbox now — and the test fails there, never acting on that checkbox.
    const changedRefs = await runApp(dir, kV2);
    expect(changedRefs.statuses).toEqual(['failed']);
    expect(changedRefs.output).toMatch(new RegExp(`REF_NOT_FOUND: Ref ${refs.what} names (checkbox|button) \\\\?"[^"\\\\]+\\\\?" now, and this line reached textbox \\\\?"What\\\\?" with it when the test last passed`));
    // …and a failed run has nothing to freeze: the spec stays, exit code 1.
    const refused = await run(process.execPath, [kCli, 'freeze', 'todo.spec.js'], dir);
    expect(refused.code, refused.stdout).toBe(1);
    expect(refused.stdout).toContain(`not frozen: todo.spec.js:7 ref('${refs.walk}'): the test failed`);
    expect(fs.readFileSync(path.join(dir, 'todo.spec.js'), 'utf8')).toBe(refSpec(refs));

    expect((await runApp(dir, kV1)).statuses).toEqual(['passed']);
    const dryRun = await run(process.execPath, [kCli, 'freeze', '--dry-run'], dir);
    expect(dryRun.code, dryRun.stdout + dryRun.stderr).toBe(0);
    expect(dryRun.stdout).toContain(`-    await sw.ref('${refs.walk}').check();`);
    expect(fs.readFileSync(path.join(dir, 'todo.spec.js'), 'utf8')).toBe(refSpec(refs));

    const frozen = await run(process.execPath, [kCli, 'freeze', '.'], dir);
    expect(frozen.code, frozen.stdout + frozen.stderr).toBe(0);
    const spec = fs.readFileSync(path.join(dir, 'todo.spec.js'), 'utf8');
    expect(spec).not.toMatch(/\.ref\(/);
    expect(spec).toContain(`await page.getByRole('checkbox', { name: 'Walk dog' }).check();`);
    expect(spec).toContain(`await expect(page.getByRole('checkbox', { name: 'Walk dog' })).toBeChecked(); // still the same one`);
    expect(spec).toContain(`await page.getByRole('listitem').filter({ hasText: 'Walk dog' }).getByRole('button', { name: 'Edit'`);
    // Every other line, byte for byte.
    const otherLines = (text: string) => text.split('\n').filter(line => !/ref\(|getBy/.test(line));
    expect(otherLines(spec)).toEqual(otherLines(refSpec(refs)));

    const again = await runApp(dir, kV1);
    expect(again.statuses, again.output).toEqual(['passed']);
    // The report reads the same: the step's title, and the refs in its captures.
    expect(stepsAsReported(again.results)).toEqual(reported);
    const changed = await runApp(dir, kV2);
    expect(changed.statuses, changed.output).toEqual(['passed']);
  });

  test('should add the assertions proven at the end of a step that asserted nothing, with --assert, and leave an ambiguous ref', async () => {
    const app = (works: boolean) => kApp(['Buy milk']).replace('</main>', `<div><button type="button">Clear</button><button type="button">Clear</button></div></main>`)
        .replace(/onsubmit="[^"]*"/, works ? '$&' : `onsubmit="event.preventDefault()"`);
    const dir = createProject({ 'playwright.config.js': projectConfig(), 'explore.spec.js': kExplore });
    expect((await runApp(dir, app(true))).statuses).toEqual(['passed']);
    const tree = fs.readFileSync(path.join(dir, 'tree.yaml'), 'utf8');
    const refOf = (line: RegExp) => line.exec(tree)?.[1] ?? '';
    const refs = { what: refOf(/textbox "What" \[ref=(s\d+)\]/), add: refOf(/button "Add" \[ref=(s\d+)\]/), clear: [...tree.matchAll(/button "Clear" \[ref=(s\d+)\]/g)][1]?.[1] };
    expect(Object.values(refs).every(Boolean), tree).toBe(true);
    const spec = `const { test } = require('stagewright');

test('add', async ({ page, stagewright: sw }) => {
  ${kOpen}
  await test.step('add one', async () => {
    await sw.ref('${refs.what}').fill('Water plants');
    await sw.ref('${refs.add}').click();
  });
  await test.step('clear', async () => {
    await sw.ref('${refs.clear}').click(); // changes nothing a reader sees
  });
});
`;
    fs.rmSync(path.join(dir, 'explore.spec.js'));
    fs.writeFileSync(path.join(dir, 'add.spec.js'), spec);
    expect((await runApp(dir, app(true))).statuses).toEqual(['passed']);
    // Without assertions the spec passes on an app whose Add does nothing.
    expect((await runApp(dir, app(false))).statuses).toEqual(['passed']);
    expect((await runApp(dir, app(true))).statuses).toEqual(['passed']);

    const kAdded = `    await expect(page.getByRole('status')).toHaveText('Added Water plants');`;
    const dryRun = await run(process.execPath, [kCli, 'freeze', '--assert', '--dry-run'], dir);
    expect(dryRun.code, dryRun.stdout + dryRun.stderr).toBe(1);
    expect(dryRun.stdout).toContain(`+${kAdded}`);
    expect(dryRun.stdout).toContain(`would add`);
    expect(dryRun.stdout).toContain(`no assertion added: add.spec.js:9 step "clear": nothing it changed on the test's page could be asserted`);
    expect(dryRun.stdout).toMatch(new RegExp(`not frozen: add.spec.js:10 ref\\('${refs.clear}'\\): only its position tells it apart from elements like it \\(getByRole\\('button', \\{ name: 'Clear'(, exact: true)? \\}\\)\\.nth\\(1\\)\\)`));
    expect(fs.readFileSync(path.join(dir, 'add.spec.js'), 'utf8')).toBe(spec);

    const frozen = await run(process.execPath, [kCli, 'freeze', '--assert', 'add.spec.js'], dir);
    expect(frozen.code, frozen.stdout).toBe(1);
    const result = fs.readFileSync(path.join(dir, 'add.spec.js'), 'utf8');
    expect(result).toContain(`    await page.getByRole('button', { name: 'Add' }).click();\n${kAdded}\n`);
    expect(result).toContain(`const { test, expect } = require('stagewright');`);
    expect(result).toContain(`await sw.ref('${refs.clear}').click(); // changes nothing a reader sees\n  });`);
    // The frozen spec passes, and now fails where the app is broken, at the added line.
    expect((await runApp(dir, app(true))).statuses).toEqual(['passed']);
    const broken = await runApp(dir, app(false));
    expect(broken.statuses).toEqual(['failed']);
    expect(broken.output).toContain(`toHaveText`);
  });

  test('should freeze refs in a frame and on a popup, from the variables the spec holds them in', async () => {
    const frame = `<iframe title="Payment" srcdoc="<form aria-label='Card'><label>Card number <input></label><button type='button' onclick='document.querySelector(&quot;p&quot;).textContent = &quot;Paid&quot;'>Pay</button></form><p role='status'></p>"></iframe>`;
    const popupHtml = `<main><h1>Help</h1><button onclick="document.querySelector('p').textContent = 'Thanks'">Contact us</button><p role="status"></p></main>`;
    const explore = `
const { test } = require('stagewright');
test('explore', async ({ page, context, stagewright }) => {
  await page.setContent(${JSON.stringify(frame)});
  const popup = await context.newPage();
  await popup.setContent(${JSON.stringify(popupHtml)});
  require('node:fs').writeFileSync('tree.yaml', await stagewright.text() + '\\n---\\n' + await stagewright.forPage(popup).text());
});`;
    const dir = createProject({ 'playwright.config.js': projectConfig('', `testMatch: '*.spec.{js,ts}',`), 'explore.spec.js': explore });
    expect((await runApp(dir, kV1)).statuses).toEqual(['passed']);
    const tree = fs.readFileSync(path.join(dir, 'tree.yaml'), 'utf8');
    const pay = /button "Pay" \[ref=(f\d+s\d+)\]/.exec(tree)?.[1];
    const contact = /button "Contact us" \[ref=(s\d+)\]/.exec(tree)?.[1];
    expect(pay && contact, tree).toBeTruthy();
    const spec = `import { test, expect } from 'stagewright';

test('pay and ask', async ({ page, context, stagewright: sw }) => {
  await page.setContent(${JSON.stringify(frame)});
  const help = await context.newPage();
  await help.setContent(${JSON.stringify(popupHtml)});
  sw.forPage(help); // Captured from here on, as in the run the refs were read from.
  await test.step('both', async () => {
    await sw.ref('${pay}').click();
    await sw.forPage(help).ref('${contact}').click();
  });
  await expect(page.locator('iframe').contentFrame().getByRole('status')).toHaveText('Paid');
  await expect(help.getByRole('status')).toHaveText('Thanks');
});
`;
    fs.rmSync(path.join(dir, 'explore.spec.js'));
    fs.writeFileSync(path.join(dir, 'pay.spec.ts'), spec);
    const first = await runApp(dir, kV1);
    expect(first.statuses, first.output).toEqual(['passed']);
    const frozen = await run(process.execPath, [kCli, 'freeze', 'pay.spec.ts'], dir);
    expect(frozen.code, frozen.stdout + frozen.stderr).toBe(0);
    const result = fs.readFileSync(path.join(dir, 'pay.spec.ts'), 'utf8');
    expect(result).not.toMatch(/\.ref\(/);
    expect(result).toMatch(/await page\.getByTitle\('Payment'(, \{ exact: true \})?\)\.contentFrame\(\)\.getByRole\('button', \{ name: 'Pay' \}\)\.click\(\);/);
    expect(result).toContain(`await help.getByRole('button', { name: 'Contact us' }).click();`);
    const again = await runApp(dir, kV1);
    expect(again.statuses, again.output).toEqual(['passed']);
  });
  test('should freeze refs of elements the test removes or hides, proven by Playwright at their call', async () => {
    const items = ['Milk', 'Bread'];
    const itemsAbove = ['Tea', 'Cheese', 'Milk', 'Bread'];
    const frozenLine = (line: string) => expect.stringContaining(line);

    // The dialog's Delete and the item's Delete button are gone at the test's end: each was proven
    // when the test acted on it, and matches nothing once it is gone.
    const { dir, refs } = await listSpecFromRefs(shoppingList(items));
    const calls = recordedCalls(dir);
    expect(calls.get(refs.confirm)).toMatchObject({ line: 14, code: `getByRole('button', { name: 'Delete', exact: true })`, chain: [[{ kind: 'role', role: 'button', name: 'Delete', exact: true, states: {} }]] });
    expect(calls.get(refs.confirm)!.checkedAgainst).toContain('at the call, line 14');
    expect(calls.get(refs.confirm)!.checkedAgainst).not.toContain('live page');
    expect(calls.get(refs.deleteBread)).toMatchObject({ code: `getByRole('button', { name: 'Delete Bread' })` });
    expect(calls.get(refs.deleteBread)!.checkedAgainst).toContain('at the call, line 11');
    // One there at the end is proven on the live page too.
    expect(calls.get(refs.list)!.checkedAgainst).toEqual(expect.arrayContaining(['at the call, line 16', 'live page']));
    const frozen = await run(process.execPath, [kCli, 'freeze', '.'], dir);
    expect(frozen.code, frozen.stdout + frozen.stderr).toBe(0);
    const spec = fs.readFileSync(path.join(dir, 'list.spec.js'), 'utf8');
    expect(spec).not.toMatch(/\.ref\(/);
    expect(spec.split('\n')).toEqual(expect.arrayContaining([
      frozenLine(`await page.getByRole('textbox', { name: 'Item' }).fill('Apples');`),
      frozenLine(`await page.getByRole('button', { name: 'Add' }).click();`),
      frozenLine(`await page.getByRole('button', { name: 'Delete Bread' }).click();`),
      frozenLine(`await page.getByRole('button', { name: 'Delete', exact: true }).click();`),
      frozenLine(`await expect(page.getByRole('list', { name: 'Shopping list' })).not.toContainText('Bread');`),
      frozenLine(`await expect(page.getByRole('button', { name: 'Delete Bread' })).toHaveCount(0);`),
      frozenLine(`await expect(page.getByRole('status')).toHaveText('Bread deleted');`),
    ]));
    for (const app of [items, itemsAbove]) {
      const again = await runApp(dir, shoppingList(app));
      expect(again.statuses, again.output).toEqual(['passed']);
    }

    // Once the dialog closes, a deleted item's own Delete button shows: a locator by the name alone
    // would match it there, and only the one scoped by the dialog is written.
    const binned = await listSpecFromRefs(shoppingList(items, { bin: true }));
    expect(recordedCalls(binned.dir).get(binned.refs.confirm)!.checkedAgainst).toContain('at the call, line 14');
    const binFrozen = await run(process.execPath, [kCli, 'freeze', '.'], binned.dir);
    expect(binFrozen.code, binFrozen.stdout + binFrozen.stderr).toBe(0);
    const binSpec = fs.readFileSync(path.join(binned.dir, 'list.spec.js'), 'utf8');
    expect(binSpec).not.toMatch(/\.ref\(/);
    expect(binSpec).toContain(`await page.getByRole('dialog', { name: 'Delete item?', exact: true }).getByRole('button', { name: 'Delete', exact: true }).click();`);
    for (const app of [items, itemsAbove]) {
      const again = await runApp(binned.dir, shoppingList(app, { bin: true }));
      expect(again.statuses, again.output).toEqual(['passed']);
    }

    // With no name on the dialog, nothing but the name tells its Delete apart: that call stays, and says why.
    const unnamed = await listSpecFromRefs(shoppingList(items, { bin: true, named: false }));
    const left = await run(process.execPath, [kCli, 'freeze', '--dry-run'], unnamed.dir);
    expect(left.code, left.stdout + left.stderr).toBe(1);
    expect(left.stdout).toMatch(new RegExp(`not frozen: list\\.spec\\.js:14 ref\\('${unnamed.refs.confirm}'\\): every locator Playwright proved at the call, line 14, matches another element once its element is gone: getByRole\\('button', \\{ name: 'Delete', exact: true \\}\\) matches button "Delete" \\[ref=s\\d+\\] in capture "\\d+ [^"]+"`));
    expect(left.stdout).toContain(`would freeze list.spec.js:11 ref('${unnamed.refs.deleteBread}') → page.getByRole('button', { name: 'Delete Bread' })`);
  });
});
