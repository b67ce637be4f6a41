// The ref engine: a ref's live element, and the timing policy of the `sw-ref` selector engine for a
// ref whose element is gone. It answers with elements or with a problem (a code and its data);
// the sentence a failed wait shows is Node's (src/errors.ts), handed to `selectorEngine`.

import type { RefProblem, RefProblemMessages } from '../src/isomorphic/protocol';
import type { SelectorEngine } from './api';
import { fragmentHost, isArray, mapClear, mapDelete, mapGet, MapCtor, mapSet, mapSize, nodeParentNode, nodeType, now, stringTrim } from './builtins';
import type { RefRegistry } from './registry';

/** How often, at most, a missing ref's element is looked for with a catch-up walk: the engine is polled while a locator waits. */
const kCatchUpIntervalMs = 100;
/** How long a wait for a gone ref's element may last before it fails (see `query`). */
const kGoneGraceMs = 500;
/** Playwright polls a waiting locator at most every second; a longer gap starts a new check. */
const kWaitGapMs = 1_500;
/** Gone refs remembered at most. */
const kMaxMissing = 1_000;

export class RefEngine {
  private _lastCatchUp = -Infinity;
  /**
   * When each issued ref whose element is gone was first and last found missing (see `query`).
   * Bounded: a test asks about a few refs, but a page's own script could ask about many.
   */
  private readonly _missing: Map<string, { since: number; last: number; failed: boolean }> = new MapCtor();

  /** `catchUp` walks the document as the last snapshot did, carrying refs but issuing none. */
  constructor(private readonly _registry: RefRegistry, private readonly _catchUp: () => void) {}

  /**
   * The live element of a ref. When its element was re-rendered since the last snapshot, a
   * catch-up walk finds the new one; throttled, because the engine is polled while a locator waits.
   */
  resolve(ref: string): Element | undefined {
    const element = this._registry.element(ref);
    if (element || !this._registry.issued(ref) || now() - this._lastCatchUp < kCatchUpIntervalMs)
      return element;
    this._lastCatchUp = now();
    this._catchUp();
    return this._registry.element(ref);
  }

  /** What the selector engine answers for `ref` under `root`: its element (or none), or the problem to fail with. */
  query(root: Node, ref: string): Element[] | RefProblem {
    if (!this._registry.issued(ref))
      return { code: 'REF_STALE', reason: 'not-issued', ref };
    const element = this.resolve(ref);
    if (element) {
      mapDelete(this._missing, ref);
      return isInside(root, element) ? [element] : [];
    }
    // An issued ref whose element left the document: a check that wants it gone (toBeHidden,
    // toHaveCount(0)) is answered by the first empty answer. A wait for it (an action, a
    // toBeVisible) asks again and again: once it has waited kGoneGraceMs without a gap of
    // kWaitGapMs (a re-render may bring the element back under the same ref), it fails at once
    // rather than at its timeout. A check made after such a gap starts afresh, and so does one
    // made right after a wait failed: `expect(ref).toBeHidden()` after the failed click passes.
    const at = now();
    const missing = mapGet(this._missing, ref);
    if (!missing || at - missing.last > kWaitGapMs) {
      if (!missing && mapSize(this._missing) >= kMaxMissing)
        mapClear(this._missing);
      mapSet(this._missing, ref, { since: at, last: at, failed: false });
      return [];
    }
    missing.last = at;
    if (at - missing.since > kGoneGraceMs) {
      missing.since = at;
      missing.failed = true;
      return { code: 'REF_STALE', reason: 'gone', ref };
    }
    return [];
  }

  /**
   * The problem the selector engine fails with for `ref` now, without counting as one of its
   * polls: none while the element is there or a wait for it has not waited long enough.
   */
  problem(ref: string): RefProblem | undefined {
    if (!this._registry.issued(ref))
      return { code: 'REF_STALE', reason: 'not-issued', ref };
    if (this.resolve(ref))
      return undefined;
    const missing = mapGet(this._missing, ref);
    return missing && (missing.failed || missing.last - missing.since > kGoneGraceMs) ? { code: 'REF_STALE', reason: 'gone', ref } : undefined;
  }

  /** The `sw-ref` selector engine: a problem fails the query with its message from `messages`. */
  selectorEngine(messages: RefProblemMessages): SelectorEngine {
    return {
      queryAll: (root: Node, selector: string): Element[] => {
        const answer = this.query(root, stringTrim(selector));
        if (isArray(answer))
          return answer;
        const message = messages[answer.reason];
        throw new Error(message[0] + answer.ref + message[1]);
      },
    };
  }
}

function isInside(root: Node, element: Element): boolean {
  // `host` only of a shadow root: read on the document, it would be whatever Object.prototype says.
  for (let node: Node | null = element; node; node = nodeParentNode(node) || (nodeType(node) === 11 ? fragmentHost(node as ShadowRoot) : null)) {
    if (node === root)
      return true;
  }
  return false;
}
