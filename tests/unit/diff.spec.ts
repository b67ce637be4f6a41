import { describe, expect, it } from 'vitest';
import { changedFields, diffSnapshots, hasChanged } from '../../src/snapshot/diff';
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
