// Ref pairing (DESIGN.md §4): a ref whose element was detached (a framework re-render) is carried
// over to a new element with the same fingerprint — but only when the match is unambiguous. A ref
// carried to an element a reader would call different is worse than a new ref: the agent clicks
// "delete" on the wrong row. So a fingerprint that several elements of the earlier walk, or several
// elements of the current walk, share pairs nothing: those elements get new refs and the old refs
// are gone.
//
// Bundled into the page: it must not call overridable builtins (see injected/builtins.ts).

import { createTable } from './tables';

export interface RefCandidate { ref: string; fingerprint: string }

type Fingerprinted = { fingerprint: string };

/**
 * Pairs orphaned refs (their element is gone) with fresh elements (no ref yet). `previous` is
 * every element of the earlier walk, orphaned or not (default: `orphans`), and `current` every
 * element of this walk, fresh or not (default: `fresh`): a fingerprint that appears more than once
 * in either is ambiguous. (A subtree walk's `current` does not hold the rest of the page, so
 * `previous` is what tells that an orphan had a twin there.) Returns, for each fresh item, the
 * ref it inherits, or `undefined`.
 */
export function pairByFingerprint(orphans: readonly RefCandidate[], fresh: readonly Fingerprinted[],
  current: readonly Fingerprinted[] = fresh, previous: readonly Fingerprinted[] = orphans): (string | undefined)[] {
  const before = countFingerprints(previous);
  const now = countFingerprints(current);
  // Tables with no prototype: nothing a page adds to Object.prototype counts as a fingerprint.
  const orphanOf = createTable<string>();
  for (let i = 0; i < orphans.length; i++) {
    const key = '#' + orphans[i].fingerprint;
    if (before[key] === 1)
      orphanOf[key] = orphans[i].ref;
  }
  const result: (string | undefined)[] = [];
  for (let i = 0; i < fresh.length; i++) {
    const key = '#' + fresh[i].fingerprint;
    result[i] = now[key] === 1 ? orphanOf[key] : undefined;
  }
  return result;
}

function countFingerprints(items: readonly Fingerprinted[]): { [key: string]: number | undefined } {
  const counts = createTable<number>();
  for (let i = 0; i < items.length; i++) {
    const key = '#' + items[i].fingerprint;
    counts[key] = (counts[key] || 0) + 1;
  }
  return counts;
}
