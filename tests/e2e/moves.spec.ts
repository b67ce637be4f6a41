import { errorOf, expect, test } from './helpers/fixtures';

// A table sorted in place: the header button moves the same <tr> elements and sets aria-sort.
const kSortableTable = `
  <table>
    <thead><tr><th aria-sort="none"><button id="sort">Fruit</button></th><th>Stock</th></tr></thead>
    <tbody>
      <tr><td>Cherry</td><td>7</td></tr>
      <tr><td>Apple</td><td>3</td></tr>
      <tr><td>Elderberry</td><td>1</td></tr>
      <tr><td>Banana</td><td>12</td></tr>
      <tr><td>Date</td><td>5</td></tr>
    </tbody>
  </table>
  <script>
    document.getElementById('sort').addEventListener('click', event => {
      const header = event.target.closest('th');
      const ascending = header.getAttribute('aria-sort') !== 'ascending';
      header.setAttribute('aria-sort', ascending ? 'ascending' : 'descending');
      const body = document.querySelector('tbody');
      const rows = [...body.rows].sort((a, b) => a.cells[0].textContent.localeCompare(b.cells[0].textContent) * (ascending ? 1 : -1));
      for (const row of rows)
        body.append(row);
    });
  </script>`;

test.describe('re-orders', () => {
  test('should show a sort as one move line for the row group and the sort change on the header', async ({ page, stagewright: sw }) => {
    await page.setContent(kSortableTable);
    const rowsBefore = await sw.find({ role: 'row' });
    const [body] = (await sw.find({ role: 'rowgroup' })).slice(1);
    await page.getByRole('button', { name: 'Fruit' }).click();

    const text = await sw.text({ since: 'last' });
    const lines = text.split('\n');
    // Cherry Apple Elderberry Banana Date → Apple Banana Cherry Date Elderberry: Apple, Banana and Date kept their order.
    expect(lines[0]).toBe('diff +0 -0 ~2 moved 2');
    const refOf = (name: string) => rowsBefore.find(row => row.name === name)!.ref;
    expect(lines.filter(line => line.startsWith('^ '))).toEqual([
      `^ rowgroup [ref=${body.ref}] re-ordered: 2 of 5 children moved: row "Cherry 7" [ref=${refOf('Cherry 7')}] 1 -> 3, row "Elderberry 1" [ref=${refOf('Elderberry 1')}] 3 -> 5`,
    ]);
    expect(lines).toContainEqual(expect.stringMatching(/^~ columnheader "Fruit" \[ref=s\d+\] sort: none -> ascending$/));
    // The click focused the button; nothing else changed, and no row was added or removed.
    expect(lines.slice(2).map(line => line.replace(/\[ref=s\d+\]/, '[ref]')).sort()).toEqual([
      '~ button "Fruit" [ref] focused: false -> true',
      '~ columnheader "Fruit" [ref] sort: none -> ascending',
    ]);

    // The same elements kept their refs, now in the new order.
    const rowsAfter = await sw.find({ role: 'row' });
    expect(new Set(rowsAfter.map(row => row.ref))).toEqual(new Set(rowsBefore.map(row => row.ref)));
    expect(rowsAfter.slice(1).map(row => row.name)).toEqual(['Apple 3', 'Banana 12', 'Cherry 7', 'Date 5', 'Elderberry 1']);

    await page.getByRole('button', { name: 'Fruit' }).click();
    const diff = await sw.snapshot({ since: 'last' });
    // Reversed: one row keeps its order relative to none, the four others moved.
    expect(diff.reordered).toEqual([{
      parent: body.ref, moved: 4, compared: 5, role: 'rowgroup', name: '', order: [5, 4, 3, 2, 1],
      moves: ['Elderberry 1', 'Date 5', 'Cherry 7', 'Banana 12'].map((name, i) => ({ ref: refOf(name), role: 'row', name, from: 5 - i, to: i + 1 })),
    }]);
    expect(diff.changed.map(change => change.changes)).toEqual([{ 'state.sort': { prev: 'ascending', curr: 'descending' } }]);
    await expect(sw).toHaveEntry({ role: 'columnheader', name: 'Fruit', state: { sort: 'descending' } });
  });

  test('should report no move when nothing moved', async ({ page, stagewright: sw }) => {
    await page.setContent(kSortableTable);
    await sw.snapshot();
    await page.evaluate(() => document.querySelector('tbody')!.append(document.querySelector('tbody tr:last-child')!));
    expect(await sw.text({ since: 'last' })).toBe('diff +0 -0 ~0');
  });
});

test.describe('sort state', () => {
  test('should read aria-sort on column and row headers only, and only its valid values', async ({ page, stagewright: sw }) => {
    await page.setContent(`
      <table>
        <tr><th aria-sort="ascending">A</th><th aria-sort="DESCENDING">B</th><th aria-sort="other">C</th>
            <th aria-sort="none">D</th><th aria-sort="sideways">E</th><th>F</th></tr>
        <tr><th scope="row" aria-sort="descending">Row</th><td aria-sort="ascending">cell</td></tr>
      </table>`);
    const headers = await sw.find({ role: 'columnheader' });
    expect(headers.map(header => [header.name, header.state.sort])).toEqual([
      ['A', 'ascending'], ['B', 'descending'], ['C', 'other'], ['D', undefined], ['E', undefined], ['F', undefined],
    ]);
    const [rowHeader] = await sw.find({ role: 'rowheader' });
    expect(rowHeader.state.sort).toBe('descending');
    const [cell] = await sw.find({ role: 'cell' });
    expect(cell.state).not.toHaveProperty('sort');
    expect(await sw.text()).toContain(`columnheader "A" [sort=ascending] [ref=${headers[0].ref}]`);
  });
});

test.describe('find', () => {
  test('should reject a query with a typo as the matchers do, with INVALID_ARGUMENT', async ({ page, stagewright: sw }) => {
    await page.setContent('<button>Save</button>');
    const error = await errorOf(() => sw.find({ rol: 'button' } as any));
    expect(error.code).toBe('INVALID_ARGUMENT');
    expect(error.message).toMatch(/^INVALID_ARGUMENT: sw\.find\(\) got unknown query fields: rol\./);
    const matcherError = await errorOf(() => expect(sw).toHaveEntry({ rol: 'button' } as any));
    expect(matcherError.message.split('\n')[0]).toBe(error.message.split('\n')[0].replace('sw.find()', 'toHaveEntry()'));
    const stateError = await errorOf(() => sw.find({ role: 'button', state: { disabeld: true } } as any));
    expect(stateError.code).toBe('INVALID_ARGUMENT');
    expect(stateError.message).toMatch(/^INVALID_ARGUMENT: sw\.find\(\) got unknown state fields: disabeld\./);
    expect((await sw.find({ role: 'button', state: { disabled: false } })).map(entry => entry.name)).toEqual(['Save']);
  });
});
