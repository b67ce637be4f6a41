// ref, refOf and locatorFor: a ref is a real Locator, refOf finds an element's ref, locatorFor
// proves a durable locator on every capture and on the live page; stale refs fail fast.
import { test, expect, StagewrightError } from 'stagewright';
import { errorOf } from './helpers';

test('ref is a Locator, refOf gives the ref back', async ({ page, stagewright: sw }) => {
  await page.setContent(`
    <label>Item <input id="item"></label>
    <button onclick="list.append(Object.assign(document.createElement('li'), { textContent: item.value }))">Add</button>
    <ul id="list" aria-label="Shopping list"></ul>`);
  const [input] = await sw.find({ role: 'textbox', name: 'Item' });
  await sw.ref(input!.ref).fill('Tea');
  const add = await sw.refOf(page.getByRole('button', { name: 'Add' }));
  expect(add).toMatch(/^s\d+$/);
  await sw.ref(add).click();
  const list = await sw.refOf(page.getByRole('list', { name: 'Shopping list' }));
  await expect(sw.ref(list)).toContainText('Tea');
  expect(await sw.text()).toContain('- listitem [ref=s4]: Tea');
  expect(await sw.dom()).toContain('<li ref="s4">Tea</li>');
  expect(await sw.refOf(sw.ref(list))).toBe(list);
});

test('a ref never issued is REF_NOT_FOUND, a ref of an earlier document REF_STALE', async ({ page, stagewright: sw }) => {
  await page.route('http://app.test/**', route => route.fulfill({ contentType: 'text/html', body: route.request().url().endsWith('/a') ? '<button>Old</button>' : '<a href="#">New</a>' }));
  await page.goto('http://app.test/a');
  const [old] = await sw.find({ role: 'button' });
  const notFound = await errorOf(() => sw.ref('s99'));
  expect(notFound).toBeInstanceOf(StagewrightError);
  expect(notFound.code).toBe('REF_NOT_FOUND');
  await page.goto('http://app.test/b');
  await sw.snapshot();
  expect((await errorOf(() => sw.ref(old!.ref))).code).toBe('REF_STALE');
});

test('refOf waits, then names the locator', async ({ page, stagewright: sw }) => {
  await page.setContent(`<script>setTimeout(() => document.body.innerHTML = '<button>Late</button>', 300)</script>`);
  expect(await sw.refOf(page.getByRole('button', { name: 'Late' }))).toMatch(/^s\d+$/);
  const error = await errorOf(() => sw.refOf(page.getByRole('button', { name: 'Never' })));
  expect(error.message).toMatch(/^REF_NOT_FOUND: /);
  expect(error.message).toContain(`getByRole('button', { name: 'Never' })`);
});

test('locatorFor proves a locator on every capture and on the live page', async ({ page, stagewright: sw }) => {
  await page.setContent(`
    <section aria-label="Checkout"><button id="go" onclick="this.textContent = 'Pay now'">Place order</button></section>
    <button>Help</button>`);
  const [button] = await sw.find({ role: 'button', name: 'Place order' });
  await sw.checkpoint('before');
  await sw.ref(button!.ref).click();
  await sw.checkpoint('after');
  const choice = await sw.locatorFor(button!.ref);
  expect(choice.code).toBe(`page.getByRole('region', { name: 'Checkout', exact: true }).getByRole('button')`);
  // The click's own capture (`captureActions`) is one of them, named as the report names it.
  expect(choice.checkedAgainst).toEqual(['001 setContent', '002 before', '003 click button "Place order" [ref=s2]', '004 after', 'live page']);
  expect(choice.warnings).toEqual([]);
  await expect(choice.locator).toHaveText('Pay now');
  expect(await sw.refOf(choice.locator)).toBe(button!.ref);
});

test('locatorFor prefers a test id, and warns about position', async ({ page, stagewright: sw }) => {
  await page.setContent(`<button data-testid="save-profile">Save</button><button>Save</button><div><button>×</button></div><div><button>×</button></div>`);
  await sw.checkpoint('start'); // test ids are read from the captures' DOM files
  const [save] = await sw.find({ role: 'button', name: 'Save' });
  expect((await sw.locatorFor(save!.ref)).code).toBe(`page.getByTestId('save-profile')`);
  const closes = await sw.find({ role: 'button', name: '×' });
  const choice = await sw.locatorFor(closes[1]!.ref);
  expect(choice.code).toBe(`page.getByRole('button', { name: '×', exact: true }).nth(1)`);
  expect(choice.warnings).toEqual([expect.stringContaining('nth() picks by position')]);
});

test('an action on a ref whose element left fails fast with REF_STALE', async ({ page, stagewright: sw }) => {
  await page.setContent(`<button onclick="this.remove()">Once</button>`);
  const [once] = await sw.find({ role: 'button' });
  await sw.ref(once!.ref).click();
  // A check that wants it gone passes; an action fails with REF_STALE in about a second.
  await expect(sw.ref(once!.ref)).toBeHidden();
  const started = Date.now();
  const error = await errorOf(() => sw.ref(once!.ref).click({ timeout: 4_000 }));
  expect(error.message).toContain('REF_STALE');
  expect(Date.now() - started).toBeLessThan(3_500);
});
