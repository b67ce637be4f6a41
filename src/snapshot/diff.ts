// Snapshot diffs (docs/concepts.md, Diffs). Entries are matched by ref, which the
// reconciler keeps stable across re-renders. Boxes are never compared: a banner inserted above
// would otherwise mark the whole page changed.

import { kMaxListedMoves, kMaxListedOrder } from '../isomorphic/types';
import type { ChildMove, ChildReorder, EntryChange, EntryIdentity, Snapshot, SnapshotDiff, SnapshotEntry } from '../isomorphic/types';

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

/**
 * For each entry of `curr`, the index of the entry with the same ref in `prev`, or -1. Two
 * snapshots of a page that changed a field list the same refs in the same order: the map of
 * refs is built only from where they part.
 */
export function earlierIndexes(prev: readonly SnapshotEntry[], curr: readonly SnapshotEntry[]): Int32Array {
  const result = new Int32Array(curr.length);
  let byRef: Map<string, number> | undefined;
  for (let i = 0; i < curr.length; i++) {
    const ref = curr[i].ref;
    if (!byRef) {
      if (i < prev.length && prev[i].ref === ref) {
        result[i] = i;
        continue;
      }
      byRef = new Map();
      for (let j = 0; j < prev.length; j++)
        byRef.set(prev[j].ref, j);
    }
    result[i] = byRef.get(ref) ?? -1;
  }
  return result;
}

export function identityOf(entry: SnapshotEntry): EntryIdentity {
  return { ref: entry.ref, role: entry.role, name: entry.name, fingerprint: entry.fingerprint };
}

/**
 * What changed from `prev` to `curr`. When the document changed (`renderer_reloaded`), every
 * entry of `curr` is added and every entry of `prev` removed: refs of the old document are stale.
 * When a walk limit cut either snapshot, what lies past the cut is not compared (`meta.cut`).
 * Children re-sorted under the same parent are reported once per parent (`reordered`).
 */
export function diffSnapshots(prev: Snapshot, curr: Snapshot, options: { format?: DiffFormat } = {}): SnapshotDiff {
  const full = options.format === 'full';
  const reloaded = prev.meta.documentId !== curr.meta.documentId;
  // Where each entry sat before (by ref): to compare it, and to compare the order of children.
  const earlier = reloaded ? undefined : earlierIndexes(prev.entries, curr.entries);
  const inCurr = new Uint8Array(prev.entries.length);
  const cut = !reloaded && (prev.meta.truncated || curr.meta.truncated);
  // Where each side's cut falls in the other: an entry only one side has, after it, is past the cut.
  const prevCutInCurr = cut && prev.meta.truncated ? cutIndex(prev.entries, curr.entries) : Infinity;
  const currCutInPrev = cut && curr.meta.truncated ? cutIndex(curr.entries, prev.entries) : Infinity;
  const skipped = { added: 0, removed: 0 };
  const added: SnapshotEntry[] = [];
  const changed: EntryChange[] = [];
  // Per parent ('' for the top level), the earlier positions of the children both have there, in
  // their current order, and where those children are in `curr`.
  const childPositions = new Map<string, number[]>();
  const childIndexes = new Map<string, number[]>();
  for (let i = 0; i < curr.entries.length; i++) {
    const entry = curr.entries[i];
    const index = earlier ? earlier[i] : -1;
    if (index < 0) {
      if (i <= prevCutInCurr)
        added.push(entry);
      else
        skipped.added++;
      continue;
    }
    inCurr[index] = 1;
    const before = prev.entries[index];
    if (before.parent === entry.parent) {
      const parent = entry.parent ?? '';
      const positions = childPositions.get(parent);
      if (positions) {
        positions.push(index);
        childIndexes.get(parent)!.push(i);
      } else {
        childPositions.set(parent, [index]);
        childIndexes.set(parent, [i]);
      }
    }
    // hasChanged first: most entries did not change, and it builds nothing to say so.
    const changes = hasChanged(before, entry) ? changedFields(before, entry) : undefined;
    if (changes && Object.keys(changes).length)
      changed.push(full ? { ...identityOf(entry), changes, prev: before, curr: entry } : { ...identityOf(entry), changes });
  }
  const removed: EntryIdentity[] = [];
  for (let i = 0; i < prev.entries.length; i++) {
    const entry = prev.entries[i];
    if (inCurr[i])
      continue;
    if (i <= currCutInPrev)
      removed.push(identityOf(entry));
    else
      skipped.removed++;
  }
  const meta: SnapshotDiff['meta'] = { ...curr.meta, since: prev.meta.snapshotId };
  if (reloaded)
    meta.renderer_reloaded = true;
  if (cut) {
    meta.truncated = true;
    meta.cut = { before: prev.meta.truncated, after: curr.meta.truncated, skipped };
  }
  return { schemaVersion: 1, added, removed, changed, reordered: reorders(childPositions, childIndexes, curr), meta };
}

/**
 * Parents whose children — those both snapshots have under that same parent — come in another
 * order, with the fewest children that moved: the rest form the longest run that kept its
 * relative order. Entries both snapshots have lie before both cuts, so a cut never reads as a
 * move; added, removed and re-parented entries are not moves. O(n log n) in all. Parents come in
 * the order their first compared child has in `curr`. Each says which children moved, from which
 * place to which, so a reader knows which rows a sort put elsewhere.
 */
function reorders(childPositions: Map<string, number[]>, childIndexes: Map<string, number[]>, curr: Snapshot): ChildReorder[] {
  const reordered: ChildReorder[] = [];
  let parents: Map<string, SnapshotEntry> | undefined;
  for (const [parent, positions] of childPositions) {
    const kept = keptInOrder(positions);
    const moved = positions.length - kept.count;
    if (moved === 0)
      continue;
    parents ??= new Map(curr.entries.map(entry => [entry.ref, entry]));
    const entry = parents.get(parent);
    // Places are ranks among the compared children: what a reader counts, whatever was added around them.
    const sorted = Int32Array.from(positions).sort();
    const rank = (position: number) => lowerBound(sorted, position) + 1;
    const indexes = childIndexes.get(parent)!;
    const moves: ChildMove[] = [];
    for (let i = 0; i < positions.length && moves.length < kMaxListedMoves; i++) {
      if (kept.in[i])
        continue;
      const child = curr.entries[indexes[i]];
      moves.push({ ref: child.ref, role: child.role, name: child.name, from: rank(positions[i]), to: i + 1 });
    }
    const reorder: ChildReorder = { parent, moved, compared: positions.length, role: entry?.role ?? '', name: entry?.name ?? '', moves };
    if (positions.length <= kMaxListedOrder)
      reorder.order = positions.map(rank);
    reordered.push(reorder);
  }
  return reordered;
}

function lowerBound(sorted: Int32Array, value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid] < value)
      low = mid + 1;
    else
      high = mid;
  }
  return low;
}

/** The length of the longest strictly increasing subsequence of `values` (distinct numbers). */
export function longestIncreasingRun(values: readonly number[]): number {
  return keptInOrder(values).count;
}

/**
 * One longest strictly increasing subsequence of `values` (distinct numbers): `in[i]` is 1 for
 * the values in it — the children that kept their relative order — and `count` its length.
 */
export function keptInOrder(values: readonly number[]): { in: Uint8Array; count: number } {
  // tails[k]: the index of the smallest last value of an increasing subsequence of length k + 1;
  // before[i]: the index of the value ahead of values[i] in the subsequence it ends.
  const tails: number[] = [];
  const before = new Int32Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (values[tails[mid]] < value)
        low = mid + 1;
      else
        high = mid;
    }
    before[i] = low > 0 ? tails[low - 1] : -1;
    tails[low] = i;
  }
  const kept = new Uint8Array(values.length);
  for (let i = tails.length ? tails[tails.length - 1] : -1; i >= 0; i = before[i])
    kept[i] = 1;
  return { in: kept, count: tails.length };
}

/**
 * Where a truncated snapshot's cut falls in the other snapshot: the index there of its last entry
 * the other also has (walks go in document order, so nothing before it was cut), -1 when they
 * share none and nothing can be compared.
 */
function cutIndex(truncated: SnapshotEntry[], other: SnapshotEntry[]): number {
  const indexInOther = new Map(other.map((entry, index) => [entry.ref, index]));
  for (let i = truncated.length - 1; i >= 0; i--) {
    const index = indexInOther.get(truncated[i].ref);
    if (index !== undefined)
      return index;
  }
  return -1;
}
