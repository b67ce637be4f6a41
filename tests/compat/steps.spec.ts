// Captures around `test.step`: stagewright's own `test`, a page object whose methods use
// @playwright/test's `test.step`, and `mergeTests` with another library's `test.extend`, in
// either order. Lines marked `// step: TITLE` must hold a report step of that title (checked by
// scripts/compat.mjs in the reporter's steps.json); `compat-step-captured` annotations name user
// steps whose report step must carry the capture's three attachments.
import fs from 'node:fs';
import { mergeTests } from '@playwright/test';
import { test, expect } from 'stagewright';
import { test as otherTest } from './other-library';
import { FormPage } from './form-page';
import { captured, expectCaptured, kForm } from './helpers';

const oursFirst = mergeTests(test, otherTest);
const otherFirst = mergeTests(otherTest, test);

const captures = (...titles: string[]) => ({ annotation: titles.map(description => ({ type: 'compat-step-captured', description })) });

test('README first test: a step attaches its tree, DOM and diff', captures('add tea'), async ({ page, stagewright: sw }) => {
  await page.setContent(`
    <label>Item <input id="item"></label>
    <button onclick="list.append(Object.assign(document.createElement('li'), { textContent: item.value }))">Add</button>
    <ul id="list" aria-label="Shopping list"></ul>`);
  await test.step('add tea', async () => { // step: add tea
    await page.getByLabel('Item').fill('Tea');
    await page.getByRole('button', { name: 'Add' }).click();
  });
  expectCaptured('add tea');
  const diff = test.info().attachments.find(a => a.name.endsWith(' add tea · dom.diff'));
  expect(diff?.body?.toString()).toMatch(/^# \+ listitem \[ref=s4\]: Tea$/m);
  const folder = test.info().outputPath('stagewright');
  expect(fs.readFileSync(`${folder}/accessibility-tree.yaml`, 'utf8')).toContain('- listitem [ref=s4]: Tea');
  expect(fs.readdirSync(`${folder}/diffs`)).toContain('002-add-tea.diff');
  // The capture after setContent, before any step (`captureActions: 'auto'`), is the step's start.
  expect(captured(sw)).toEqual(['setContent', 'add tea']);
});

test('a page object step of @playwright/test\'s test is captured', captures('page object fills name'), async ({ page, stagewright: sw }) => {
  await page.setContent(kForm);
  await new FormPage(page).fillName('Ada');
  expectCaptured('page object fills name');
  expect(captured(sw)).toEqual(['setContent', 'page object fills name']);
});

oursFirst('mergeTests(stagewright, other): each step captured once', captures('fill name', 'save'), async ({ page, stagewright: sw, greeting }) => {
  expect(greeting).toBe('hello');
  await page.setContent(kForm);
  await oursFirst.step('fill name', async () => { // step: fill name
    await page.locator('#name').fill('Ada');
  });
  await oursFirst.step('save', async () => { // step: save
    await page.getByRole('button', { name: 'Save' }).click();
  });
  expectCaptured('fill name');
  expectCaptured('save');
  expect(captured(sw)).toEqual(['setContent', 'fill name', 'save']);
});

otherFirst('mergeTests(other, stagewright): nested steps of ours and of a page object, each once', captures('page object fills name'), async ({ page, stagewright: sw, greeting }) => {
  expect(greeting).toBe('hello');
  await page.setContent(kForm);
  await otherFirst.step('outer', async () => { // step: outer
    await new FormPage(page).fillName('Ada');
  });
  expectCaptured('page object fills name');
  const labels = captured(sw);
  expect(labels.filter(label => label === 'page object fills name')).toHaveLength(1);
  expect(labels.filter(label => label === 'outer')).toHaveLength(1);
});

test('each public call is one step at the spec\'s line', async ({ page, stagewright: sw, context }) => {
  await page.setContent('<main><label>Full name <input></label><button onclick="this.textContent = \'Saved\'">Save</button></main>');
  const snap = await sw.snapshot(); // step: stagewright.snapshot()
  const [name] = await sw.find({ role: 'textbox', name: 'Full name' }); // step: stagewright.find({ role: 'textbox', name: 'Full name' })
  await test.step('fill', async () => { // step: fill
    await sw.ref(name!.ref).fill('Ada');
    const diff = await sw.snapshot({ since: 'last' }); // step: stagewright.snapshot({ since: 'last' })
    expect(diff.changed.length).toBeGreaterThan(0);
    await sw.text(); // step: stagewright.text()
    const ref = await sw.refOf(page.getByRole('button')); // step: stagewright.refOf(getByRole('button'))
    await sw.ref(ref).click();
  });
  await sw.dom(); // step: stagewright.dom()
  await sw.checkpoint('after save'); // step: stagewright.checkpoint('after save')
  await expect(sw).toHaveEntry({ role: 'button', name: 'Saved' }); // step: Expect "toHaveEntry"
  await test.step('second page', async () => { // step: second page
    const other = await context.newPage();
    await other.setContent('<button>Other</button>');
    await sw.forPage(other).find({ role: 'button' }); // step: stagewright[page-2].find({ role: 'button' })
  });
  expect(snap.entries.length).toBeGreaterThan(0);
  expect(test.info().attachments.map(a => a.name)).toEqual(expect.arrayContaining([expect.stringMatching(/ after save · dom\.html$/)]));
});
