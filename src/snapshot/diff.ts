// Snapshot diffs (DESIGN.md §5, API.md `SnapshotDiff`). Entries are matched by ref, which the
// reconciler keeps stable across re-renders. Boxes are never compared: a banner inserted above
// would otherwise mark the whole page changed.

import type { EntryChange, EntryIdentity, Snapshot, SnapshotDiff, SnapshotEntry } from './types';

export type DiffFormat = 'compact' | 'full';

const kComparedFields = ['name', 'value', 'text', 'url'] as const;

/** The fields an agent cares about that differ, as `{ field: { prev, curr } }`; `state.<flag>` for states. */
export function changedFields(prev: SnapshotEntry, curr: SnapshotEntry): EntryChange['changes'] {
  const changes: EntryChange['changes'] = {};
  for (const field of kComparedFields) {
    if (prev[field] !== curr[field])
      changes[field] = { prev: prev[field], curr: curr[field] };
  }
  const flags = new Set([...Object.keys(prev.state), ...Object.keys(curr.state)]);
  for (const flag of flags) {
    const before = (prev.state as unknown as Record<string, unknown>)[flag];
    const after = (curr.state as unknown as Record<string, unknown>)[flag];
    if (before !== after)
      changes[`state.${flag}`] = { prev: before, curr: after };
  }
  return changes;
}

/** Whether `changedFields` would find anything, without building it: the store asks for every entry. */
export function hasChanged(prev: SnapshotEntry, curr: SnapshotEntry): boolean {
  if (prev.name !== curr.name || prev.value !== curr.value || prev.text !== curr.text || prev.url !== curr.url)
    return true;
  const before = prev.state as unknown as Record<string, unknown>;
  const after = curr.state as unknown as Record<string, unknown>;
  let count = 0;
  for (const flag in before) {
    count++;
    if (before[flag] !== after[flag])
      return true;
  }
  for (const flag in after) {
    if (!(flag in before))
      return true;
    count--;
  }
  return count !== 0;
}

export function identityOf(entry: SnapshotEntry): EntryIdentity {
  return { ref: entry.ref, role: entry.role, name: entry.name, fingerprint: entry.fingerprint };
}

/**
 * What changed from `prev` to `curr`. When the document changed (`renderer_reloaded`), every
 * entry of `curr` is added and every entry of `prev` removed: refs of the old document are stale.
 */
export function diffSnapshots(prev: Snapshot, curr: Snapshot, options: { format?: DiffFormat } = {}): SnapshotDiff {
  const full = options.format === 'full';
  const reloaded = prev.meta.documentId !== curr.meta.documentId;
  const prevByRef = new Map(reloaded ? [] : prev.entries.map(entry => [entry.ref, entry]));
  const currRefs = new Set(reloaded ? [] : curr.entries.map(entry => entry.ref));
  const added: SnapshotEntry[] = [];
  const changed: EntryChange[] = [];
  for (const entry of curr.entries) {
    const before = prevByRef.get(entry.ref);
    if (!before) {
      added.push(entry);
      continue;
    }
    const changes = changedFields(before, entry);
    if (Object.keys(changes).length)
      changed.push(full ? { ...identityOf(entry), changes, prev: before, curr: entry } : { ...identityOf(entry), changes });
  }
  const removed = prev.entries.filter(entry => !currRefs.has(entry.ref)).map(identityOf);
  const meta: SnapshotDiff['meta'] = { ...curr.meta, since: prev.meta.snapshotId };
  if (reloaded)
    meta.renderer_reloaded = true;
  return { schemaVersion: 1, added, removed, changed, meta };
}
