// The page-side element <-> ref registry of one document (DESIGN.md §4).
//
// Refs live only in these maps, inside the bundle's closure: nothing is ever set on an element.

import { pairByFingerprint, type RefCandidate } from '../src/snapshot/pairing';
import { append, mapGet, mapSet, MapCtor, mathMax, weakMapGet, weakMapSet, WeakMapCtor, mapHas } from './builtins';

interface Issued extends RefCandidate { element: Element }

export interface Candidate { element: Element; fingerprint: string }

export class RefRegistry {
  private readonly _refByElement: WeakMap<Element, string> = new WeakMapCtor();
  private readonly _elementByRef: Map<string, Element> = new MapCtor();
  /** The previous walk's entries, in document order: where orphans are looked for. */
  private _lastWalk: Issued[] = [];
  private _nextId = 1;
  private _prefix = '';

  constructor(readonly documentId: string) {}

  get nextId(): number {
    return this._nextId;
  }

  /**
   * Gives every candidate (document order) its ref: the one its element already has, else the
   * ref of a detached element with the same fingerprint (pairing in document order), else — when
   * `issueNew` — the next free number, which is never below `minNextId` (the store's count for the page).
   */
  assign(candidates: readonly Candidate[], options: { minNextId: number; prefix: string; issueNew: boolean; partial?: boolean }): (string | undefined)[] {
    this._prefix = options.prefix;
    this._nextId = mathMax(this._nextId, options.minNextId);
    const refs: (string | undefined)[] = [];
    const fresh: Candidate[] = [];
    const freshIndex: number[] = [];
    for (let i = 0; i < candidates.length; i++) {
      const ref = weakMapGet(this._refByElement, candidates[i].element);
      refs[i] = ref;
      if (ref === undefined) {
        append(fresh, candidates[i]);
        append(freshIndex, i);
      }
    }
    if (fresh.length) {
      const orphans: Issued[] = [];
      for (let i = 0; i < this._lastWalk.length; i++) {
        const issued = this._lastWalk[i];
        if (!issued.element.isConnected && mapGet(this._elementByRef, issued.ref) === issued.element)
          append(orphans, issued);
      }
      const inherited = pairByFingerprint(orphans, fresh);
      for (let i = 0; i < fresh.length; i++) {
        let ref = inherited[i];
        if (ref === undefined && options.issueNew)
          ref = this._prefix + 's' + (this._nextId++);
        if (ref === undefined)
          continue;
        refs[freshIndex[i]] = ref;
        this._bind(ref, fresh[i].element);
      }
    }
    // A subtree walk does not stand in for the document's last walk.
    if (options.partial)
      return refs;
    const walk: Issued[] = [];
    for (let i = 0; i < candidates.length; i++) {
      const ref = refs[i];
      if (ref !== undefined)
        append(walk, { ref, fingerprint: candidates[i].fingerprint, element: candidates[i].element });
    }
    this._lastWalk = walk;
    return refs;
  }

  private _bind(ref: string, element: Element) {
    // The element that had this ref before is gone; if it ever comes back it is a new element.
    const previous = mapGet(this._elementByRef, ref);
    if (previous)
      weakMapSet(this._refByElement, previous, undefined as unknown as string);
    weakMapSet(this._refByElement, element, ref);
    mapSet(this._elementByRef, ref, element);
  }

  /** Whether this document ever issued `ref`. */
  issued(ref: string): boolean {
    return mapHas(this._elementByRef, ref);
  }

  /** The live element of `ref`, or undefined when it is detached or was never issued here. */
  element(ref: string): Element | undefined {
    const element = mapGet(this._elementByRef, ref);
    return element && element.isConnected ? element : undefined;
  }

  refOf(element: Element): string | undefined {
    const ref = weakMapGet(this._refByElement, element);
    return ref && mapGet(this._elementByRef, ref) === element ? ref : undefined;
  }
}
