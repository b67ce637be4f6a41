// The oracle's comparison (src/snapshot/firstDifference.ts): the same capture is no difference,
// whatever says when it was taken; anything a reader sees that differs is named, first one first.

import { describe, expect, it } from 'vitest';
import { firstDifference, type ComparedState } from '../../src/snapshot/firstDifference';
import type { Snapshot, SnapshotEntry } from '../../src/isomorphic/types';

function entry(ref: string, fields: Partial<SnapshotEntry> = {}): SnapshotEntry {
  return {
    ref, role: 'button', name: `Button ${ref}`, state: { visible: true }, bbox: { x: 1, y: 2, width: 30, height: 10 },
    fingerprint: `button|${ref}`, interactive: true, recently_changed: false, depth: 0, parent: null, tag: 'button', ...fields,
  };
}

function state(entries: SnapshotEntry[], fields: { dom?: string; meta?: Partial<Snapshot['meta']>; text?: Snapshot['text'] } = {}): ComparedState {
  return {
    snapshot: {
      schemaVersion: 1, entries, ...(fields.text ? { text: fields.text } : {}),
      meta: { url: 'https://example.com/', title: 'Example', snapshotId: 1, documentId: 'd1', entryCount: entries.length, truncated: false, elapsed_ms: 3, estimated_tokens: 10, ...fields.meta },
    },
    dom: fields.dom ?? '<body>\n  <button>Save</button>\n</body>',
  };
}

describe('firstDifference', () => {
  it('should find none between the same page taken at two moments', () => {
    const taken = state([entry('s1'), entry('s2', { recently_changed: true })], { meta: { snapshotId: 1, elapsed_ms: 3 } });
    const again = state([entry('s1'), entry('s2')], { meta: { snapshotId: 7, elapsed_ms: 40, estimated_tokens: 10 } });
    expect(firstDifference(taken, again)).toBeUndefined();
    // An optional field left undefined is the same as one not there.
    expect(firstDifference(state([entry('s1', { text: undefined })]), state([entry('s1')]))).toBeUndefined();
  });

  it('should name the first entry and field that differ, with both values', () => {
    const shortcut = state([entry('s1'), entry('s2', { state: { visible: true, checked: false } }), entry('s3', { name: 'Old' })]);
    const full = state([entry('s1'), entry('s2', { state: { visible: true, checked: true } }), entry('s3', { name: 'New' })]);
    expect(firstDifference(shortcut, full)).toBe('entry 1 (button "Button s2" [ref=s2]), state: {"visible":true,"checked":false} where a full walk has {"visible":true,"checked":true}');
  });

  it('should name an entry only one side has', () => {
    expect(firstDifference(state([entry('s1')]), state([entry('s1'), entry('s2', { role: 'link', name: 'Help' })]))).toBe('1 entries where a full walk has 2: a full walk also has link "Help" [ref=s2]');
    expect(firstDifference(state([entry('s1'), entry('s2')]), state([entry('s1')]))).toBe('2 entries where a full walk has 1: button "Button s2" [ref=s2] is not in a full walk');
  });

  it('should name the page\'s identity, its top-level text and the DOM file\'s first different line', () => {
    expect(firstDifference(state([], { meta: { title: 'Before' } }), state([], { meta: { title: 'After' } }))).toBe('meta.title: "Before" where a full walk has "After"');
    expect(firstDifference(state([], { meta: { truncated: false } }), state([], { meta: { truncated: true } }))).toBe('meta.truncated: false where a full walk has true');
    expect(firstDifference(state([], { text: [{ at: 0, text: 'Hello' }] }), state([]))).toBe('top-level text: [{"at":0,"text":"Hello"}] where a full walk has nothing');
    expect(firstDifference(state([], { dom: 'a\nb\nc' }), state([], { dom: 'a\nb\nd\ne' }))).toBe('DOM file, line 3: "c" where a full walk has "d"');
    expect(firstDifference(state([], { dom: 'a' }), state([], { dom: 'a\nb' }))).toBe('DOM file, line 2: nothing where a full walk has "b"');
  });
});
