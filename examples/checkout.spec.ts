import { test, expect } from 'stagewright';

test.beforeEach(async ({ page }) => {
  await page.goto('/');
});

test('add and remove cart items by ref', async ({ page, stagewright: sw }) => {
  // Refs come from a snapshot: `button "Remove Tea" [ref=s12]`.
  const [remove] = await sw.find({ role: 'button', name: 'Remove Tea' });
  expect(remove.ref).toMatch(/^s\d+$/);

  await test.step('add an item', async () => {
    await page.getByRole('textbox', { name: 'Item' }).fill('Biscuits');
    await page.getByRole('button', { name: 'Add item' }).click();
    await expect(page.getByRole('status')).toHaveText('Biscuits added, 3 items in the cart');
  });

  await test.step('remove Tea through its ref', async () => {
    // The list re-rendered: the ref was carried to the new "Remove Tea" button.
    await expect(sw).toHaveRef(remove.ref, { role: 'button', name: 'Remove Tea' });
    await sw.snapshot();
    await sw.ref(remove.ref).click();
    // Polls until the diff since that snapshot has it.
    await expect(sw).toHaveChanged({ removed: [{ role: 'button', name: 'Remove Tea' }], changed: [{ role: 'status', name: 'Tea removed' }] });
  });

  await expect(sw).toHaveEntryCount({ role: 'button', name: /^Remove/ }, 2);
  const entries = await sw.find({ role: 'button', name: /^Remove/ });
  expect(entries.map(entry => entry.name)).toEqual(['Remove Coffee', 'Remove Biscuits']);
});

test('fill the checkout form with refs and locators', async ({ page, stagewright: sw }) => {
  const [name] = await sw.find({ role: 'textbox', name: 'Full name' });
  const [email] = await sw.find({ role: 'textbox', name: 'Email' });

  await test.step('submit empty: errors appear', async () => {
    await page.getByRole('button', { name: 'Place order' }).click();
    const [invalid] = await sw.find({ role: 'textbox', name: 'Full name', state: { invalid: true } });
    expect(invalid.description).toBe('Full name is required');
  });

  await test.step('fill the form', async () => {
    await sw.ref(name.ref).fill('Ada Lovelace');
    await sw.ref(email.ref).fill('ada@example.com');
    await page.getByLabel('Password').fill('correct horse battery staple');
    await page.getByLabel('Delivery').selectOption('express');
    // A ref and the locator Playwright would write for it point at the same element.
    const { code } = await sw.locatorFor(email.ref);
    expect(code).toContain('Email');
  });

  await test.step('place the order', async () => {
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(sw).toHaveEntry({ role: 'dialog', name: 'Confirm order' });
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('status')).toHaveText('Order placed');
  });

  // Secrets never reach a snapshot.
  const text = await sw.text();
  expect(text).not.toContain('correct horse');
});

test('open the account menu', async ({ page, stagewright: sw }) => {
  const [account] = await sw.find({ role: 'button', name: 'Account' });
  expect(account.state.expanded).toBe(false);
  await sw.ref(account.ref).click();
  const [menu] = await sw.find({ role: 'menu', name: 'Account' });
  expect(menu).toBeTruthy();
  const [settings] = await sw.find({ role: 'menuitem', name: 'Settings' });
  await sw.ref(settings.ref).click();
  await expect(page.getByRole('status')).toHaveText('Opened Settings');
});
