// A ref whose element left the page (issue 29): a wait for it fails fast with REF_STALE instead
// of at the test's timeout, a check that wants it gone passes, and a re-render that brings it back
// under the same ref is still followed.

import { refProblemSentence } from '../../src/errors';
import { ActionLog } from '../../src/triage/actionLog';
import { refProblemOf } from '../../src/runtime/pageCalls';
import { errorOf, expect, test } from './helpers/fixtures';

const kList = `
  <ul><li>Bread <button onclick="this.parentElement.remove()">Delete Bread</button></li>
  <li>Milk <button onclick="this.parentElement.remove()">Delete Milk</button></li></ul>`;

test.describe('gone refs', () => {
  test('should fail an action on a removed element within a few seconds, with REF_STALE', async ({ page, stagewright: sw }) => {
    test.setTimeout(20_000);
    await page.setContent(kList);
    const [bread] = await sw.find({ role: 'button', name: 'Delete Bread' });
    await sw.ref(bread.ref).click();
    await expect(page.getByRole('button', { name: 'Delete Bread' })).toHaveCount(0);
    const started = Date.now();
    // No actionTimeout: Playwright alone would wait for the test's whole timeout.
    const error = await errorOf(() => sw.ref(bread.ref).click());
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(error.message).toContain('REF_STALE');
    expect(error.message).toContain(`ref ${bread.ref} has left the page`);
    // The page reported a code and its data; the sentence is Node's.
    const problem = await refProblemOf(page.mainFrame(), bread.ref);
    expect(problem).toEqual({ code: 'REF_STALE', reason: 'gone', ref: bread.ref });
    expect(error.message).toContain(`REF_STALE: ${refProblemSentence(problem!)}`);
    expect(await refProblemOf(page.mainFrame(), 's999')).toEqual({ code: 'REF_STALE', reason: 'not-issued', ref: 's999' });
    const [milk] = await sw.find({ role: 'button', name: 'Delete Milk' });
    expect(await refProblemOf(page.mainFrame(), milk.ref)).toBeUndefined();
  });

  test('should pass a check that wants the element gone right after an action on it failed', async ({ page, stagewright: sw }) => {
    await page.setContent(kList);
    const [bread] = await sw.find({ role: 'button', name: 'Delete Bread' });
    await sw.ref(bread.ref).click();
    const error = await errorOf(() => sw.ref(bread.ref).click());
    expect(error.message).toContain('REF_STALE');
    await expect(sw.ref(bread.ref)).toBeHidden({ timeout: 1_000 });
    await expect(sw.ref(bread.ref)).toHaveCount(0, { timeout: 1_000 });
    // And a wait for it fails again, fast.
    expect((await errorOf(() => sw.ref(bread.ref).click())).message).toContain('REF_STALE');
  });

  test('should pass checks that want the element gone, now and later', async ({ page, stagewright: sw }) => {
    await page.setContent(kList);
    const [milk] = await sw.find({ role: 'button', name: 'Delete Milk' });
    await sw.ref(milk.ref).click();
    await expect(sw.ref(milk.ref)).toBeHidden();
    await expect(sw.ref(milk.ref)).toHaveCount(0);
    expect(await sw.ref(milk.ref).isVisible()).toBe(false);
    await page.waitForTimeout(2_000);
    await expect(sw.ref(milk.ref)).toHaveCount(0);
    await expect(sw.ref(milk.ref)).not.toBeVisible();
  });

  test('should say in locatorFor where the element was last seen', async ({ page, stagewright: sw }) => {
    await page.setContent(kList);
    const [bread] = await sw.find({ role: 'button', name: 'Delete Bread' });
    await sw.checkpoint('listed');
    await sw.ref(bread.ref).click();
    const error = await errorOf(() => sw.locatorFor(bread.ref));
    expect(error.message).toContain('REF_STALE');
    // Captures number from the one after setContent (`captureActions`).
    expect(error.message).toContain('it was last in capture "002 listed"');
  });

  test('should follow an element a re-render takes away and brings back under the same ref', async ({ page, stagewright: sw }) => {
    await page.setContent(`<main><button onclick="window.clicked = true">Save</button></main>`);
    const [save] = await sw.find({ role: 'button', name: 'Save' });
    // Gone for 300 ms, then back as a new element: the wait is still under way, and finds it.
    await page.evaluate(() => {
      const main = document.querySelector('main')!;
      const html = main.innerHTML;
      main.innerHTML = '';
      setTimeout(() => { main.innerHTML = html; }, 300);
    });
    await sw.ref(save.ref).click();
    expect(await page.evaluate(() => (window as any).clicked)).toBe(true);
  });
});

// The triage learns which action removed an element, and which one a test timed out in, from
// Playwright's client instrumentation (not public API; src/triage/actionLog.ts, through src/playwright/internals.ts). An upgrade that
// moves it must fail here, not silently turn those verdicts into "cannot tell".
test('the action log should see the test\'s actions through Playwright\'s instrumentation', async ({ page }) => {
  let captures = 0;
  const log = new ActionLog(page, () => captures, () => 'the step');
  await page.setContent(`<button onclick="this.remove()">Remove me</button><input aria-label="Name">`);
  captures = 1;
  await page.getByRole('button', { name: 'Remove me' }).click();
  await page.getByLabel('Name').fill('Ada');
  log.stop();
  await page.getByLabel('Name').fill('not recorded');
  expect(log.actions()).toEqual([
    { locator: `getByRole('button', { name: 'Remove me' })`, method: 'click', afterCapture: 1 },
    { locator: `getByLabel('Name')`, method: 'fill', afterCapture: 1 },
  ]);
});
