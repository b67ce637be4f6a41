// sw.text() says everything the page says, once, in reading order (docs/concepts.md, Text runs), as
// valid YAML.

import { createRequire } from 'node:module';
import { expect, test } from './helpers/fixtures';

// The YAML parser Playwright reads aria snapshots with.
const { yaml } = createRequire(__filename)('playwright-core/lib/utilsBundle') as { yaml: { parse(text: string): unknown } };

test.describe('text', () => {
  test('should print text runs among the children in reading order', async ({ page, stagewright: sw }) => {
    await page.setContent(`<p>Hello <a href="/link">world</a> again</p><ul><li><strong>2</strong> items left</li></ul>`);
    expect(await sw.text()).toBe([
      '- paragraph [ref=s1]:',
      '  - text: Hello',
      '  - link "world" [ref=s2]:',
      '    - /url: /link',
      '  - text: again',
      '- list [ref=s3]:',
      '  - listitem [ref=s4]:',
      '    - strong [ref=s5]: "2"',
      '    - text: items left',
    ].join('\n'));
    const snapshot = await sw.snapshot();
    const paragraph = snapshot.entries.find(entry => entry.role === 'paragraph')!;
    expect(paragraph.text).toBe('Hello again');
    expect(paragraph.runs).toEqual([{ at: 0, text: 'Hello' }, { at: 1, text: 'again' }]);
    expect(snapshot.entries.find(entry => entry.role === 'listitem')!.runs).toEqual([{ at: 1, text: 'items left' }]);
  });

  test('should keep text with no entry above it at the top level, and blocks apart', async ({ page, stagewright: sw }) => {
    await page.setContent(`
      <label>Email <input aria-invalid="true"></label><span>Email is invalid</span>
      <div><span>$</span><span>12</span></div>
      <span>One</span> <span>Two</span> <span>Three</span>
      <div><div><span>A</span></div><div><span>B</span></div></div>`);
    expect(await sw.text()).toBe([
      '- textbox "Email" [invalid] [ref=s1]',
      '- text: Email is invalid',
      '- text: $12',
      '- text: One Two Three',
      '- text: A',
      '- text: B',
    ].join('\n'));
    expect((await sw.snapshot()).text).toEqual([
      { at: 1, text: 'Email is invalid' }, { at: 1, text: '$12' }, { at: 1, text: 'One Two Three' }, { at: 1, text: 'A' }, { at: 1, text: 'B' },
    ]);
    expect(await sw.text({ interactiveOnly: true })).toBe('- textbox "Email" [invalid] [ref=s1]');
  });

  test('should show text that a label or value does not say, and not repeat what the name says', async ({ page, stagewright: sw }) => {
    await page.setContent(`
      <div role="progressbar" aria-label="Upload">7</div>
      <button aria-label="Close">x</button>
      <button>Save <b>all</b></button>
      <input aria-label="Query" placeholder="Search here"><input placeholder="Email">`);
    expect(await sw.text()).toBe([
      '- progressbar "Upload" [ref=s1]: "7"',
      '- button "Close" [ref=s2]: x',
      '- button "Save all" [ref=s3]',
      '- textbox "Query" [ref=s4]:',
      '  - /placeholder: Search here',
      '- textbox "Email" [ref=s5]',
    ].join('\n'));
  });

  test('should leave out a name only where the lines below say it in full', async ({ page, stagewright: sw }) => {
    await page.setContent(`
      <table aria-label="Orders">
        <tr>
          <th scope="row">#7</th>
          <td><a href="/c/7">Ann Lee</a></td>
          <td><button aria-label="Edit order 7">Edit</button></td>
          <td><code>Ctrl</code>+<code>C</code></td>
        </tr>
        <tr><td aria-label="Total $5"><strong>$5</strong></td></tr>
      </table>`);
    expect(await sw.text()).toBe([
      '- table "Orders" [ref=s1]:',
      '  - rowgroup [ref=s2]:',
      '    - row [ref=s3]:',
      '      - rowheader "#7" [ref=s4]',
      '      - cell [ref=s5]:',
      '        - link "Ann Lee" [ref=s6]:',
      '          - /url: /c/7',
      '      - cell [ref=s7]:',
      '        - button "Edit order 7" [ref=s8]',
      '      - cell [ref=s9]:',
      '        - code [ref=s10]: Ctrl',
      '        - text: +',
      '        - code [ref=s11]: C',
      '    - row "Total $5" [ref=s12]:',
      '      - cell "Total $5" [ref=s13]:',
      '        - strong [ref=s14]: $5',
    ].join('\n'));
    // The entries keep their names: find, the matchers and diffs read them.
    expect((await sw.find({ role: 'row' })).map(row => row.name)).toEqual(['#7 Ann Lee Edit order 7 Ctrl+C', 'Total $5']);
  });

  test('should show visible aria-hidden content as Playwright\'s AI snapshot does, and inert content as one marked entry', async ({ page, stagewright: sw }) => {
    await page.setContent(`
      <div aria-hidden="true"><h2>Hidden heading</h2><a href="#">Hidden link</a></div>
      <div inert><button>Inert button</button></div>
      <button><span aria-hidden="true">★</span> Favourite</button>
      <span aria-hidden="true"><svg width="5" height="5"></svg></span>`);
    // Its elements are entries with their text, and no names: aria-hidden takes them out of the
    // accessibility tree, not off the screen.
    expect(await sw.text()).toBe([
      '- generic [aria-hidden] [ref=s1]:',
      '  - heading [level=2] [ref=s2]: Hidden heading',
      '  - link [ref=s3]:',
      '    - /url: about:blank#',
      '    - text: Hidden link',
      '- generic [inert] [ref=s4]: Inert button',
      '- button "Favourite" [ref=s5]',
    ].join('\n'));
    // Playwright's AI snapshot shows the same entries, roles, levels and text, with no names.
    expect(await page.ariaSnapshot({ mode: 'ai' })).toContain([
      '  - generic [aria-hidden] [ref=e2]:',
      '    - heading [level=2] [ref=e3]: Hidden heading',
      '    - link [ref=e4] [cursor=pointer]:',
      '      - /url: "#"',
      '      - text: Hidden link',
    ].join('\n'));
  });

  test('should read visible aria-hidden content through shadow roots and labels as Playwright does', async ({ page, stagewright: sw }) => {
    // Found by the fuzzer (tests/fuzz): text only in a shadow tree, and a label whose control is
    // hidden with it, were lost.
    await page.setContent(`
      <script>customElements.define('x-badge', class extends HTMLElement { connectedCallback() { this.attachShadow({ mode: 'open' }).innerHTML = 'Profile'; } });</script>
      <div aria-hidden="true"><x-badge></x-badge></div>
      <div aria-hidden="true"><input id="c"><label for="c">Comment</label></div>
      <div aria-hidden="true"><input aria-label="Qty" value="Quantity 3"></div>
      <div inert><label for="t">Title</label><input id="t"></div>
      <div inert><div aria-hidden="true"><div role="heading">Orders</div></div><p>Reset</p></div>`);
    expect(await sw.text()).toBe([
      '- generic [aria-hidden] [ref=s1]: Profile',
      '- generic [aria-hidden] [ref=s2]:',
      '  - textbox [ref=s3]',
      '  - text: Comment',
      '- generic [aria-hidden] [ref=s4]:',
      '  - textbox [ref=s5]: Quantity 3',
      '- generic [inert] [ref=s6]: Title',
      '- generic [inert] [ref=s7]:',
      '  - text: Orders',
      '  - text: Reset',
    ].join('\n'));
  });

  test('should read an editable textbox\'s paragraphs as its value, once, and keep the widgets inside it', async ({ page, stagewright: sw }) => {
    await page.setContent(`<div contenteditable="true" role="textbox" aria-label="Note"><p>Account</p><p>Second <a href="/x">link</a></p></div>`);
    expect(await sw.text()).toBe([
      '- textbox "Note" [ref=s1]:',
      '  - text: Account',
      '  - text: Second link',
      '  - link "link" [ref=s2]:',
      '    - /url: /x',
    ].join('\n'));
  });

  test('should mark clickable non-widgets with [cursor=pointer], not links and buttons', async ({ page, stagewright: sw }) => {
    await page.setContent(`
      <style>.c { cursor: pointer }</style>
      <div class="c">Open card <span>inherits</span></div>
      <img class="c" alt="Zoom" src="data:,">
      <a class="c" href="/x">Link</a><button class="c">Button</button>`);
    expect(await sw.text()).toBe([
      '- generic [cursor=pointer] [ref=s1]: Open card inherits',
      '- img "Zoom" [cursor=pointer] [ref=s2]',
      '- link "Link" [ref=s3]:',
      '  - /url: /x',
      '- button "Button" [ref=s4]',
    ].join('\n'));
  });

  test('should put ::before and ::after content in the text runs where it renders', async ({ page, stagewright: sw }) => {
    await page.setContent(`
      <style>.req::after { content: " (required)" } .note::before { content: "Note: " } .price::before { content: "$" }</style>
      <p class="note">Fields marked <span class="req">Name</span> must be filled <a href="/help">help</a></p>
      <div><span class="price">12</span></div>`);
    expect(await sw.text()).toBe([
      '- paragraph [ref=s1]:',
      '  - text: "Note: Fields marked Name (required) must be filled"',
      '  - link "help" [ref=s2]:',
      '    - /url: /help',
      '- text: $12',
    ].join('\n'));
  });

  test('should apply aria-owns to the tree', async ({ page, stagewright: sw }) => {
    await page.setContent(`
      <div role="list" aria-label="Owned list" aria-owns="far-item"><div role="listitem">Near item</div></div>
      <p>Between</p>
      <div role="listitem" id="far-item">Far item</div>
      <div role="menu" aria-label="Owns menu" aria-owns="mi2 mi1"></div>
      <div role="menuitem" id="mi1">Cut</div><div role="menuitem" id="mi2">Copy</div>
      <div aria-owns="gone" hidden></div><div role="note" id="gone">Stays</div>`);
    expect(await sw.text()).toBe([
      '- list "Owned list" [ref=s1]:',
      '  - listitem [ref=s2]: Near item',
      '  - listitem [ref=s3]: Far item',
      '- paragraph [ref=s4]: Between',
      '- menu "Owns menu" [ref=s5]:',
      '  - menuitem "Copy" [ref=s6]',
      '  - menuitem "Cut" [ref=s7]',
      '- note [ref=s8]: Stays',
    ].join('\n'));
  });

  test('should not cut ordinary paragraphs, names or code, only hostile text', async ({ page, stagewright: sw }) => {
    const paragraph = 'word '.repeat(1_000).trim();
    const code = Array.from({ length: 150 }, (_, i) => `line ${i}: const x${i} = ${i};`).join('\n');
    await page.setContent(`<p></p><button></button><pre></pre><p id="huge"></p>`);
    await page.evaluate(([p, c]) => {
      document.querySelector('p')!.textContent = p;
      document.querySelector('button')!.textContent = p;
      document.querySelector('pre')!.textContent = c;
      document.querySelector('#huge')!.textContent = 'x'.repeat(20_000);
    }, [paragraph, code]);
    const entries = (await sw.snapshot()).entries;
    expect(entries[0].text).toBe(paragraph);
    expect(entries[1].name).toBe(paragraph);
    expect(entries[2].text).toBe(code.replace(/\s+/g, ' '));
    expect(entries[3].text).toHaveLength(10_000);
    expect(entries[3].text!.endsWith('…')).toBe(true);
  });

  test('should always be valid YAML that reads back the names and text of the page', async ({ page, stagewright: sw }) => {
    const fuzz = ['a: b', 'ends with:', 'x #y', '#hash', '- dash', '[x] y', '{a}', '"quoted"', "it's", 'back\\slash',
      '`tick`', '&anchor', '*alias', '!tag', '|pipe', '>gt', '%pct', '@at', 'true', 'null', '12', '.inf', '0x1F',
      'emoji 🎉 ok', 'a "b: c" d', '[ref=s9]', 'key: "v" # c', "'single'", '? q', ',comma'];
    await page.setContent(fuzz.map(() => `<button></button><p></p><input>`).join('') + '<textarea>line\nbreak</textarea>');
    await page.evaluate(strings => {
      const buttons = document.querySelectorAll('button');
      const paragraphs = document.querySelectorAll('p');
      const inputs = document.querySelectorAll('input');
      strings.forEach((s, i) => {
        buttons[i].setAttribute('aria-label', s);
        buttons[i].textContent = '(' + s + ')';
        paragraphs[i].textContent = s;
        inputs[i].setAttribute('aria-label', s);
        inputs[i].value = s;
        inputs[i].placeholder = s + '!';
      });
    }, fuzz);
    const text = await sw.text();
    const parsed = yaml.parse(text) as unknown[];
    const entries = (await sw.snapshot()).entries;
    expect(parsed).toHaveLength(entries.length);
    for (const [i, s] of fuzz.entries()) {
      const [button, paragraph, input] = entries.slice(3 * i, 3 * i + 3);
      expect(parsed[3 * i]).toEqual({ [`button ${JSON.stringify(s)} [ref=${button.ref}]`]: `(${s})` });
      expect(parsed[3 * i + 1]).toEqual({ [`paragraph [ref=${paragraph.ref}]`]: s });
      expect(parsed[3 * i + 2]).toEqual({ [`textbox ${JSON.stringify(s)} [ref=${input.ref}]`]: [{ text: s }, { '/placeholder': s + '!' }] });
    }
    expect(parsed[parsed.length - 1]).toEqual({ [`textbox [ref=${entries[entries.length - 1].ref}]`]: 'line\nbreak' });
  });
});
