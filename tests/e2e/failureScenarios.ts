// The failure corpus (issue 29): tests that worked against one version of a small app ("before")
// and fail against another ("after"), the common ways tests break. Each scenario states the
// verdict a reader would give and whether pasting a replacement locator can fix the test. The
// corpus spec (failure-corpus.spec.ts) runs them as generated projects and scores the triage.

export type Verdict = 'out of date' | 'app broken' | 'cannot tell';

/** An app version: path → page (`{ status, html }` for another status than 200). */
export type App = Record<string, string | { status: number; html: string }>;

export interface Scenario {
  id: string;
  /** What broke, in a few words. */
  what: string;
  before: App;
  after: App;
  /** The locator code in the spec that no longer works (what the first suggestion replaces). */
  target: string;
  /** The test body; `target` is spliced in where the broken locator is. Runs after the app is open. */
  body: (target: string) => string;
  /** A `beforeEach` body instead of opening the app in the test (the app is open before it runs). */
  hook?: (target: string) => string;
  verdict: Verdict;
  /**
   * The verdict with no passing run on record, where the page alone may not decide (a rename to
   * words that share nothing, a removal): "cannot tell", never the other way (`verdict`, the one
   * with the record, is right too).
   */
  withoutRecord?: Verdict;
  /** Whether a replacement locator, pasted in place of the target, makes the test pass. */
  fixable: boolean;
  /** How a suggested locator is pasted when it is not a plain substitution of the target. */
  paste?: (code: string) => string;
}

const page = (body: string, script = '') => `<!doctype html><html><head><title>Shop</title></head><body>${body}${script ? `<script>${script}</script>` : ''}</body></html>`;
/** Each test opens the app at /: the pages a test meets (frames, popups) are served from `app`. */
const kStatus = `<p role="status" id="out"></p>`;
const say = (text: string) => `document.getElementById('out').textContent = '${text}'`;

function swap(app: App, from: string, to: string): App {
  const out: App = {};
  let changed = false;
  for (const [path, content] of Object.entries(app)) {
    const html = typeof content === 'string' ? content : content.html;
    const next = html.split(from).join(to);
    changed ||= next !== html;
    out[path] = typeof content === 'string' ? next : { ...content, html: next };
  }
  if (!changed)
    throw new Error(`scenario app: ${JSON.stringify(from)} is not in the app`);
  return out;
}

/** A script that adds the "Load report" button after `ms`. */
const lateButton = (ms: number) => `setTimeout(() => { const b = document.createElement('button'); b.textContent = 'Load report'; b.onclick = () => { ${say('Loaded')}; }; document.getElementById('slot').append(b); }, ${ms});`;

const kNav = `<nav aria-label="Main"><a href="#home">Home</a> <a href="#pricing">Pricing</a> <a href="#docs">Docs</a></nav>`;

const profile: App = {
  '/': page(`${kNav}<main><h1>Account</h1>
    <section aria-label="Profile"><h2>Profile</h2><label>Name <input id="name"></label> <button onclick="${say('Profile saved')}">Save</button></section>
    <section aria-label="Security"><h2>Security</h2><button>Change password</button> <button>Sign out everywhere</button></section>
    ${kStatus}</main>`),
};

const checkout: App = {
  '/': page(`${kNav}<main><h1>Checkout</h1>
    <form onsubmit="event.preventDefault(); ${say('Order placed')}"><label>Card number <input name="card"></label> <label>Name on card <input name="holder"></label> <button type="submit">Place order</button></form>
    <button>Back to cart</button>
    ${kStatus}</main>`),
};

const cart: App = {
  '/': page(`<main><h1>Shop</h1><button onclick="document.getElementById('cart').hidden = false">Open cart</button>
    <div role="dialog" aria-label="Cart" id="cart" hidden><h2>Your cart</h2><p>2 items</p><button onclick="this.parentElement.hidden = true">Keep shopping</button> <button onclick="${say('Checking out')}">Checkout</button></div>
    ${kStatus}</main>`),
};

const groceries: App = {
  '/': page(`<main><h1>Groceries</h1><ul aria-label="Groceries">
    <li><span>Milk</span> <button>Delete</button></li>
    <li><span>Bread</span> <button>Delete</button></li>
    <li><span>Eggs</span> <button>Delete</button></li></ul>${kStatus}</main>`,
  `document.querySelectorAll('li button').forEach(b => b.onclick = () => { const item = b.closest('li'); const name = item.querySelector('span').textContent; item.remove(); document.getElementById('out').textContent = name + ' removed'; });`),
};

const sidebar: App = {
  '/': page(`<main><h1>Blog</h1><article><h2>Hello</h2><p>First post.</p></article></main>
    <aside aria-label="Sidebar"><h2>News</h2><button onclick="${say('Subscribed')}">Subscribe</button></aside>
    <footer><section aria-label="Newsletter"><h2>Newsletter</h2><p>Monthly.</p></section></footer>${kStatus}`),
};
const sidebarMoved: App = {
  '/': page(`<main><h1>Blog</h1><article><h2>Hello</h2><p>First post.</p></article></main>
    <aside aria-label="Sidebar"><h2>News</h2></aside>
    <footer><section aria-label="Newsletter"><h2>Newsletter</h2><p>Monthly.</p><button onclick="${say('Subscribed')}">Subscribe</button></section></footer>${kStatus}`),
};

const newsletter: App = {
  '/': page(`<main><h1>Home</h1><section aria-label="Newsletter"><h2>Newsletter</h2><label>Email <input type="email"></label> <button onclick="${say('Subscribed')}">Subscribe</button></section><button>Contact</button>${kStatus}</main>`),
};
const newsletterWrapped: App = {
  '/': page(`<main><h1>Home</h1><section aria-label="Newsletter"><h2>Newsletter</h2><div class="card"><div class="row"><label>Email <input type="email"></label> <span class="actions"><button onclick="${say('Subscribed')}">Sign up</button></span></div></div></section><button>Contact</button>${kStatus}</main>`),
};

const editor: App = {
  '/': page(`<main><h1>Report</h1><div role="toolbar" aria-label="Document"><button id="export" onclick="${say('Exported')}">Export</button> <button>Print</button></div>
    <label>Search <input type="search"></label>${kStatus}</main>`),
};

const contact: App = {
  '/': page(`<main><h1>Contact us</h1><form aria-label="Contact" onsubmit="event.preventDefault(); ${say('Message sent')}">
    <label>Your name <input name="n"></label> <label>E-mail <input name="e" type="email"></label> <label>Message <textarea name="m"></textarea></label>
    <button type="submit">Send</button></form>${kStatus}</main>`),
};

const welcome: App = {
  '/': page(`${kNav}<main><h1>Welcome</h1><p>Good to see you.</p><h2>Recent orders</h2><p>None yet.</p></main>`),
};

const search: App = {
  '/': page(`<main><h1>Catalogue</h1><input type="search" placeholder="Search products" oninput="${say('Results for ')} + this.value"> <button>Filters</button>${kStatus}</main>`),
};

const session: App = {
  '/': page(`<main><h1>Session</h1><label>Your name <input id="who"></label> <button id="go" onclick="${say('Started')}">Start</button>${kStatus}</main>`),
};

const team: App = {
  '/': page(`<main><h1>Team</h1><table aria-label="People"><thead><tr><th>Name</th><th>Actions</th></tr></thead><tbody>
    <tr><td>Ada Lovelace</td><td><button onclick="${say('Editing Ada')}">Edit</button></td></tr>
    <tr><td>Grace Hopper</td><td><button onclick="${say('Editing Grace')}">Edit</button></td></tr></tbody></table>${kStatus}</main>`),
};

const cookies: App = {
  '/': page(`<div role="region" aria-label="Cookies" id="banner"><p>We use cookies.</p><button onclick="document.getElementById('banner').remove()">Accept cookies</button> <button>Reject all</button></div>
    <main><h1>Home</h1><button onclick="${say('Hello')}">Say hello</button>${kStatus}</main>`),
};

const payment: App = {
  '/': page(`<main><h1>Pay</h1><iframe title="Payment" src="/pay" style="width:400px;height:200px"></iframe></main>`),
  '/pay': page(`<form aria-label="Card details" onsubmit="event.preventDefault(); ${say('Payment accepted')}"><label>Card number <input></label> <button type="submit">Submit payment</button></form>${kStatus}`),
};

const help: App = {
  '/': page(`<main><h1>Shop</h1><a href="/help" target="_blank">Help centre</a></main>`),
  '/help': page(`<main><h1>Help</h1><nav aria-label="Help topics"><a href="#faq">FAQ</a> <a href="#contact" onclick="${say('Contact form')}">Contact us</a></nav>${kStatus}</main>`),
};

const profileSave = (target: string) => `
  await test.step('edit the profile', async () => {
    await page.getByLabel('Name').fill('Ada');
  });
  await test.step('save it', async () => {
    await ${target}.click();
    await expect(page.getByRole('status')).toHaveText('Profile saved');
  });`;

/** The editor's test: the toolbar seen, a search typed, then Export clicked (and `then` after the click). */
const searchThenExport = (target: string, then: string) => `
  await test.step('look at the toolbar', async () => {
    await expect(page.getByRole('button', { name: 'Export' })).toBeVisible();
  });
  await test.step('search', async () => {
    await page.getByLabel('Search').fill('totals');
  });
  await test.step('export', async () => {
    await ${target}.click();${then}
  });`;

const checkoutBody = (target: string) => `
  await test.step('fill the card', async () => {
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Name on card').fill('Ada Lovelace');
  });
  await test.step('place the order', async () => {
    await ${target}.click();
    await expect(page.getByRole('status')).toHaveText('Order placed');
  });`;

// The apps of the selector scenarios (CSS, XPath, `hasText`, test ids, roles): how real suites break.

const reports: App = {
  '/': page(`${kNav}<main><h1>Reports</h1><div role="toolbar" aria-label="Report"><button id="export" onclick="${say('Exported')}">Export</button> <button id="print">Print</button></div>
    <label>Search <input type="search"></label><table aria-label="Totals"><tr><th>Month</th><th>Total</th></tr><tr><td>May</td><td>120</td></tr></table>${kStatus}</main>`),
};

const settings: App = {
  '/': page(`${kNav}<main><h1>Settings</h1><form onsubmit="event.preventDefault(); ${say('Settings saved')}">
    <label>Display name <input name="display"></label> <label><input type="checkbox" name="news"> Email me news</label>
    <button type="button" class="secondary">Cancel</button> <button type="submit" class="primary">Save</button></form>${kStatus}</main>`),
};

const signIn: App = {
  '/': page(`<header><a href="#home">Shop</a></header><main><h1>Sign in</h1><form onsubmit="event.preventDefault(); ${say('Signed in')}">
    <label>Email <input name="email" type="email"></label> <label>Password <input name="password" type="password"></label>
    <button type="submit">Sign in</button></form><p><a href="#reset">Forgot your password?</a></p>${kStatus}</main>`),
};

const invoices: App = {
  '/': page(`${kNav}<main><h1>Invoices</h1><div role="toolbar" aria-label="Invoice actions"><button onclick="${say('Exported')}">Export</button> <button>Print</button> <button>Share</button></div>
    <ul aria-label="Invoices"><li>INV-001 paid</li><li>INV-002 due</li></ul>${kStatus}</main>`),
};

const blog: App = {
  '/': page(`<header><button aria-expanded="false">Menu</button> <a href="#home">Blog</a></header>
    <main><h1>Blog</h1><article><h2>Hello</h2><p>First post.</p><button>Like</button> <button>Share</button></article></main>
    <aside aria-label="Newsletter"><h2>Newsletter</h2><label>Email <input type="email"></label> <button onclick="${say('Subscribed')}">Subscribe</button></aside>
    <footer><button>Back to top</button></footer>${kStatus}`),
};

const pantry: App = {
  '/': page(`<main><h1>Pantry</h1><ul aria-label="Pantry">
    <li><span>Milk</span> <button data-testid="edit-milk">Edit</button></li>
    <li><span>Bread</span> <button data-testid="edit-bread">Edit</button></li>
    <li><span>Eggs</span> <button data-testid="edit-eggs">Edit</button></li></ul>${kStatus}</main>`,
  `document.querySelectorAll('li button').forEach(b => b.onclick = () => { document.getElementById('out').textContent = 'Editing ' + b.closest('li').querySelector('span').textContent; });`),
};

const drafts: App = {
  '/': page(`<main><h1>Drafts</h1><article aria-label="Trip notes" id="draft"><h2>Trip notes</h2><p>Saved yesterday.</p><button onclick="document.getElementById('confirm').hidden = false">Delete draft</button></article>
    <div role="dialog" aria-label="Confirm" id="confirm" hidden><p>Delete this draft?</p><button onclick="document.getElementById('confirm').hidden = true">Cancel</button> <button onclick="document.getElementById('confirm').hidden = true; document.getElementById('draft').remove(); ${say('Draft deleted')}">Delete</button></div>
    ${kStatus}</main>`),
};

const mail: App = {
  '/': page(`${kNav}<main><h1>Inbox</h1><article aria-label="Message"><h2>Lunch on Friday?</h2><p>From Ada.</p>
    <div role="toolbar" aria-label="Message actions"><button id="reply" onclick="${say('Replying')}">Reply</button> <button id="archive" onclick="${say('Archived')}">Archive</button> <button id="delete" onclick="${say('Deleted')}">Delete</button></div></article>${kStatus}</main>`),
};

const dashboard: App = {
  '/': page(`${kNav}<main><h1>Dashboard</h1><section aria-label="Sales"><h2>Sales</h2><p>42 orders this week.</p>
    <button class="refresh-btn" onclick="${say('Refreshed')}">Refresh</button> <button class="export-btn" onclick="${say('Exported')}">Export</button></section>${kStatus}</main>`),
};

export const kScenarios: Scenario[] = [
  {
    id: 'rename-region', what: 'a control renamed inside a named region',
    before: profile, after: swap(profile, '>Save</button>', '>Update</button>'),
    target: `page.getByRole('button', { name: 'Save' })`, body: profileSave,
    verdict: 'out of date', fixable: true,
  },
  {
    id: 'rename-main', what: 'a submit button renamed inside an unnamed form in an unnamed main',
    before: checkout, after: swap(checkout, 'Place order', 'Pay now'),
    target: `page.getByRole('button', { name: 'Place order' })`, body: checkoutBody,
    verdict: 'out of date', fixable: true,
  },
  {
    id: 'rename-dialog', what: 'a button renamed inside a dialog',
    before: cart, after: swap(cart, '>Checkout</button>', '>Check out</button>'),
    target: `page.getByRole('button', { name: 'Checkout' })`,
    body: target => `
  await test.step('open the cart', async () => {
    await page.getByRole('button', { name: 'Open cart' }).click();
    await expect(page.getByRole('dialog', { name: 'Cart' })).toBeVisible();
  });
  await test.step('check out', async () => {
    await ${target}.click();
    await expect(page.getByRole('status')).toHaveText('Checking out');
  });`,
    verdict: 'out of date', fixable: true,
  },
  {
    id: 'rename-listitem', what: 'a button renamed inside an unnamed list item',
    before: groceries, after: swap(groceries, '<button>Delete</button>', '<button>Remove</button>'),
    target: `page.getByRole('listitem').filter({ hasText: 'Bread' }).getByRole('button', { name: 'Delete' })`,
    body: target => `
  await test.step('remove bread', async () => {
    await ${target}.click();
    await expect(page.getByRole('listitem')).toHaveCount(2);
  });`,
    verdict: 'out of date', fixable: true,
  },
  {
    id: 'moved-region', what: 'a control moved to another region',
    before: sidebar, after: sidebarMoved,
    target: `page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Subscribe' })`,
    body: target => `
  await test.step('subscribe', async () => {
    await ${target}.click();
    await expect(page.getByRole('status')).toHaveText('Subscribed');
  });`,
    verdict: 'out of date', fixable: true,
  },
  {
    id: 'wrapped', what: 'a control wrapped in new containers and renamed',
    before: newsletter, after: newsletterWrapped,
    target: `page.getByRole('button', { name: 'Subscribe' })`,
    body: target => `
  await test.step('enter the email', async () => {
    await page.getByLabel('Email').fill('ada@example.com');
  });
  await test.step('subscribe', async () => {
    await ${target}.click();
    await expect(page.getByRole('status')).toHaveText('Subscribed');
  });`,
    verdict: 'out of date', fixable: true,
  },
  {
    id: 'removed-by-app', what: 'the app removes a control while the test types elsewhere',
    before: editor, after: swap(editor, '<label>Search <input type="search"></label>', `<label>Search <input type="search" oninput="document.getElementById('export')?.remove()"></label>`),
    target: `page.getByRole('button', { name: 'Export' })`,
    body: target => searchThenExport(target, `\n    await expect(page.getByRole('status')).toHaveText('Exported');`),
    verdict: 'app broken', fixable: false,
  },
  {
    id: 'removed-between-runs', what: 'a control no longer in the app, nothing in its place',
    before: editor, after: swap(editor, `<button id="export" onclick="${say('Exported')}">Export</button> `, ''),
    target: `page.getByRole('button', { name: 'Export' })`,
    body: target => `
  await test.step('export', async () => {
    await ${target}.click();
    await expect(page.getByRole('status')).toHaveText('Exported');
  });`,
    verdict: 'app broken', withoutRecord: 'cannot tell', fixable: false,
  },
  {
    id: 'disabled', what: 'the submit button is disabled',
    before: checkout, after: swap(checkout, '<button type="submit">', '<button type="submit" disabled>'),
    target: `page.getByRole('button', { name: 'Place order' })`, body: checkoutBody,
    verdict: 'app broken', fixable: false,
  },
  {
    id: 'hidden', what: 'the app hides a control the test saw',
    before: editor, after: swap(editor, '<label>Search <input type="search"></label>', `<label>Search <input type="search" oninput="document.getElementById('export').style.display = 'none'"></label>`),
    target: `page.getByRole('button', { name: 'Export' })`,
    body: target => searchThenExport(target, ''),
    verdict: 'app broken', fixable: false,
  },
  {
    id: 'error-alert', what: 'an error alert instead of the confirmation',
    before: checkout,
    after: swap(swap(checkout, `${say('Order placed')}"`, `document.getElementById('err').hidden = false"`), kStatus, `${kStatus}<p role="alert" id="err" hidden>Payment failed: the card was declined</p>`),
    target: `page.getByRole('status')`,
    body: target => `
  await test.step('fill the card', async () => {
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  });
  await test.step('place the order', async () => {
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(${target}).toHaveText('Order placed');
  });`,
    verdict: 'app broken', fixable: false,
  },
  {
    id: 'server-error', what: 'the server answers with an error page',
    before: checkout, after: { '/': { status: 500, html: page(`<h1>500 Internal Server Error</h1><p>Something went wrong. Please try again later.</p>`) } },
    target: `page.getByRole('button', { name: 'Place order' })`, body: checkoutBody,
    verdict: 'app broken', fixable: false,
  },
  {
    id: 'typo', what: 'a typo in the test',
    before: welcome, after: welcome,
    target: `page.getByRole('heading', { name: 'Wellcome' })`,
    body: target => `
  await test.step('see the greeting', async () => {
    await expect(${target}).toBeVisible();
  });`,
    verdict: 'out of date', fixable: true,
  },
  {
    id: 'test-removed-ref', what: 'the test deletes an item, then clicks its button by ref',
    before: groceries, after: groceries,
    target: `sw.ref(bread.ref)`,
    body: target => `
  const [, bread] = await sw.find({ role: 'button', name: 'Delete' });
  await test.step('delete bread', async () => {
    await page.getByRole('listitem').filter({ hasText: 'Bread' }).getByRole('button').click();
    await expect(page.getByRole('status')).toHaveText('Bread removed');
  });
  await test.step('delete it again', async () => {
    await ${target}.click();
  });`,
    verdict: 'out of date', fixable: false,
  },
  {
    id: 'test-removed-locator', what: 'the test deletes an item, then clicks it again by locator',
    before: groceries, after: groceries,
    target: `page.getByRole('listitem').filter({ hasText: 'Bread' }).getByRole('button', { name: 'Delete' })`,
    body: target => `
  await test.step('delete bread', async () => {
    await page.getByRole('listitem').filter({ hasText: 'Bread' }).getByRole('button').click();
    await expect(page.getByRole('status')).toHaveText('Bread removed');
  });
  await test.step('delete it again', async () => {
    await ${target}.click();
  });`,
    verdict: 'out of date', fixable: false,
  },
  {
    id: 'strict', what: 'a second element now matches (strict mode)',
    before: profile, after: swap(profile, '<button>Change password</button>', '<button>Change password</button> <button>Save</button>'),
    target: `page.getByRole('button', { name: 'Save' })`, body: profileSave,
    verdict: 'out of date', fixable: true,
  },
  {
    id: 'wrong-role', what: 'a button became a link',
    before: { '/': page(`${kNav}<main><h1>Docs</h1><button onclick="${say('Help opened')}">Get help</button>${kStatus}</main>`) },
    after: { '/': page(`${kNav}<main><h1>Docs</h1><a href="#help" onclick="${say('Help opened')}">Get help</a>${kStatus}</main>`) },
    target: `page.getByRole('button', { name: 'Get help' })`,
    body: target => `
  await test.step('ask for help', async () => {
    await ${target}.click();
    await expect(page.getByRole('status')).toHaveText('Help opened');
  });`,
    verdict: 'out of date', fixable: true,
  },
  {
    id: 'late', what: 'the element appears after 3 s, the action waits 2 s',
    before: { '/': page(`<main><h1>Reports</h1><div id="slot"></div>${kStatus}</main>`, lateButton(500)) },
    after: { '/': page(`<main><h1>Reports</h1><div id="slot"></div>${kStatus}</main>`, lateButton(3000)) },
    target: `page.getByRole('button', { name: 'Load report' })`,
    body: target => `
  await test.step('load the report', async () => {
    await ${target}.click({ timeout: 2000 });
  });`,
    verdict: 'cannot tell', fixable: false,
  },
  {
    id: 'iframe', what: 'a button renamed inside an iframe',
    before: payment, after: swap(payment, 'Submit payment', 'Confirm payment'),
    target: `page.locator('iframe[title="Payment"]').contentFrame().getByRole('button', { name: 'Submit payment' })`,
    body: target => `
  const frame = page.locator('iframe[title="Payment"]').contentFrame();
  await test.step('fill the card', async () => {
    await frame.getByLabel('Card number').fill('4242');
  });
  await test.step('pay', async () => {
    await ${target}.click();
    await expect(frame.getByRole('status')).toHaveText('Payment accepted');
  });`,
    verdict: 'out of date', fixable: true,
  },
  {
    id: 'popup', what: 'a link renamed in a popup',
    before: help, after: swap(help, 'Contact us</a>', 'Contact</a>'),
    target: `popup.getByRole('link', { name: 'Contact us' })`,
    body: target => `
  const popupPromise = page.waitForEvent('popup');
  await test.step('open help', async () => {
    await page.getByRole('link', { name: 'Help centre' }).click();
  });
  const popup = await popupPromise;
  await test.step('contact', async () => {
    await ${target}.click();
    await expect(popup.getByRole('status')).toHaveText('Contact form');
  });`,
    verdict: 'out of date', fixable: true,
  },
  {
    id: 'matcher', what: 'a stagewright matcher looks for a renamed button',
    before: checkout, after: swap(checkout, 'Back to cart', 'Return to cart'),
    target: `expect(sw).toHaveEntry({ role: 'button', name: 'Back to cart' })`,
    body: target => `
  await test.step('check the way back', async () => {
    await ${target};
  });`,
    paste: code => `expect(${code}).toBeVisible()`,
    verdict: 'out of date', fixable: true,
  },
  {
    id: 'css', what: 'a CSS target whose id is gone',
    before: swap(checkout, '<button type="submit">', '<button type="submit" id="place-order">'), after: checkout,
    target: `page.locator('#place-order')`, body: checkoutBody,
    // The button is there, same role, name and place: only a passing run on record says the call reached it.
    verdict: 'out of date', withoutRecord: 'cannot tell', fixable: true,
  },
  {
    id: 'label', what: 'a field label renamed',
    before: contact, after: swap(contact, 'E-mail <input', 'Email <input'),
    target: `page.getByLabel('E-mail')`,
    body: target => `
  await test.step('write', async () => {
    await page.getByLabel('Your name').fill('Ada');
    await ${target}.fill('ada@example.com');
    await page.getByLabel('Message').fill('Hello');
  });
  await test.step('send', async () => {
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('status')).toHaveText('Message sent');
  });`,
    verdict: 'out of date', fixable: true,
  },
  {
    id: 'placeholder', what: 'a placeholder renamed',
    before: search, after: swap(search, 'Search products', 'Search the shop'),
    target: `page.getByPlaceholder('Search products')`,
    body: target => `
  await test.step('search', async () => {
    await ${target}.fill('tea');
    await expect(page.getByRole('status')).toHaveText('Results for tea');
  });`,
    verdict: 'out of date', fixable: true,
  },
  {
    id: 'renamed-during-test', what: 'the app renames a control after the test saw it',
    before: session,
    after: swap(session, '<input id="who">', `<input id="who" oninput="document.getElementById('go').textContent = 'Continue'">`),
    target: `page.getByRole('button', { name: 'Start' })`,
    body: target => `
  await test.step('see the page', async () => {
    await expect(page.getByRole('button', { name: 'Start' })).toBeVisible();
  });
  await test.step('enter a name', async () => {
    await page.getByLabel('Your name').fill('Ada');
  });
  await test.step('start', async () => {
    await ${target}.click();
    await expect(page.getByRole('status')).toHaveText('Started');
  });`,
    verdict: 'out of date', fixable: true,
  },
  {
    id: 'nav-link', what: 'a link renamed in a named navigation',
    before: welcome, after: swap(welcome, '>Pricing</a>', '>Prices</a>'),
    target: `page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' })`,
    body: target => `
  await test.step('go to pricing', async () => {
    await ${target}.click();
    await expect(page).toHaveURL(/#pricing$/);
  });`,
    verdict: 'out of date', fixable: true,
  },
  {
    id: 'row', what: 'a button renamed in a table row',
    before: team, after: swap(team, '>Edit</button>', '>Modify</button>'),
    target: `page.getByRole('row', { name: /Grace/ }).getByRole('button', { name: 'Edit' })`,
    body: target => `
  await test.step('edit Grace', async () => {
    await ${target}.click();
    await expect(page.getByRole('status')).toHaveText('Editing Grace');
  });`,
    verdict: 'out of date', fixable: true,
  },
  {
    id: 'hook', what: 'a button renamed that a beforeEach hook clicks',
    before: cookies, after: swap(cookies, 'Accept cookies', 'Accept all'),
    target: `page.getByRole('button', { name: 'Accept cookies' })`,
    hook: target => `await ${target}.click();`,
    body: () => `
  await test.step('say hello', async () => {
    await page.getByRole('button', { name: 'Say hello' }).click();
    await expect(page.getByRole('status')).toHaveText('Hello');
  });`,
    verdict: 'out of date', fixable: true,
  },
  {
    id: 'rename-unrelated', what: 'a button renamed to words that share nothing with the old ones, in a named form',
    before: contact, after: swap(contact, '>Send</button>', '>Submit</button>'),
    target: `page.getByRole('button', { name: 'Send' })`,
    body: target => `
  await test.step('write', async () => {
    await page.getByLabel('Your name').fill('Ada');
    await page.getByLabel('Message').fill('Hello');
  });
  await test.step('send', async () => {
    await ${target}.click();
    await expect(page.getByRole('status')).toHaveText('Message sent');
  });`,
    verdict: 'out of date', withoutRecord: 'cannot tell', fixable: true,
  },
  {
    id: 'label-unrelated', what: 'a field label renamed to a word that shares nothing with the old one, in a named form',
    before: contact, after: swap(contact, 'E-mail <input', 'Reply address <input'),
    target: `page.getByLabel('E-mail')`,
    body: target => `
  await test.step('write', async () => {
    await page.getByLabel('Your name').fill('Ada');
    await ${target}.fill('ada@example.com');
  });`,
    verdict: 'out of date', withoutRecord: 'cannot tell', fixable: true,
  },
  {
    id: 'nav-removed', what: 'the app removed a link from a named navigation',
    before: welcome, after: swap(welcome, ' <a href="#pricing">Pricing</a>', ''),
    target: `page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' })`,
    body: target => `
  await test.step('go to pricing', async () => {
    await ${target}.click();
    await expect(page).toHaveURL(/#pricing$/);
  });`,
    verdict: 'app broken', withoutRecord: 'cannot tell', fixable: false,
  },
  {
    id: 'soft', what: 'a soft assertion with a typo, the rest of the test passes',
    before: welcome, after: welcome,
    target: `page.getByRole('heading', { name: 'Recent order' , exact: true })`,
    body: target => `
  await test.step('see the page', async () => {
    await expect.soft(${target}).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  });
  await test.step('go to docs', async () => {
    await page.getByRole('link', { name: 'Docs' }).click();
    await expect(page).toHaveURL(/#docs$/);
  });`,
    verdict: 'out of date', fixable: true,
  },  {
    id: 'css-id', what: 'a CSS id renamed, the button unchanged',
    before: reports, after: swap(reports, 'id="export"', 'id="export-data"'),
    target: `page.locator('#export')`,
    body: target => `
  await expect(page.getByRole('heading', { name: 'Reports' })).toBeVisible();
  await page.getByLabel('Search').fill('totals');
  await ${target}.click();
  await expect(page.getByRole('status')).toHaveText('Exported');`,
    verdict: 'out of date', withoutRecord: 'cannot tell', fixable: true,
  },
  {
    id: 'css-class', what: 'a CSS class renamed, the button unchanged',
    before: settings, after: swap(settings, 'class="primary"', 'class="btn-primary"'),
    target: `page.locator('button.primary')`,
    body: target => `
  await page.getByLabel('Display name').fill('Ada');
  await page.getByLabel('Email me news').check();
  await ${target}.click();
  await expect(page.getByRole('status')).toHaveText('Settings saved');`,
    verdict: 'out of date', withoutRecord: 'cannot tell', fixable: true,
  },
  {
    id: 'css-structure', what: 'a child selector broken by a new wrapper around the button',
    before: signIn, after: swap(signIn, '<button type="submit">Sign in</button>', '<div class="actions"><button type="submit">Sign in</button></div>'),
    target: `page.locator('form > button')`,
    body: target => `
  await test.step('fill the form', async () => {
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password').fill('secret');
  });
  await test.step('sign in', async () => {
    await ${target}.click();
    await expect(page.getByRole('status')).toHaveText('Signed in');
  });`,
    verdict: 'out of date', withoutRecord: 'cannot tell', fixable: true,
  },
  {
    id: 'xpath-text', what: 'an XPath on a button\'s text, the text changed',
    before: invoices, after: swap(invoices, '>Export</button>', '>Export data</button>'),
    target: `page.locator('//button[text()="Export"]')`,
    body: target => `
  await expect(page.getByRole('listitem')).toHaveCount(2);
  await ${target}.click();
  await expect(page.getByRole('status')).toHaveText('Exported');`,
    verdict: 'out of date', withoutRecord: 'cannot tell', fixable: true,
  },
  {
    id: 'has-text', what: 'a button found by tag and hasText, its text changed',
    before: blog, after: swap(blog, '>Subscribe</button>', '>Sign up</button>'),
    target: `page.locator('button', { hasText: 'Subscribe' })`,
    body: target => `
  await page.getByLabel('Email').fill('ada@example.com');
  await ${target}.click();
  await expect(page.getByRole('status')).toHaveText('Subscribed');`,
    verdict: 'out of date', withoutRecord: 'cannot tell', fixable: true,
  },
  {
    id: 'test-id', what: 'the test ids of a list\'s buttons renamed',
    before: pantry, after: swap(pantry, 'data-testid="edit-', 'data-testid="change-'),
    target: `page.getByTestId('edit-bread')`,
    body: target => `
  await expect(page.getByRole('listitem')).toHaveCount(3);
  await ${target}.click();
  await expect(page.getByRole('status')).toHaveText('Editing Bread');`,
    verdict: 'out of date', withoutRecord: 'cannot tell', fixable: true,
  },
  {
    id: 'role-change', what: 'a dialog became an alertdialog, same name and content',
    before: drafts, after: swap(drafts, 'role="dialog"', 'role="alertdialog"'),
    target: `page.getByRole('dialog', { name: 'Confirm' })`,
    body: target => `
  await page.getByRole('button', { name: 'Delete draft' }).click();
  await expect(${target}).toBeVisible();
  await ${target}.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status')).toHaveText('Draft deleted');`,
    verdict: 'out of date', fixable: true,
  },
  {
    id: 'css-removed', what: 'a button behind a CSS id no longer in the app, nothing in its place',
    before: mail, after: swap(mail, ` <button id="archive" onclick="${say('Archived')}">Archive</button>`, ''),
    target: `page.locator('#archive')`,
    body: target => `
  await test.step('open the message', async () => {
    await expect(page.getByRole('heading', { name: 'Lunch on Friday?' })).toBeVisible();
  });
  await test.step('archive it', async () => {
    await ${target}.click();
    await expect(page.getByRole('status')).toHaveText('Archived');
  });`,
    verdict: 'app broken', withoutRecord: 'cannot tell', fixable: false,
  },
  {
    id: 'css-hidden', what: 'a button behind a CSS class hidden by the app',
    before: dashboard, after: swap(dashboard, '<button class="export-btn"', '<button class="export-btn" style="display:none"'),
    target: `page.locator('.export-btn')`,
    body: target => `
  await page.locator('.refresh-btn').click();
  await expect(page.getByRole('status')).toHaveText('Refreshed');
  await ${target}.click();
  await expect(page.getByRole('status')).toHaveText('Exported');`,
    verdict: 'app broken', withoutRecord: 'cannot tell', fixable: false,
  },
];

/** The generated spec of a scenario against `app`, with `target` where the broken locator is. */
export function scenarioSpec(scenario: Scenario, app: App, target = scenario.target): string {
  const open = `
async function open(page) {
  await page.context().route('http://app.test/**', route => {
    const content = APP[new URL(route.request().url()).pathname];
    if (content === undefined)
      return route.fulfill({ status: 404, contentType: 'text/html', body: 'Not found' });
    return route.fulfill(typeof content === 'string' ? { contentType: 'text/html', body: content } : { status: content.status, contentType: 'text/html', body: content.html });
  });
  await page.goto('http://app.test/');
}`;
  const hook = scenario.hook ? `
test.beforeEach(async ({ page }) => {
  await open(page);
  ${scenario.hook(target)}
});` : '';
  return `// ${scenario.what}
const { test, expect } = require('stagewright');
const APP = ${JSON.stringify(app)};
${open}
${hook}
test('${scenario.id}', async ({ page, stagewright: sw }) => {${scenario.hook ? '' : '\n  await open(page);'}${scenario.body(target)}
});
`;
}
