// Refs of elements inside repeated items (docs/design.md, Fingerprints): a cell, link or button in
// a row or list item is identified together with its item, so a re-render never hands its ref to
// the same-named element of another row; an item that leaves and comes back unchanged gets its refs
// back; and a re-sort's diff says which rows moved.
import type { Page } from '@playwright/test';
import type { Snapshot, SnapshotEntry, Stagewright } from '../../src/index';
import { expect, test } from '../../src/index';

/** The `data-key` of the row or item an element sits in, or null (not in one, or resolves to nothing). */
async function keyOf(sw: Stagewright, ref: string): Promise<string | null> {
  const keys = await sw.ref(ref).evaluateAll(elements => elements.map(element => element.closest('[data-key]')?.getAttribute('data-key') ?? null));
  return keys.length ? keys[0] : null;
}

async function keysOf(sw: Stagewright, refs: string[]): Promise<Map<string, string | null>> {
  const result = new Map<string, string | null>();
  for (const ref of refs)
    result.set(ref, await keyOf(sw, ref));
  return result;
}

test.describe('refs inside rows', () => {
  test('should not move a uniquely named cell\'s ref to the same-named cell of another row', async ({ page, stagewright: sw }) => {
    await page.setContent(`
      <table><tbody id=rows><tr><td>10180</td><td>Ada Allen</td><td>United Kingdom</td></tr><tr><td>10181</td><td>Tim Lee</td><td>France</td></tr></tbody></table>
      <button onclick="document.getElementById('rows').innerHTML = '<tr><td>10365</td><td>Ada Lovelace</td><td>United Kingdom</td></tr><tr><td>10366</td><td>Alan Turing</td><td>Spain</td></tr>'">Next page</button>`);
    const [cell] = await sw.find({ role: 'cell', name: 'United Kingdom' });
    await sw.ref((await sw.find({ role: 'button', name: 'Next page' }))[0].ref).click();
    const after = await sw.snapshot();
    const now = after.entries.find(entry => entry.role === 'cell' && entry.name === 'United Kingdom')!;
    expect(now.ref).not.toBe(cell.ref);
    await expect(sw.ref(cell.ref)).toHaveCount(0);
    // And back: the first page's row is the same row again, and its cell gets its ref back.
    await page.evaluate(() => { document.getElementById('rows')!.innerHTML = '<tr><td>10180</td><td>Ada Allen</td><td>United Kingdom</td></tr><tr><td>10181</td><td>Tim Lee</td><td>France</td></tr>'; });
    await sw.snapshot();
    await expect(sw.ref(cell.ref)).toHaveText('United Kingdom');
    await expect(sw.ref(cell.ref).locator('xpath=..')).toContainText('10180');
  });

  test('should never move a ref to another row through sort, filter and paging of a grid', async ({ page, stagewright: sw }) => {
    // About 1,500 page calls, and the oracle walks every snapshot that took something twice.
    test.slow();
    await page.setContent(kGridPage);
    const tally = { pairs: 0, moved: [] as string[] };
    for (const layout of ['table', 'links', 'aria'] as const) {
      await page.evaluate(value => (window as any).grid.layout(value), layout);
      // The row of every ref seen so far in this layout: a ref seen again, after any number of
      // operations, is in that row or resolves to nothing.
      const seen = await keysOf(sw, refsOf(await sw.snapshot()));
      for (const [label, action] of kGridOperations) {
        await page.evaluate(action);
        const now = await keysOf(sw, refsOf(await sw.snapshot()));
        for (const [ref, key] of now) {
          const before = seen.get(ref);
          if (before === undefined || before === null) {
            seen.set(ref, key);
            continue;
          }
          tally.pairs++;
          if (key !== before)
            tally.moved.push(`${layout} ${label}: ${ref} row ${before} -> ${key}`);
        }
      }
    }
    test.info().annotations.push({ type: 'pairs', description: String(tally.pairs) });
    expect(tally.moved).toEqual([]);
    expect(tally.pairs).toBeGreaterThanOrEqual(500);
  });
});

function refsOf(snapshot: Snapshot): string[] {
  return snapshot.entries.map(entry => entry.ref);
}

const kCountries = ['United Kingdom', 'France', 'Spain', 'Germany', 'Italy'];
const kAmounts = ['$120.00', '$75.50', '$120.00', '$9.99', '$75.50', '$310.00'];

// 40 people, 12 to a page; every country and amount repeats across rows. Each operation rebuilds
// the body from the data (innerHTML), as data grids do.
const kGridPage = `
  <main><h1>Customers</h1><div id="grid"></div></main>
  <script>
    const first = ['Ada', 'Tim', 'Alan', 'Grace', 'Linus', 'Edsger', 'Barbara', 'Ken'];
    const last = ['Allen', 'Lee', 'Turing', 'Hopper', 'Torvalds', 'Dijkstra', 'Liskov'];
    const rows = Array.from({ length: 40 }, (_, i) => ({
      id: 10180 + i, name: first[i % 8] + ' ' + last[(i * 3) % 7],
      country: ${JSON.stringify(kCountries)}[(i * 7) % 5], amount: ${JSON.stringify(kAmounts)}[i % 6],
      // Rare: mostly one on screen, in another row after each operation.
      note: i % 13 === 0 ? 'VIP' : i % 11 === 0 ? 'Overdue' : '',
    }));
    const state = { layout: 'table', sort: 'id', dir: 1, country: '', page: 0 };
    const escape = text => String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;');
    function shown() {
      const value = row => state.sort === 'amount' ? parseFloat(row.amount.slice(1)) : row[state.sort];
      return rows.filter(row => !state.country || row.country === state.country)
        .sort((a, b) => (value(a) < value(b) ? -1 : value(a) > value(b) ? 1 : a.id - b.id) * state.dir)
        .slice(state.page * 12, state.page * 12 + 12);
    }
    function row(r) {
      if (state.layout === 'table')
        return '<tr data-key="' + r.id + '"><td>' + r.id + '</td><td>' + escape(r.name) + '</td><td>' + escape(r.country) + '</td><td>' + r.amount + '</td><td>' + r.note + '</td></tr>';
      if (state.layout === 'links')
        return '<tr data-key="' + r.id + '"><td>' + r.id + '</td><td><a href="#p' + r.id + '">' + escape(r.name) + '</a></td><td>' + escape(r.country) +
          '</td><td>' + r.amount + '</td><td>' + r.note + '</td><td><button>Edit</button><button>Delete</button></td></tr>';
      return '<div role="row" data-key="' + r.id + '"><span role="gridcell">' + r.id + '</span><span role="gridcell">' + escape(r.name) +
        '</span><span role="gridcell">' + escape(r.country) + '</span><span role="gridcell"><input type="checkbox" aria-label="Paid"> ' + r.amount + '</span><span role="gridcell">' + r.note + '</span></div>';
    }
    function render() {
      const body = shown().map(row).join('');
      const grid = document.getElementById('grid');
      grid.innerHTML = state.layout === 'aria'
        ? '<div role="grid" aria-label="Customers"><div role="rowgroup"><div role="row"><span role="columnheader">ID</span><span role="columnheader">Name</span><span role="columnheader">Country</span><span role="columnheader">Amount</span></div></div><div role="rowgroup">' + body + '</div></div>'
        : '<table><thead><tr><th>ID</th><th>Name</th><th>Country</th><th>Amount</th></tr></thead><tbody>' + body + '</tbody></table>';
    }
    window.grid = {
      layout(value) { state.layout = value; state.sort = 'id'; state.dir = 1; state.country = ''; state.page = 0; render(); },
      sort(key, dir) { state.sort = key; state.dir = dir; state.page = 0; render(); },
      filter(country) { state.country = country; state.page = 0; render(); },
      page(n) { state.page = n; render(); },
    };
    render();
  </script>`;

const kGridOperations: [string, string][] = [
  ['sort name', `grid.sort('name', 1)`],
  ['sort country', `grid.sort('country', 1)`],
  ['page 2', 'grid.page(1)'],
  ['page 1', 'grid.page(0)'],
  ['sort amount desc', `grid.sort('amount', -1)`],
  ['filter France', `grid.filter('France')`],
  ['filter none', `grid.filter('')`],
  ['sort id desc', `grid.sort('id', -1)`],
  ['sort id', `grid.sort('id', 1)`],
  ['page 3', 'grid.page(2)'],
  ['page 1 again', 'grid.page(0)'],
];

// TodoMVC (jQuery): the whole list is rebuilt from the array on every change; the × shows on hover.
const kTodoPage = `
  <style>
    .edit { display: none; } li.editing .edit { display: block; } li.editing .view { display: none; }
    .destroy { display: none; border: 0; } li:hover .destroy { display: inline-block; } .destroy::after { content: '×'; }
    li { padding: 4px; } .completed label { text-decoration: line-through; }
  </style>
  <section class="todoapp">
    <header><h1>todos</h1><input class="new-todo" placeholder="What needs to be done?" autofocus></header>
    <section class="main"><ul class="todo-list"></ul></section>
    <footer><span class="todo-count"></span>
      <ul class="filters"><li><a href="#/all">All</a></li><li><a href="#/active">Active</a></li><li><a href="#/completed">Completed</a></li></ul>
    </footer>
  </section>
  <script>
    let todos = ['Walk dog', 'Buy milk', 'Call mom', 'Pay rent', 'Read book', 'Water plants', 'Fix bike'].map((title, i) => ({ id: 'id' + i, title, completed: i % 3 === 1 }));
    let nextId = 100;
    const list = document.querySelector('.todo-list');
    const escape = text => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
    function filtered() {
      const filter = location.hash.slice(2) || 'all';
      return todos.filter(todo => filter === 'all' || (filter === 'completed') === todo.completed);
    }
    function render() {
      list.innerHTML = filtered().map(todo => '<li data-key="' + escape(todo.title) + '" data-id="' + todo.id + '"' + (todo.completed ? ' class="completed"' : '') + '><div class="view">' +
        '<input class="toggle" type="checkbox"' + (todo.completed ? ' checked' : '') + '><label>' + escape(todo.title) + '</label><button class="destroy"></button></div>' +
        '<input class="edit" value="' + escape(todo.title) + '"></li>').join('');
      const left = todos.filter(todo => !todo.completed).length;
      document.querySelector('.todo-count').innerHTML = '<strong>' + left + '</strong> ' + (left === 1 ? 'item' : 'items') + ' left';
    }
    const idOf = element => element.closest('li').dataset.id;
    const todoOf = element => todos.find(todo => todo.id === idOf(element));
    list.addEventListener('change', event => { if (event.target.matches('.toggle')) { const todo = todoOf(event.target); todo.completed = !todo.completed; render(); } });
    list.addEventListener('click', event => { if (event.target.matches('.destroy')) { todos = todos.filter(todo => todo.id !== idOf(event.target)); render(); } });
    list.addEventListener('dblclick', event => { if (event.target.matches('label')) { const li = event.target.closest('li'); li.classList.add('editing'); li.querySelector('.edit').focus(); } });
    list.addEventListener('keyup', event => { if (event.target.matches('.edit') && event.key === 'Enter') { todoOf(event.target).title = event.target.value.trim(); render(); } });
    document.querySelector('.new-todo').addEventListener('keyup', event => {
      if (event.key !== 'Enter' || !event.target.value.trim()) return;
      todos.push({ id: 'id' + nextId++, title: event.target.value.trim(), completed: false });
      event.target.value = '';
      render();
    });
    // Filters re-render at once (pushState, no hashchange): each snapshot sees the settled list.
    document.querySelector('.filters').addEventListener('click', event => {
      if (!event.target.matches('a')) return;
      event.preventDefault();
      history.pushState(null, '', event.target.getAttribute('href'));
      render();
    });
    render();
  </script>`;

/** Per item (its `data-key`): the refs of its entries by role, the item's own under 'listitem'. */
async function todoRefs(sw: Stagewright): Promise<Map<string, Map<string, string>>> {
  const snapshot = await sw.snapshot();
  const list = snapshot.entries.find(entry => entry.role === 'list')!;
  const itemOf = new Map<string, SnapshotEntry>();
  const result = new Map<string, Map<string, string>>();
  const keys = await keysOf(sw, snapshot.entries.filter(entry => entry.role === 'listitem' && entry.parent === list.ref).map(entry => entry.ref));
  for (const entry of snapshot.entries) {
    const item = entry.parent === list.ref && entry.role === 'listitem' ? entry : entry.parent ? itemOf.get(entry.parent) : undefined;
    if (!item)
      continue;
    itemOf.set(entry.ref, item);
    const key = keys.get(item.ref);
    if (!key)
      continue;
    if (!result.has(key))
      result.set(key, new Map());
    result.get(key)!.set(entry.role, entry.ref);
  }
  return result;
}

test.describe('refs of whole-list re-renders', () => {
  test('should keep every untouched to-do\'s refs through add, toggle, edit, delete and filters', async ({ page, stagewright: sw }) => {
    await page.setContent(kTodoPage);
    // The last refs seen of each item: an untouched item must show the same ones whenever it shows.
    const known = await todoRefs(sw);
    expect([...known.values()].map(refs => [...refs.keys()].sort())).toContainEqual(['checkbox', 'listitem']);
    const item = (title: string) => page.locator('.todo-list li', { hasText: title });
    const steps: [string, string[], () => Promise<unknown>][] = [
      ['add', [], async () => { await page.locator('.new-todo').fill('Write tests'); await page.locator('.new-todo').press('Enter'); }],
      ['toggle', ['Call mom'], () => item('Call mom').locator('.toggle').click()],
      ['edit', ['Pay rent', 'Pay bills'], async () => { await item('Pay rent').locator('label').dblclick(); await item('Pay rent').locator('.edit').fill('Pay bills'); await item('Pay rent').locator('.edit').press('Enter'); }],
      ['delete', ['Read book'], async () => { await item('Read book').hover(); await item('Read book').locator('.destroy').click(); }],
      ['active', [], () => page.getByRole('link', { name: 'Active' }).click()],
      ['delete active', ['Walk dog'], async () => { await item('Walk dog').hover(); await item('Walk dog').locator('.destroy').click(); }],
      ['completed', [], () => page.getByRole('link', { name: 'Completed' }).click()],
      ['toggle completed', ['Buy milk'], () => item('Buy milk').locator('.toggle').click()],
      ['all', [], () => page.getByRole('link', { name: 'All' }).click()],
      ['add again', [], async () => { await page.locator('.new-todo').fill('Plan trip'); await page.locator('.new-todo').press('Enter'); }],
    ];
    let compared = 0;
    const lost: string[] = [];
    for (const [label, touched, action] of steps) {
      await action();
      const now = await todoRefs(sw);
      for (const [key, refs] of now) {
        const before = known.get(key);
        if (before && !touched.includes(key)) {
          for (const [role, ref] of refs) {
            if (!before.has(role))
              continue;
            compared++;
            if (before.get(role) !== ref)
              lost.push(`${label}: "${key}" ${role} ${before.get(role)} -> ${ref}`);
          }
        }
        known.set(key, new Map([...(before ?? []), ...refs]));
      }
      for (const key of touched)
        known.delete(key);
    }
    expect(lost).toEqual([]);
    expect(compared).toBeGreaterThan(60);
    // And the refs point at their items.
    for (const [key, refs] of await todoRefs(sw)) {
      for (const ref of refs.values())
        await expect(sw.ref(ref).locator('xpath=ancestor-or-self::li')).toHaveAttribute('data-key', key);
    }
  });

  test('should give a nameless item shown again, unchanged, its old ref back', async ({ page, stagewright: sw }) => {
    await page.setContent(`
      <ul id="list"></ul>
      <script>
        const words = ['apple', 'pear', 'plum', 'fig', 'kiwi', 'lime'];
        const items = Array.from({ length: 30 }, (_, i) => 'Item ' + (i + 1) + ' ' + words[i % 6]);
        let keep = () => true;
        const render = () => { document.getElementById('list').innerHTML = items.filter((item, i) => keep(i)).map(item => '<li>' + item + '</li>').join(''); };
        window.show = which => { keep = which === 'even' ? i => i % 2 === 0 : which === 'odd' ? i => i % 2 === 1 : which === 'p' ? i => items[i].includes(' p') : () => true; render(); };
        render();
      </script>`);
    const first = new Map((await sw.find({ role: 'listitem' })).map(entry => [entry.text, entry.ref]));
    expect(first.size).toBe(30);
    let compared = 0;
    for (const which of ['even', 'all', 'odd', 'p', 'all', 'all', 'even', 'odd', 'all']) {
      await page.evaluate(value => (window as any).show(value), which);
      const shown = await sw.find({ role: 'listitem' });
      for (const entry of shown) {
        expect(entry.ref, `${which}: ${entry.text}`).toBe(first.get(entry.text!));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(150);
    await expect(sw.ref(first.get('Item 2 pear')!)).toHaveText('Item 2 pear');
  });
});

async function sortPage(page: Page) {
  await page.setContent(`
    <table><thead><tr><th><button onclick="sortRows()">Name</button></th><th>Amount</th></tr></thead>
    <tbody id="rows"><tr><td>Carol</td><td>$10</td></tr><tr><td>Alice</td><td>$10</td></tr><tr><td>Bob</td><td>$25</td></tr></tbody></table>
    <script>
      function sortRows() {
        const body = document.getElementById('rows');
        const rows = [...body.rows].map(row => [row.cells[0].textContent, row.cells[1].textContent]).sort((a, b) => a[0].localeCompare(b[0]));
        body.innerHTML = rows.map(([name, amount]) => '<tr><td>' + name + '</td><td>' + amount + '</td></tr>').join('');
      }
    </script>`);
}

test.describe('re-sort diffs', () => {
  test('should name the rows a re-rendering sort moved', async ({ page, stagewright: sw }) => {
    await sortPage(page);
    const rows = await sw.find({ role: 'row' });
    const carol = rows.find(row => row.name === 'Carol $10')!;
    const [, body] = await sw.find({ role: 'rowgroup' });
    await page.getByRole('button', { name: 'Name' }).click();
    const text = await sw.text({ since: 'last' });
    // Carol Alice Bob → Alice Bob Carol: Carol went from first to third, and the rows kept their refs.
    expect(text.split('\n').filter(line => line.startsWith('^ '))).toEqual([
      `^ rowgroup [ref=${body.ref}] re-ordered: 1 of 3 children moved: row "Carol $10" [ref=${carol.ref}] 1 -> 3`,
    ]);
    const diff = await sw.snapshot({ since: 'last' });
    expect(diff.reordered).toEqual([]);
  });

  test('should give the moves and the new order in the diff record', async ({ page, stagewright: sw }) => {
    await sortPage(page);
    await sw.snapshot();
    const rows = await sw.find({ role: 'row' });
    await page.getByRole('button', { name: 'Name' }).click();
    const diff = await sw.snapshot({ since: 'last' });
    const carol = rows.find(row => row.name === 'Carol $10')!;
    expect(diff.reordered).toEqual([expect.objectContaining({
      moved: 1, compared: 3, role: 'rowgroup',
      moves: [{ ref: carol.ref, role: 'row', name: 'Carol $10', from: 1, to: 3 }],
      order: [2, 3, 1],
    })]);
  });
});
