import { describe, expect, it } from 'vitest';
import { filterEntries, findEntries } from '../../src/snapshot/query';
import { similarRefLines } from '../../src/snapshot/similar';
import { entry, snapshot } from './fixtures';

const page = snapshot([
  entry({ ref: 's1', role: 'main' }),
  entry({ ref: 's2', role: 'button', name: 'Save draft', interactive: true, parent: 's1' }),
  entry({ ref: 's3', role: 'button', name: 'Save', interactive: true, state: { visible: true, disabled: true }, parent: 's1' }),
  entry({ ref: 's4', role: 'link', name: 'Saved items', interactive: true, parent: 's1' }),
  entry({ ref: 's5', role: 'heading', name: 'Settings', state: { visible: true, level: 2 }, parent: 's1' }),
]);

describe('findEntries', () => {
  it('should match string names as case-insensitive substrings, like getByRole', () => {
    expect(findEntries(page, { role: 'button', name: 'save' }).map(e => e.ref)).toEqual(['s2', 's3']);
  });

  it('should match exact names exactly', () => {
    expect(findEntries(page, { role: 'button', name: 'Save', exact: true }).map(e => e.ref)).toEqual(['s3']);
    expect(findEntries(page, { name: 'save', exact: true })).toEqual([]);
  });

  it('should match regular expressions, even global ones twice', () => {
    const re = /^Save/g;
    expect(findEntries(page, { name: re }).map(e => e.ref)).toEqual(['s2', 's3', 's4']);
    expect(findEntries(page, { name: re }).map(e => e.ref)).toEqual(['s2', 's3', 's4']);
  });

  it('should match partial state, reading absent flags as false', () => {
    expect(findEntries(page, { role: 'button', state: { disabled: true } }).map(e => e.ref)).toEqual(['s3']);
    expect(findEntries(page, { role: 'button', state: { disabled: false } }).map(e => e.ref)).toEqual(['s2']);
    expect(findEntries(page, { state: { level: 2 } }).map(e => e.ref)).toEqual(['s5']);
  });

  it('should match entries without a name on their text', () => {
    const live = snapshot([entry({ ref: 's1', role: 'status', text: '1 item in the cart' }), entry({ ref: 's2', role: 'button', name: 'Cart', text: '1 item' })]);
    expect(findEntries(live, { name: /1 item/ }).map(e => e.ref)).toEqual(['s1']);
    expect(findEntries(live, { role: 'status', name: '1 ITEM' }).map(e => e.ref)).toEqual(['s1']);
  });

  it('should match refs and interactivity', () => {
    expect(findEntries(page, { ref: 's4' }).map(e => e.name)).toEqual(['Saved items']);
    expect(findEntries(page, { interactive: false }).map(e => e.ref)).toEqual(['s1', 's5']);
  });
});

describe('filterEntries', () => {
  it('should re-parent kept entries to their nearest kept ancestor', () => {
    const nested = [
      entry({ ref: 's1', role: 'main' }),
      entry({ ref: 's2', role: 'list', parent: 's1' }),
      entry({ ref: 's3', role: 'button', parent: 's2', interactive: true }),
    ];
    expect(filterEntries(nested, e => e.ref !== 's2').map(e => [e.ref, e.parent])).toEqual([['s1', null], ['s3', 's1']]);
    expect(filterEntries(nested, e => e.interactive).map(e => [e.ref, e.parent])).toEqual([['s3', null]]);
  });
});

describe('similarRefLines', () => {
  it('should rank the same role first, then the closest name', () => {
    expect(similarRefLines(page.entries, { role: 'button', name: 'Save draft' }, 2)).toEqual([
      'button "Save draft" [ref=s2]',
      'button "Save" [disabled] [ref=s3]',
    ]);
    expect(similarRefLines(page.entries, { role: 'link', name: 'Save' }, 1)).toEqual(['link "Saved items" [ref=s4]']);
  });
});
