// Deliberately failing tests (project `expected-to-fail` in playwright.config.ts): each must fail,
// and scripts/compat.mjs checks from steps.json that its errors contain every `compat-error`
// annotation and its `stagewright · triage.md` attachment every `compat-triage` one.
import { test, expect } from 'stagewright';

test.use({ actionTimeout: 2_000 });

const kCheckout = `
  <form aria-labelledby="details" onsubmit="event.preventDefault(); this.insertAdjacentHTML('afterend', '<p role=status>Order placed</p>')">
    <h2 id="details">Your details</h2>
    <label>Full name <input></label>
    <label>Email <input type="email"></label>
    <button type="submit">Pay now</button>
  </form>`;

test('a renamed button: the test looks out of date', {
  annotation: [
    { type: 'compat-error', description: `getByRole('button', { name: 'Place order' })` },
    { type: 'compat-triage', description: '**The test looks out of date**' },
    { type: 'compat-triage', description: `page.getByRole('button', { name: 'Pay now' })` },
  ],
}, async ({ page }) => {
  await page.setContent(kCheckout);
  await test.step('fill the form', async () => {
    await page.getByLabel('Full name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill('ada@example.com');
  });
  await test.step('place the order', async () => {
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByRole('status')).toHaveText('Order placed');
  });
});

test('a failing matcher of ours: its message, and triage by its query', {
  annotation: [
    { type: 'compat-error', description: `EXPECTATION_FAILED: no entry matches { role: 'button', name: 'Submit' }.` },
    { type: 'compat-error', description: '  - button "Send" [ref=s2]' },
    { type: 'compat-triage', description: `{ role: 'button', name: 'Submit' }` },
    { type: 'compat-triage', description: 'look for it' },
  ],
}, async ({ page, stagewright: sw }) => {
  await page.setContent('<main><button>Send</button></main>');
  await test.step('look for it', async () => {
    await expect(sw).toHaveEntry({ role: 'button', name: 'Submit' }, { timeout: 500 });
  });
});

test.describe('actions as steps, by default', () => {
  test('a failed action made of another keeps its own name', {
    annotation: [
      { type: 'compat-error', description: 'locator.clear: Timeout 2000ms exceeded' },
      { type: 'compat-triage', description: `getByLabel('Phone')` },
    ],
  }, async ({ page }) => {
    await page.setContent(kCheckout);
    await page.getByLabel('Full name').fill('Ada Lovelace');
    await page.getByLabel('Phone').clear();
  });
});
