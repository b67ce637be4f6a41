import { describe, expect, it } from 'vitest';
import { changedFields, diffSnapshots, earlierIndexes, hasChanged, longestIncreasingRun } from '../../src/snapshot/diff';
import { applyBudget } from '../../src/snapshot/budget';
import { formatDiff } from '../../src/snapshot/format';
import { shapeDiff } from '../../src/snapshot/shape';
import { entry, snapshot } from './fixtures';

/** `count` paragraphs `s1`…, the first one's text given: a long page a walk limit may cut. */
function paragraphs(count: number, firstText = 'First') {
  return Array.from({ length: count }, (_, i) => entry({ ref: `s${i + 1}`, role: 'paragraph', text: i ? `Paragraph ${i}` : firstText }));
}

describe('diffSnapshots', () => {
  const before = snapshot([
    entry({ ref: 's1', role: 'button', name: 'Save', state: { visible: true, disabled: true } }),
    entry({ ref: 's2', role: 'dialog', name: 'Cart' }),
    entry({ ref: 's3', role: 'textbox', name: 'Email', value: '' }),
  ], { snapshotId: 4 });
  const after = snapshot([
    entry({ ref: 's1', role: 'button', name: 'Save', state: { visible: true }, bbox: { x: 5, y: 500, width: 1, height: 1 } }),
    entry({ ref: 's3', role: 'textbox', name: 'Email', value: 'a@b.c' }),
    entry({ ref: 's4', role: 'button', name: 'Pay' }),
  ], { snapshotId: 5 });

  it('should report added entries complete, removed as identity and changed fields only', () => {
    const diff = diffSnapshots(before, after);
    expect(diff.added.map(e => e.ref)).toEqual(['s4']);
    expect(diff.removed).toEqual([{ ref: 's2', role: 'dialog', name: 'Cart', fingerprint: 'dialog:Cart' }]);
    expect(diff.changed).toEqual([
      { ref: 's1', role: 'button', name: 'Save', fingerprint: 'button:Save', changes: { 'state.disabled': { prev: true, curr: undefined } } },
      { ref: 's3', role: 'textbox', name: 'Email', fingerprint: 'textbox:Email', changes: { value: { prev: '', curr: 'a@b.c' } } },
    ]);
    expect(diff.meta.since).toBe(4);
  });

  it('should add complete prev and curr entries in the full format', () => {
    const diff = diffSnapshots(before, after, { format: 'full' });
    expect(diff.changed[1].prev?.value).toBe('');
    expect(diff.changed[1].curr?.value).toBe('a@b.c');
  });

  it('should treat a new document as everything removed and added', () => {
    const reloaded = { ...after, meta: { ...after.meta, documentId: 'doc-2' } };
    const diff = diffSnapshots(before, reloaded);
    expect(diff.meta.renderer_reloaded).toBe(true);
    expect(diff.added).toHaveLength(3);
    expect(diff.removed).toHaveLength(3);
    expect(diff.changed).toHaveLength(0);
  });

  it('should not cut a diff when neither snapshot was truncated', () => {
    const diff = diffSnapshots(before, after);
    expect(diff.meta.truncated).toBe(false);
    expect(diff.meta.cut).toBeUndefined();
  });
});

/**
 * A table: a header row group with a sortable column header, and a body row group `s10` whose
 * rows `s1<N>` (each with one cell) come in `order` (row numbers 1…).
 */
function table(order: number[], sort?: 'ascending' | 'descending') {
  const rows = order.flatMap(n => [
    entry({ ref: `s1${n}`, role: 'row', name: `Fruit ${n}`, parent: 's10', depth: 2 }),
    entry({ ref: `s2${n}`, role: 'cell', name: `Fruit ${n}`, parent: `s1${n}`, depth: 3 }),
  ]);
  return snapshot([
    entry({ ref: 's1', role: 'table', name: 'Fruit' }),
    entry({ ref: 's2', role: 'rowgroup', parent: 's1', depth: 1 }),
    entry({ ref: 's3', role: 'columnheader', name: 'Name', state: sort ? { visible: true, sort } : { visible: true }, parent: 's2', depth: 2 }),
    entry({ ref: 's10', role: 'rowgroup', parent: 's1', depth: 1 }),
    ...rows,
  ]);
}

describe('diffSnapshots re-orders', () => {
  it('should report a sort of eight rows once, for their row group, with the fewest rows that moved', () => {
    const diff = diffSnapshots(table([5, 3, 8, 1, 7, 2, 6, 4]), table([1, 2, 3, 4, 5, 6, 7, 8], 'ascending'));
    // Earlier positions in the new order: 3 5 1 7 0 6 4 2; three of them (3 5 6) kept their order.
    // Each moved row with its place among the compared rows before and after, and the new order by earlier place.
    expect(diff.reordered).toEqual([{
      parent: 's10', moved: 5, compared: 8, role: 'rowgroup', name: '', order: [4, 6, 2, 8, 1, 7, 5, 3],
      moves: [[3, 2, 3], [4, 8, 4], [5, 1, 5], [7, 5, 7], [8, 3, 8]].map(([n, from, to]) => ({ ref: `s1${n}`, role: 'row', name: `Fruit ${n}`, from, to })),
    }]);
    expect(diff.changed.map(change => [change.ref, change.changes])).toEqual([['s3', { 'state.sort': { prev: undefined, curr: 'ascending' } }]]);
    expect([diff.added, diff.removed]).toEqual([[], []]);
  });

  it('should count a reversed list as all but one moved', () => {
    expect(diffSnapshots(table([1, 2, 3, 4, 5, 6, 7, 8]), table([8, 7, 6, 5, 4, 3, 2, 1])).reordered)
        .toMatchObject([{ parent: 's10', moved: 7, compared: 8, role: 'rowgroup', name: '', order: [8, 7, 6, 5, 4, 3, 2, 1] }]);
  });

  it('should count one row moved to the top as one move', () => {
    expect(diffSnapshots(table([1, 2, 3, 4, 5]), table([5, 1, 2, 3, 4])).reordered.map(r => [r.parent, r.moved])).toEqual([['s10', 1]]);
    expect(diffSnapshots(table([1, 2, 3, 4, 5]), table([2, 3, 4, 5, 1])).reordered.map(r => [r.parent, r.moved])).toEqual([['s10', 1]]);
  });

  it('should report nothing when the order stayed', () => {
    const diff = diffSnapshots(table([1, 2, 3]), table([1, 2, 3], 'descending'));
    expect(diff.reordered).toEqual([]);
    expect(diff.changed).toHaveLength(1);
  });

  it('should not count added, removed or re-parented entries as moves', () => {
    // Row 1 removed, rows 6 and 7 added at both ends, row 4 gone to another group: the rest keep their order.
    const before = table([1, 2, 3, 4, 5]);
    const after = table([6, 2, 3, 5, 7]);
    after.entries.push(entry({ ref: 's30', role: 'rowgroup', parent: 's1', depth: 1 }), entry({ ref: 's14', role: 'row', name: 'Fruit 4', parent: 's30', depth: 2 }));
    const diff = diffSnapshots(before, after);
    expect(diff.reordered).toEqual([]);
    expect(diff.added.map(e => e.ref)).toEqual(['s16', 's26', 's17', 's27', 's30']);
    expect(diff.removed.map(e => e.ref)).toEqual(['s11', 's21', 's24']);
  });

  it('should not count a row removed and a new one added in its place elsewhere', () => {
    // Row 1 re-rendered as a new element (a new ref) at the end: one removed, one added, no move.
    const before = table([1, 2, 3]);
    const after = table([2, 3]);
    after.entries.push(entry({ ref: 's40', role: 'row', name: 'Fruit 1', parent: 's10', depth: 2 }));
    const diff = diffSnapshots(before, after);
    expect(diff.reordered).toEqual([]);
    expect(diff.added.map(e => e.ref)).toEqual(['s40']);
  });

  it('should report each parent once, top-level entries under the parent \'\'', () => {
    const before = snapshot([
      entry({ ref: 's1', role: 'list' }),
      entry({ ref: 's2', role: 'listitem', parent: 's1', text: 'a' }),
      entry({ ref: 's3', role: 'listitem', parent: 's1', text: 'b' }),
      entry({ ref: 's4', role: 'paragraph', text: 'p' }),
      entry({ ref: 's5', role: 'list', name: 'Other' }),
      entry({ ref: 's6', role: 'listitem', parent: 's5', text: 'c' }),
      entry({ ref: 's7', role: 'listitem', parent: 's5', text: 'd' }),
    ]);
    const after = snapshot([
      entry({ ref: 's4', role: 'paragraph', text: 'p' }),
      entry({ ref: 's1', role: 'list' }),
      entry({ ref: 's3', role: 'listitem', parent: 's1', text: 'b' }),
      entry({ ref: 's2', role: 'listitem', parent: 's1', text: 'a' }),
      entry({ ref: 's5', role: 'list', name: 'Other' }),
      entry({ ref: 's7', role: 'listitem', parent: 's5', text: 'd' }),
      entry({ ref: 's6', role: 'listitem', parent: 's5', text: 'c' }),
    ]);
    expect(diffSnapshots(before, after).reordered).toEqual([
      { parent: '', moved: 1, compared: 3, role: '', name: '', order: [2, 1, 3], moves: [{ ref: 's4', role: 'paragraph', name: '', from: 2, to: 1 }] },
      { parent: 's1', moved: 1, compared: 2, role: 'list', name: '', order: [2, 1], moves: [{ ref: 's3', role: 'listitem', name: '', from: 2, to: 1 }] },
      { parent: 's5', moved: 1, compared: 2, role: 'list', name: 'Other', order: [2, 1], moves: [{ ref: 's7', role: 'listitem', name: '', from: 2, to: 1 }] },
    ]);
  });

  it('should compare nothing past a cut, and still report a move before it', () => {
    const prev = table([1, 2, 3, 4, 5, 6]);
    const cut = (order: number[]) => {
      const curr = table(order);
      return { ...curr, meta: { ...curr.meta, truncated: true } };
    };
    // The walk stopped after three rows: the rest are past the cut, not moved.
    expect(diffSnapshots(prev, cut([1, 2, 3])).reordered).toEqual([]);
    expect(diffSnapshots(prev, cut([2, 1, 3])).reordered.map(r => [r.parent, r.moved, r.compared])).toEqual([['s10', 1, 3]]);
    expect(diffSnapshots({ ...prev, meta: { ...prev.meta, truncated: true } }, table([3, 2, 1])).reordered.map(r => r.moved)).toEqual([2]);
  });

  it('should report no moves after a reload: every entry is new', () => {
    const after = table([3, 2, 1]);
    expect(diffSnapshots(table([1, 2, 3]), { ...after, meta: { ...after.meta, documentId: 'doc-2' } }).reordered).toEqual([]);
  });

  it('should keep re-orders through filters and budgets', () => {
    const diff = diffSnapshots(table([1, 2, 3, 4]), table([4, 3, 2, 1], 'descending'));
    const shaped = shapeDiff(diff, { interactiveOnly: true, maxEntries: 0 });
    expect(shaped.reordered).toEqual(diff.reordered);
    expect(shaped.changed).toEqual([]);
    const budgeted = applyBudget(diff, 1);
    expect(budgeted.reordered).toEqual(diff.reordered);
    expect(formatDiff(budgeted)).toContain('^ rowgroup [ref=s10] re-ordered: 3 of 4 children moved');
  });
});

describe('longestIncreasingRun', () => {
  it('should find the longest strictly increasing subsequence', () => {
    expect(longestIncreasingRun([])).toBe(0);
    expect(longestIncreasingRun([0, 1, 2, 3])).toBe(4);
    expect(longestIncreasingRun([3, 2, 1, 0])).toBe(1);
    expect(longestIncreasingRun([3, 5, 1, 7, 0, 6, 4, 2])).toBe(3);
    expect(longestIncreasingRun([4, 0, 1, 2, 3])).toBe(4);
    expect(longestIncreasingRun([1, 9, 2, 8, 3, 7, 4])).toBe(4);
  });
});

describe('diffSnapshots with a truncated snapshot', () => {
  it('should report only the changed paragraph when a walk limit cut the later snapshot', () => {
    const prev = snapshot(paragraphs(10), { snapshotId: 1 });
    const curr = snapshot(paragraphs(4, 'First, changed'), { snapshotId: 2, truncated: true });
    const diff = diffSnapshots(prev, curr);
    expect(diff.added).toEqual([]);
    expect(diff.removed).toEqual([]);
    expect(diff.changed).toEqual([{ ref: 's1', role: 'paragraph', name: '', fingerprint: 'paragraph:', changes: { text: { prev: 'First', curr: 'First, changed' } } }]);
    expect(diff.meta.truncated).toBe(true);
    expect(diff.meta.cut).toEqual({ before: false, after: true, skipped: { added: 0, removed: 6 } });
  });

  it('should report only the changed paragraph when a walk limit cut the earlier snapshot', () => {
    const prev = snapshot(paragraphs(4), { snapshotId: 1, truncated: true });
    const curr = snapshot(paragraphs(10, 'First, changed'), { snapshotId: 2 });
    const diff = diffSnapshots(prev, curr);
    expect(diff.added).toEqual([]);
    expect(diff.removed).toEqual([]);
    expect(diff.changed.map(change => change.ref)).toEqual(['s1']);
    expect(diff.meta.truncated).toBe(true);
    expect(diff.meta.cut).toEqual({ before: true, after: false, skipped: { added: 6, removed: 0 } });
  });

  it('should still report what was added and removed before the cut', () => {
    const [first, second, third, ...rest] = paragraphs(10);
    const inserted = entry({ ref: 's20', role: 'button', name: 'Inserted' });
    const prev = snapshot([first, second, third, ...rest.slice(0, 3)], { snapshotId: 1, truncated: true });
    const curr = snapshot([inserted, first, third, ...rest.slice(0, 2)], { snapshotId: 2, truncated: true });
    const diff = diffSnapshots(prev, curr);
    // s2 went before the cut; s6 lies past the later snapshot's cut (its last shared entry is s5).
    expect(diff.added.map(e => e.ref)).toEqual(['s20']);
    expect(diff.removed.map(e => e.ref)).toEqual(['s2']);
    expect(diff.meta.cut).toEqual({ before: true, after: true, skipped: { added: 0, removed: 1 } });
  });

  it('should compare nothing past the cut when the snapshots share no entry', () => {
    const prev = snapshot(paragraphs(3), { snapshotId: 1 });
    const curr = snapshot([entry({ ref: 's9', role: 'button', name: 'Other' })], { snapshotId: 2, truncated: true });
    const diff = diffSnapshots(prev, curr);
    expect(diff.removed).toEqual([]);
    expect(diff.added.map(e => e.ref)).toEqual(['s9']);
    expect(diff.meta.cut).toEqual({ before: false, after: true, skipped: { added: 0, removed: 3 } });
    const reversed = diffSnapshots({ ...curr, meta: { ...curr.meta, snapshotId: 1 } }, { ...prev, meta: { ...prev.meta, snapshotId: 2 } });
    expect(reversed.added).toEqual([]);
    expect(reversed.removed.map(e => e.ref)).toEqual(['s9']);
    expect(reversed.meta.cut?.skipped).toEqual({ added: 3, removed: 0 });
  });

  it('should leave a reloaded document\'s diff as it is', () => {
    const prev = snapshot(paragraphs(10), { snapshotId: 1 });
    const curr = snapshot(paragraphs(4), { snapshotId: 2, documentId: 'doc-2', truncated: true });
    const diff = diffSnapshots(prev, curr);
    expect(diff.meta.renderer_reloaded).toBe(true);
    expect([diff.added.length, diff.removed.length]).toEqual([4, 10]);
    expect(diff.meta.cut).toBeUndefined();
  });
});

describe('formatDiff', () => {
  it('should print a summary line and one line per added, removed and changed entry', () => {
    const before = snapshot([
      entry({ ref: 's12', role: 'button', name: 'Save', state: { visible: true, disabled: true } }),
      entry({ ref: 's31', role: 'dialog', name: 'Cart' }),
      entry({ ref: 's33', role: 'textbox', name: 'Email', value: '' }),
    ]);
    const after = snapshot([
      entry({ ref: 's12', role: 'button', name: 'Save' }),
      entry({ ref: 's33', role: 'textbox', name: 'Email', value: 'a@b.c' }),
      entry({ ref: 's40', role: 'button', name: 'Pay' }),
    ]);
    expect(formatDiff(diffSnapshots(before, after))).toBe([
      'diff +1 -1 ~2',
      '+ button "Pay" [ref=s40]',
      '- dialog "Cart" [ref=s31]',
      '~ button "Save" [ref=s12] disabled: true -> false',
      '~ textbox "Email" [ref=s33] value: "" -> "a@b.c"',
    ].join('\n'));
  });

  it('should say which snapshot a walk limit cut, after the summary line', () => {
    const prev = snapshot(paragraphs(10), { snapshotId: 1 });
    const curr = snapshot(paragraphs(4, 'First, changed'), { snapshotId: 2, truncated: true });
    expect(formatDiff(diffSnapshots(prev, curr))).toBe([
      'diff +0 -0 ~1',
      '# truncated: the later snapshot was cut by a walk limit; 6 entries past the cut are not compared',
      '~ paragraph [ref=s1] text: "First" -> "First, changed"',
    ].join('\n'));
    expect(formatDiff(diffSnapshots({ ...prev, meta: { ...prev.meta, truncated: true } }, curr)).split('\n')[1])
        .toBe('# truncated: both snapshots were cut by a walk limit; 6 entries past the cut are not compared');
    const earlier = diffSnapshots(snapshot(paragraphs(3), { truncated: true }), snapshot([...paragraphs(2), ...paragraphs(1090).slice(3)]));
    expect(formatDiff(earlier).split('\n').slice(0, 2)).toEqual([
      'diff +0 -1 ~0',
      '# truncated: the earlier snapshot was cut by a walk limit; 1,087 entries past the cut are not compared',
    ]);
  });

  it('should keep the cut note when a budget leaves changes out', () => {
    const prev = snapshot(paragraphs(3), { snapshotId: 1 });
    const curr = snapshot([...paragraphs(3), ...Array.from({ length: 5 }, (_, i) => entry({ ref: `s${i + 10}`, role: 'button', name: `New ${i}` }))], { snapshotId: 2, truncated: true });
    const lines = formatDiff(shapeDiff(diffSnapshots(prev, curr), { maxEntries: 2 })).split('\n');
    expect(lines[0]).toBe('diff +2 -0 ~0');
    expect(lines[1]).toBe('# truncated: the later snapshot was cut by a walk limit; 0 entries past the cut are not compared');
    expect(lines[lines.length - 1]).toBe('# truncated: 3 changes left out');
  });

  it('should print one line per re-ordered parent, first, and count the moved entries in the summary', () => {
    const text = formatDiff(diffSnapshots(table([5, 3, 8, 1, 7, 2, 6, 4]), table([1, 2, 3, 4, 5, 6, 7, 8], 'ascending')));
    expect(text).toBe([
      'diff +0 -0 ~1 moved 5',
      '^ rowgroup [ref=s10] re-ordered: 5 of 8 children moved: row "Fruit 3" [ref=s13] 2 -> 3, row "Fruit 4" [ref=s14] 8 -> 4, ' +
        'row "Fruit 5" [ref=s15] 1 -> 5, row "Fruit 7" [ref=s17] 5 -> 7, row "Fruit 8" [ref=s18] 3 -> 8',
      '~ columnheader "Name" [ref=s3] sort: none -> ascending',
    ].join('\n'));
  });

  it('should name the top level and the parent\'s name in re-order lines', () => {
    const before = snapshot([
      entry({ ref: 's1', role: 'button', name: 'A' }),
      entry({ ref: 's2', role: 'button', name: 'B' }),
      entry({ ref: 's3', role: 'list', name: 'Cart' }),
      entry({ ref: 's4', role: 'listitem', parent: 's3' }),
      entry({ ref: 's5', role: 'listitem', parent: 's3' }),
      entry({ ref: 's6', role: 'listitem', parent: 's3' }),
    ]);
    const after = snapshot([before.entries[1], before.entries[0], before.entries[2], before.entries[5], before.entries[3], before.entries[4]]);
    expect(formatDiff(diffSnapshots(before, after))).toBe([
      'diff +0 -0 ~0 moved 2',
      '^ top level re-ordered: 1 of 3 entries moved: button "B" [ref=s2] 2 -> 1',
      '^ list "Cart" [ref=s3] re-ordered: 1 of 3 children moved: listitem [ref=s6] 3 -> 1',
    ].join('\n'));
  });

  it('should keep re-order lines in the first lines, above any number of added entries', () => {
    const before = table([1, 2]);
    const after = table([2, 1]);
    after.entries.unshift(...Array.from({ length: 20 }, (_, i) => entry({ ref: `s${100 + i}`, role: 'button', name: `New ${i}` })));
    const lines = formatDiff(diffSnapshots(before, after)).split('\n');
    expect(lines.slice(0, 3)).toEqual(['diff +20 -0 ~0 moved 1', '^ rowgroup [ref=s10] re-ordered: 1 of 2 children moved: row "Fruit 2" [ref=s12] 2 -> 1', '+ button "New 0" [ref=s100]']);
  });

  it('should give the new order instead of the moves when listing them would be longer than a line', () => {
    const order = Array.from({ length: 20 }, (_, i) => 20 - i);
    const text = formatDiff(diffSnapshots(table(order.slice().reverse()), table(order)));
    expect(text.split('\n')[1]).toBe('^ rowgroup [ref=s10] re-ordered: 19 of 20 children moved: new order 20 19 18 17 16 15 14 13 12 11 10 9 8 7 6 5 4 3 2 1');
  });

  it('should list the first moves and count the rest where the order is too long to give', () => {
    const order = Array.from({ length: 40 }, (_, i) => 40 - i);
    const diff = diffSnapshots(table(order.slice().reverse()), table(order));
    expect(diff.reordered[0].order).toBeUndefined();
    expect(diff.reordered[0].moves).toHaveLength(10);
    const line = formatDiff(diff).split('\n')[1];
    expect(line).toMatch(/^\^ rowgroup \[ref=s10\] re-ordered: 39 of 40 children moved: row "Fruit 40" \[ref=s140\] 40 -> 1, row "Fruit 39" \[ref=s139\] 39 -> 2, /);
    expect(line).toMatch(/row "Fruit 31" \[ref=s131\] 31 -> 10, and 29 more$/);
  });

  it('should shorten long names of moved entries: the ref says which', () => {
    const long = (n: number) => entry({ ref: `s${n}`, role: 'row', name: `${n} ${'x'.repeat(60)}`, parent: 's1', depth: 1 });
    const before = snapshot([entry({ ref: 's1', role: 'rowgroup' }), long(2), long(3)]);
    const after = snapshot([before.entries[0], before.entries[2], before.entries[1]]);
    expect(formatDiff(diffSnapshots(before, after)).split('\n')[1]).toBe(`^ rowgroup [ref=s1] re-ordered: 1 of 2 children moved: row "3 ${'x'.repeat(37)}…" [ref=s3] 2 -> 1`);
  });

  it('should read a stored diff from before moves were listed', () => {
    const diff = diffSnapshots(table([1, 2]), table([2, 1]));
    const stored = { ...diff, reordered: diff.reordered.map(({ moves, order, ...rest }) => rest) } as unknown as typeof diff;
    expect(formatDiff(stored).split('\n')[1]).toBe('^ rowgroup [ref=s10] re-ordered: 1 of 2 children moved');
  });

  it('should show the text and value of added entries as their snapshot line does', () => {
    const before = snapshot([entry({ ref: 's1', role: 'button', name: 'What is it?' })]);
    const after = snapshot([
      ...before.entries,
      entry({ ref: 's138', role: 'generic', text: 'The answer text' }),
      entry({ ref: 's139', role: 'paragraph', text: 'Total: 5' }),
      entry({ ref: 's140', role: 'textbox', name: 'Email', value: 'a@b.c' }),
      entry({ ref: 's141', role: 'button', name: 'OK', text: 'OK' }),
      entry({ ref: 's142', role: 'link', name: 'Home', url: 'http://127.0.0.1/home' }),
    ]);
    expect(formatDiff(diffSnapshots(before, after))).toBe([
      'diff +5 -0 ~0',
      '+ generic [ref=s138]: The answer text',
      '+ paragraph [ref=s139]: "Total: 5"',
      '+ textbox "Email" [ref=s140]: a@b.c',
      '+ button "OK" [ref=s141]',
      '+ link "Home" [ref=s142]',
    ].join('\n'));
  });

  it('should say when the renderer reloaded', () => {
    const text = formatDiff(diffSnapshots(snapshot([]), snapshot([], { documentId: 'doc-2' })));
    expect(text).toBe('diff +0 -0 ~0\n# renderer reloaded: the document changed, every earlier ref is stale');
  });
});

describe('hasChanged', () => {
  it('should agree with changedFields on every kind of change', () => {
    const base = entry({ ref: 's1', role: 'checkbox', name: 'A', value: 'x', state: { visible: true, checked: false } });
    const variants = [
      { ...base },
      { ...base, name: 'B' },
      { ...base, value: 'y' },
      { ...base, text: 't' },
      { ...base, url: 'u' },
      { ...base, state: { visible: true, checked: true } },
      { ...base, state: { visible: true } },
      { ...base, state: { visible: true, checked: false, disabled: true } },
      { ...base, state: { checked: false, visible: true } },
      { ...base, bbox: { x: 9, y: 9, width: 9, height: 9 } },
    ];
    for (const variant of variants)
      expect(hasChanged(base, variant), JSON.stringify(variant)).toBe(Object.keys(changedFields(base, variant)).length > 0);
    expect(variants.map(v => hasChanged(base, v))).toEqual([false, true, true, true, true, true, true, true, false, false]);
  });
});

describe('earlierIndexes', () => {
  const refs = (...list: string[]) => list.map(ref => entry({ ref, role: 'button' }));

  it('should find every entry where it was, aligned or not', () => {
    expect([...earlierIndexes(refs('s1', 's2', 's3'), refs('s1', 's2', 's3'))]).toEqual([0, 1, 2]);
    expect([...earlierIndexes(refs('s1', 's2', 's3'), refs('s1', 's9', 's2', 's3'))]).toEqual([0, -1, 1, 2]);
    expect([...earlierIndexes(refs('s1', 's2', 's3'), refs('s1', 's3'))]).toEqual([0, 2]);
    expect([...earlierIndexes(refs('s1', 's2', 's3'), refs('s3', 's2', 's1', 's4'))]).toEqual([2, 1, 0, -1]);
    expect([...earlierIndexes([], refs('s1'))]).toEqual([-1]);
  });
});
