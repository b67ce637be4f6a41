import { estimateTokens } from '../../src/index';
import { errorOf, expect, test } from './helpers/fixtures';

test.describe('snapshot', () => {
  test('should describe entries with schema v1 fields', async ({ page, stagewright: sw }) => {
    await page.setContent(`
      <main>
        <h2>Form</h2>
        <label>Email <input id="email" value="a@b.c" placeholder="you@example.com" aria-describedby="help" required></label>
        <p id="help">We never share it.</p>
        <button disabled>Send</button>
        <div style="cursor: pointer">Clickable <span>inside</span></div>
        <div style="display:none"><button>Hidden</button></div>
        <span role="button" aria-label="Zero" style="display:inline-block;width:0;height:0"></span>
      </main>`);
    await page.focus('#email');
    const snapshot = await sw.snapshot();
    expect(snapshot.schemaVersion).toBe(1);
    const byName = (name: string) => snapshot.entries.find(e => e.name === name)!;
    const email = byName('Email');
    expect(email).toMatchObject({
      role: 'textbox', tag: 'input', value: 'a@b.c', placeholder: 'you@example.com', description: 'We never share it.',
      interactive: true, recently_changed: false, depth: 1, parent: snapshot.entries[0].ref,
      state: { required: true, focused: true, visible: true },
    });
    expect(email.bbox!.width).toBeGreaterThan(0);
    expect(email.fingerprint).toMatch(/^[0-9a-f]{8}$/);
    expect(byName('Send').state).toEqual({ disabled: true, visible: true });
    const clickable = snapshot.entries.find(e => e.text === 'Clickable inside')!;
    expect(clickable).toMatchObject({ role: 'generic', interactive: true });
    expect(snapshot.entries.find(e => e.name === 'Hidden')).toBeUndefined();
    expect(byName('Zero').state.visible).toBe(false);
    // Two captures came first, after setContent and after focus (`captureActions`): walks number on.
    expect(snapshot.meta).toMatchObject({ url: 'about:blank', snapshotId: 3, entryCount: snapshot.entries.length, truncated: false });
    expect(snapshot.meta.estimated_tokens).toBeGreaterThan(10);
  });

  test('should read ::before and ::after content from document, shadow and adopted style sheets', async ({ page, stagewright: sw }) => {
    await page.setContent(`
      <style>.save::before { content: "Save "; }</style>
      <button class="save">file</button>
      <button>plain</button>
      <div id="host"></div>
      <script>
        const root = document.getElementById('host').attachShadow({ mode: 'open' });
        root.innerHTML = '<style>.more::after { content: " more"; }</style><button class="more">Shadow</button><button class="adopted">Adopted</button>';
        const sheet = new CSSStyleSheet();
        sheet.replaceSync('.adopted::before { content: "Very "; }');
        root.adoptedStyleSheets = [sheet];
      </script>`);
    expect((await sw.find({ role: 'button' })).map(e => e.name)).toEqual(['Save file', 'plain', 'Shadow more', 'Very Adopted']);
  });

  test('should read the pseudo-element content of every rule shape, as Playwright does', async ({ page, stagewright: sw }) => {
    // The walk reads ::before/::after only where a rule that gives them content can match
    // (injected/pseudoContent.ts): each button here is reached by another kind of rule.
    await page.setContent(`
      <style>
        :is(.is-a, .is-b)::after { content: " is"; }
        .list > ::before { content: "child "; }
        @media (min-width: 1px) { .media::before { content: "media "; } }
        @supports (display: grid) { .supports::after { content: " supports"; } }
        @layer base { .layer::before { content: "layer "; } }
        .legacy:before { content: "legacy "; }
        .attr::after { content: " " attr(data-more); }
        .clear::after { content: ""; display: table; }
        .escaped\\:before { content: "no"; }
        .hover:hover::after { content: " hovered"; }
        .var::before { content: var(--label); }
        [data-kind="a, b"]::after { content: " comma"; }
        @media (min-width: 1px) { .swap { content: url(data:image/gif;base64,R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==) / "fourteen"; } }
      </style>
      <button class="is-b">one</button>
      <div class="list"><button>two</button></div>
      <button class="media">three</button>
      <button class="supports">four</button>
      <button class="layer">five</button>
      <button class="legacy">six</button>
      <button class="attr" data-more="more">seven</button>
      <button class="clear">eight</button>
      <button class="escaped:before">nine</button>
      <button class="hover">ten</button>
      <button class="var" style="--label: 'var '">eleven</button>
      <button data-kind="a, b">twelve</button>
      <button><span class="swap">replaced</span></button>
      <x-host></x-host>
      <script>
        customElements.define('x-host', class extends HTMLElement {
          constructor() {
            super();
            const root = this.attachShadow({ mode: 'open' });
            root.innerHTML = '<style>:host::before { content: "host "; } .inner::after { content: " inner"; }</style><button class="inner">thirteen</button>';
            this.setAttribute('role', 'group');
          }
        });
      </script>`);
    await page.hover('.hover');
    const expected = ['one is', 'child two', 'media three', 'four supports', 'layer five', 'legacy six', 'seven more', 'eight', 'nine', 'ten hovered', 'var eleven', 'twelve comma', 'fourteen', 'thirteen inner'];
    expect((await sw.find({ role: 'button' })).map(e => e.name)).toEqual(expected);
    for (const [i, name] of expected.entries())
      await expect(page.getByRole('button').nth(i)).toHaveAccessibleName(name);
    expect((await sw.find({ role: 'group' }))[0].text).toBe('host');
  });

  test('should read pseudo-element content where the scan cannot place its rules, or a page lies about them', async ({ page, stagewright: sw }) => {
    const names = async () => (await sw.find({ role: 'button' })).map(e => e.name);
    // CSS nesting: a nested selector is resolved against its parent's.
    await page.setContent(`
      <style>
        .nest { justify-content: center; &::after { content: " nested"; } .deep & .x::before { content: "deep "; } }
        .outer { @media (min-width: 1px) { > .inner::after { content: " inner"; } } color: red; }
        .swap { color: blue; & { content: url(data:image/gif;base64,R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==) / "seven"; } }
      </style>
      <button class="nest">one</button><button>two</button>
      <div class="deep"><div class="nest"><button class="x">three</button></div></div>
      <div class="outer"><button class="inner">four</button></div>
      <button><span class="swap">replaced</span></button>`);
    expect(await names()).toEqual(['one nested', 'two', 'deep three', 'four inner', 'seven']);
    for (const [i, name] of ['one nested', 'two', 'deep three', 'four inner', 'seven'].entries())
      await expect(page.getByRole('button').nth(i)).toHaveAccessibleName(name);
    // ::slotted styles light-DOM children from a shadow tree's sheet.
    await page.setContent(`
      <x-slots><button>five</button></x-slots>
      <script>
        customElements.define('x-slots', class extends HTMLElement {
          constructor() {
            super();
            this.attachShadow({ mode: 'open' }).innerHTML = '<style>::slotted(button)::after { content: " slotted"; }</style><slot></slot>';
          }
        });
      </script>`);
    expect(await names()).toEqual(['five slotted']);
    // The scan reads the sheets through the getters captured at install.
    await page.setContent(`
      <script>
        Object.defineProperty(CSSStyleRule.prototype, 'selectorText', { get: () => '.nothing' });
        Object.defineProperty(CSSStyleSheet.prototype, 'cssRules', { get: () => [] });
        Object.defineProperty(Document.prototype, 'styleSheets', { get: () => [] });
      </script>
      <style>.late::before { content: "late "; }</style>
      <button class="late">six</button>`);
    expect(await names()).toEqual(['late six']);
    await expect(page.getByRole('button')).toHaveAccessibleName('late six');
    // A page that adds a `content` value to Object.prototype does not make it read as no text.
    await page.setContent(`<script>Object.prototype['"polluted "'] = true;</script>
      <style>.p::before { content: "polluted "; }</style><button class="p">nine</button>`);
    expect(await names()).toEqual(['polluted nine']);
    // Past the scan's bound on rules, every element is read. (Last: setContent keeps the document,
    // and with it the adopted sheet.)
    await page.setContent(`<button class="big">seven</button><script>
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(Array.from({ length: 60000 }, (_, i) => '.r' + i + ' { color: red; }').join('') + '.big::before { content: "big "; }');
      document.adoptedStyleSheets = [sheet];
    </script>`);
    expect(await names()).toEqual(['big seven']);
  });

  test('should name rows, cells and what they hold as Playwright does, where content is read more than once', async ({ page, stagewright: sw }) => {
    // A row's name reads its cells, and each cell's name reads them again: what the walk remembers
    // of a subtree must give the same names as a fresh reading, references and loops included.
    await page.setContent(`
      <table>
        <tr><td><span id="who">Ada</span> <a href="#">open</a></td><td aria-labelledby="who">ignored</td><td><button aria-label="Delete Ada">×</button></td></tr>
        <tr aria-owns="owned"><td><b>Grace</b> <i>Hopper</i></td><td><input aria-label="note" value="typed"></td></tr>
        <tr><td><label>Pick <select><option>first</option><option selected>second</option></select></label></td><td><span hidden>gone</span> <span aria-hidden="true">hidden</span> back</td></tr>
        <tr><td id="loop" aria-labelledby="loop other">self</td><td id="other">other <span role="img" aria-label="star"></span></td></tr>
      </table>
      <div id="owned" role="cell">Owned cell</div>
      <ul><li><a href="#"><span>Linked</span> <em>item</em></a> <button>Edit <span>item</span></button></li></ul>`);
    const snapshot = await sw.snapshot();
    const named = snapshot.entries.filter(e => ['row', 'cell', 'link', 'button', 'listitem', 'img', 'textbox', 'combobox'].includes(e.role));
    expect(named.length).toBeGreaterThan(15);
    for (const entry of named)
      await expect(sw.ref(entry.ref), `${entry.role} ${entry.ref}`).toHaveAccessibleName(entry.name);
    expect(snapshot.entries.filter(e => e.role === 'row').map(e => e.name)).toEqual([
      'Ada open ignored Delete Ada', 'Grace Hopper typed Owned cell', 'Pick second back', 'self other star',
    ]);
  });

  test('should read pseudo-element content that a style sheet adds after the first snapshot', async ({ page, stagewright: sw }) => {
    await page.setContent(`<button class="x">Go</button>`);
    expect((await sw.find({ role: 'button' }))[0].name).toBe('Go');
    await page.addStyleTag({ content: '.x::after { content: " now"; }' });
    expect((await sw.find({ role: 'button' }))[0].name).toBe('Go now');
  });

  test('should walk open shadow roots and slots in rendered order', async ({ page, stagewright: sw }) => {
    await page.setContent(`
      <x-card><span slot="title">Card title</span><button>Light button</button></x-card>
      <script>
        customElements.define('x-card', class extends HTMLElement {
          constructor() {
            super();
            this.attachShadow({ mode: 'open' }).innerHTML = '<h3><slot name="title"></slot></h3><button>Shadow button</button><slot></slot>';
          }
        });
      </script>`);
    const snapshot = await sw.snapshot();
    expect(snapshot.entries.map(e => `${e.role} ${e.name}`)).toEqual(['heading Card title', 'button Shadow button', 'button Light button']);
    await sw.ref(snapshot.entries[1].ref).click();
  });

  test('should shape what is returned with interactiveOnly and maxEntries, never the baseline', async ({ page, stagewright: sw }) => {
    await page.setContent(`<nav aria-label="Main"><a href="/a">A</a><a href="/b">B</a></nav><h1>Title</h1><p>Text</p><button>Go</button>`);
    const interactive = await sw.snapshot({ interactiveOnly: true });
    expect(interactive.entries.map(e => e.name)).toEqual(['A', 'B', 'Go']);
    expect(interactive.entries.every(e => e.parent === null)).toBe(true);
    expect(interactive.meta.entryCount).toBe(6);
    const limited = await sw.snapshot({ maxEntries: 2 });
    expect(limited.entries).toHaveLength(2);
    expect(limited.meta).toMatchObject({ truncated: true, truncated_entries: 4, entryCount: 6 });
    // The baseline kept everything: nothing changed, so the diff is empty.
    const diff = await sw.snapshot({ since: 'last' });
    expect([diff.added.length, diff.removed.length, diff.changed.length]).toEqual([0, 0, 0]);
  });

  test('should diff against the last snapshot and render the diff as text', async ({ page, stagewright: sw }) => {
    await page.setContent(`<label>Name <input></label><button disabled>Save</button><div id="dialog" role="dialog" aria-label="Cart"></div>`);
    await sw.snapshot();
    await page.evaluate(() => {
      document.querySelector('input')!.value = 'Ada';
      document.querySelector('button')!.disabled = false;
      document.getElementById('dialog')!.remove();
      document.body.insertAdjacentHTML('beforeend', '<button>Pay</button>');
    });
    const text = await sw.text({ since: 'last' });
    expect(text).toMatch(new RegExp([
      '^diff \\+1 -1 ~2',
      '\\+ button "Pay" \\[ref=s\\d+\\]',
      '- dialog "Cart" \\[ref=s\\d+\\]',
      '~ textbox "Name" \\[ref=s\\d+\\] value: "" -> "Ada"',
      '~ button "Save" \\[ref=s\\d+\\] disabled: true -> false$',
    ].join('\\n')));
    const after = await sw.snapshot();
    expect(after.entries.every(e => !e.recently_changed)).toBe(true);
  });

  test('should snapshot a subtree with root, and never make it the baseline', async ({ page, stagewright: sw }) => {
    await page.setContent(`<nav aria-label="Main"><a href="/a">A</a><a href="/b">B</a></nav><main><h1>Title</h1><button>Go</button></main>`);
    const full = await sw.snapshot();
    const nav = await sw.snapshot({ root: page.getByRole('navigation') });
    expect(nav.entries.map(e => `${e.role} ${e.name}`)).toEqual(['navigation Main', 'link A', 'link B']);
    // Same elements, same refs.
    expect(nav.entries.map(e => e.ref)).toEqual(full.entries.slice(0, 3).map(e => e.ref));
    expect(await sw.text({ root: page.getByRole('main') })).toMatch(/^- main \[ref=s\d+\]:\n {2}- heading "Title" \[level=1\] \[ref=s\d+\]\n {2}- button "Go" \[ref=s\d+\]$/);
    const diff = await sw.snapshot({ since: 'last' });
    expect([diff.added.length, diff.removed.length, diff.changed.length]).toEqual([0, 0, 0]);
    expect((await errorOf(() => sw.snapshot({ root: page.locator('main'), since: 'last' }))).code).toBe('INVALID_ARGUMENT');
    expect((await errorOf(() => sw.snapshot({ root: '#main' as never }))).code).toBe('INVALID_ARGUMENT');
  });

  test('should give another page its own store through forPage', async ({ page, context, stagewright: sw }) => {
    await page.setContent(`<button>Main</button>`);
    const second = await context.newPage();
    await second.setContent(`<button>Popup</button><button>Other</button>`);
    const popup = sw.forPage(second);
    expect(sw.forPage(second)).toBe(popup);
    expect(sw.forPage(page)).toBe(sw);
    const [other] = await popup.find({ role: 'button', name: 'Other' });
    await popup.ref(other.ref).click();
    expect((await sw.find({ role: 'button' })).map(e => e.name)).toEqual(['Main']);
    expect(() => sw.ref(other.ref)).toThrow(/^REF_NOT_FOUND/);
  });

  test('should resolve link URLs against the base URL of each walk', async ({ page, stagewright: sw }) => {
    // Resolved URLs are remembered per base: a <base> added between walks must resolve them anew.
    await page.setContent(`<a href="guide/intro">Guide</a><a href="/top">Top</a>
      <svg width="20" height="20"><a href="svg/target"><text y="10">Svg link</text></a></svg>`);
    const urlOf = async (name: string) => (await sw.snapshot()).entries.find(e => e.name === name)?.url;
    expect(await urlOf('Guide')).not.toContain('example.com');
    await page.evaluate(() => document.head.insertAdjacentHTML('afterbegin', '<base href="https://example.com/docs/">'));
    expect(await urlOf('Guide')).toBe('https://example.com/docs/guide/intro');
    await page.evaluate(() => document.querySelector('base')!.setAttribute('href', 'https://other.test/a/'));
    expect(await urlOf('Guide')).toBe('https://other.test/a/guide/intro');
    expect(await urlOf('Top')).toBe('https://other.test/top');
    const svgLink = (await sw.snapshot()).entries.find(e => e.role === 'link' && e.tag === 'a' && e.name === 'Svg link');
    expect(svgLink?.url === undefined || typeof svgLink.url === 'string').toBe(true);
  });
});

test.describe('limits', () => {
  test.use({ stagewrightOptions: { limits: { maxNodes: 50 } } });

  test('should stop the walk at maxNodes and say so', async ({ page, stagewright: sw }) => {
    await page.setContent(`<ul>${Array.from({ length: 200 }, (_, i) => `<li><button>Item ${i}</button></li>`).join('')}</ul>`);
    const snapshot = await sw.snapshot();
    expect(snapshot.meta.truncated).toBe(true);
    expect(snapshot.entries.length).toBeLessThan(50);
    expect(await sw.text()).toMatch(/\n# truncated: a limit stopped the walk$/);
  });
});

test.describe('budgets', () => {
  test('should keep all buttons of 400 headings and 10 buttons under a small budget', async ({ page, stagewright: sw }) => {
    await page.setContent(`<main>${Array.from({ length: 400 }, (_, i) => `<h3>Heading number ${i}</h3>`).join('')}
      ${Array.from({ length: 10 }, (_, i) => `<button>Button ${i}</button>`).join('')}</main>`);
    const full = await sw.snapshot();
    const budgeted = await sw.snapshot({ budgetTokens: 200 });
    const text = await sw.text({ budgetTokens: 200 });
    expect(budgeted.entries.filter(e => e.role === 'button').map(e => e.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Button ${i}`));
    expect(budgeted.meta).toMatchObject({ truncated: true, entryCount: 411 });
    expect(budgeted.meta.truncated_entries).toBe(411 - budgeted.entries.length);
    expect(budgeted.meta.estimated_tokens).toBeLessThanOrEqual(200);
    expect(estimateTokens(text)).toBeLessThanOrEqual(200);
    expect(text).toMatch(/# truncated: \d+ of 411 entries left out$/);
    expect(full.meta.estimated_tokens).toBeGreaterThan(2000);
  });

  test('should budget diffs and keep the interactive changes', async ({ page, stagewright: sw }) => {
    await page.setContent(`<div id="log"></div><label>Name <input></label>`);
    await sw.snapshot();
    await page.evaluate(() => {
      document.getElementById('log')!.innerHTML = Array.from({ length: 200 }, (_, i) => `<p>Log line ${i}</p>`).join('');
      document.querySelector('input')!.value = 'Ada';
    });
    const diff = await sw.snapshot({ since: 'last', budgetTokens: 60 });
    expect(diff.changed.map(c => c.changes)).toEqual([{ value: { prev: '', curr: 'Ada' } }]);
    expect(diff.meta.totals).toEqual({ added: 200, removed: 0, changed: 1 });
    expect(diff.meta.truncated_entries).toBe(201 - diff.added.length - 1);
    expect(diff.meta.estimated_tokens).toBeLessThanOrEqual(60);
  });
});

test.describe('diffs', () => {
  test('should pin the compact shape: removed as identity, changed as identity plus changed fields', async ({ page, stagewright: sw }) => {
    await page.setContent(`<button id="save" disabled>Save</button><div role="alert">Old alert</div><a href="/a">Link</a>`);
    await sw.snapshot();
    await page.evaluate(() => {
      (document.getElementById('save') as HTMLButtonElement).disabled = false;
      document.querySelector('[role=alert]')!.remove();
      document.querySelector('a')!.setAttribute('href', '/b');
      document.body.insertAdjacentHTML('beforeend', '<button>New</button>');
    });
    const diff = await sw.snapshot({ since: 'last' });
    expect(Object.keys(diff).sort()).toEqual(['added', 'changed', 'meta', 'removed', 'reordered', 'schemaVersion']);
    expect(diff.removed).toEqual([{ ref: expect.stringMatching(/^s\d+$/), role: 'alert', name: '', fingerprint: expect.stringMatching(/^[0-9a-f]{8}$/) }]);
    expect(diff.changed.map(c => Object.keys(c).sort())).toEqual([['changes', 'fingerprint', 'name', 'ref', 'role'], ['changes', 'fingerprint', 'name', 'ref', 'role']]);
    expect(diff.changed.map(c => c.changes)).toEqual([
      { 'state.disabled': { prev: true, curr: undefined } },
      { url: { prev: expect.stringMatching(/\/a$/), curr: expect.stringMatching(/\/b$/) } },
    ]);
    expect(diff.added.map(e => [e.role, e.name, e.recently_changed])).toEqual([['button', 'New', true]]);
    // The capture after setContent was the first walk; page.evaluate is no action.
    expect(diff.meta.since).toBe(2);
    expect(diff.meta.snapshotId).toBe(3);

    await page.evaluate(() => document.querySelector('button')!.textContent = 'Saved');
    const full = await sw.snapshot({ since: 'last', diffFormat: 'full' });
    expect(full.changed).toHaveLength(1);
    expect(full.changed[0].prev!.name).toBe('Save');
    expect(full.changed[0].curr!.name).toBe('Saved');
    expect(full.changed[0].curr!.recently_changed).toBe(true);
  });

  test('should never let filters corrupt the baseline', async ({ page, stagewright: sw }) => {
    await page.setContent(`<h1>Title</h1><p>Text</p><button>Go</button><a href="/x">Link</a>`);
    await sw.snapshot({ interactiveOnly: true, maxEntries: 1, budgetTokens: 5 });
    const diff = await sw.snapshot({ since: 'last' });
    expect([diff.added, diff.removed, diff.changed]).toEqual([[], [], []]);
    await sw.snapshot({ since: 'last', interactiveOnly: true });
    expect(await sw.text({ since: 'last' })).toBe('diff +0 -0 ~0');
  });

  test('should say renderer_reloaded after a reload and mark older refs stale', async ({ page, stagewright: sw, server }) => {
    await page.goto(server.route('/reload.html', '<button>Go</button>'));
    const [go] = await sw.find({ role: 'button' });
    await page.reload();
    const diff = await sw.snapshot({ since: 'last' });
    expect(diff.meta.renderer_reloaded).toBe(true);
    expect(diff.added.map(e => e.name)).toEqual(['Go']);
    expect(diff.removed.map(e => e.ref)).toEqual([go.ref]);
    expect(() => sw.ref(go.ref)).toThrow(/^REF_STALE/);
    expect(await sw.text({ since: 'last' })).toBe('diff +0 -0 ~0');
  });
});

test.describe('enormous pages', () => {
  test('should end a 200,000-element page in a truncated snapshot within the time budget', async ({ page, stagewright: sw }) => {
    await page.evaluate(() => {
      const root = document.createElement('div');
      for (let i = 0; i < 20_000; i++) {
        const row = document.createElement('div');
        row.innerHTML = '<span>Row</span><span>text</span><a href="#">link</a><span><b>x</b></span><button>Go</button><i>i</i><input><em>e</em><span>s</span>';
        root.appendChild(row);
      }
      document.body.appendChild(root);
      // Lay the page out first: a synchronous layout cannot be cut short, by us or anyone.
      return document.body.offsetHeight;
    });
    expect(await page.evaluate(() => document.getElementsByTagName('*').length)).toBeGreaterThan(200_000);
    const started = Date.now();
    const snapshot = await sw.snapshot();
    expect(snapshot.meta.truncated).toBe(true);
    expect(Date.now() - started).toBeLessThan(2_000 + 3_000);
  });

  test.describe(() => {
    test.use({ stagewrightOptions: { limits: { timeBudgetMs: 100, maxNodes: 1_000_000 } } });
    test('should stop at the time budget', async ({ page, stagewright: sw }) => {
      await page.evaluate(() => {
        document.body.innerHTML = '<div>' + '<p>para <button>b</button> <a href="#">l</a></p>'.repeat(60_000) + '</div>';
        // Lay the page out first: a synchronous layout cannot be cut short, by us or anyone.
        return document.body.offsetHeight;
      });
      const snapshot = await sw.snapshot();
      expect(snapshot.meta.truncated).toBe(true);
      // Cut by time, far short of the 180,000 entries of a full walk; a generous margin for a busy machine.
      expect(snapshot.entries.length).toBeLessThan(60_000);
      expect(snapshot.meta.elapsed_ms).toBeLessThan(100 + 3_000);
      expect(await sw.text()).toMatch(/# truncated: a limit stopped the walk$/);
    });
  });

  test('should end a 20,000-deep nesting in a truncated snapshot, never a stack overflow', async ({ page, stagewright: sw }) => {
    // As parsed HTML, the way pages arrive: the parser keeps 20,000 elements, nested 513 deep.
    await page.setContent(`<h1>Shallow</h1><button>Top</button>${'<section aria-label="Level">'.repeat(20_000)}<button>Deepest</button>${'</section>'.repeat(20_000)}`);
    expect(await page.locator('section').count()).toBe(20_000);
    const started = Date.now();
    const snapshot = await sw.snapshot();
    expect(snapshot.meta.truncated).toBe(true);
    expect(snapshot.entries.slice(0, 3).map(e => e.name)).toEqual(['Shallow', 'Top', 'Level']);
    expect(Math.max(...snapshot.entries.map(e => e.depth))).toBeLessThanOrEqual(256);
    expect(Date.now() - started).toBeLessThan(2_000 + 3_000);
  });

  test.describe(() => {
    test.use({ stagewrightOptions: { limits: { maxDepth: 10_000 } } });
    test('should walk a 2,400-deep tree iteratively, names from deep content included', async ({ page, stagewright: sw }) => {
      // Built with DOM APIs, past the parser's cap. (This Chromium's renderer itself crashes on
      // layout somewhere below 3,000 levels, whatever the page is used for.)
      await page.evaluate(() => {
        let node: Element = document.body.appendChild(document.createElement('button'));
        for (let i = 0; i < 2_400; i++)
          node = node.appendChild(document.createElement(i % 2 ? 'span' : 'b'));
        node.textContent = 'Deep name';
        node = document.body.appendChild(document.createElement('div'));
        for (let i = 0; i < 2_400; i++)
          node = node.appendChild(document.createElement(i % 600 === 0 ? 'section' : 'div'));
        node.innerHTML = '<a href="#">Deepest link</a>';
      });
      const snapshot = await sw.snapshot();
      expect(snapshot.meta.truncated).toBe(false);
      expect(snapshot.entries.find(e => e.role === 'button')!.name).toBe('Deep name');
      const link = snapshot.entries.find(e => e.role === 'link')!;
      expect(link.name).toBe('Deepest link');
      await sw.ref(link.ref).click();
    });
  });
});
