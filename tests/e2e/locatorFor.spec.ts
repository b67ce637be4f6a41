// locatorFor(ref): a locator proven against every capture of the test where the ref exists and on
// the live page, what it was checked against, and warnings for fragile forms.
import path from 'node:path';
import { expect, test } from './helpers/fixtures';

test.describe('locatorFor', () => {
  test('should choose a locator that held in every capture, not only now', async ({ page, stagewright: sw }) => {
    await page.setContent(`
      <section aria-label="Checkout"><button id="go" onclick="this.textContent = 'Pay now'">Place order</button></section>
      <button>Help</button>`);
    const [button] = await sw.find({ role: 'button', name: 'Place order' });
    await sw.checkpoint('before');
    await sw.ref(button.ref).click();
    await sw.checkpoint('after');
    const choice = await sw.locatorFor(button.ref);
    // By name it would only hold now: scoped by its region, it held in both captures.
    expect(choice.code).toBe(`page.getByRole('region', { name: 'Checkout', exact: true }).getByRole('button')`);
    // The click's own capture (`captureActions`) is one of them, named as the report names it.
    expect(choice.checkedAgainst).toEqual(['001 setContent', '002 before', '003 click button "Place order" [ref=s2]', '004 after', 'live page']);
    expect(choice.warnings).toEqual([]);
    await expect(choice.locator).toHaveText('Pay now');
    expect(await sw.refOf(choice.locator)).toBe(button.ref);
  });

  test('should prefer a test id, and pick a nameless control by its item\'s text', async ({ page, stagewright: sw }) => {
    await page.setContent(`
      <button data-testid="save-profile">Save</button><button>Save</button>
      <ul aria-label="To-do"><li><input type="checkbox"> <span>Call mom</span></li><li><input type="checkbox"> <span>Buy milk</span></li></ul>`);
    await sw.checkpoint('start');
    const [save] = await sw.find({ role: 'button', name: 'Save' });
    expect((await sw.locatorFor(save.ref)).code).toBe(`page.getByTestId('save-profile')`);
    const [, milk] = await sw.find({ role: 'checkbox' });
    const choice = await sw.locatorFor(milk.ref);
    expect(choice.code).toBe(`page.getByRole('listitem').filter({ hasText: 'Buy milk' }).getByRole('checkbox')`);
    await choice.locator.check();
    await expect(page.getByRole('checkbox').nth(1)).toBeChecked();
  });

  test('should warn when only position tells an element apart', async ({ page, stagewright: sw }) => {
    await page.setContent(`<div><button>×</button></div><div><button>×</button></div><div><button>×</button></div>`);
    const buttons = await sw.find({ role: 'button' });
    const choice = await sw.locatorFor(buttons[2].ref);
    expect(choice.code).toBe(`page.getByRole('button', { name: '×', exact: true }).nth(2)`);
    expect(choice.warnings).toEqual([expect.stringContaining('nth() picks by position')]);
    expect(choice.checkedAgainst).toEqual(['001 setContent', 'live page']);
    expect(await sw.refOf(choice.locator)).toBe(buttons[2].ref);
  });

  test('should reach into a frame through the iframe\'s own locator', async ({ page, stagewright: sw }) => {
    await page.setContent(`<iframe title="Payment" srcdoc="<button>Pay</button>"></iframe>`);
    await expect(page.frameLocator('iframe').getByRole('button')).toBeVisible();
    const [pay] = await sw.find({ role: 'button', name: 'Pay' });
    expect(pay.ref).toMatch(/^f\d+s\d+$/);
    const choice = await sw.locatorFor(pay.ref);
    expect(choice.code).toBe(`page.getByTitle('Payment', { exact: true }).contentFrame().getByRole('button', { name: 'Pay' })`);
    expect(await sw.refOf(choice.locator)).toBe(pay.ref);
  });
});

test.describe('locatorFor over the demo app', () => {
  test('should give every entry a locator that finds it again, most without warnings', async ({ page, stagewright: sw }) => {
    test.slow();
    const app = path.join(__dirname, '..', '..', 'examples', 'app');
    await page.route('http://demo.test/**', route => {
      const { pathname } = new URL(route.request().url());
      return route.fulfill({ path: path.join(app, pathname === '/' ? 'index.html' : pathname) });
    });
    await page.goto('http://demo.test/');
    await sw.checkpoint('loaded');
    const entries = (await sw.find({})).filter(entry => entry.role !== 'generic' && entry.role !== 'paragraph' && entry.role !== 'text');
    expect(entries.length).toBeGreaterThan(40);
    let clean = 0;
    for (const entry of entries) {
      const choice = await sw.locatorFor(entry.ref);
      expect(await sw.refOf(choice.locator), `${entry.role} "${entry.name}" → ${choice.code}`).toBe(entry.ref);
      if (!choice.warnings.length)
        clean++;
    }
    test.info().annotations.push({ type: 'locatorFor', description: `${entries.length} entries, ${clean} without warnings` });
    console.log(`locatorFor over the demo app: ${entries.length} entries, all found again, ${clean} without warnings`);
    expect(clean / entries.length).toBeGreaterThanOrEqual(0.8);
  });
});
