// The page-side element <-> ref registry of one document (docs/design.md, Where refs live).
//
// Refs live only in these maps, inside the bundle's closure: nothing is ever set on an element.
//
// A long test detaches many thousands of elements, so the registry must not keep them alive: the
// element → ref map is weak, the ref → element index is pruned of detached elements at every full
// walk, and which refs this document issued is kept as runs of numbers, not per ref. What stays
// strongly held is one walk's worth: the last walk's list, which the next walk pairs orphans from,
// and the fingerprints and refs (never the elements) of the last few thousand that left.

import { countFingerprints, DepartedRefs, pairByFingerprint, type RefCandidate } from '../src/isomorphic/pairing';
import { formatRef, parseRef } from '../src/isomorphic/refs';
import { append, mapDelete, mapForEach, mapGet, mapSet, MapCtor, mathMax, weakMapDelete, weakMapGet, weakMapSet, WeakMapCtor } from './builtins';

interface Issued extends RefCandidate { element: Element }

export interface Candidate { element: Element; fingerprint: string }

/** The numbers `first` ≤ n < `next` this document issued as `<prefix>s<n>`. */
interface IssuedRun { prefix: string; first: number; next: number }

export class RefRegistry {
  /** The ref of each element. An element loses it only when the ref is carried to its re-render. */
  private readonly _refByElement: WeakMap<Element, string> = new WeakMapCtor();
  /**
   * The element of each ref, for the selector engine: every element that was connected at the last
   * full walk (hidden ones too) and those bound since. Detached ones are pruned at full walks.
   */
  private readonly _elementByRef: Map<string, Element> = new MapCtor();
  /** The previous walk's entries, in document order: where orphans are looked for. ('' ref: none issued.) */
  private _lastWalk: Issued[] = [];
  /** Elements that left before the last walk: one that comes back unchanged gets its ref back. */
  private readonly _departed = new DepartedRefs();
  private readonly _issuedRuns: IssuedRun[] = [];
  private _nextId = 1;

  constructor(readonly documentId: string) {}

  get nextId(): number {
    return this._nextId;
  }

  /**
   * Gives every candidate (document order) its ref: the one its element already has, else the
   * ref of the one detached element with the same fingerprint when no other candidate has it
   * (pairing.ts), else — when
   * `issueNew` — the next free number, which is never below `minNextId` (the store's count for the page).
   */
  assign(candidates: readonly Candidate[], options: { minNextId: number; prefix: string; issueNew: boolean; partial?: boolean }): (string | undefined)[] {
    this._nextId = mathMax(this._nextId, options.minNextId);
    const refs: (string | undefined)[] = [];
    const fresh: Candidate[] = [];
    const freshIndex: number[] = [];
    for (let i = 0; i < candidates.length; i++) {
      const element = candidates[i].element;
      const ref = weakMapGet(this._refByElement, element);
      refs[i] = ref;
      if (ref === undefined) {
        append(fresh, candidates[i]);
        append(freshIndex, i);
      } else if (mapGet(this._elementByRef, ref) !== element) {
        // It was detached (and pruned), and is back: the same element keeps its ref.
        mapSet(this._elementByRef, ref, element);
      }
    }
    if (fresh.length) {
      const orphans: Issued[] = [];
      for (let i = 0; i < this._lastWalk.length; i++) {
        const issued = this._lastWalk[i];
        if (issued.ref && !issued.element.isConnected && weakMapGet(this._refByElement, issued.element) === issued.ref)
          append(orphans, issued);
      }
      // The whole last walk: an orphan that had a twin there is ambiguous, in a subtree walk too.
      // A subtree walk does not see the rest of the page, so only a full walk asks what left earlier.
      const inherited = pairByFingerprint(orphans, fresh, candidates, this._lastWalk,
        options.partial ? undefined : this._departed, ref => !this.element(ref));
      for (let i = 0; i < fresh.length; i++) {
        let ref = inherited[i];
        if (ref === undefined && options.issueNew)
          ref = this._issue(options.prefix);
        if (ref === undefined)
          continue;
        refs[freshIndex[i]] = ref;
        this._bind(ref, fresh[i].element);
      }
    }
    // A subtree walk does not stand in for the document's last walk.
    if (options.partial)
      return refs;
    this._rememberDeparted(candidates);
    // Elements left without a ref (a catch-up walk issues none) count too: a twin of an orphan.
    const walk: Issued[] = [];
    for (let i = 0; i < candidates.length; i++)
      append(walk, { ref: refs[i] || '', fingerprint: candidates[i].fingerprint, element: candidates[i].element });
    this._lastWalk = walk;
    // Pruned only now: until this walk, detached elements of the last walk were orphans it could
    // pair, and the new last walk holds connected elements only, so the index keeps every orphan
    // the next walk may carry.
    this._pruneDetached();
    return refs;
  }

  /**
   * Orphans of the last walk that this full walk did not pair: remembered by fingerprint, as
   * ambiguous when the last walk had a twin of theirs or this walk shows a look-alike.
   */
  private _rememberDeparted(candidates: readonly Candidate[]) {
    let before: { [key: string]: number | undefined } | undefined;
    let now: { [key: string]: number | undefined } | undefined;
    for (let i = 0; i < this._lastWalk.length; i++) {
      const issued = this._lastWalk[i];
      if (!issued.ref || issued.element.isConnected || weakMapGet(this._refByElement, issued.element) !== issued.ref)
        continue;
      if (!before || !now) {
        before = countFingerprints(this._lastWalk);
        now = countFingerprints(candidates);
      }
      const key = '#' + issued.fingerprint;
      this._departed.remember(issued.fingerprint, issued.ref, before[key] !== 1 || now[key] !== undefined);
    }
  }

  private _issue(prefix: string): string {
    const id = this._nextId++;
    const runs = this._issuedRuns;
    const last = runs.length ? runs[runs.length - 1] : undefined;
    if (last && last.prefix === prefix && last.next === id)
      last.next = id + 1;
    else
      append(runs, { prefix, first: id, next: id + 1 });
    return formatRef(prefix, id);
  }

  private _bind(ref: string, element: Element) {
    // The element that had this ref before is gone; if it ever comes back it is a new element.
    const previous = mapGet(this._elementByRef, ref);
    if (previous)
      weakMapDelete(this._refByElement, previous);
    weakMapSet(this._refByElement, element, ref);
    mapSet(this._elementByRef, ref, element);
  }

  /** Lets the page collect elements that left it: their refs stay issued, and in the weak map. */
  private _pruneDetached() {
    mapForEach(this._elementByRef, (element, ref) => {
      if (!element.isConnected)
        mapDelete(this._elementByRef, ref);
    });
  }

  /** Whether this document ever issued `ref`, whether or not its element is still around. */
  issued(ref: string): boolean {
    const parsed = parseRef(ref);
    if (!parsed)
      return false;
    for (let i = 0; i < this._issuedRuns.length; i++) {
      const run = this._issuedRuns[i];
      if (run.prefix === parsed.prefix && parsed.id >= run.first && parsed.id < run.next)
        return true;
    }
    return false;
  }

  /** The live element of `ref`, or undefined when it is detached or was never issued here. */
  element(ref: string): Element | undefined {
    const element = mapGet(this._elementByRef, ref);
    return element && element.isConnected ? element : undefined;
  }

  refOf(element: Element): string | undefined {
    return weakMapGet(this._refByElement, element);
  }
}
