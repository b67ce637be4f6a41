import { describe, expect, it } from 'vitest';
import { changedFields, diffSnapshots, hasChanged } from '../../src/snapshot/diff';
import { formatDiff } from '../../src/snapshot/format';
import { entry, snapshot } from './fixtures';

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
