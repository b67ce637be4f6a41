import { describe, expect, it } from 'vitest';
import { DepartedRefs, pairByFingerprint } from '../../src/isomorphic/pairing';
import { formatRef, isRef, parseRef } from '../../src/isomorphic/refs';
import { reconcileRefs } from '../../src/snapshot/reconcile';
import { entry, snapshot } from './fixtures';

describe('pairByFingerprint', () => {
  it('should carry a ref to the new element with the same fingerprint', () => {
    expect(pairByFingerprint([{ ref: 's3', fingerprint: 'A' }], [{ fingerprint: 'B' }, { fingerprint: 'A' }])).toEqual([undefined, 's3']);
  });

  it('should never pair a fingerprint that several orphans share: position says nothing of identity', () => {
    const orphans = [{ ref: 's5', fingerprint: 'del' }, { ref: 's7', fingerprint: 'del' }, { ref: 's9', fingerprint: 'keep' }];
    expect(pairByFingerprint(orphans, [{ fingerprint: 'del' }, { fingerprint: 'keep' }])).toEqual([undefined, 's9']);
  });

  it('should never pair a fingerprint that several elements of the walk share', () => {
    const orphans = [{ ref: 's1', fingerprint: 'x' }, { ref: 's2', fingerprint: 'y' }];
    // Two fresh elements with one orphan's fingerprint: either could be it.
    expect(pairByFingerprint(orphans, [{ fingerprint: 'x' }, { fingerprint: 'x' }, { fingerprint: 'y' }])).toEqual([undefined, undefined, 's2']);
    // One fresh element, but an element that kept its ref looks the same: still ambiguous.
    expect(pairByFingerprint(orphans, [{ fingerprint: 'x' }], [{ fingerprint: 'x' }, { fingerprint: 'x' }])).toEqual([undefined]);
    expect(pairByFingerprint(orphans, [{ fingerprint: 'x' }], [{ fingerprint: 'x' }, { fingerprint: 'z' }])).toEqual(['s1']);
  });

  it('should never pair an orphan whose fingerprint another element of the earlier walk shared', () => {
    // The twin is still on the page but not in this (subtree) walk: only `previous` knows of it.
    const orphans = [{ ref: 's1', fingerprint: 'x' }];
    const previous = [{ ref: 's1', fingerprint: 'x' }, { ref: 's2', fingerprint: 'x' }];
    expect(pairByFingerprint(orphans, [{ fingerprint: 'x' }], undefined, previous)).toEqual([undefined]);
    expect(pairByFingerprint(orphans, [{ fingerprint: 'x' }], undefined, [{ fingerprint: 'x' }, { fingerprint: 'y' }])).toEqual(['s1']);
  });

  it('should not be fooled by fingerprints that name Object.prototype members', () => {
    expect(pairByFingerprint([], [{ fingerprint: 'constructor' }, { fingerprint: '__proto__' }])).toEqual([undefined, undefined]);
  });
});

describe('reconcileRefs', () => {
  it('should keep refs of entries that survived and carry refs of re-rendered ones', () => {
    const prev = snapshot([
      entry({ ref: 's1', role: 'list', fingerprint: 'L' }),
      entry({ ref: 's2', role: 'button', name: 'Delete', fingerprint: 'D1', parent: 's1' }),
      entry({ ref: 's3', role: 'button', name: 'Delete', fingerprint: 'D2', parent: 's1' }),
    ]);
    // A second process numbered the re-rendered list from scratch.
    const curr = snapshot([
      entry({ ref: 's1', role: 'list', fingerprint: 'L' }),
      entry({ ref: 's10', role: 'button', name: 'Delete', fingerprint: 'D2', parent: 's1' }),
      entry({ ref: 's11', role: 'button', name: 'Delete', fingerprint: 'D1', parent: 's1' }),
      entry({ ref: 's12', role: 'button', name: 'Add', fingerprint: 'A', parent: 's1' }),
    ]);
    const result = reconcileRefs(prev, curr);
    // By fingerprint, not position: the list now shows the second button first.
    expect(result.entries.map(e => e.ref)).toEqual(['s1', 's3', 's2', 's12']);
    expect(result.entries.map(e => e.parent)).toEqual([null, 's1', 's1', 's1']);
    expect(curr.entries[1].ref).toBe('s10');
  });

  it('should renumber an unpaired entry whose ref the previous snapshot used for something else', () => {
    const prev = snapshot([entry({ ref: 's1', role: 'heading', fingerprint: 'H' }), entry({ ref: 's2', role: 'link', fingerprint: 'K' })]);
    const curr = snapshot([entry({ ref: 's1', role: 'button', fingerprint: 'B' }), entry({ ref: 's2', role: 'link', fingerprint: 'K', parent: 's1' })]);
    const result = reconcileRefs(prev, curr);
    expect(result.entries.map(e => e.ref)).toEqual(['s3', 's2']);
    expect(result.entries[1].parent).toBe('s3');
  });

  it('should fix parents that point at carried refs', () => {
    const prev = snapshot([entry({ ref: 's4', role: 'dialog', fingerprint: 'D' })]);
    const curr = snapshot([entry({ ref: 's1', role: 'dialog', fingerprint: 'D' }), entry({ ref: 's2', role: 'button', fingerprint: 'B', parent: 's1' })]);
    expect(reconcileRefs(prev, curr).entries.map(e => [e.ref, e.parent])).toEqual([['s4', null], ['s2', 's4']]);
  });
});

describe('refs', () => {
  it('should parse and validate ref numbers', () => {
    expect(parseRef('s12')).toEqual({ prefix: '', id: 12 });
    expect(parseRef('f1s3')).toEqual({ prefix: 'f1', id: 3 });
    expect(parseRef('f12s0')).toEqual({ prefix: 'f12', id: 0 });
    expect(formatRef('f2', 40)).toBe('f2s40');
    expect(isRef('s1')).toBe(true);
    expect(isRef('f2s40')).toBe(true);
    // Not refs: other letters, missing or padded numbers, too many digits, spaces, non-strings.
    for (const value of ['e2', 's', 'f1', 'fs1', 's01', 'f01s1', 's1 ', ' s1', 'S1', 's1234567890123456', 12, undefined])
      expect(isRef(value), String(value)).toBe(false);
    expect(isRef('s123456789012345')).toBe(true);
  });
});

describe('DepartedRefs', () => {
  it('should give the ref of an element that left back to the one element that comes back like it', () => {
    const departed = new DepartedRefs();
    departed.remember('row-10180', 's11', false);
    // Not in the earlier walk (undefined `before`), unique now: it is back.
    expect(pairByFingerprint([], [{ fingerprint: 'row-10365' }, { fingerprint: 'row-10180' }], undefined, [], departed)).toEqual([undefined, 's11']);
    // Given back once: the ref is bound again and no longer remembered.
    expect(departed.has('row-10180')).toBe(false);
  });

  it('should never give a ref back to one of two look-alikes, nor for a fingerprint the last walk showed', () => {
    const departed = new DepartedRefs();
    departed.remember('x', 's1', false);
    expect(pairByFingerprint([], [{ fingerprint: 'x' }, { fingerprint: 'x' }], undefined, [], departed)).toEqual([undefined, undefined]);
    // The last walk showed an `x` (still there, or its twin): the one that came back may be that one.
    expect(pairByFingerprint([], [{ fingerprint: 'x' }], undefined, [{ fingerprint: 'x' }], departed)).toEqual([undefined]);
    expect(pairByFingerprint([], [{ fingerprint: 'x' }], undefined, [], departed)).toEqual(['s1']);
  });

  it('should remember a fingerprint two departed elements had as ambiguous, and one that left with a look-alike', () => {
    const departed = new DepartedRefs();
    departed.remember('x', 's1', false);
    departed.remember('x', 's2', false);
    departed.remember('y', 's3', true);
    expect(departed.take('x')).toBeUndefined();
    expect(departed.take('y')).toBeUndefined();
    // The same element leaving again (its ref) is no second element.
    departed.remember('z', 's4', false);
    departed.remember('z', 's4', false);
    expect(departed.take('z')).toBe('s4');
  });

  it('should not give back a ref whose element is live again', () => {
    const departed = new DepartedRefs();
    departed.remember('x', 's1', false);
    expect(departed.take('x', ref => ref !== 's1')).toBeUndefined();
    expect(departed.take('x')).toBe('s1');
  });

  it('should forget the oldest departures past its capacity, and not a newer one with the same fingerprint', () => {
    const departed = new DepartedRefs(3);
    departed.remember('a', 's1', false);
    departed.remember('b', 's2', false);
    departed.remember('c', 's3', false);
    expect(departed.take('b')).toBe('s2');
    departed.remember('b', 's2', false); // slot 4: evicts 'a'
    departed.remember('d', 's4', false); // slot 5: evicts the old slot of 'b', which 'b' left for a newer one
    expect(departed.has('a')).toBe(false);
    expect(departed.take('b')).toBe('s2');
    departed.remember('e', 's5', false); // evicts 'c'
    expect([departed.has('c'), departed.take('d'), departed.take('e')]).toEqual([false, 's4', 's5']);
  });
});
