// Frames (a cross-origin one and a srcdoc one) and a popup, with the pages served from files in
// pages/: refs inside frames (`f1s3`), acting and proving locators through them, and a popup's
// own fixture object (`forPage`) with its captures and `popup.` locators.
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from 'stagewright';
import { expectCaptured } from './helpers';

test.beforeEach(async ({ context, page }) => {
  await context.route(/^http:\/\/(shop|pay)\.test\//, route => route.fulfill({ path: path.join(__dirname, 'pages', new URL(route.request().url()).pathname) }));
  await page.goto('http://shop.test/shop.html');
  await expect(page.frameLocator('iframe[title="Payment"]').getByRole('button', { name: 'Pay' })).toBeVisible();
  await expect(page.frameLocator('iframe[title="Notes"]').getByRole('button', { name: 'Note' })).toBeVisible();
});

test('frames: refs inside, actions and locators through them', { annotation: { type: 'compat-step-captured', description: 'pay in the frame' } }, async ({ page, stagewright: sw }) => {
  const snapshot = await sw.snapshot();
  const payment = snapshot.entries.find(e => e.role === 'iframe' && e.name === 'Payment')!;
  expect(payment.frame).toEqual({ src: 'http://pay.test/pay.html', crossOrigin: true });
  const [pay] = await sw.find({ role: 'button', name: 'Pay' });
  expect(pay!.ref).toMatch(/^f\d+s\d+$/);
  expect(pay!.parent).toBe(payment.ref);
  await test.step('pay in the frame', async () => {
    const card = await sw.refOf(page.frameLocator('iframe[title="Payment"]').getByLabel('Card number'));
    expect(card).toMatch(/^f\d+s\d+$/);
    await sw.ref(card).fill('4242');
    await sw.ref(pay!.ref).click();
  });
  expectCaptured('pay in the frame');
  await expect(page.frameLocator('iframe[title="Payment"]').getByRole('button')).toHaveText('Paid');
  await expect(sw).toHaveEntry({ role: 'button', name: 'Paid' });
  await expect(sw).toHaveRef(pay!.ref, { role: 'button', name: 'Paid' });
  expect(await sw.text()).toMatch(new RegExp(`^- iframe "Payment" .*\\[ref=${payment.ref}\\] \\[iframe src="http://pay\\.test/pay\\.html"\\]:\n  - heading "Payment"`, 'm'));

  const [note] = await sw.find({ role: 'button', name: 'Note' });
  const choice = await sw.locatorFor(note!.ref);
  expect(choice.code).toBe(`page.getByTitle('Notes', { exact: true }).contentFrame().getByRole('button', { name: 'Note' })`);
  expect(await sw.refOf(choice.locator)).toBe(note!.ref);
  expect((await sw.snapshot({ frames: false })).entries.some(e => e.ref.startsWith('f'))).toBe(false);
});

test('a popup: forPage, its captures and popup locators', { annotation: { type: 'compat-step-captured', description: 'open help' } }, async ({ page, stagewright: sw }) => {
  let popup!: Page;
  await test.step('open help', async () => {
    const opened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Open help' }).click();
    popup = await opened;
    sw.forPage(popup);
    await expect(popup.getByRole('heading', { name: 'Help' })).toBeVisible();
  });
  await test.step('ask in the popup', async () => {
    await popup.getByLabel('Question').fill('When?');
    await popup.getByRole('button', { name: 'Ask' }).click();
  });
  expectCaptured('ask in the popup', 'page-2');
  const help = sw.forPage(popup);
  expect(help).toBe(sw.forPage(popup));
  await expect(help).toHaveEntry({ role: 'status', name: 'Asked' });
  const [ask] = await help.find({ role: 'button', name: 'Ask' });
  const choice = await help.locatorFor(ask!.ref);
  expect(choice.code).toBe(`popup.getByRole('button', { name: 'Ask' })`);
  expect(await help.refOf(popup.getByRole('button', { name: 'Ask' }))).toBe(ask!.ref);
  // Refs are unique across the test's pages: the popup's ref is not resolved on the page.
  let error: Error | undefined;
  try {
    sw.ref(ask!.ref);
  } catch (e) {
    error = e as Error;
  }
  expect(error?.message).toMatch(/^REF_NOT_FOUND: /);
  expect(help.history.map(c => c.label)).toContain('ask in the popup');
});
