import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './helpers/fixtures';

/** The lines a unified diff removes and adds, without its headers. */
function changedLines(diff: string): string[] {
  return diff.split('\n').filter(line => /^[-+]/.test(line) && !/^(---|\+\+\+) /.test(line));
}

function refsIn(text: string, pattern: RegExp): string[] {
  return [...text.matchAll(pattern)].map(m => m[1]);
}

const outputDir = () => test.info().outputPath('stagewright');

test.describe('sw.dom()', () => {
  // The diffs of sw.dom()'s own captures: a capture after each action would take the change first.
  test.use({ stagewrightOptions: { captureActions: false } });
  test('should write dom.html, accessibility-tree.yaml and a diff whose only change is the typed value', async ({ page, stagewright: sw }) => {
    await page.setContent(`<form><label for="email">Email</label><input id="email" name="email" type="email" placeholder="you@example.com"><button>Send</button></form>`);
    const before = await sw.dom();
    expect(fs.readFileSync(path.join(outputDir(), 'dom.html'), 'utf8')).toBe(before);
    await page.getByLabel('Email').fill('ada@example.com');
    const after = await sw.dom();
    const diffs = fs.readdirSync(path.join(outputDir(), 'diffs'));
    expect(diffs).toEqual(['002-dom.diff']);
    const diff = fs.readFileSync(path.join(outputDir(), 'diffs', diffs[0]), 'utf8');
    // The field had no value: the value line is added.
    expect(changedLines(diff)).toEqual([expect.stringMatching(/^\+\s+value="ada@example.com"$/)]);
    await page.getByLabel('Email').fill('grace@example.com');
    await sw.dom();
    const second = fs.readFileSync(path.join(outputDir(), 'diffs', '003-dom.diff'), 'utf8');
    expect(changedLines(second)).toEqual([expect.stringMatching(/^-\s+value="ada@example.com"$/), expect.stringMatching(/^\+\s+value="grace@example.com"$/)]);
    expect(after).toContain('ref="s');
    // Nothing changed: no new diff file.
    await sw.dom();
    expect(fs.readdirSync(path.join(outputDir(), 'diffs'))).toEqual(['002-dom.diff', '003-dom.diff']);
  });

  test('should show a field becoming invalid and its new error message in the diff', async ({ page, stagewright: sw }) => {
    await page.setContent(`<label for="name">Name</label><input id="name" required><button onclick="
      const input = document.getElementById('name');
      input.setAttribute('aria-invalid', 'true');
      input.setAttribute('aria-describedby', 'name-error');
      input.insertAdjacentHTML('afterend', '<p id=&quot;name-error&quot; class=&quot;error css-1q2w3e&quot;>Name is required</p>');
    ">Save</button>`);
    await sw.dom();
    await page.getByRole('button', { name: 'Save' }).click();
    await sw.dom();
    const diff = fs.readFileSync(path.join(outputDir(), 'diffs', '002-dom.diff'), 'utf8');
    const lines = changedLines(diff);
    expect(lines).toContainEqual(expect.stringMatching(/^\+\s+aria-describedby="name-error"$/));
    expect(lines).toContainEqual(expect.stringMatching(/^\+\s+aria-invalid="true"$/));
    expect(lines.some(line => /^\+\s*<p\s*$/.test(line) || /^\+\s*<p id="name-error" class="error" ref="s\d+">Name is required<\/p>$/.test(line))).toBe(true);
    expect(diff).toContain('Name is required');
    expect(diff).not.toContain('css-1q2w3e');
  });

  test('should carry exactly the refs of the snapshot taken at the same moment', async ({ page, stagewright: sw }) => {
    await page.setContent(`
      <nav aria-label="Main"><a href="/a">A</a><a href="/b">B</a></nav>
      <main><h1>Title</h1><p>Intro <span>text</span></p>
        <ul><li>One <button>Delete</button></li><li>Two <button>Delete</button></li></ul>
        <div hidden><button>Hidden</button></div>
        <input type="checkbox" aria-label="Agree" checked></main>`);
    const dom = await sw.dom();
    const yaml = fs.readFileSync(path.join(outputDir(), 'accessibility-tree.yaml'), 'utf8');
    const domRefs = refsIn(dom, / ref="((?:f\d+)?s\d+)"/g);
    const yamlRefs = refsIn(yaml, /\[ref=((?:f\d+)?s\d+)\]/g);
    expect(domRefs.length).toBeGreaterThan(8);
    expect(new Set(domRefs).size).toBe(domRefs.length);
    expect(domRefs.sort()).toEqual(yamlRefs.sort());
    // Hidden elements stay in the DOM file, without a ref.
    expect(dom).toMatch(/<div hidden>\s*<button>Hidden<\/button>/);
    expect(dom).not.toMatch(/<(script|style|head)/);
  });

  test('should never write a password, one-time code or card number', async ({ page, stagewright: sw }) => {
    await page.setContent(`
      <input type="password" value="initial-secret">
      <input autocomplete="one-time-code">
      <input autocomplete="billing cc-number">
      <textarea class="secret-notes"></textarea>`);
    await page.locator('input[type=password]').fill('hunter2-typed');
    await page.locator('[autocomplete="one-time-code"]').fill('987654');
    await page.locator('[autocomplete~="cc-number"]').fill('4111111111111111');
    await sw.dom();
    await sw.dom();
    for (const file of ['dom.html', 'accessibility-tree.yaml']) {
      const text = fs.readFileSync(path.join(outputDir(), file), 'utf8');
      for (const secret of ['initial-secret', 'hunter2-typed', '987654', '4111111111111111'])
        expect(text, `${file} leaks ${secret}`).not.toContain(secret);
    }
  });

  test.describe(() => {
    test.use({ stagewrightOptions: { redact: ['.secret-notes'] } });
    test('should keep the values and text of redact selectors out of the file', async ({ page, stagewright: sw }) => {
      await page.setContent(`<textarea class="secret-notes" aria-label="Notes"></textarea><div class="secret-notes">private text</div><p>public</p>`);
      await page.getByLabel('Notes').fill('my diary');
      const dom = await sw.dom();
      expect(dom).not.toContain('my diary');
      expect(dom).not.toContain('private text');
      expect(dom).toContain('public');
      expect(await sw.text()).not.toContain('my diary');
    });
  });

  test('should inline shadow roots between markers', async ({ page, stagewright: sw }) => {
    await page.setContent(`
      <x-widget id="open-host"><span>light child</span></x-widget>
      <div id="closed-host"></div>
      <script>
        customElements.define('x-widget', class extends HTMLElement {
          constructor() { super(); this.attachShadow({ mode: 'open' }).innerHTML = '<button>Open inside</button><slot></slot>'; }
        });
        const closed = document.getElementById('closed-host').attachShadow({ mode: 'closed' });
        closed.innerHTML = '<button>Closed inside</button>';
        window.__stagewright_closedShadowRoots = [closed];
      </script>`);
    const dom = await sw.dom();
    expect(dom).toMatch(/<x-widget id="open-host">\s*<!-- shadow-root -->\s*<button ref="s\d+">Open inside<\/button>\s*<slot><\/slot>\s*<!-- \/shadow-root -->\s*<span>light child<\/span>\s*<\/x-widget>/);
    expect(dom).toMatch(/<div id="closed-host">\s*<!-- shadow-root -->\s*<button ref="s\d+">Closed inside<\/button>\s*<!-- \/shadow-root -->\s*<\/div>/);
  });

  test.describe('frames', () => {

    test('should inline same- and cross-origin frames between markers inside their iframe', async ({ page, stagewright: sw, server, otherServer: other }) => {
      const same = server.route('/dom/same.html', `<p>Same text</p><button>Same button</button>`);
      const cross = other.route('/dom/cross.html', `<button>Cross button</button><input type="password" value="framed-secret">`).replace('127.0.0.1', 'localhost');
      await page.goto(server.route('/dom/top.html', `<h1>Top</h1><iframe title="same" src="${same}"></iframe><iframe title="cross" src="${cross}"></iframe>`));
      await expect(page.frameLocator('[title=cross]').getByRole('button')).toBeVisible();
      await expect(page.frameLocator('[title=same]').getByRole('button')).toBeVisible();
      const dom = await sw.dom();
      expect(dom).toMatch(/<iframe\s+src="[^"]+same.html"\s+title="same"\s+ref="s\d+"\s*>\s*<!-- BEGIN IFRAME f1 -->\s*<html>\s*<body>\s*<p ref="f1s\d+">Same text<\/p>\s*<button ref="f1s\d+">Same button<\/button>\s*<\/body>\s*<\/html>\s*<!-- END IFRAME f1 -->\s*<\/iframe>/);
      expect(dom).toMatch(/<!-- BEGIN IFRAME f2 -->[\s\S]*<button ref="f2s\d+">Cross button<\/button>[\s\S]*<!-- END IFRAME f2 -->\s*<\/iframe>/);
      expect(dom).not.toContain('framed-secret');
      expect(dom).not.toContain('stagewright-frame');
    });
  });

  test('should escape values and text so that the file parses back to the same structure', async ({ page, browser, stagewright: sw }) => {
    const tricky = `He said "hi" & <left> 'now' ✓ 𝄞 \u0007bell`;
    await page.setContent(`<main><p id="p" title='${tricky.replace(/'/g, '&#39;')}'></p><input id="i" aria-label="x"></main>`);
    await page.evaluate(text => {
      document.getElementById('p')!.textContent = text;
      (document.getElementById('i') as HTMLInputElement).value = text;
    }, tricky);
    const dom = await sw.dom();
    const parsed = await browser.newPage();
    await parsed.setContent(dom);
    const read = (p: typeof page) => p.evaluate(() => ({
      title: document.getElementById('p')!.getAttribute('title'),
      text: document.getElementById('p')!.textContent,
      value: document.getElementById('i')!.getAttribute('value'),
      tags: [...document.body.querySelectorAll('*')].map(e => e.localName),
    }));
    const original = await read(page);
    const roundTrip = await read(parsed);
    expect(roundTrip.title).toBe(original.title);
    expect(roundTrip.text).toBe(tricky.replace(/\s+/g, ' '));
    expect(roundTrip.value).toBe(tricky);
    expect(roundTrip.tags).toEqual(original.tags);
    await parsed.close();
  });

  test.describe(() => {
    // A 10 MB answer: its transfer alone takes seconds on a loaded machine, and this test is about
    // the length limit, not the page call's deadline (the time budget plus a slack), so it gets room.
    test.use({ stagewrightOptions: { captureActions: false, limits: { timeBudgetMs: 20_000 } } });

    test('should cut enormous values and stop the file at its length limit', async ({ page, stagewright: sw }) => {
      await page.setContent('<p id="blob"></p><div id="many"></div>');
      await page.evaluate(() => {
        document.getElementById('blob')!.textContent = 'y'.repeat(2_000_000);
        const many = document.getElementById('many')!;
        for (let i = 0; i < 600; i++) {
          const div = document.createElement('div');
          div.title = 'z'.repeat(19_000) + i;
          many.append(div);
        }
      });
      const dom = await sw.dom();
      expect(dom).toMatch(/>y{20000}…<\/p>/);
      // 600 titles of 19,000 characters would make an 11 MB file: it stops near 8 MB, and says so.
      expect(dom.length).toBeLessThan(11_000_000);
      expect(dom).toContain('<!-- truncated: a limit stopped the walk -->');
      expect(dom).not.toContain('z599');
    });
  });

  test('should give a second page its own sub-folder', async ({ page, context, stagewright: sw }) => {
    await page.setContent('<button>Main</button>');
    const popup = await context.newPage();
    await popup.setContent('<button>Popup</button>');
    await sw.dom();
    await sw.forPage(popup).dom();
    expect(fs.readFileSync(path.join(outputDir(), 'dom.html'), 'utf8')).toContain('Main');
    expect(fs.readFileSync(path.join(outputDir(), 'page-2', 'dom.html'), 'utf8')).toContain('Popup');
  });
});
