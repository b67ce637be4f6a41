import { describe, expect, it } from 'vitest';
import { refPrefix } from '../../src/isomorphic/refs';
import { kRecentEntries, RefLedger } from '../../src/session/refLedger';
import type { SnapshotEntry } from '../../src/isomorphic/types';

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
    const frame = {};
    expect(ledger.framePrefix(frame)).toBe('f1');
    ledger.record({ prefix: 'f1', documentId: 'C', firstId: 1, nextId: 3, entries: entries(1, 3, 'f1'), partial: false });
    ledger.frameGone(frame);
    ledger.frameGone(frame);
    expect(ledger.size).toBe(2);
    expect(ledger.entryOf('f1s1')?.ref).toBe('f1s1');
    expect(ledger.documentOf('f1s2')).toBe('C');
  });
});

/** A ledger of a page with a main document 'A' (s1–s3) and one frame (f1s1–f1s2), as one capture leaves it. */
function pageLedger() {
  const ledger = new RefLedger<{ name: string }>();
  const frame = { name: 'child' };
  ledger.record({ prefix: '', documentId: 'A', firstId: ledger.nextId(''), nextId: 4, entries: entries(1, 4), partial: false });
  const prefix = ledger.framePrefix(frame);
  ledger.record({ prefix, documentId: 'F', firstId: ledger.nextId(prefix), nextId: 3, entries: entries(1, 3, prefix), partial: false });
  return { ledger, frame };
}

const statusOf = (ledger: RefLedger<any>, refs: string[]) => refs.map(ref => {
  const status = ledger.status(ref);
  return status.status === 'stale' ? `stale:${status.why}` : status.status;
});

describe('RefLedger.status', () => {
  it('should call refs of this page current, and refs never issued unknown', () => {
    const { ledger } = pageLedger();
    expect(statusOf(ledger, ['s1', 's3', 'f1s1', 'f1s2', 's4', 'f1s3', 'f2s1', 'e1', 's0'])).toEqual([
      'current', 'current', 'current', 'current', 'unknown', 'unknown', 'unknown', 'unknown', 'unknown',
    ]);
    expect(ledger.status('s2')).toEqual({ status: 'current', entry: expect.objectContaining({ ref: 's2' }) });
  });

  it('should call every ref stale as soon as the main frame loads a new document, before any walk', () => {
    const { ledger } = pageLedger();
    ledger.mainDocumentReplaced();
    expect(statusOf(ledger, ['s1', 'f1s1', 's9'])).toEqual(['stale:navigated', 'stale:navigated', 'unknown']);
    // The new document's walk: numbering goes on, old refs stay stale, new ones are current.
    expect(ledger.nextId('')).toBe(4);
    ledger.record({ prefix: '', documentId: 'B', firstId: 4, nextId: 6, entries: entries(4, 6), partial: false });
    expect(statusOf(ledger, ['s1', 's3', 's4', 's5', 's6'])).toEqual(['stale:navigated', 'stale:navigated', 'current', 'current', 'unknown']);
  });

  it('should call a frame\'s refs stale when it navigates, and for good when it is gone', () => {
    const { ledger, frame } = pageLedger();
    ledger.record({ prefix: 'f1', documentId: 'G', firstId: ledger.nextId('f1'), nextId: 5, entries: entries(3, 5, 'f1'), partial: false });
    expect(statusOf(ledger, ['f1s1', 'f1s3', 's1'])).toEqual(['stale:navigated', 'current', 'current']);
    ledger.frameGone(frame);
    expect(statusOf(ledger, ['f1s1', 'f1s3', 's1'])).toEqual(['stale:frame-gone', 'stale:frame-gone', 'current']);
    expect(ledger.frameOf('f1')).toBeUndefined();
    // A frame seen later never reuses the gone one's number.
    expect(ledger.framePrefix({ name: 'other' })).toBe('f2');
    expect(ledger.framePrefix(frame)).toBe('f3');
  });

  it('should keep frame refs current through captures and matcher polls that set no baseline', () => {
    // The bug this guards: a frame ref was called stale after an automatic capture when the user
    // had never taken a snapshot of their own. The ledger knows nothing of baselines.
    const { ledger, frame } = pageLedger();
    for (let poll = 0; poll < 3; poll++) {
      ledger.record({ prefix: '', documentId: 'A', firstId: ledger.nextId(''), nextId: ledger.nextId(''), entries: entries(1, 4), partial: false });
      ledger.record({ prefix: ledger.framePrefix(frame), documentId: 'F', firstId: ledger.nextId('f1'), nextId: ledger.nextId('f1'), entries: entries(1, 3, 'f1'), partial: false });
    }
    expect(statusOf(ledger, ['s1', 'f1s1', 'f1s2'])).toEqual(['current', 'current', 'current']);
  });

  it('should number a root walk on from the page\'s count and keep the document\'s other refs current', () => {
    const { ledger } = pageLedger();
    ledger.record({ prefix: '', documentId: 'A', firstId: ledger.nextId(''), nextId: 6, entries: [entry('s2', 'Renamed'), ...entries(4, 6)], partial: true });
    expect(statusOf(ledger, ['s1', 's2', 's5', 's6'])).toEqual(['current', 'current', 'current', 'unknown']);
    expect(ledger.entryOf('s2')?.name).toBe('Renamed');
    expect(ledger.nextId('')).toBe(6);
  });

  it('should keep a re-rendered element\'s ref current and its dropped refs known', () => {
    const { ledger } = pageLedger();
    // s2 was carried to a re-render, s3 went away, s4 is new.
    ledger.record({ prefix: '', documentId: 'A', firstId: ledger.nextId(''), nextId: 5, entries: [entry('s1'), entry('s2'), entry('s4')], partial: false });
    expect(statusOf(ledger, ['s1', 's2', 's3', 's4'])).toEqual(['current', 'current', 'current', 'current']);
    // What s3 was is still told, from the ring.
    expect(ledger.entryOf('s3')?.ref).toBe('s3');
    expect(ledger.nextId('')).toBe(5);
  });

  it('should never hand out a number twice, whatever the walks report', () => {
    const { ledger } = pageLedger();
    // A walk that issued nothing new cannot lower the count.
    ledger.record({ prefix: '', documentId: 'A', firstId: 1, nextId: 2, entries: [], partial: false });
    expect(ledger.nextId('')).toBe(4);
  });
});

describe('refPrefix', () => {
  it('should give the frame prefix of a ref', () => {
    expect(['s3', 'f2s14', 'f12s1'].map(refPrefix)).toEqual(['', 'f2', 'f12']);
  });
});
