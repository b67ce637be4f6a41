// Pages that work against the runtime (docs/design.md, A hostile page): shadow roots that reveal a
// password before any walk entered them, getters that throw, documents where scripts may not run, a
// polluted Object.prototype, and an overridden Symbol.for. Each test asserts what a reader gets:
// the secret in no artifact, no error of ours in the page, the same snapshot as on a clean page,
// refs that still point at their element.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { Stagewright } from '../../src/index';
import { expect, test } from './helpers/fixtures';

// Assembled at run time, so that Playwright's own call parameters never hold it.
const kSecret = ['Remembered', 'S3cret'].join('-');

/** Every file the fixture wrote under the test's output folder, concatenated. */
function writtenFiles(): string {
  const dir = test.info().outputPath('stagewright');
  if (!fs.existsSync(dir))
    return '';
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .map(file => path.join(dir, file))
      .filter(file => fs.statSync(file).isFile())
      .map(file => fs.readFileSync(file, 'utf8'))
      .join('\n');
}

/** The text, the snapshot JSON, the DOM file and the files written: where a secret could show. */
async function artifacts(sw: Stagewright): Promise<string> {
  const text = await sw.text();
  const snapshot = JSON.stringify(await sw.snapshot());
  const dom = await sw.dom();
  return [text, snapshot, dom, writtenFiles()].join('\n');
}

/** Errors the page reports: uncaught exceptions, and console errors. */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', error => errors.push(`pageerror: ${error.message}`));
  page.on('console', message => {
    if (message.type() === 'error')
      errors.push(`console: ${message.text()}`);
  });
  return errors;
}

// A login component: its open shadow root holds the password field and a button that shows it.
// `connectedCallback` fills the field by script (a remembered password: no input event).
const kLoginComponent = `
  customElements.define('x-login', class extends HTMLElement {
    constructor() {
      super();
      const root = this.attachShadow({ mode: 'open' });
      root.innerHTML = '<label for="pw">Password</label><input id="pw" type="password">' +
        '<button type="button" id="show">Show password</button>';
      root.getElementById('show').addEventListener('click', () => { root.getElementById('pw').type = 'text'; });
    }
    connectedCallback() {
      this.shadowRoot.getElementById('pw').value = ['Remembered', 'S3cret'].join('-');
    }
  });`;

test.describe('a shadow root no walk has entered', () => {
  test('should keep a remembered password secret after "Show password" in a web component', async ({ page, stagewright: sw }) => {
    await page.setContent(`<script>${kLoginComponent}</script><x-login></x-login>
      <label for="user">User</label><input id="user" value="visible-user">`);
    await page.locator('x-login #show').click();
    await expect(page.locator('x-login #pw')).toHaveAttribute('type', 'text');
    const seen = await artifacts(sw);
    // The artifacts are real: the field is there, and so is the ordinary field's value.
    expect(seen).toContain('textbox "Password"');
    expect(seen).toContain('visible-user');
    expect(seen).not.toContain(kSecret);
  });

  test('should keep it secret inside nested shadow roots', async ({ page, stagewright: sw }) => {
    await page.setContent(`<script>${kLoginComponent}
      customElements.define('x-card', class extends HTMLElement {
        constructor() {
          super();
          this.attachShadow({ mode: 'open' }).innerHTML = '<section><h2>Sign in</h2><x-login></x-login></section>';
        }
      });</script><x-card></x-card>`);
    await page.locator('x-card x-login #show').click();
    await expect(page.locator('x-card x-login #pw')).toHaveAttribute('type', 'text');
    const seen = await artifacts(sw);
    expect(seen).toContain('heading "Sign in"');
    expect(seen).toContain('textbox "Password"');
    expect(seen).not.toContain(kSecret);
  });

  test('should keep it secret when a script inserts the component, then shows the password with no event', async ({ page, stagewright: sw }) => {
    await page.setContent(`<script>${kLoginComponent}</script><main></main>`);
    await page.evaluate(() => document.querySelector('main')!.append(document.createElement('x-login')));
    // Another task: the insertion's records were delivered before the type changes.
    await page.evaluate(() => { (document.querySelector('x-login')!.shadowRoot!.getElementById('pw') as HTMLInputElement).type = 'text'; });
    const seen = await artifacts(sw);
    expect(seen).toContain('textbox "Password"');
    expect(seen).not.toContain(kSecret);
  });

  test('should keep it secret when the shadow root was attached to an element already in the document', async ({ page, stagewright: sw }) => {
    // No insertion after the root exists: only the click's path leads to it.
    await page.setContent(`<div id="host"></div>`);
    await page.evaluate(() => new Promise<void>(resolve => setTimeout(() => {
      const root = document.getElementById('host')!.attachShadow({ mode: 'open' });
      root.innerHTML = '<label for="pw">Password</label><input id="pw" type="password"><button type="button" id="show">Show password</button>';
      (root.getElementById('pw') as HTMLInputElement).value = ['Remembered', 'S3cret'].join('-');
      root.getElementById('show')!.addEventListener('click', () => { (root.getElementById('pw') as HTMLInputElement).type = 'text'; });
      resolve();
    }, 0)));
    await page.locator('#host #show').click();
    const seen = await artifacts(sw);
    expect(seen).toContain('textbox "Password"');
    expect(seen).not.toContain(kSecret);
  });

  test('should search a large insertion for shadow roots in a few milliseconds', async ({ page, stagewright: sw }) => {
    await page.setContent(`<main></main>`);
    await sw.snapshot();
    // Observers are called in the order they were created: the page's, created now, runs after the
    // runtime's, so the time between the insertion and the page's callback is what the runtime took.
    const searchTime = () => page.evaluate(() => new Promise<number>(resolve => {
      const main = document.querySelector('main')!;
      main.textContent = '';
      const list = document.createElement('div');
      for (let i = 0; i < 10_000; i++) {
        const item = document.createElement('div');
        if (i % 1_000 === 0)
          item.attachShadow({ mode: 'open' }).innerHTML = '<input type="password">';
        item.textContent = 'item ' + i;
        list.append(item);
      }
      const observer = new MutationObserver(() => {
        observer.disconnect();
        resolve(performance.now() - inserted);
      });
      observer.observe(document, { childList: true, subtree: true });
      main.append(list);
      const inserted = performance.now();
    }));
    const times: number[] = [];
    for (let i = 0; i < 7; i++)
      times.push(await searchTime());
    times.sort((a, b) => a - b);
    test.info().annotations.push({ type: 'runtime time after inserting 10,000 elements (ms, median)', description: times[3].toFixed(1) });
    expect(times[3]).toBeLessThan(25);
  });
});

test.describe('getters that throw', () => {
  test('should keep a password secret when MutationRecord getters throw, and throw nothing into the page', async ({ page, stagewright: sw }) => {
    const errors = pageErrors(page);
    await page.setContent(`<label for="pw">Password</label><input id="pw" type="password">
      <label for="user">User</label><input id="user" value="visible-user">
      <script>
        for (const name of ['attributeName', 'oldValue', 'target', 'type', 'addedNodes'])
          Object.defineProperty(MutationRecord.prototype, name, { get() { throw new Error('hostile ' + name); }, configurable: true });
      </script>`);
    await page.evaluate(() => {
      const pw = document.getElementById('pw') as HTMLInputElement;
      pw.value = ['Remembered', 'S3cret'].join('-');
      pw.type = 'text';
    });
    await page.locator('#user').click();
    const seen = await artifacts(sw);
    expect(seen).toContain('visible-user');
    expect(seen).not.toContain(kSecret);
    expect(errors).toEqual([]);
  });

  test('should keep a password typed in a shadow root secret while Node.prototype.nodeType throws, and throw nothing into the page', async ({ page, stagewright: sw }) => {
    const errors = pageErrors(page);
    await page.setContent(`<div id="host"></div><label for="user">User</label><input id="user">`);
    // Attached in a later task, to an element already in the document: no record leads to it.
    await page.evaluate(() => new Promise<void>(resolve => setTimeout(() => {
      document.getElementById('host')!.attachShadow({ mode: 'open' }).innerHTML = '<label for="pw">Shadow password</label><input id="pw" type="password">';
      resolve();
    }, 0)));
    // While the user types, the page's nodeType getter throws; the page puts it back afterwards.
    await page.evaluate(() => {
      const original = Object.getOwnPropertyDescriptor(Node.prototype, 'nodeType')!;
      (window as any).restoreNodeType = () => Object.defineProperty(Node.prototype, 'nodeType', original);
      Object.defineProperty(Node.prototype, 'nodeType', { get() { throw new Error('hostile nodeType'); }, configurable: true });
    });
    await page.locator('#host #pw').pressSequentially(kSecret);
    await page.locator('#user').pressSequentially('visible-user');
    await page.evaluate(() => (window as any).restoreNodeType());
    await page.evaluate(() => { (document.getElementById('host')!.shadowRoot!.getElementById('pw') as HTMLInputElement).type = 'text'; });
    const seen = await artifacts(sw);
    expect(seen).toContain('visible-user');
    expect(seen).toContain('textbox "Shadow password"');
    expect(seen).not.toContain(kSecret);
    expect(errors).toEqual([]);
  });
});

test.describe('documents where scripts may not run', () => {
  test('should log nothing in a sandboxed iframe and still walk it', async ({ page, stagewright: sw }) => {
    const errors = pageErrors(page);
    await page.route('http://sandbox.test/**', route => route.fulfill({
      contentType: 'text/html',
      body: `<button>Top</button><iframe sandbox srcdoc="<p>Inside the sandbox</p><button>Inner</button>"></iframe>`,
    }));
    await page.goto('http://sandbox.test/');
    await page.locator('button').first().click();
    const text = await sw.text();
    expect(text).toContain('paragraph [ref=f1s1]: Inside the sandbox');
    expect(text).toContain('button "Inner" [ref=f1s2]');
    expect(await sw.dom()).toContain('Inside the sandbox');
    await page.frames()[1].locator('button').click();
    await sw.snapshot();
    expect(errors).toEqual([]);
  });

  test('should log nothing in a page served with Content-Security-Policy: sandbox', async ({ page, stagewright: sw }) => {
    const errors = pageErrors(page);
    await page.route('http://sandbox.test/**', route => route.fulfill({
      contentType: 'text/html',
      headers: { 'Content-Security-Policy': 'sandbox' },
      body: `<h1>Sandboxed</h1><details><summary>More</summary>Inside</details><label for="q">Query</label><input id="q">`,
    }));
    await page.goto('http://sandbox.test/');
    expect(await sw.text()).toContain('heading "Sandboxed" [level=1]');
    await page.getByText('More').click();
    await page.getByLabel('Query').fill('typed');
    const text = await sw.text();
    expect(text).toContain('Inside');
    expect(text).toContain('textbox "Query"');
    expect(text).toContain(': typed');
    expect(errors).toEqual([]);
  });
});

test.describe('a polluted Object.prototype', () => {
  // Every key the injected code reads of an object, or looks up in a table, and a few more.
  const kKeys = [
    'text', 'url', 'value', 'placeholder', 'runs', 'frame', 'description', 'state', 'children', 'ref', 'role', 'name',
    'parent', 'dom', 'since', 'prefix', 'redact', 'limits', 'partial', 'issueNew', 'tag', 'bbox', 'fingerprint',
    'interactive', 'depth', 'recently_changed', 'src', 'crossOrigin', 'at', 'checked', 'disabled', 'expanded', 'selected',
    'focused', 'required', 'readonly', 'invalid', 'hidden', 'cursor', 'inert', 'level', 'haspopup', 'sort', 'visible',
    'pressed', 'maxNodes', 'maxDepth', 'timeBudgetMs', 'minNextId', 'onShadowRoot', 'documentId', 'nextId', 'truncated',
    'visited', 'elapsedMs', 'changeCount', 'domTruncated', 'token', 'parts', 'kind', 'isRoot', 'inLabel', 'inLabelledBy',
    'inDescribedBy', 'inNativeAlternative', 'includeHidden', 'root', 'node', 'owner', 'after', 'afterOwner', 'hiddenText',
    'presentational', 'element', 'first', 'next', 'flags', 'display', 'visibility', 'content', 'context', 'anchor', 'count',
    'ownerOf', 'owned', 'released', 'id', 'html', 'slot', 'list', 'control', 'label', 'extras', 'entries', 'header', 'title',
    'x', 'y', 'width', 'height', 'generic', 'div', 'span', 'p', 'button', 'link', 'textbox', 'paragraph', 'listitem', 'li',
    'main', 'heading', 'combobox', 'checkbox', 'a', 'e', 'i', 'o', 'class', 'type', 'for', 'off', 'on', 'aria-label',
    'contenteditable', 'script', 'style', 'input', 'br', '#', 'constructor', 'tabindex', 'href', 'data-x',
  ];
  const pollute = (value: string) => `
    for (const key of ${JSON.stringify(kKeys)})
      Object.prototype[key] = ${value};
    for (let i = 0; i < 16; i++)
      Array.prototype[i] = ${value};
    Array.prototype.text = ${value};
    Object.prototype.toJSON = function() { return 'POLLUTED-toJSON'; };`;

  // No iframe: with anything enumerable on Object.prototype, Playwright's own element-handle
  // evaluate gets no element (plain Playwright too), and that is how a child frame's iframe is found.
  const page = (script: string) => `
    <main>
      <h1>Title</h1>
      <nav aria-label="Main"><a href="/a?x=1">Home</a> <a href="#b">Back</a></nav>
      <p>Intro <b>bold</b> text &amp; more</p>
      <label for="e">Email</label><input id="e" value="a@b.c" placeholder="you@example.com" aria-describedby="h" required>
      <p id="h">We never share it.</p>
      <input type="checkbox" id="c" checked><label for="c">Check</label>
      <select aria-label="Pick"><option>One</option><option selected>Two</option></select>
      <button aria-pressed="true" aria-haspopup="menu" class="primary css-1q2w3e">Press</button>
      <div role="button" tabindex="0">Div button</div>
      <div style="cursor: pointer">Clickable</div>
      <ul><li>First</li><li>Second <button>x</button> after</li><li></li></ul>
      <table><tr><th aria-sort="ascending">Head</th></tr><tr><td>Cell</td></tr></table>
      <details open><summary>More</summary>Inside details</details>
      <textarea aria-label="Notes">Some notes</textarea>
      <input type="password" aria-label="Secret" value="pw-value">
      <div contenteditable="true" aria-label="Editor">Edit me</div>
      <div role="slider" aria-label="Volume" aria-valuenow="3" tabindex="0"></div>
      <x-comp></x-comp>
      <svg><a href="#s"><text>svg link</text></a></svg>
    </main>
    <script>
      customElements.define('x-comp', class extends HTMLElement {
        constructor() { super(); this.attachShadow({ mode: 'open' }).innerHTML = '<span>Shadow text</span><input aria-label="Shadow input" value="sv">'; }
      });
    </script>
    <script>${script}</script>`;

  /**
   * Everything a page yields, its refs numbered in order of first appearance: refs are unique
   * across a test's pages, so the clean page's are other numbers for the same places.
   */
  async function everything(sw: Stagewright) {
    const text = await sw.text();
    const snapshot = await sw.snapshot();
    const dom = await sw.dom();
    const found = await sw.find({ role: 'button' });
    const numbers = new Map<string, string>();
    const canonical = (value: string) => value.replace(/(?<![A-Za-z0-9])(?:f\d+)?s\d+(?![A-Za-z0-9])/g, ref => {
      if (!numbers.has(ref))
        numbers.set(ref, `r${numbers.size + 1}`);
      return numbers.get(ref)!;
    });
    return { text: canonical(text), entries: canonical(JSON.stringify(snapshot.entries)), dom: canonical(dom), found: canonical(JSON.stringify(found)) };
  }

  for (const [kind, value] of [['strings', `'POLLUTED'`], ['true', 'true'], ['numbers', '3']]) {
    test(`should give the same snapshot, DOM file and find results as a clean page (${kind})`, async ({ page: polluted, context, stagewright: sw }) => {
      const errors = pageErrors(polluted);
      const clean = await context.newPage();
      await clean.setContent(page(''));
      await polluted.setContent(page(pollute(value)));
      expect(await polluted.evaluate(() => (({}) as any).text)).toBe(eval(value));
      const expected = await everything(sw.forPage(clean));
      const received = await everything(sw);
      expect(expected.text).toContain('textbox "Email" [required] [ref=r');
      expect(expected.text).toContain('textbox "Shadow input"');
      expect(received.text).toBe(expected.text);
      expect(received.entries).toBe(expected.entries);
      expect(received.dom).toBe(expected.dom);
      expect(received.found).toBe(expected.found);
      expect(received.text).not.toContain('POLLUTED');
      expect(errors).toEqual([]);
    });
  }
});

test.describe('an overridden Symbol.for', () => {
  test('should resolve a ref taken before the override and click its element', async ({ page, stagewright: sw }) => {
    await page.setContent(`<button onclick="window.clicked = 'one'">One</button><button onclick="window.clicked = 'two'">Two</button>`);
    const before = await sw.text();
    expect(before).toContain('button "Two" [ref=s2]');
    await page.evaluate(() => {
      const original = Symbol.for;
      Symbol.for = (key: string) => original('page:' + key);
    });
    await sw.ref('s2').click();
    expect(await page.evaluate(() => (window as any).clicked)).toBe('two');
    // The same runtime answers: the same refs (the click focused the button).
    expect((await sw.text()).replace(' [active]', '')).toBe(before);
    await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<button onclick="window.clicked = \'three\'">Three</button>'));
    expect(await sw.text()).toContain('button "Three" [ref=s3]');
    await sw.ref('s1').click();
    expect(await page.evaluate(() => (window as any).clicked)).toBe('one');
  });

  test('should use the runtime installed before page scripts, which saw a password switched before any walk', async ({ page, stagewright: sw }) => {
    await page.setContent(`<label for="pw">Password</label><input id="pw" type="password">
      <label for="user">User</label><input id="user" value="visible-user">
      <script>
        const original = Symbol.for;
        Symbol.for = key => original('page:' + key);
        const pw = document.getElementById('pw');
        pw.value = ['Remembered', 'S3cret'].join('-');
        pw.type = 'text';
      </script>`);
    const seen = await artifacts(sw);
    expect(seen).toContain('visible-user');
    expect(seen).not.toContain(kSecret);
  });
});

test.describe('a page that reaches for the runtime', () => {
  test('should find it frozen, not enumerable and with no registry to read, and still be snapshotted by it', async ({ page, stagewright: sw }) => {
    await page.setContent(`<button>One</button>`);
    const before = await sw.text();
    const seen = await page.evaluate(() => {
      const runtime = window.__stagewright_runtime as unknown as Record<string, unknown>;
      const original = runtime.snapshot;
      const attempts = [
        () => { runtime.snapshot = () => 'hijacked'; },
        () => { delete runtime.snapshot; },
        () => { runtime.registry = {}; },
        () => { Object.defineProperty(window, '__stagewright_runtime', { value: {} }); },
        () => { (window as any).__stagewright_runtime = {}; },
      ];
      for (const attempt of attempts) {
        try {
          attempt();
        } catch {
          // Refused loudly or silently: either way nothing changes.
        }
      }
      return {
        frozen: Object.isFrozen(runtime),
        enumerable: Object.keys(window).includes('__stagewright_runtime'),
        members: Object.getOwnPropertyNames(runtime).sort(),
        intact: (window.__stagewright_runtime as unknown) === runtime && runtime.snapshot === original,
      };
    });
    expect(seen).toEqual({
      frozen: true,
      enumerable: false,
      members: ['changeCount', 'changeCountAfterFrame', 'heldRefs', 'holdTarget', 'invalidSelectors', 'refOf', 'refProblem', 'refsOf', 'selectorEngine', 'snapshot'],
      intact: true,
    });
    expect(await sw.text()).toBe(before);
  });
});
