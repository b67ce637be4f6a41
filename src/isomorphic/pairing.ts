// Ref pairing (docs/design.md, Pairing): a ref whose element was detached (a framework re-render)
// is carried over to a new element with the same fingerprint — but only when the match is
// unambiguous. A ref carried to an element a reader would call different is worse than a new ref:
// the agent clicks "delete" on the wrong row. So a fingerprint that several elements of the earlier
// walk, or several elements of the current walk, share pairs nothing: those elements get new refs
// and the old refs are gone.
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
 * ref it inherits, or `undefined`. With `departed`, a fresh item that no element of the earlier
 * walk looked like may take back the ref of one that left before it (`isFree`: its ref is bound to
 * no live element).
 */
export function pairByFingerprint(orphans: readonly RefCandidate[], fresh: readonly Fingerprinted[],
  current: readonly Fingerprinted[] = fresh, previous: readonly Fingerprinted[] = orphans,
  departed?: DepartedRefs, isFree?: (ref: string) => boolean): (string | undefined)[] {
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
    if (now[key] !== 1) {
      result[i] = undefined;
      continue;
    }
    result[i] = orphanOf[key];
    // Back from further away: only what the earlier walk did not show at all, so that an element
    // the last walk saw (or its twin) is never taken for one that left before.
    if (result[i] === undefined && departed && before[key] === undefined)
      result[i] = departed.take(fresh[i].fingerprint, isFree);
  }
  return result;
}

/** How many items have each fingerprint, keyed `#<fingerprint>`. */
export function countFingerprints(items: readonly Fingerprinted[]): { [key: string]: number | undefined } {
  const counts = createTable<number>();
  for (let i = 0; i < items.length; i++) {
    const key = '#' + items[i].fingerprint;
    counts[key] = (counts[key] || 0) + 1;
  }
  return counts;
}

/**
 * How many departures one document remembers: a filter that hides a few thousand rows and shows
 * them again gets their refs back; older departures are forgotten, and their elements get new
 * refs if they come back.
 */
export const kRememberedDepartures = 5000;

interface Departure { ref: string; seq: number }

/**
 * The refs of elements that left the page, by fingerprint, so that one that returns, unique both
 * times, gets its ref back (docs/design.md, Pairing); bounded to the last `capacity` departures. A
 * fingerprint that two departed elements had, or that left while a look-alike stayed, is remembered
 * as ambiguous: it never gives a ref back.
 */
export class DepartedRefs {
  // '' as a ref marks an ambiguous fingerprint.
  private readonly _byKey = createTable<Departure>();
  // A ring of the keys in the order they were remembered: the oldest is forgotten first.
  private readonly _ring: string[] = [];
  private _seq = 0;

  constructor(readonly capacity: number = kRememberedDepartures) {}

  remember(fingerprint: string, ref: string, ambiguous: boolean): void {
    const key = '#' + fingerprint;
    const known = this._byKey[key];
    const seq = this._seq++;
    const slot = seq % this.capacity;
    if (seq >= this.capacity) {
      const oldest = this._ring[slot];
      const entry = this._byKey[oldest];
      // A key remembered again since keeps its newer slot.
      if (entry && entry.seq === seq - this.capacity)
        delete this._byKey[oldest];
    }
    this._ring[slot] = key;
    this._byKey[key] = { ref: ambiguous || (known && known.ref !== ref) ? '' : ref, seq };
  }

  /** The ref of the one element that left with this fingerprint, forgotten as it is given back. */
  take(fingerprint: string, isFree?: (ref: string) => boolean): string | undefined {
    const key = '#' + fingerprint;
    const entry = this._byKey[key];
    if (!entry || !entry.ref || (isFree && !isFree(entry.ref)))
      return undefined;
    delete this._byKey[key];
    return entry.ref;
  }

  /** Whether a look-alike of an element that left is known (for tests and the ambiguity rule). */
  has(fingerprint: string): boolean {
    return this._byKey['#' + fingerprint] !== undefined;
  }
}
