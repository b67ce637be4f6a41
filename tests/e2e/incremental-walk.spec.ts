// The incremental walk (docs/performance.md, The incremental walk): a walk takes each entry's
// subtree from the document's last walk where nothing changed there, and walks the rest. Under
// STAGEWRIGHT_VERIFY_INCREMENTAL=1 (set for the whole e2e suite) every walk that took something
// is compared with a full walk in the same task, so each snapshot below is also proven whole.
import { test, expect, errorOf } from './helpers/fixtures';
import { internalsOf, type Stagewright } from '../../src/api/stagewright';
import type { Snapshot } from '../../src/isomorphic/types';

function items(prefix: string, count: number): string {
  let html = '';
  for (let i = 0; i < count; i++)
    html += `<li><span>${prefix} item ${i}</span> <button>Edit ${prefix} ${i}</button></li>`;
  return html;
}

const kPage = `<style id="sheet">.shown::after { content: " (new)" }</style>
<main>
  <section aria-label="Inbox"><ul>${items('Inbox', 20)}</ul></section>
  <section aria-label="Archive"><ul>${items('Archive', 20)}</ul><div id="host"></div></section>
  <section aria-label="Form">
    <input aria-label="Title" value="Draft">
    <input type="checkbox" aria-label="Urgent">
    <label for="due">Due</label> <input id="due" value="Monday">
    <p id="note">Nothing yet</p>
  </section>
</main>`;

async function walk(sw: Stagewright): Promise<{ snapshot: Snapshot; taken: number }> {
  const snapshot = await sw.snapshot() as Snapshot;
  return { snapshot, taken: internalsOf(sw)!.store.lastTaken };
}

function line(snapshot: Snapshot, role: string, name: string) {
  return snapshot.entries.find(entry => entry.role === role && entry.name === name);
}

test.describe('the incremental walk', () => {
  test('should take the subtrees where nothing changed and walk the one that did', async ({ page, stagewright: sw }) => {
    expect(process.env.STAGEWRIGHT_VERIFY_INCREMENTAL, 'playwright.config.ts turns the oracle on').toBe('1');
    await page.setContent(kPage);
    await walk(sw);
    await page.evaluate(() => document.querySelector('section[aria-label="Inbox"] li span')!.textContent = 'Renamed');
    const { snapshot, taken } = await walk(sw);
    expect(snapshot.entries.some(entry => entry.text === 'Renamed' || entry.name === 'Renamed')).toBe(true);
    // The archive and the form are taken whole; inside the inbox, every item but the renamed one.
    expect(taken).toBeGreaterThan(snapshot.entries.length / 2);
    expect(taken).toBeLessThan(snapshot.entries.length);
    // With nothing changed, all is taken but the field a <label for> names (a label elsewhere may
    // name it: it reads outside its subtree), and the entries that hold it: the form and main.
    const again = await walk(sw);
    expect(again.taken).toBe(again.snapshot.entries.length - 3);
  });

  test('should see what changes with no mutation record in a subtree it would take', async ({ page, stagewright: sw }) => {
    await page.setContent(kPage);
    await walk(sw);
    // A style sheet rule: the archive's third button is no longer in the tree.
    await page.evaluate(() => (document.getElementById('sheet') as HTMLStyleElement).sheet!.insertRule('section[aria-label="Archive"] li:nth-child(3) button { display: none }'));
    let { snapshot } = await walk(sw);
    expect(line(snapshot, 'button', 'Edit Archive 2')).toBeUndefined();
    expect(line(snapshot, 'button', 'Edit Archive 3')).toBeDefined();
    // Form state a script set, and focus.
    await page.evaluate(() => {
      (document.querySelector('input[aria-label="Title"]') as HTMLInputElement).value = 'Final';
      (document.querySelector('input[type="checkbox"]') as HTMLInputElement).checked = true;
      (document.querySelector('section[aria-label="Inbox"] button') as HTMLButtonElement).focus();
    });
    ({ snapshot } = await walk(sw));
    expect(line(snapshot, 'textbox', 'Title')!.value).toBe('Final');
    expect(line(snapshot, 'checkbox', 'Urgent')!.state.checked).toBe(true);
    expect(line(snapshot, 'button', 'Edit Inbox 0')!.state.focused).toBe(true);
    // Generated content through a class (a record of `class` is for the sweep), and a box.
    await page.evaluate(() => document.getElementById('note')!.className = 'shown');
    ({ snapshot } = await walk(sw));
    expect(snapshot.entries.find(entry => entry.text?.startsWith('Nothing yet'))!.text).toBe('Nothing yet (new)');
    await page.evaluate(() => (document.getElementById('sheet') as HTMLStyleElement).sheet!.insertRule('section[aria-label="Inbox"] { padding-top: 300px }'));
    const before = line(snapshot, 'button', 'Edit Inbox 5')!.bbox!.y;
    ({ snapshot } = await walk(sw));
    const y = await page.getByRole('button', { name: 'Edit Inbox 5' }).evaluate(button => Math.round(button.getBoundingClientRect().y * 100) / 100);
    expect(y).toBeGreaterThan(before + 250);
    expect(line(snapshot, 'button', 'Edit Inbox 5')!.bbox!.y).toBe(y);
    // A label elsewhere renamed; a shadow root attached to an element already walked.
    await page.evaluate(() => {
      document.querySelector('label')!.textContent = 'Due date';
      document.getElementById('host')!.attachShadow({ mode: 'open' }).innerHTML = '<button>In shadow</button>';
    });
    ({ snapshot } = await walk(sw));
    expect(line(snapshot, 'textbox', 'Due date')).toBeDefined();
    expect(line(snapshot, 'button', 'In shadow')).toBeDefined();
  });

  test('should take the subtrees a sort moved among their siblings, but not one that changed out of the document', async ({ page, stagewright: sw }) => {
    await page.setContent(kPage);
    const names = (snapshot: Snapshot, prefix: string) => snapshot.entries.filter(entry => entry.role === 'button' && entry.name.startsWith(`Edit ${prefix}`)).map(entry => entry.name);
    let { snapshot } = await walk(sw);
    const inbox = names(snapshot, 'Inbox');
    // The inbox reversed in place, and one item changed while it was out of the list, in the same task.
    await page.evaluate(() => {
      const list = document.querySelector('section[aria-label="Inbox"] ul')!;
      const items = [...list.children];
      items[3].remove();
      items[3].querySelector('span')!.textContent = 'Moved and renamed';
      list.append(...items.reverse());
    });
    let taken: number;
    ({ snapshot, taken } = await walk(sw));
    expect(names(snapshot, 'Inbox')).toEqual([...inbox].reverse());
    expect(snapshot.entries.filter(entry => entry.text === 'Moved and renamed' || entry.name === 'Moved and renamed')).toHaveLength(1);
    // All but the list, what holds it, and the renamed item.
    expect(taken).toBe(snapshot.entries.length - 6);
    // Taken out in one task, changed after its records were delivered, put back in a later one:
    // nothing recorded the change, so it is walked again.
    await page.evaluate(() => {
      const list = document.querySelector('section[aria-label="Archive"] ul')!;
      (window as Window & { outOfList?: Element }).outOfList = list.children[2];
      list.children[2].remove();
    });
    await page.evaluate(() => new Promise(resolve => setTimeout(resolve, 0)));
    await page.evaluate(() => {
      const item = (window as Window & { outOfList?: Element }).outOfList!;
      item.querySelector('button')!.textContent = 'Changed out of sight';
      document.querySelector('section[aria-label="Archive"] ul')!.append(item);
    });
    ({ snapshot } = await walk(sw));
    expect(line(snapshot, 'button', 'Changed out of sight')).toBeDefined();
    expect(line(snapshot, 'button', 'Edit Archive 2')).toBeUndefined();
  });

  test('should take a table row whole when its header cell\'s scope says its role, and follow a scope that changes', async ({ page, stagewright: sw }) => {
    const row = (i: number, scope: string) => `<tr><th${scope}>Order ${i}</th><td><a href="/o/${i}">Customer ${i}</a></td><td><button>Cancel ${i}</button></td></tr>`;
    const rows = (scope: string) => Array.from({ length: 10 }, (_, i) => row(i, scope)).join('');
    await page.setContent(`<table aria-label="Scoped"><tbody>${rows(' scope="row"')}</tbody></table>
      <table aria-label="Unscoped"><tbody>${rows('')}</tbody></table><p id="note">Nothing yet</p>`);
    await walk(sw);
    await page.evaluate(() => document.getElementById('note')!.textContent = 'Changed');
    const { snapshot, taken } = await walk(sw);
    const entriesOf = (table: string) => {
      const at = snapshot.entries.findIndex(entry => entry.role === 'table' && entry.name === table);
      const end = snapshot.entries.findIndex((entry, i) => i > at && entry.depth <= snapshot.entries[at].depth);
      return snapshot.entries.slice(at + 1, end < 0 ? undefined : end);
    };
    // The scoped table is taken whole, rows and headers with it; in the other, each row's header
    // reads the cells beside it: the row and its header are walked again, its other cells taken.
    const scoped = entriesOf('Scoped').filter(entry => entry.role !== 'rowgroup');
    const unscoped = entriesOf('Unscoped').filter(entry => entry.role !== 'rowgroup');
    expect(scoped).toHaveLength(60);
    expect(taken).toBe(1 + entriesOf('Scoped').length + unscoped.length - 20);
    expect(scoped.filter(entry => entry.role === 'rowheader')).toHaveLength(10);
    // A scope set to `col` is an attribute record on the cell: walked again, a column header now.
    await page.evaluate(() => document.querySelector('th')!.setAttribute('scope', 'col'));
    const again = await walk(sw);
    expect(again.snapshot.entries.find(entry => entry.name === 'Order 0')!.role).toBe('columnheader');
  });

  test('should keep what a hidden subtree held for when it shows again, and walk what changed while it was hidden', async ({ page, stagewright: sw }) => {
    await page.setContent(kPage);
    const archive = (snapshot: Snapshot) => snapshot.entries.filter(entry => entry.name.startsWith('Edit Archive')).map(entry => `${entry.ref} ${entry.name}`);
    const setHidden = (label: string, hidden: boolean) => page.evaluate(([label, hidden]) => document.querySelector(`section[aria-label="${label}"]`)!.toggleAttribute('hidden', hidden), [label, hidden] as const);
    const first = await walk(sw);
    expect(archive(first.snapshot)).toHaveLength(20);
    // Hidden, two walks with other changes, then shown again.
    await setHidden('Archive', true);
    expect(archive((await walk(sw)).snapshot)).toEqual([]);
    for (const text of ['One', 'Two']) {
      await page.evaluate(text => document.getElementById('note')!.textContent = text, text);
      await walk(sw);
    }
    await setHidden('Archive', false);
    let { snapshot, taken } = await walk(sw);
    expect(archive(snapshot)).toEqual(archive(first.snapshot));
    // All is taken but the archive's region (shown again), main, and the form with its field a
    // label names: the archive's list, items and buttons come from the walk before it was hidden.
    expect(taken).toBe(snapshot.entries.length - 4);
    // Renamed while hidden: that item is walked again (its list and item), the rest taken.
    await setHidden('Archive', true);
    await walk(sw);
    await page.evaluate(() => document.querySelectorAll('section[aria-label="Archive"] button')[4].textContent = 'Renamed out of sight');
    await walk(sw);
    await setHidden('Archive', false);
    ({ snapshot, taken } = await walk(sw));
    expect(line(snapshot, 'button', 'Renamed out of sight')).toBeDefined();
    expect(line(snapshot, 'button', 'Edit Archive 4')).toBeUndefined();
    expect(taken).toBe(snapshot.entries.length - 7);
    // A value a script set while the form was hidden leaves no record: the sweep sees it.
    await setHidden('Form', true);
    await walk(sw);
    await page.evaluate(() => (document.querySelector('input[aria-label="Title"]') as HTMLInputElement).value = 'Set while hidden');
    await setHidden('Form', false);
    ({ snapshot } = await walk(sw));
    expect(line(snapshot, 'textbox', 'Title')!.value).toBe('Set while hidden');
  });

  test('should keep what is under a hidden wrapper with no entry of its own, and under what is hidden inside it', async ({ page, stagewright: sw }) => {
    await page.setContent(`<main><div id="wrap"><div><ul>${items('Menu', 10)}</ul></div></div><p id="note">Nothing yet</p></main>`);
    const show = (selector: string, shown: boolean) => page.evaluate(([selector, shown]) => (document.querySelector(selector) as HTMLElement).style.display = shown ? '' : 'none', [selector, shown] as const);
    const menu = (snapshot: Snapshot) => snapshot.entries.filter(entry => entry.role === 'button').map(entry => entry.name);
    const first = await walk(sw);
    await show('#wrap', false);
    expect(menu((await walk(sw)).snapshot)).toEqual([]);
    // Shown again with its third item hidden in the same task: main and the list are walked, the
    // other items taken from the walk before the wrapper was hidden, and the note from the last.
    await page.evaluate(() => {
      (document.getElementById('wrap') as HTMLElement).style.display = '';
      (document.querySelectorAll('li')[2] as HTMLElement).style.display = 'none';
    });
    let { snapshot, taken } = await walk(sw);
    expect(menu(snapshot)).toEqual(menu(first.snapshot).filter(name => name !== 'Edit Menu 2'));
    expect(taken).toBe(2 * 9 + 1);
    // The third item's button was kept under it, hidden inside what was hidden: all is taken but
    // main, the list and that item.
    await show('li:nth-child(3)', true);
    ({ snapshot, taken } = await walk(sw));
    expect(menu(snapshot)).toEqual(menu(first.snapshot));
    expect(taken).toBe(snapshot.entries.length - 3);
  });

  test('should fail a walk that took a changed subtree, naming the difference', async ({ page, stagewright: sw }) => {
    await page.setContent(kPage);
    const store = internalsOf(sw)!.store;
    await walk(sw);
    await page.evaluate(() => (document.getElementById('sheet') as HTMLStyleElement).sheet!.insertRule('section[aria-label="Archive"] button { display: none }'));
    // What a sweep that missed the change would give: the archive as it was.
    store.unsoundReuse = true;
    try {
      const error = await errorOf(() => sw.snapshot());
      expect(error.code).toBe('INCREMENTAL_MISMATCH');
      expect(error.message).toMatch(/entry \d+ \(taken from the last walk\): \[.*"button","Edit Archive 0".* where a full walk has /);
    } finally {
      store.unsoundReuse = false;
    }
    const { snapshot } = await walk(sw);
    expect(line(snapshot, 'button', 'Edit Archive 0')).toBeUndefined();
  });
});
