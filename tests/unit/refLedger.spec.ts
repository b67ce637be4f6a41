import { describe, expect, it } from 'vitest';
import { kRecentEntries, RefLedger, refPrefix } from '../../src/fixtures/refLedger';
import type { SnapshotEntry } from '../../src/snapshot/types';

function entry(ref: string, name = ref): SnapshotEntry {
  return { ref, role: 'button', name, state: { visible: true }, bbox: null, fingerprint: '', interactive: true, recently_changed: false, depth: 0, parent: null, tag: 'button' };
}

/** Entries `<prefix>s<first>` … `<prefix>s<next - 1>`. */
function entries(first: number, next: number, prefix = ''): SnapshotEntry[] {
  return Array.from({ length: next - first }, (_, i) => entry(`${prefix}s${first + i}`));
}

describe('RefLedger', () => {
  it('should tell which document was handed a ref from the ranges alone', () => {
    const ledger = new RefLedger();
    ledger.record({ prefix: '', documentId: 'A', firstId: 1, nextId: 4, entries: entries(1, 4), partial: false });
    ledger.record({ prefix: '', documentId: 'A', firstId: 4, nextId: 6, entries: entries(4, 6), partial: false });
    ledger.record({ prefix: '', documentId: 'B', firstId: 6, nextId: 9, entries: entries(6, 9), partial: false });
    ledger.record({ prefix: 'f1', documentId: 'C', firstId: 1, nextId: 3, entries: entries(1, 3, 'f1'), partial: false });
    expect(['s1', 's5', 's6', 's8', 's9', 'f1s2', 'f1s3', 'f2s1', 's0', 's05'].map(ref => ledger.documentOf(ref)))
        .toEqual(['A', 'A', 'B', 'B', undefined, 'C', undefined, undefined, undefined, undefined]);
  });

  it('should keep only the latest full walk of a prefix and a bounded ring of the rest', () => {
    const ledger = new RefLedger();
    const rounds = 20;
    const perRound = 1000;
    for (let round = 0; round < rounds; round++) {
      const first = 1 + round * perRound;
      ledger.record({ prefix: '', documentId: 'A', firstId: first, nextId: first + perRound, entries: entries(first, first + perRound), partial: false });
    }
    expect(ledger.size).toBe(perRound + kRecentEntries);
    // Too old to describe, still known as the document's.
    expect(ledger.entryOf('s1')).toBeUndefined();
    expect(ledger.documentOf('s1')).toBe('A');
    // The ring keeps the most recently dropped.
    const lastDropped = (rounds - 1) * perRound;
    expect(ledger.entryOf(`s${lastDropped}`)?.ref).toBe(`s${lastDropped}`);
    expect(ledger.entryOf(`s${lastDropped - kRecentEntries + 1}`)?.ref).toBeDefined();
    expect(ledger.entryOf(`s${lastDropped - kRecentEntries}`)).toBeUndefined();
  });

  it('should let a subtree walk update the latest walk without replacing it', () => {
    const ledger = new RefLedger();
    ledger.record({ prefix: '', documentId: 'A', firstId: 1, nextId: 3, entries: entries(1, 3), partial: false });
    ledger.record({ prefix: '', documentId: 'A', firstId: 3, nextId: 4, entries: [entry('s2', 'Renamed'), entry('s3')], partial: true });
    expect(ledger.entryOf('s1')?.name).toBe('s1');
    expect(ledger.entryOf('s2')?.name).toBe('Renamed');
    expect(ledger.entryOf('s3')?.name).toBe('s3');
    expect(ledger.documentOf('s3')).toBe('A');
  });

  it('should move a gone frame\'s latest walk to the ring', () => {
    const ledger = new RefLedger();
    ledger.record({ prefix: 'f1', documentId: 'C', firstId: 1, nextId: 3, entries: entries(1, 3, 'f1'), partial: false });
    ledger.forgetLatest('f1');
    ledger.forgetLatest('f1');
    expect(ledger.size).toBe(2);
    expect(ledger.entryOf('f1s1')?.ref).toBe('f1s1');
    expect(ledger.documentOf('f1s2')).toBe('C');
  });
});

describe('refPrefix', () => {
  it('should give the frame prefix of a ref', () => {
    expect(['s3', 'f2s14', 'f12s1'].map(refPrefix)).toEqual(['', 'f2', 'f12']);
  });
});
