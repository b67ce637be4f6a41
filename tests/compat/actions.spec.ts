// Actions are steps too, by default (`captureActions: 'auto'`): in a test with no step, the diff of
// each action and assertion that changed the page is attached to the test off the test's path,
// before its next call (an action, an assertion, a fixture call) starts, named after the call, and
// an action that changed nothing leaves none; once a test ran
// a step, its steps stand for its actions (with `true`, not). A failed action keeps its own name in
// its error: see triage.fails.spec.ts.
import type { Page } from '@playwright/test';
import { test, expect } from 'stagewright';

const kList = `
  <label>Item <input id="item"></label>
  <button onclick="list.append(Object.assign(document.createElement('li'), { textContent: item.value }))">Add</button>
  <ul id="list" aria-label="Shopping list"></ul>`;

const diffs = () => test.info().attachments.map(a => a.name).filter(name => name.endsWith(' · dom.diff'));

test('each action that changed the page leaves its diff, before the next call', { annotation: { type: 'compat-timeline', description: "click getByRole('button', { name: 'Add' })" } }, async ({ page, stagewright }) => {
  await page.setContent(`
    <label>Item <input id="item"></label>
    <button onclick="setTimeout(() => list.append(Object.assign(document.createElement('li'), { textContent: item.value })), 500)">Add</button>
    <ul id="list" aria-label="Shopping list"></ul>`);
  await page.getByLabel('Item').fill('Tea');
  // The next call starts once the last one's capture is done.
  await page.getByLabel('Item').hover();
  expect(diffs()).toEqual([expect.stringMatching(/^\d{3} fill getByLabel\('Item'\) · dom\.diff$/)]);
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('listitem')).toHaveText('Tea');
  // So does a call of the fixture; the hover changed nothing and left no diff.
  await stagewright.snapshot();
  expect(diffs().slice(1)).toEqual([
    expect.stringMatching(/^\d{3} click getByRole\('button', \{ name: 'Add' \}\) · dom\.diff$/),
    expect.stringMatching(/^\d{3} expect getByRole\('listitem'\) toHaveText · dom\.diff$/),
  ]);
  const added = test.info().attachments.find(a => a.name.endsWith(' toHaveText · dom.diff'));
  expect(added?.body?.toString()).toMatch(/^# \+ listitem \[ref=s\d+\]: Tea$/m);
});

/** Fills and adds an item in a step, then another after it: the actions each mode captures. */
async function aStepThenActions({ page }: { page: Page }) {
  await page.setContent(kList);
  await page.getByLabel('Item').fill('Tea');
  await test.step('add tea', async () => {
    await page.getByRole('button', { name: 'Add' }).click();
  });
  await page.getByLabel('Item').fill('Milk');
  await page.getByRole('button', { name: 'Add' }).click();
}

test('once a test ran a step, its steps stand for its actions', async ({ page }) => {
  await aStepThenActions({ page });
  expect(diffs()).toEqual([
    expect.stringMatching(/^001 fill getByLabel\('Item'\) · dom\.diff$/),
    expect.stringMatching(/^002 add tea · dom\.diff$/),
  ]);
});

test.describe('captureActions: true', () => {
  test.use({ stagewrightOptions: { captureActions: true } });
  test('every action outside a step leaves its diff, after a step too', async ({ page, stagewright }) => {
    await aStepThenActions({ page });
    // The last click's capture is done once a call of the fixture starts.
    await stagewright.snapshot();
    expect(diffs()).toEqual([
      expect.stringMatching(/^001 fill getByLabel\('Item'\) · dom\.diff$/),
      expect.stringMatching(/^002 add tea · dom\.diff$/),
      expect.stringMatching(/^003 fill getByLabel\('Item'\) · dom\.diff$/),
      expect.stringMatching(/^004 click getByRole\('button', \{ name: 'Add' \}\) · dom\.diff$/),
    ]);
  });
});
