// One ref model across the pages of a test (issue 28): a ref is valid only on the page that issued
// it. Refs are unique across the test's pages, so a ref of one page is never resolved on another:
// it is refused there, naming the page it came from, and nothing is clicked anywhere.
import { expect as baseExpect } from '@playwright/test';
import { expect, test } from '../../src/index';

const kFirst = `<ul><li>Bread <button onclick="window.clicks = (window.clicks || 0) + 1">Delete Bread</button></li></ul>`;
const kSecond = `<h1>Scores</h1><button onclick="window.clicks = (window.clicks || 0) + 1">Score</button>`;

test.describe('refs of another page', () => {
  test('should be unique across the test\'s pages and refused on the wrong one, naming where they came from', async ({ page, context, stagewright: sw }) => {
    await page.setContent(kFirst);
    const first = await sw.snapshot();
    const second = await context.newPage();
    await second.setContent(kSecond);
    const sw2 = sw.forPage(second);
    const [score] = await sw2.find({ role: 'button', name: 'Score' });
    // Never the same ref on two pages of a test.
    const firstRefs = new Set(first.entries.map(entry => entry.ref));
    for (const entry of (await sw2.snapshot()).entries)
      expect(firstRefs.has(entry.ref)).toBe(false);

    baseExpect(() => sw.ref(score.ref)).toThrow(new RegExp(`^REF_NOT_FOUND: Ref ${score.ref} was issued on page-2 \\(stagewright\\.forPage\\(…\\)\\), not on this page`));
    const [deleteBread] = await sw.find({ role: 'button', name: 'Delete Bread' });
    baseExpect(() => sw2.ref(deleteBread.ref)).toThrow(new RegExp(`^REF_NOT_FOUND: Ref ${deleteBread.ref} was issued on the test's page \\(stagewright\\), not on this page`));
    await baseExpect(sw.locatorFor(score.ref)).rejects.toThrow(/^REF_NOT_FOUND: .*issued on page-2/);
    // Nothing was clicked on either page.
    expect(await page.evaluate(() => (window as any).clicks)).toBeUndefined();
    expect(await second.evaluate(() => (window as any).clicks)).toBeUndefined();
    // On its own page the ref works.
    await sw2.ref(score.ref).click();
    expect(await second.evaluate(() => (window as any).clicks)).toBe(1);
  });

  test('should give the same object for a page whichever page\'s object forPage is asked on', async ({ page, context, stagewright: sw }) => {
    const second = await context.newPage();
    const third = await context.newPage();
    const sw2 = sw.forPage(second);
    expect(sw2.forPage(third)).toBe(sw.forPage(third));
    expect(sw2.forPage(page)).toBe(sw);
  });
});

test.describe('locatorFor on another page', () => {
  test('should write code that starts from that page, popup by default or the name given', async ({ page, context, stagewright: sw }) => {
    await page.setContent(kFirst);
    const second = await context.newPage();
    await second.setContent(kSecond);
    const sw2 = sw.forPage(second);
    const [score] = await sw2.find({ role: 'button', name: 'Score' });
    const choice = await sw2.locatorFor(score.ref);
    expect(choice.code).toBe(`popup.getByRole('button', { name: 'Score' })`);
    // Proven on that page by Playwright: the locator is the second page's.
    await baseExpect(choice.locator).toHaveText('Score');
    expect(choice.locator.page()).toBe(second);
    expect((await sw2.locatorFor(score.ref, { pageName: 'scores' })).code).toBe(`scores.getByRole('button', { name: 'Score' })`);
    const [deleteBread] = await sw.find({ role: 'button', name: 'Delete Bread' });
    expect((await sw.locatorFor(deleteBread.ref)).code).toBe(`page.getByRole('button', { name: 'Delete Bread' })`);
    await baseExpect(sw2.locatorFor(score.ref, { pageName: 'not a name' })).rejects.toThrow(/^INVALID_ARGUMENT: locatorFor\(\) options are \{ pageName\?: string \}/);
  });
});
