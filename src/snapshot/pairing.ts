// Ref pairing (DESIGN.md §4): a ref whose element was detached (a framework re-render) is carried
// over to a new element with the same fingerprint; several elements with the same fingerprint pair
// in document order.
//
// Bundled into the page: it must not call overridable builtins (see injected/builtins.ts).

export interface RefCandidate { ref: string; fingerprint: string }

/**
 * Pairs orphaned refs (their element is gone; in their previous document order) with fresh
 * elements (no ref yet; in current document order). Returns, for each fresh item, the ref it
 * inherits, or `undefined` when no orphan with its fingerprint is left.
 */
export function pairByFingerprint(orphans: readonly RefCandidate[], fresh: readonly { fingerprint: string }[]): (string | undefined)[] {
  // A plain literal keyed with a prefix: no prototype collisions and no builtin calls.
  const queues: { [key: string]: { refs: string[]; next: number } } = {};
  for (let i = 0; i < orphans.length; i++) {
    const orphan = orphans[i];
    const key = '#' + orphan.fingerprint;
    const queue = queues[key] || (queues[key] = { refs: [], next: 0 });
    queue.refs[queue.refs.length] = orphan.ref;
  }
  const result: (string | undefined)[] = [];
  for (let i = 0; i < fresh.length; i++) {
    const queue = queues['#' + fresh[i].fingerprint];
    result[i] = queue && queue.next < queue.refs.length ? queue.refs[queue.next++] : undefined;
  }
  return result;
}
