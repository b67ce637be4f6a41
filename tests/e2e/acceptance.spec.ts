// Acceptance of issue 29: what stagewright offers as code works when a user pastes it. (a) Every
// suggested assertion of a suite with an iframe and a popup passes at the end of its step; (b)
// `locatorFor` on every entry of three pages, one with same-origin iframes, gives code that
// Playwright, evaluating that code, resolves to exactly that element; (c) the live proof itself
// refuses what Playwright resolves elsewhere, and does not wait for a page that does not answer.
import type { Page } from '@playwright/test';
import { proveLive } from '../../src/capture/liveProof';
import { expect, test } from './helpers/fixtures';
import { pasteSuggestions, suggestionsByStep } from './helpers/paste';
import { runStepsProject } from './helpers/project';

const kShop = `<!doctype html><title>Shop</title>
<main>
  <h1>Shop</h1>
  <form aria-label="Add item" onsubmit="event.preventDefault(); add(this.item.value)">
    <label>Item <input name="item"></label> <button>Add</button>
  </form>
  <ul aria-label="Cart"></ul>
  <p role="status"></p>
  <button onclick="window.open('/help')">Open help</button>
  <iframe title="Payment" src="/frame"></iframe>
</main>
<script>
  function add(name) {
    const li = document.createElement('li');
    li.innerHTML = '<span></span> <button>Remove</button>';
    li.firstChild.textContent = name;
    document.querySelector('ul').append(li);
    document.querySelector('[role=status]').textContent = name + ' added, ' + document.querySelectorAll('li').length + ' in the cart';
  }
</script>`;

const kFrame = `<!doctype html><title>Payment</title>
<h2>Payment</h2>
<label><input type="checkbox"> Save card</label>
<label>Card number <input></label>
<button onclick="pay()">Pay</button>
<div role="status"></div>
<ul aria-label="Receipts"></ul>
<script>
  function pay() {
    document.querySelector('[role=status]').textContent = 'Paid';
    const li = document.createElement('li');
    li.textContent = 'Receipt 1';
    document.querySelector('ul').append(li);
  }
</script>`;

const kHelp = `<!doctype html><title>Help</title>
<h1>Help</h1>
<button aria-expanded="false" onclick="this.setAttribute('aria-expanded', 'true'); document.getElementById('shipping').hidden = false">Show shipping</button>
<section id="shipping" aria-label="Shipping" hidden><p>Two days.</p></section>
<label>Question <textarea></textarea></label>
<button onclick="document.getElementById('answer').textContent = 'Thanks, we will write back'">Ask</button>
<div id="answer" role="status"></div>`;

const kPages = { '/': kShop, '/frame': kFrame, '/help': kHelp };

const kSpec = `
import { test, expect } from 'stagewright';
import type { Page } from '@playwright/test';

const pages: Record<string, string> = ${JSON.stringify(kPages)};

test.beforeEach(async ({ context }) => {
  await context.route('http://shop.test/**', route => route.fulfill({ contentType: 'text/html', body: pages[new URL(route.request().url()).pathname] ?? '' }));
});

test('a shop with a payment frame and a help popup', async ({ page, stagewright: sw }) => {
  let popup!: Page;
  await page.goto('http://shop.test/');
  await expect(page.frameLocator('iframe').getByRole('heading', { name: 'Payment' })).toBeVisible();
  await test.step('add bread', async () => {
    await page.getByRole('textbox', { name: 'Item' }).fill('Bread');
    await page.getByRole('button', { name: 'Add' }).click();
  });
  await test.step('pay in the frame', async () => {
    const frame = page.frameLocator('iframe[title="Payment"]');
    await frame.getByLabel('Save card').check();
    await frame.getByLabel('Card number').fill('4242');
    await frame.getByRole('button', { name: 'Pay' }).click();
  });
  await test.step('open help', async () => {
    const opened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Open help' }).click();
    popup = await opened;
    sw.forPage(popup);
    await expect(popup.getByRole('heading', { name: 'Help' })).toBeVisible();
  });
  await test.step('ask in the popup', async () => {
    await popup.getByRole('button', { name: 'Show shipping' }).click();
    await popup.getByLabel('Question').fill('When will it ship?');
    await popup.getByRole('button', { name: 'Ask' }).click();
  });
  await test.step('add tea', async () => {
    await page.getByRole('textbox', { name: 'Item' }).fill('Tea');
    await page.getByRole('button', { name: 'Add' }).click();
  });
});
`;

const kConfig = `
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from 'stagewright/browser';
export default defineConfig({ testMatch: '*.spec.ts', timeout: 30000, use: { launchOptions: chromiumLaunchOptions(), stagewrightOptions: { stepSuggestions: true } } });`;

test.describe('suggested assertions', () => {
  test('should pass when pasted at the end of their steps, in a frame and in a popup too', async () => {
    test.slow();
    const files = { 'playwright.config.ts': kConfig, 'shop.spec.ts': kSpec };
    const first = await runStepsProject(files);
    expect(first.result.code, first.output).toBe(0);
    const byStep = suggestionsByStep(first.results);
    const lines = [...byStep.values()].flat();
    // The frame's and the popup's suggestions go through the frame and the popup's variable.
    expect(lines.filter(line => line.includes('.contentFrame().')).length, lines.join('\n')).toBeGreaterThanOrEqual(2);
    expect(lines.filter(line => line.startsWith('await expect(popup')).length, lines.join('\n')).toBeGreaterThanOrEqual(2);
    expect(lines.some(line => /expect\(page\.getByRole\('status'\)\)/.test(line) && line.includes('Paid')), 'no frame status on the page').toBe(false);

    const { source, pasted } = pasteSuggestions(kSpec, byStep);
    expect(pasted).toBe(lines.length);
    expect(pasted).toBeGreaterThanOrEqual(8);
    const second = await runStepsProject({ ...files, 'shop.spec.ts': source });
    expect(second.result.code, second.output + '\n' + source).toBe(0);
    expect(second.results.map(result => result.status)).toEqual(['passed']);
    console.log(`suggested assertions with a frame and a popup: ${pasted} pasted, all passed`);
  });
});

/** Evaluates locator code as a user's test would, with `page` (and `popup`) in scope. */
function evaluateCode(code: string, pages: { page: Page; popup?: Page }) {
  return new Function('page', 'popup', `return ${code};`)(pages.page, pages.popup);
}

test.describe('locatorFor on every entry', () => {
  const kSkipped = new Set(['generic', 'text', 'paragraph']);

  for (const [name, path] of [['the shop, with its frame', '/'], ['the frame\'s own page', '/frame'], ['the help page', '/help']] as const) {
    test(`should give code that Playwright resolves to exactly that element: ${name}`, async ({ page, stagewright: sw }) => {
      test.slow();
      await page.context().route('http://shop.test/**', route => route.fulfill({ contentType: 'text/html', body: kPages[new URL(route.request().url()).pathname as keyof typeof kPages] ?? '' }));
      await page.goto(`http://shop.test${path}`);
      if (path === '/') {
        await expect(page.frameLocator('iframe').getByRole('heading', { name: 'Payment' })).toBeVisible();
        await page.getByRole('textbox', { name: 'Item' }).fill('Bread');
        await page.getByRole('button', { name: 'Add' }).click();
        await page.getByRole('textbox', { name: 'Item' }).fill('Milk');
        await page.getByRole('button', { name: 'Add' }).click();
      }
      if (path === '/help')
        await page.getByRole('button', { name: 'Show shipping' }).click();
      await sw.checkpoint('loaded');
      const entries = (await sw.find({})).filter(entry => !kSkipped.has(entry.role));
      expect(entries.length).toBeGreaterThanOrEqual(path === '/' ? 15 : 6);
      if (path === '/')
        expect(entries.filter(entry => /^f\d/.test(entry.ref)).length).toBeGreaterThan(5);
      const wrong: string[] = [];
      for (const entry of entries) {
        const { code } = await sw.locatorFor(entry.ref);
        const locator = evaluateCode(code, { page });
        const ref = await sw.refOf(locator).catch(error => `error: ${String(error.message).split('\n')[0]}`);
        if (ref !== entry.ref)
          wrong.push(`${entry.role} "${entry.name}" [ref=${entry.ref}] → ${code} → ${ref}`);
      }
      expect(wrong).toEqual([]);
    });
  }

  test('should give a popup\'s entries code that starts from its variable', async ({ page, stagewright: sw }) => {
    await page.context().route('http://shop.test/**', route => route.fulfill({ contentType: 'text/html', body: kPages[new URL(route.request().url()).pathname as keyof typeof kPages] ?? '' }));
    await page.goto('http://shop.test/');
    const opened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Open help' }).click();
    const popup = await opened;
    await expect(popup.getByRole('heading', { name: 'Help' })).toBeVisible();
    const other = sw.forPage(popup);
    const entries = (await other.find({})).filter(entry => !kSkipped.has(entry.role));
    expect(entries.length).toBeGreaterThan(4);
    for (const entry of entries) {
      const { code } = await other.locatorFor(entry.ref);
      expect(code).toMatch(/^popup\./);
      expect(await other.refOf(evaluateCode(code, { page, popup })), code).toBe(entry.ref);
    }
  });
});

test.describe('the live proof', () => {
  test('should refuse a locator Playwright resolves to another element, or to several', async ({ page, stagewright: sw }) => {
    await page.setContent(`<ul><li><span>Bread</span></li><li><span>Milk</span></li></ul>`);
    const items = await sw.find({ role: 'listitem' });
    expect(items).toHaveLength(2);
    const proven = await proveLive([
      // The snapshot gives the item the text; Playwright resolves getByText to the <span> inside.
      { locator: page.getByText('Bread', { exact: true }), refs: [items[0].ref] },
      { locator: page.getByRole('listitem'), refs: [items[0].ref] },
      { locator: page.getByRole('listitem').filter({ hasText: 'Bread' }), refs: [items[0].ref] },
      { locator: page.getByRole('listitem'), refs: items.map(item => item.ref) },
      { locator: page.getByRole('button'), refs: [] },
    ]);
    expect(proven).toEqual([false, false, true, true, true]);
  });

  test('should give up on a page that does not answer within its time, unproven', async ({ page, stagewright: sw }) => {
    await page.setContent(`<button>Save</button>`);
    const [save] = await sw.find({ role: 'button' });
    await page.evaluate(() => setTimeout(() => { const end = Date.now() + 3_000; while (Date.now() < end); }, 0));
    const started = performance.now();
    expect(await proveLive([{ locator: page.getByRole('button'), refs: [save.ref] }], 500)).toEqual([false]);
    expect(performance.now() - started).toBeLessThan(1_500);
    // Once the page answers again, the same check holds.
    await expect.poll(() => proveLive([{ locator: page.getByRole('button'), refs: [save.ref] }]), { timeout: 10_000 }).toEqual([true]);
  });
});
