// The matchers on the fixture object (toHaveEntry, toHaveEntryCount, toHaveRef, toHaveChanged):
// passing, `.not`, `expect.soft`, polling, and their failure messages as docs/api.md pins them.
import { test, expect } from 'stagewright';
import { errorOf, stripAnsi } from './helpers';

test('toHaveEntry waits for an entry, .not for it to go', async ({ page, stagewright: sw }) => {
  await page.setContent(`<div role="dialog" aria-label="Cart">x</div><script>setTimeout(() => document.body.insertAdjacentHTML('beforeend', '<div role="alert">Saved!</div>'), 500)</script>`);
  await expect(sw).toHaveEntry({ role: 'alert', name: /saved/i });
  await page.evaluate(() => setTimeout(() => document.querySelector('[role=dialog]')!.remove(), 300));
  await expect(sw).not.toHaveEntry({ role: 'dialog', name: 'Cart' });
});

test('toHaveEntry failure message, and the last snapshot attached', async ({ page, stagewright: sw }) => {
  await page.setContent(`<button>Save draft</button><button>Cancel</button><a href="#">Save link</a>`);
  const error = await errorOf(() => expect(sw).toHaveEntry({ role: 'button', name: 'Save', exact: true }, { timeout: 300 }));
  expect(stripAnsi(error.message)).toBe([
    'expect(stagewright).toHaveEntry(expected) failed',
    '',
    `EXPECTATION_FAILED: no entry matches { role: 'button', name: 'Save', exact: true }.`,
    'Hint: The page has no such entry yet: it may not have rendered, be hidden, or be named differently.',
    '',
    `Expected: { role: 'button', name: 'Save', exact: true }`,
    'Received: no match among 3 entries',
    'Timeout:  300ms',
    '',
    'Similar refs:',
    '  - button "Save draft" [ref=s1]',
    '  - link "Save link" [ref=s3]',
    '  - button "Cancel" [ref=s2]',
    '',
    'Next steps:',
    '  - Take a fresh snapshot to see the page as it is now: await sw.text()',
    `  - List the candidates: await sw.find({ role: 'button' })`,
    '  - Drop exact: true to match names as case-insensitive substrings',
  ].join('\n'));
  const attachment = test.info().attachments.find(a => a.name === 'stagewright · toHaveEntry · last snapshot.yaml');
  expect(attachment?.body?.toString()).toContain('- button "Save draft" [ref=s1]');
});

test('toHaveEntryCount counts, and says what it saw', async ({ page, stagewright: sw }) => {
  await page.setContent(`<ul><li>One</li><li>Two</li></ul>`);
  await expect(sw).toHaveEntryCount({ role: 'listitem' }, 2);
  const error = await errorOf(() => expect(sw).toHaveEntryCount({ role: 'listitem' }, 3, { timeout: 300 }));
  const message = stripAnsi(error.message);
  expect(message).toContain(`EXPECTATION_FAILED: 2 entries match { role: 'listitem' }, expected 3.`);
  expect(message).toContain('Received: 2: listitem [ref=s2], listitem [ref=s3]');
  // expect.configure's timeout reaches the matcher.
  const quick = expect.configure({ timeout: 250 });
  expect(stripAnsi((await errorOf(() => quick(sw).toHaveEntryCount({ role: 'listitem' }, 5))).message)).toContain('Timeout:  250ms');
});

test('toHaveRef follows a state change, and names a ref never issued', async ({ page, stagewright: sw }) => {
  await page.setContent(`<button aria-pressed="false" onclick="setTimeout(() => this.setAttribute('aria-pressed', 'true'), 300)">Bold</button>`);
  const [bold] = await sw.find({ role: 'button', name: 'Bold' });
  await expect(sw).toHaveRef(bold!.ref, { role: 'button', state: { pressed: false } });
  await sw.ref(bold!.ref).click();
  await expect(sw).toHaveRef(bold!.ref, { name: 'Bold', state: { pressed: true } });
  const error = await errorOf(() => expect(sw).toHaveRef('s99', { role: 'button' }, { timeout: 200 }));
  expect(stripAnsi(error.message)).toContain('REF_NOT_FOUND: s99 was never issued on this page.');
  expect(stripAnsi(error.message)).toContain(`Expected: s99 as { role: 'button' }`);
});

test('toHaveChanged compares with the baseline, and pins its failure', async ({ page, stagewright: sw }) => {
  await page.setContent(`<div role="dialog" aria-label="Cart"></div><label>Name <input></label><button onclick="setTimeout(() => document.body.insertAdjacentHTML('beforeend', '<div role=alert>Saved</div>'), 300)">Pay</button>`);
  await sw.snapshot();
  await page.getByLabel('Name').fill('Ada');
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.evaluate(() => document.querySelector('[role=dialog]')!.remove());
  await expect(sw).toHaveChanged({ added: [{ role: 'alert', name: 'Saved' }], changed: [{ role: 'textbox', name: 'Name' }], removed: [{ role: 'dialog', name: 'Cart' }] });
  const error = await errorOf(() => expect(sw).toHaveChanged({ removed: [{ role: 'button', name: 'Pay' }] }, { timeout: 200 }));
  expect(stripAnsi(error.message)).toMatch(/^expect\(stagewright\)\.toHaveChanged\(expected\) failed\n\nEXPECTATION_FAILED: the diff since snapshot \d+ lacks removed \{ role: 'button', name: 'Pay' \}\.\n/);
});

test('a soft failure lets the test go on', async ({ page, stagewright: sw }) => {
  test.fail(); // the soft failure fails it in the end
  await page.setContent('<button>Go</button>');
  await expect.soft(sw).toHaveEntry({ role: 'button', name: 'Missing' }, { timeout: 200 });
  await expect(sw).toHaveEntryCount({ role: 'button' }, 1);
  expect(test.info().errors.map(e => stripAnsi(e.message ?? ''))).toEqual([expect.stringContaining('EXPECTATION_FAILED: no entry matches')]);
});
