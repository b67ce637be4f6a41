// Ref reconciliation between two snapshots (docs/design.md, Pairing), for snapshots numbered
// independently. The page reconciles its own walks with the same pairing rule (pairing.ts).

import { pairByFingerprint } from '../isomorphic/pairing';
import { formatRef, parseRef, refPrefix } from '../isomorphic/refs';
import type { Snapshot, SnapshotEntry } from '../isomorphic/types';

/**
 * Carries refs from `prev` over to `curr` when `curr` numbered its entries independently
 * (e.g. a snapshot taken by another process): entries whose ref and fingerprint both appear in
 * `prev` keep their ref; the rest pair, by fingerprint, with `prev` entries that have no
 * counterpart in `curr`, only where the match is unambiguous (pairing.ts). Unpaired entries keep
 * their own refs unless such a ref is taken by `prev`, in which case they get the next number
 * above both snapshots. Parent pointers follow. Returns a new snapshot; the inputs are not modified.
 */
export function reconcileRefs(prev: Snapshot, curr: Snapshot): Snapshot {
  const prevByRef = new Map(prev.entries.map(entry => [entry.ref, entry]));
  const kept = new Set<string>();
  const fresh: SnapshotEntry[] = [];
  for (const entry of curr.entries) {
    if (prevByRef.get(entry.ref)?.fingerprint === entry.fingerprint)
      kept.add(entry.ref);
    else
      fresh.push(entry);
  }
  const orphans = prev.entries.filter(entry => !kept.has(entry.ref));
  const inherited = pairByFingerprint(orphans, fresh, curr.entries, prev.entries);

  const taken = new Set([...prev.entries.map(entry => entry.ref), ...kept]);
  let next = Math.max(0, ...[...prev.entries, ...curr.entries].map(entry => parseRef(entry.ref)?.id ?? 0)) + 1;
  const renamed = new Map<string, string>();
  fresh.forEach((entry, index) => {
    const ref = inherited[index] ?? (taken.has(entry.ref) ? formatRef(refPrefix(entry.ref), next++) : entry.ref);
    renamed.set(entry.ref, ref);
  });
  const rename = (ref: string) => renamed.get(ref) ?? ref;
  return {
    ...curr,
    entries: curr.entries.map(entry => ({ ...entry, ref: rename(entry.ref), parent: entry.parent === null ? null : rename(entry.parent) })),
  };
}
