// Defects reported on real component libraries: a secret `autocomplete` on a host or a container
// (docs/concepts.md, Secret fields), a component class that overrides a DOM getter
// (Stencil's `get lastChild()`), and the label of a control that is not rendered
// (docs/concepts.md, Text runs).

import type { Page } from '@playwright/test';
import type { Stagewright } from '../../src/index';
import { expect, test } from './helpers/fixtures';

/** Custom elements: tag -> class body; `extends` makes a customized built-in of that tag. */
type Components = { [tag: string]: { body: string; extends?: string } };

const kBuiltinClasses: { [tag: string]: string } = {
  a: 'HTMLAnchorElement', input: 'HTMLInputElement', label: 'HTMLLabelElement', select: 'HTMLSelectElement',
};

/** The page with its components defined, each with its class body or (`override` false) an empty one. */
function componentPage(components: Components, html: string, override: boolean): string {
  const defines = Object.entries(components).map(([tag, { body, extends: base }]) => {
    const parent = base ? kBuiltinClasses[base] : 'HTMLElement';
    return `customElements.define(${JSON.stringify(tag)}, class extends ${parent} { ${override ? body : ''} }${base ? `, { extends: ${JSON.stringify(base)} }` : ''});`;
  }).join('\n');
  return `<script>${defines}</script>${html}`;
}

/** Refs differ between two loads of one page (a ref is never reused): compare without them. */
function withoutRefs(text: string): string {
  return text.replace(/ \[ref=[a-z0-9]+\]/g, '').replace(/ ref="[a-z0-9]+"/g, '');
}

/**
 * The snapshot text and DOM file of the page whose components override getters, checked against
 * those of the same page whose components do not: an overriding getter hides and invents nothing.
 */
async function expectUnaffected(page: Page, sw: Stagewright, components: Components, html: string): Promise<{ text: string; dom: string }> {
  await page.setContent(componentPage(components, html, true));
  const text = await sw.text();
  const dom = await sw.dom();
  await page.setContent(componentPage(components, html, false));
  expect(withoutRefs(text)).toBe(withoutRefs(await sw.text()));
  expect(withoutRefs(dom)).toBe(withoutRefs(await sw.dom()));
  return { text, dom };
}

test.describe('secret autocomplete on a host or container', () => {
  test('should keep the label and buttons of a host marked current-password, and hide only the value', async ({ page, stagewright: sw }) => {
    await page.setContent(`
      <x-field autocomplete="current-password"></x-field>
      <script>
        document.querySelector('x-field').attachShadow({ mode: 'open' }).innerHTML =
          '<label for=i>Current password</label><input id=i type=password><button>Show password</button>';
      </script>`);
    const input = page.locator('x-field input');
    await input.fill('MARKER-HOSTPW');
    // The "show password" button: the value is still the password's.
    await input.evaluate(element => {
      (element as HTMLInputElement).type = 'text';
      (element as HTMLInputElement).blur();
    });
    expect(await sw.text()).toBe([
      '- textbox "Current password" [ref=s1]',
      '- button "Show password" [ref=s2]',
    ].join('\n'));
    const dom = await sw.dom();
    expect(dom).toContain('<label for="i">Current password</label>');
    expect(dom).toContain('<button ref="s2">Show password</button>');
    expect(dom + JSON.stringify(await sw.snapshot())).not.toContain('MARKER-HOSTPW');
  });

  test('should keep the label and help text of a container marked one-time-code, and hide the code', async ({ page, stagewright: sw }) => {
    await page.setContent(`
      <div autocomplete="one-time-code">
        <label for="c">Verification code</label><input id="c">
        <p>Codes change every 30 seconds.</p>
      </div>
      <label for="e">Email</label><input id="e" value="grace@example.com">`);
    await page.locator('#c').fill('MARKER-OTC');
    await page.locator('#c').blur();
    expect(await sw.text()).toBe([
      '- textbox "Verification code" [ref=s1]',
      '- paragraph [ref=s2]: Codes change every 30 seconds.',
      '- textbox "Email" [ref=s3]: grace@example.com',
    ].join('\n'));
    const dom = await sw.dom();
    expect(dom).toContain('<p ref="s2">Codes change every 30 seconds.</p>');
    expect(dom).toContain('value="grace@example.com"');
    expect(dom + JSON.stringify(await sw.snapshot())).not.toContain('MARKER-OTC');
  });

  test('should keep the content of a card-number editable field inside a cc-* container secret', async ({ page, stagewright: sw }) => {
    await page.setContent(`
      <section autocomplete="cc-number" aria-label="Payment">
        <h2>Card</h2>
        <div contenteditable="true" role="textbox" aria-label="Card number">MARKER-CARD</div>
      </section>`);
    expect(await sw.text()).toBe([
      '- region "Payment" [ref=s1]:',
      '  - heading "Card" [level=2] [ref=s2]',
      '  - textbox "Card number" [ref=s3]',
    ].join('\n'));
    expect(await sw.dom()).not.toContain('MARKER-CARD');
  });
});

test.describe('component getters', () => {
  test('should see the children of a component whose class returns null from lastChild', async ({ page, stagewright: sw }) => {
    const { text } = await expectUnaffected(page, sw, { 'x-input': { body: 'get lastChild() { return null; }' } },
      `<x-input><label for="n">Full name</label><input id="n" value="Grace"></x-input>`);
    expect(text).toBe('- textbox "Full name" [ref=s1]: Grace');
  });

  test('should see the children of a component whose class hides them from every child accessor', async ({ page, stagewright: sw }) => {
    const { text } = await expectUnaffected(page, sw, {
      'x-button': { body: `
        get firstChild() { return null; } get lastChild() { return null; } get childNodes() { return document.createDocumentFragment().childNodes; }
        get children() { return document.createDocumentFragment().children; } get firstElementChild() { return null; } get lastElementChild() { return null; }` },
      'x-word': { body: 'get nextSibling() { return null; } get previousSibling() { return null; } get nextElementSibling() { return null; } get previousElementSibling() { return null; }' },
    }, `<x-button role="button" tabindex="0">Buy <x-word>now</x-word> <b>today</b></x-button>`);
    expect(text).toBe('- button "Buy now today" [ref=s1]');
  });

  test('should not read content that a child accessor invents', async ({ page, stagewright: sw }) => {
    const { text } = await expectUnaffected(page, sw, {
      'x-card': { body: `
        get lastChild() { return document.createTextNode('Invented'); }
        get firstChild() { return document.createTextNode('Invented'); }` },
    }, `<x-card><p>Plan details</p></x-card>`);
    expect(text).toBe('- paragraph [ref=s1]: Plan details');
  });

  test('should not be fooled by a component whose parent accessors lie', async ({ page, stagewright: sw }) => {
    // A closed <details> hides the component; one whose parent reads as null would seem outside it.
    const { text } = await expectUnaffected(page, sw, {
      'x-note': { body: 'get parentElement() { return null; } get parentNode() { return null; }' },
    }, `<details><summary>More</summary><x-note><p>Hidden note</p></x-note></details><x-note><p>Shown note</p></x-note>`);
    expect(text).toBe([
      '- group [ref=s1]:',
      '  - generic "More" [collapsed] [ref=s2]',
      '- paragraph [ref=s3]: Shown note',
    ].join('\n'));
  });

  test('should enter the shadow root of a component whose shadowRoot getter hides or invents one', async ({ page, stagewright: sw }) => {
    const { text } = await expectUnaffected(page, sw, {
      'x-hide': { body: `constructor() { super(); this.attachShadow({ mode: 'open' }).innerHTML = '<button>Save</button>'; }
        get shadowRoot() { return null; }` },
      'x-fake': { body: `get shadowRoot() {
          const root = document.createElement('div').attachShadow({ mode: 'open' });
          root.innerHTML = '<button>Invented</button>';
          return root;
        }` },
    }, `<x-hide></x-hide><x-fake><button>Cancel</button></x-fake>`);
    // x-fake has no shadow root: its light children render.
    expect(text).toBe([
      '- button "Save" [ref=s1]',
      '- button "Cancel" [ref=s2]',
    ].join('\n'));
  });

  test('should see a slotted component whose assignedSlot getter returns null', async ({ page, stagewright: sw }) => {
    // aria-owns is applied from a look at the owners before the walk: an owner that seemed
    // unslotted (so not rendered) would own nothing, and the owned item would sit outside its list.
    const { text } = await expectUnaffected(page, sw, {
      'x-frame': { body: `constructor() { super(); this.attachShadow({ mode: 'open' }).innerHTML = '<slot></slot>'; }` },
      'x-list': { body: 'get assignedSlot() { return null; }' },
    }, `<x-frame><x-list role="list" aria-owns="extra"><div role="listitem">One</div></x-list></x-frame><div role="listitem" id="extra">Two</div>`);
    expect(text).toBe([
      '- list [ref=s1]:',
      '  - listitem [ref=s2]: One',
      '  - listitem [ref=s3]: Two',
    ].join('\n'));
  });

  test('should read the node type, tag and text of a component from the DOM, not its class', async ({ page, stagewright: sw }) => {
    const { text } = await expectUnaffected(page, sw, {
      'x-comment': { body: 'get nodeType() { return 8; } get localName() { return "script"; } get tagName() { return "SCRIPT"; }' },
      'x-editor': { body: 'get textContent() { return "Invented"; } get isContentEditable() { return false; }' },
    }, `<x-comment><p>Still here</p></x-comment><x-editor contenteditable="true" role="textbox" aria-label="Notes">Real notes</x-editor>`);
    expect(text).toBe([
      '- paragraph [ref=s1]: Still here',
      '- textbox "Notes" [ref=s2]: Real notes',
    ].join('\n'));
  });

  test('should read the value and state of a customized built-in control from the DOM, not its class', async ({ page, stagewright: sw }) => {
    const { text, dom } = await expectUnaffected(page, sw, {
      'x-text': { extends: 'input', body: 'get value() { return "Invented"; } get type() { return "hidden"; }' },
      'x-check': { extends: 'input', body: 'get checked() { return false; }' },
      'x-select': { extends: 'select', body: 'get selectedIndex() { return -1; } get value() { return ""; } get options() { return []; }' },
    }, `
      <label for="n">Name</label><input is="x-text" id="n" value="Grace">
      <label><input is="x-check" type="checkbox" checked> Subscribe</label>
      <label for="p">Plan</label><select is="x-select" id="p"><option>Free</option><option selected>Pro</option></select>`);
    expect(text).toBe([
      '- textbox "Name" [ref=s1]: Grace',
      '- checkbox "Subscribe" [checked] [ref=s2]',
      '- combobox "Plan" [ref=s3]:',
      '  - text: Pro',
      '  - option "Free" [ref=s4]',
      '  - option "Pro" [selected] [ref=s5]',
    ].join('\n'));
    expect(dom).toContain('value="Grace"');
  });

  test('should read a link\'s URL from the DOM, not its class', async ({ page, stagewright: sw }) => {
    const { text } = await expectUnaffected(page, sw, {
      'x-link': { extends: 'a', body: 'get href() { return "https://invented.example/"; }' },
    }, `<a is="x-link" href="https://docs.example/guide">Guide</a>`);
    expect(text).toBe('- link "Guide" [ref=s1]:\n  - /url: https://docs.example/guide');
  });

  test('should pair labels and controls from the DOM, not from their classes', async ({ page, stagewright: sw }) => {
    const { text } = await expectUnaffected(page, sw, {
      'x-label': { extends: 'label', body: 'get control() { return null; }' },
      'x-input': { extends: 'input', body: 'get labels() { return document.createDocumentFragment().childNodes; }' },
    }, `<label is="x-label" for="n">Full name</label><input is="x-input" id="n" value="Grace">`);
    expect(text).toBe('- textbox "Full name" [ref=s1]: Grace');
  });
});

test.describe('label of a control that is not rendered', () => {
  for (const [what, control] of [
    ['display:none', '<textarea id="body" style="display:none"></textarea>'],
    ['visibility:hidden', '<textarea id="body" style="visibility:hidden"></textarea>'],
    ['the hidden attribute', '<textarea id="body" hidden></textarea>'],
    ['aria-hidden', '<textarea id="body" aria-hidden="true"></textarea>'],
  ]) {
    test(`should print the label as text when its control is hidden by ${what}`, async ({ page, stagewright: sw }) => {
      await page.setContent(`<label for="body">Body</label>${control}<p>After</p>`);
      expect(await sw.text()).toBe([
        '- text: Body',
        '- paragraph [ref=s1]: After',
      ].join('\n'));
      // Playwright's own snapshot prints it too.
      expect(await page.locator('body').ariaSnapshot()).toBe('- text: Body\n- paragraph: After');
    });
  }

  test('should print the label as text when its control is inside a closed details', async ({ page, stagewright: sw }) => {
    await page.setContent(`<label for="body">Body</label><details><summary>More</summary><textarea id="body"></textarea></details>`);
    expect(await sw.text()).toBe([
      '- text: Body',
      '- group [ref=s1]:',
      '  - generic "More" [collapsed] [ref=s2]',
    ].join('\n'));
    expect(await page.locator('body').ariaSnapshot()).toBe('- text: Body\n- group: More');
    // Once open, the control is in the snapshot and the label is its name, printed once.
    await page.locator('details').evaluate(details => (details as HTMLDetailsElement).open = true);
    expect(await sw.text()).toBe([
      '- group [ref=s1]:',
      '  - generic "More" [expanded] [ref=s2]',
      '  - textbox "Body" [ref=s3]',
    ].join('\n'));
  });

  test('should print a wrapping label as text when its control is not rendered', async ({ page, stagewright: sw }) => {
    await page.setContent(`<label>Remember me <input type="checkbox" style="display:none"></label><label>Subscribe <input type="checkbox"></label>`);
    expect(await sw.text()).toBe([
      '- text: Remember me',
      '- checkbox "Subscribe" [ref=s1]',
    ].join('\n'));
  });
});
