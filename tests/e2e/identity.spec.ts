// Refs a reader can trust (docs/design.md, Pairing): through delete, filter, re-render and re-sort,
// a ref points at the same item or at nothing — never at a different item. Items have no accessible
// name (a checkbox, a text, a "×" button), as in the to-do lists of the popular frameworks.
import type { Page } from '@playwright/test';
import type { Stagewright } from '../../src/index';
import { expect, test } from './helpers/fixtures';

type Rendering = 'innerHTML' | 'keyed';

/**
 * A to-do list of `count` items. `flex`: each item is a flex box, so its text is an entry of its
 * own (`generic: Walk dog`) instead of the item's text. `innerHTML` rebuilds every element at
 * every change; `keyed` keeps one element per item and only inserts, removes and moves.
 */
function todoPage(count: number, rendering: Rendering, flex: boolean): string {
  return `
  <style>li { ${flex ? 'display: flex; gap: 4px;' : ''} }</style>
  <main><h1>To-do</h1><ul id="list"></ul></main>
  <script>
    const items = Array.from({ length: ${count} }, (_, i) => ({ id: i + 1, text: 'Task ' + (i + 1) + ' ' + ['walk dog', 'buy milk', 'call mom', 'pay rent', 'read book'][i % 5], done: i % 3 === 0 }));
    const list = document.getElementById('list');
    const elements = new Map();
    let filter = 'all';
    let order = 1;
    const escape = text => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
    const visible = () => items.filter(item => filter === 'all' || (filter === 'done') === item.done)
        .sort((a, b) => order * (a.id - b.id));
    const html = item => '<input type="checkbox"' + (item.done ? ' checked' : '') + '><span>' + escape(item.text) + '</span><button>×</button>';
    function render() {
      if (${JSON.stringify(rendering)} === 'innerHTML') {
        list.innerHTML = visible().map(item => '<li data-id="' + item.id + '">' + html(item) + '</li>').join('');
        return;
      }
      const shown = visible();
      for (const [id, li] of elements) {
        if (!shown.some(item => item.id === id))
          li.remove();
      }
      for (const item of shown) {
        let li = elements.get(item.id);
        if (!li) {
          li = document.createElement('li');
          li.dataset.id = item.id;
          li.innerHTML = html(item);
          elements.set(item.id, li);
        }
        list.append(li); // In order: moves the ones already there.
      }
    }
    window.todo = {
      remove(id) { items.splice(items.findIndex(item => item.id === id), 1); elements.get(id)?.remove(); elements.delete(id); render(); },
      filter(value) { filter = value; render(); },
      reverse() { order = -order; render(); },
      rerender() { if (${JSON.stringify(rendering)} === 'innerHTML') render(); else { list.replaceChildren(); elements.clear(); render(); } },
    };
    render();
  </script>`;
}

/** For every ref: the item (`data-id`) its element belongs to, or null when it resolves to nothing. */
async function itemsOfRefs(sw: Stagewright, refs: string[]): Promise<Map<string, string | null>> {
  const result = new Map<string, string | null>();
  for (const ref of refs) {
    const ids = await sw.ref(ref).evaluateAll(elements => elements.map(element => element.closest('li')?.getAttribute('data-id') ?? '?'));
    result.set(ref, ids.length ? ids[0] : null);
  }
  return result;
}

/** The refs of the items' entries (item, checkbox, text, button), with the item each belongs to. */
async function itemRefs(sw: Stagewright): Promise<Map<string, string | null>> {
  const snapshot = await sw.snapshot();
  const list = snapshot.entries.find(entry => entry.role === 'list')!;
  const inList = new Set([list.ref]);
  const refs: string[] = [];
  for (const entry of snapshot.entries) {
    if (entry.parent && inList.has(entry.parent)) {
      inList.add(entry.ref);
      refs.push(entry.ref);
    }
  }
  return itemsOfRefs(sw, refs);
}

interface Tally { kept: number; gone: number; moved: string[] }

/** Checks every ref taken before a change against what it points at after. */
async function tally(sw: Stagewright, before: Map<string, string | null>, into: Tally) {
  const after = await itemsOfRefs(sw, [...before.keys()]);
  for (const [ref, item] of before) {
    const now = after.get(ref);
    if (now === null)
      into.gone++;
    else if (now === item)
      into.kept++;
    else
      into.moved.push(`${ref}: item ${item} -> item ${now}`);
  }
}

async function runScenario(page: Page, sw: Stagewright, rendering: Rendering, flex: boolean): Promise<Tally & { steps: Record<string, Tally> }> {
  await page.setContent(todoPage(50, rendering, flex));
  const total: Tally = { kept: 0, gone: 0, moved: [] };
  const steps: Record<string, Tally> = {};
  const change = async (label: string, action: string) => {
    const before = await itemRefs(sw);
    await page.evaluate(action);
    await sw.snapshot();
    const step: Tally = { kept: 0, gone: 0, moved: [] };
    await tally(sw, before, step);
    steps[label] = step;
    total.kept += step.kept;
    total.gone += step.gone;
    total.moved.push(...step.moved.map(line => `${label}: ${line}`));
  };
  await change('delete', 'todo.remove(10)');
  await change('filter done', `todo.filter('done')`);
  await change('filter all', `todo.filter('all')`);
  await change('re-render', 'todo.rerender()');
  await change('re-sort', 'todo.reverse()');
  await change('delete first', 'todo.remove(50)');
  return { ...total, steps };
}

test.describe('refs of nameless items', () => {
  for (const rendering of ['innerHTML', 'keyed'] as const) {
    for (const flex of [false, true]) {
      test(`should never point at a different item (${rendering}, ${flex ? 'flex items' : 'inline text'})`, async ({ page, stagewright: sw }) => {
        const result = await runScenario(page, sw, rendering, flex);
        test.info().annotations.push({ type: 'refs', description: JSON.stringify({ kept: result.kept, gone: result.gone, moved: result.moved.length, steps: Object.fromEntries(Object.entries(result.steps).map(([k, v]) => [k, [v.kept, v.gone, v.moved.length]])) }) });
        expect(result.moved).toEqual([]);
        // Not vacuous: most refs survive each change, by element or by content.
        expect(result.kept).toBeGreaterThan(result.gone);
        for (const [label, step] of Object.entries(result.steps)) {
          if (label !== 'filter all')
            expect(step.kept, label).toBeGreaterThan(0);
        }
      });
    }
  }

  test('should carry each item\'s refs to its re-render by content, and drop a deleted item\'s refs', async ({ page, stagewright: sw }) => {
    await page.setContent(todoPage(5, 'innerHTML', false));
    await sw.snapshot();
    const items = await sw.find({ role: 'listitem' });
    expect(items.map(item => item.text)).toEqual(['Task 1 walk dog', 'Task 2 buy milk', 'Task 3 call mom', 'Task 4 pay rent', 'Task 5 read book']);
    const buttons = await sw.find({ role: 'button', name: '×' });
    // Delete "Task 2": every element is rebuilt.
    await page.evaluate('todo.remove(2)');
    const after = await sw.find({ role: 'listitem' });
    expect(after.map(item => [item.ref, item.text])).toEqual([
      [items[0].ref, 'Task 1 walk dog'], [items[2].ref, 'Task 3 call mom'], [items[3].ref, 'Task 4 pay rent'], [items[4].ref, 'Task 5 read book'],
    ]);
    await expect(sw.ref(items[1].ref)).toHaveCount(0);
    await expect(sw.ref(buttons[1].ref)).toHaveCount(0);
    // The × of "Task 3" is still the × of "Task 3", not the one now in second place.
    await expect(sw.ref(buttons[2].ref).locator('xpath=..')).toContainText('Task 3 call mom');
  });

  test('should give identical items new refs rather than guess between them', async ({ page, stagewright: sw }) => {
    await page.setContent(`<ul id="list"><li>Same</li><li>Same</li><li>Other</li></ul>`);
    const [first, second, other] = await sw.find({ role: 'listitem' });
    await page.evaluate(() => { document.getElementById('list')!.innerHTML = '<li>Same</li><li>Same</li><li>Other</li>'; });
    const after = await sw.find({ role: 'listitem' });
    expect(after[2].ref).toBe(other.ref);
    for (const ref of [after[0].ref, after[1].ref])
      expect([first.ref, second.ref]).not.toContain(ref);
  });

  test('should not guess between look-alikes in a subtree snapshot either', async ({ page, stagewright: sw }) => {
    await page.setContent(`<ul id="a"><li>Same</li></ul><ul id="b"><li>Same</li></ul>`);
    const [inA, inB] = await sw.find({ role: 'listitem' });
    await page.evaluate(() => { document.getElementById('b')!.innerHTML = '<li>Same</li>'; });
    // The subtree walk sees one new "Same" and one orphan, but the orphan had a twin.
    const subtree = await sw.snapshot({ root: page.locator('#b') });
    const item = subtree.entries.find(entry => entry.role === 'listitem')!;
    expect(item.ref).not.toBe(inB.ref);
    expect(item.ref).not.toBe(inA.ref);
    await expect(sw.ref(inA.ref)).toHaveText('Same');
    await expect(sw.ref(inB.ref)).toHaveCount(0);
  });
});

test.describe('refs of table rows', () => {
  const table = (rows: string[][]) => `<table><thead><tr><th aria-sort="none"><button onclick="sortBy()">Name</button></th><th>Age</th></tr></thead>
    <tbody id="body">${rows.map(([name, age]) => `<tr><td>${name}</td><td>${age}</td></tr>`).join('')}</tbody></table>
    <script>
      function sortBy() {
        const body = document.getElementById('body');
        const rows = [...body.rows].map(row => [row.cells[0].textContent, row.cells[1].textContent]).sort((a, b) => a[0].localeCompare(b[0]));
        body.innerHTML = rows.map(([name, age]) => '<tr><td>' + name + '</td><td>' + age + '</td></tr>').join('');
        document.querySelector('th').setAttribute('aria-sort', 'ascending');
      }
    </script>`;

  test('should keep every row\'s ref on its row when a sort re-renders the body', async ({ page, stagewright: sw }) => {
    await page.setContent(table([['Carol', '41'], ['Alice', '30'], ['Bob', '25']]));
    const before = await sw.find({ role: 'row' });
    await page.getByRole('button', { name: 'Name' }).click();
    const after = await sw.find({ role: 'row' });
    expect(after.map(row => row.name)).toEqual(['Name Age', 'Alice 30', 'Bob 25', 'Carol 41']);
    const refOf = (rows: typeof before, name: string) => rows.find(row => row.name === name)!.ref;
    for (const name of ['Alice 30', 'Bob 25', 'Carol 41'])
      expect(refOf(after, name), name).toBe(refOf(before, name));
  });
});
