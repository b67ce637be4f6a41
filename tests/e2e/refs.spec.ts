import { errorOf, expect, test } from './helpers/fixtures';
import { kEngineSource } from '../../src/runtime/pageCalls';

test.describe('refs across re-renders', () => {
  test('should keep the ref when an element is replaced by its clone, and click the new element', async ({ page, stagewright: sw }) => {
    await page.setContent(`
      <main><button id="save">Save</button></main>
      <script>
        window.clicks = [];
        function rerender() {
          const old = document.getElementById('save');
          const fresh = old.cloneNode(true);
          fresh.addEventListener('click', () => window.clicks.push('fresh'));
          old.addEventListener('click', () => window.clicks.push('old'));
          old.replaceWith(fresh);
        }
      </script>`);
    const [save] = await sw.find({ role: 'button', name: 'Save' });
    await page.evaluate(() => (window as any).rerender());
    const [after] = await sw.find({ role: 'button', name: 'Save' });
    expect(after.ref).toBe(save.ref);
    await sw.ref(save.ref).click();
    expect(await page.evaluate(() => (window as any).clicks)).toEqual(['fresh']);
  });

  test('should follow a re-render that happened after the last snapshot', async ({ page, stagewright: sw }) => {
    await page.setContent(`<button onclick="window.clicked = 'first'">Go</button>`);
    const [go] = await sw.find({ role: 'button', name: 'Go' });
    await page.evaluate(() => {
      document.body.innerHTML = `<button onclick="window.clicked = 'second'">Go</button>`;
    });
    // No snapshot in between: the selector engine carries the ref over by itself.
    await sw.ref(go.ref).click();
    expect(await page.evaluate(() => (window as any).clicked)).toBe('second');
  });

  test('should pair duplicate buttons in document order when a whole list re-renders', async ({ page, stagewright: sw }) => {
    await page.setContent(`
      <ul id="list"></ul>
      <script>
        window.items = ['Apples', 'Bread', 'Cheese'];
        window.removed = [];
        window.render = () => {
          const list = document.getElementById('list');
          list.innerHTML = '';
          for (const item of window.items) {
            const li = document.createElement('li');
            li.textContent = item + ' ';
            const button = document.createElement('button');
            button.textContent = 'Delete';
            button.onclick = () => { window.removed.push(item); };
            li.append(button);
            list.append(li);
          }
        };
        render();
      </script>`);
    const before = await sw.find({ role: 'button', name: 'Delete' });
    expect(before).toHaveLength(3);
    expect(new Set(before.map(e => e.ref)).size).toBe(3);

    await page.evaluate(() => (window as any).render());
    const after = await sw.find({ role: 'button', name: 'Delete' });
    expect(after.map(e => e.ref)).toEqual(before.map(e => e.ref));

    await sw.ref(before[1].ref).click();
    expect(await page.evaluate(() => (window as any).removed)).toEqual(['Bread']);
    // The list items (same text, different fingerprints) kept their refs too.
    const items = await sw.find({ role: 'listitem' });
    expect(items.map(e => e.text)).toEqual(['Apples', 'Bread', 'Cheese']);
  });

  test('should give a new element a new ref, never one that is in use', async ({ page, stagewright: sw }) => {
    await page.setContent(`<button>One</button>`);
    const [one] = await sw.find({ role: 'button' });
    await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<button>Two</button>'));
    const buttons = await sw.find({ role: 'button' });
    expect(buttons.map(e => [e.name, e.ref])).toEqual([['One', one.ref], ['Two', expect.not.stringMatching(`^${one.ref}$`)]]);
  });
});

test.describe('the page is never changed', () => {
  test('should cause zero mutations and set no property on any element', async ({ page, stagewright: sw }) => {
    await page.setContent(`
      <main>
        <h1>Title</h1>
        <form><label>Name <input value="x"></label><button>Send</button></form>
        <ul><li>One</li><li>Two <a href="#">link</a></li></ul>
        <div id="host"></div>
      </main>
      <script>
        document.getElementById('host').attachShadow({ mode: 'open' }).innerHTML = '<button>In shadow</button>';
        window.mutations = 0;
        const observer = new MutationObserver(records => { window.mutations += records.length; });
        const options = { subtree: true, childList: true, attributes: true, characterData: true };
        observer.observe(document, options);
        observer.observe(document.getElementById('host').shadowRoot, options);
        window.takeRecords = () => observer.takeRecords().length;
      </script>`);
    const html = await page.content();
    // Forms and selects expose their controls as indexed own properties: those are the browser's, not ours.
    const ownProperties = () => page.evaluate(() => {
      const all: Element[] = [...document.querySelectorAll('*'), ...document.getElementById('host')!.shadowRoot!.querySelectorAll('*')];
      return all.flatMap(element => [...Object.getOwnPropertyNames(element).filter(key => !/^\d+$/.test(key)), ...Object.getOwnPropertySymbols(element).map(String)]
          .map(key => `${element.localName}.${key}`));
    });
    expect(await ownProperties()).toEqual([]);
    const snapshot = await sw.snapshot();
    await sw.text();
    await sw.find({ role: 'button' });
    await sw.refOf(page.getByRole('button', { name: 'Send' }));
    await sw.locatorFor(snapshot.entries.find(e => e.name === 'In shadow')!.ref);
    await expect(sw.ref(snapshot.entries.find(e => e.name === 'Send')!.ref)).toBeVisible();

    const { mutations, pending } = await page.evaluate(() => ({ mutations: (window as any).mutations, pending: (window as any).takeRecords() }));
    expect(mutations + pending).toBe(0);
    expect(await ownProperties()).toEqual([]);
    expect(await page.content()).toBe(html);
  });
});

test.describe('unknown and stale refs', () => {
  test('should throw REF_NOT_FOUND with the nearest refs for a ref never issued', async ({ page, stagewright: sw }) => {
    await page.setContent(`<button>Save</button><button>Save draft</button>`);
    await sw.snapshot();
    const error = await errorOf(() => sw.ref('s999'));
    expect(error.code).toBe('REF_NOT_FOUND');
    expect(error.message).toMatch(/^REF_NOT_FOUND: Ref s999 is not issued yet on this page: the captures so far issued refs up to s2\./);
    expect(error.similarRefs).toEqual(expect.arrayContaining([expect.stringMatching(/^button "Save draft" \[ref=s\d+\]$/)]));
  });

  test('should say how to issue a ref of an element that appeared after the latest capture', async ({ page, stagewright: sw }) => {
    await page.setContent(`<button onclick="document.body.insertAdjacentHTML('beforeend', '<div role=dialog aria-label=Confirm><button>Yes</button><button>No</button></div>')">Open</button>`);
    // As a spec written from a run whose step ended after the click: the dialog's refs came from that capture.
    await test.step('open and confirm', async () => {
      await page.getByRole('button', { name: 'Open' }).click();
      const error = await errorOf(() => sw.ref('s4'));
      expect(error.message).toMatch(/^REF_NOT_FOUND: Ref s4 is not issued yet on this page: the captures so far issued refs up to s1\./);
      expect(error.message).toContain('Start a new test.step after the action that shows the element');
      await sw.snapshot();
      await expect(sw.ref('s4')).toHaveText('No');
    });
  });

  test('should throw INVALID_ARGUMENT for something that is not a ref', async ({ stagewright: sw }) => {
    const error = await errorOf(() => sw.ref('e2'));
    expect(error.code).toBe('INVALID_ARGUMENT');
    expect(error.message).toContain('refs look like s12');
  });

  test('should throw REF_STALE for a ref of an earlier document, before any new snapshot', async ({ page, stagewright: sw, server }) => {
    await page.goto(server.route('/stale-a.html', '<button>Old</button>'));
    const [old] = await sw.find({ role: 'button', name: 'Old' });
    const oldLocator = sw.ref(old.ref);
    await page.goto(server.route('/stale-b.html', '<button>New</button>'));
    const error = await errorOf(() => sw.ref(old.ref));
    expect(error.code).toBe('REF_STALE');
    expect(error.message).toMatch(/^REF_STALE: Ref s\d+ \(button "Old"\) belongs to an earlier document/);
    expect(error.message).toContain('Take a fresh snapshot');
    // A locator made before the navigation fails with the code too, at once rather than timing out.
    const actionError = await errorOf(() => oldLocator.click({ timeout: 5000 }));
    expect(actionError.message).toContain('REF_STALE');
  });

  test('should never reuse a ref after navigations and reloads', async ({ page, stagewright: sw, server }) => {
    const html = '<nav><a href="#">A</a><a href="#">B</a></nav><button>C</button>';
    await page.goto(server.route('/reuse-a.html', html));
    const first = (await sw.snapshot()).entries.map(e => e.ref);
    await page.goto(server.route('/reuse-b.html', html));
    const second = (await sw.snapshot()).entries.map(e => e.ref);
    await page.reload();
    const third = await sw.snapshot();
    const all = [...first, ...second, ...third.entries.map(e => e.ref)];
    expect(new Set(all).size).toBe(all.length);
    expect(third.meta.renderer_reloaded).toBe(true);
    for (const ref of second)
      expect((await errorOf(() => sw.ref(ref))).code).toBe('REF_STALE');
  });

  test('should keep refs across same-document navigations', async ({ page, stagewright: sw, server }) => {
    await page.goto(server.route('/spa.html', `<button onclick="history.pushState({}, '', '/spa/next')">Next</button><a href="#below">Below</a>`));
    const [next] = await sw.find({ role: 'button', name: 'Next' });
    await sw.ref(next.ref).click();
    await page.getByRole('link', { name: 'Below' }).click();
    await expect(page).toHaveURL(/\/spa\/next#below$/);
    await expect(sw.ref(next.ref)).toHaveText('Next');
  });
});

test.describe('hostile pages', () => {
  const overrides = {
    'Array.prototype.map': `Array.prototype.map = function() { throw new Error('map is broken'); };`,
    'Element.prototype.getAttribute': `Element.prototype.getAttribute = function() { return 'broken'; };`,
    'Object.keys': `Object.keys = function() { throw new Error('keys is broken'); };`,
    'JSON.stringify': `JSON.stringify = function() { return '"broken"'; };`,
    'window.getComputedStyle': `window.getComputedStyle = function() { throw new Error('getComputedStyle is broken'); };`,
  };
  const hostilePage = (names: (keyof typeof overrides)[]) => `
    <main><h1>Hostile</h1><label>Name <input value="v"></label><button aria-label="Go now" onclick="window.went = true">Go</button></main>
    <script>${names.map(name => overrides[name]).join('\n')}</script>`;

  test('should snapshot a page that overrides builtins', async ({ page, stagewright: sw }) => {
    await page.setContent(hostilePage(Object.keys(overrides) as (keyof typeof overrides)[]));
    const snapshot = await sw.snapshot();
    expect(snapshot.entries.map(e => [e.role, e.name])).toEqual([
      ['main', ''], ['heading', 'Hostile'], ['textbox', 'Name'], ['button', 'Go now'],
    ]);
    expect(snapshot.entries.find(e => e.role === 'textbox')!.value).toBe('v');
    expect(await sw.text()).toContain('- button "Go now" [ref=');
  });

  test('should click by ref on a page that overrides builtins', async ({ page, stagewright: sw }) => {
    // Not Object.keys: that override breaks Playwright's own main-world selector machinery for
    // every custom selector engine (a plain querySelectorAll engine times out the same way).
    await page.setContent(hostilePage(['Array.prototype.map', 'Element.prototype.getAttribute', 'JSON.stringify', 'window.getComputedStyle']));
    const [go] = await sw.find({ role: 'button', name: 'Go now' });
    await sw.ref(go.ref).click();
    expect(await page.evaluate('window.went')).toBe(true);
  });
});

test.describe('the sw-ref selector engine', () => {
  // Playwright evaluates a registered engine's source in every world where it runs selectors, the
  // utility world of each locator call included, where this engine never queries.
  test('should install the runtime only when it first queries', async ({ browser }) => {
    const page = await browser.newPage(); // No init script: a document the runtime never reached.
    await page.setContent('<button>Save</button>');
    const installed = await page.evaluate(source => {
      const engine = (0, eval)(source) as { queryAll(root: Node, selector: string): Element[] };
      const key = '__stagewright_runtime';
      const before = key in window;
      let error = '';
      try {
        engine.queryAll(document, 's1');
      } catch (e) {
        error = String(e);
      }
      return { before, after: key in window, error };
    }, kEngineSource);
    await page.close();
    expect(installed).toEqual({ before: false, after: true, error: expect.stringContaining('REF_STALE') });
  });
});

test.describe('find, refOf, locatorFor, text', () => {
  test('should find entries by role, name and state in document order', async ({ page, stagewright: sw }) => {
    await page.setContent(`<button>Save</button><button disabled>Save draft</button><a href="/x">Saved</a>`);
    expect((await sw.find({ name: 'save' })).map(e => e.name)).toEqual(['Save', 'Save draft', 'Saved']);
    expect((await sw.find({ role: 'button', state: { disabled: true } })).map(e => e.name)).toEqual(['Save draft']);
    expect((await sw.find({ role: 'button', name: 'Save', exact: true })).map(e => e.name)).toEqual(['Save']);
  });

  test('should give the ref of a locator, snapshotting when needed', async ({ page, stagewright: sw }) => {
    await page.setContent(`<button>A</button><button>B</button>`);
    const ref = await sw.refOf(page.getByRole('button', { name: 'B' }));
    const [b] = await sw.find({ role: 'button', name: 'B' });
    expect(ref).toBe(b.ref);
    const error = await errorOf(() => sw.refOf(page.locator('body')));
    expect(error.code).toBe('REF_NOT_FOUND');
  });

  test('should write the locator Playwright would use for a ref', async ({ page, stagewright: sw }) => {
    await page.setContent(`<label>Email <input></label><button>Save</button><button>Save</button><span title="x" style="cursor:pointer">icon</span>`);
    const [email] = await sw.find({ role: 'textbox' });
    const located = await sw.locatorFor(email.ref);
    expect(located.code).toBe(`page.getByRole('textbox', { name: 'Email' })`);
    await located.locator.fill('a@b.c');
    await expect(page.getByLabel('Email')).toHaveValue('a@b.c');
    // Duplicates get a locator that matches exactly the one element.
    const [, second] = await sw.find({ role: 'button', name: 'Save' });
    const { locator } = await sw.locatorFor(second.ref);
    expect(await locator.count()).toBe(1);
    expect(await sw.refOf(locator)).toBe(second.ref);
  });

  test('should describe ref locators as role "name" [ref=…]', async ({ page, stagewright: sw }) => {
    await page.setContent(`<button>Save</button>`);
    const [save] = await sw.find({ role: 'button' });
    expect(String(sw.ref(save.ref))).toBe(`button "Save" [ref=${save.ref}]`);
  });

  test('should render text in the AI-snapshot shape without secrets', async ({ page, stagewright: sw }) => {
    await page.setContent(`
      <nav aria-label="Main"><a href="/home">Home</a></nav>
      <h2>Sign in</h2>
      <label>User <input value="ada"></label>
      <label>Password <input type="password" value="hunter2"></label>
      <label>Code <input autocomplete="one-time-code" value="123456"></label>
      <label>Card <input autocomplete="cc-number" value="4111111111111111"></label>
      <input type="checkbox" checked aria-label="Remember me">
      <p id="combined">Typed <input type="password" value="hunter2"> and <input autocomplete="cc-number" value="4111111111111111"></p>
      <button aria-labelledby="combined">Labelled by secrets</button>`);
    const text = await sw.text();
    expect(text).toMatch(/^- navigation "Main" \[ref=s\d+\]:\n {2}- link "Home" \[ref=s\d+\]:\n {4}- \/url: [^\n]*\/home\n- heading "Sign in" \[level=2\] \[ref=s\d+\]\n- textbox "User" \[ref=s\d+\]: ada\n- textbox "Password" \[ref=s\d+\]\n/);
    expect(text).toMatch(/- checkbox "Remember me" \[checked\] \[ref=s\d+\]\n/);
    // Embedded secret fields never lend their value to another element's name.
    // Its own content, which aria-labelledby replaced as the name, is still on screen: it stays as text.
    expect(text).toMatch(/- button "Typed and" \[ref=s\d+\]: Labelled by secrets$/);
    const json = JSON.stringify(await sw.snapshot());
    for (const secret of ['hunter2', '123456', '4111111111111111']) {
      expect(text).not.toContain(secret);
      expect(json).not.toContain(secret);
    }
  });
});
