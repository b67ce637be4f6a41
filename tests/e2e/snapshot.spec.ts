import { expect, test } from './helpers/fixtures';

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
    expect(snapshot.meta).toMatchObject({ url: 'about:blank', snapshotId: 1, entryCount: snapshot.entries.length, truncated: false });
    expect(snapshot.meta.estimated_tokens).toBeGreaterThan(10);
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
