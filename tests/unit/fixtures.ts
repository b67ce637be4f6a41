import type { Snapshot, SnapshotEntry } from '../../src/isomorphic/types';

/** A schema v1 entry with defaults for everything a test does not care about. */
export function entry(partial: Partial<SnapshotEntry> & Pick<SnapshotEntry, 'ref' | 'role'>): SnapshotEntry {
  return {
    name: '',
    state: { visible: true },
    bbox: { x: 0, y: 0, width: 10, height: 10 },
    fingerprint: `${partial.role}:${partial.name ?? ''}`,
    interactive: false,
    recently_changed: false,
    depth: 0,
    parent: null,
    tag: 'div',
    ...partial,
  };
}

export function snapshot(entries: SnapshotEntry[], meta: Partial<Snapshot['meta']> = {}, text?: Snapshot['text']): Snapshot {
  return {
    schemaVersion: 1,
    entries,
    ...(text ? { text } : {}),
    meta: { url: 'http://127.0.0.1/', title: '', snapshotId: 1, documentId: 'doc-1', entryCount: entries.length, truncated: false, elapsed_ms: 1, estimated_tokens: 0, ...meta },
  };
}
