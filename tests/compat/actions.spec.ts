// Actions are steps too (`captureActions`): the diff of each action and assertion that changed the
// page is attached to the test before the test's next line runs, named after the call, and an
// action that changed nothing leaves none. A failed action keeps its own name in its error: see
// triage.fails.spec.ts.
import { test, expect } from 'stagewright';

test.use({ stagewrightOptions: { captureActions: true } });

const diffs = () => test.info().attachments.map(a => a.name).filter(name => name.endsWith(' · dom.diff'));

test('each action that changed the page leaves its diff, at once', async ({ page }) => {
  await page.setContent(`
    <label>Item <input id="item"></label>
    <button onclick="setTimeout(() => list.append(Object.assign(document.createElement('li'), { textContent: item.value })), 500)">Add</button>
    <ul id="list" aria-label="Shopping list"></ul>`);
  await page.getByLabel('Item').fill('Tea');
  expect(diffs()).toEqual([expect.stringMatching(/^\d{3} fill getByLabel\('Item'\) · dom\.diff$/)]);
  await page.getByLabel('Item').hover();
  expect(diffs().length).toBe(1);
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('listitem')).toHaveText('Tea');
  expect(diffs().slice(1)).toEqual([
    expect.stringMatching(/^\d{3} click getByRole\('button', \{ name: 'Add' \}\) · dom\.diff$/),
    expect.stringMatching(/^\d{3} expect getByRole\('listitem'\) toHaveText · dom\.diff$/),
  ]);
  const added = test.info().attachments.find(a => a.name.endsWith(' toHaveText · dom.diff'));
  expect(added?.body?.toString()).toMatch(/^# \+ listitem \[ref=s\d+\]: Tea$/m);
});
