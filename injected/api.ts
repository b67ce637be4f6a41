// The runtime's type: exactly what install.ts puts on the window, and what Node calls. Types only:
// Node imports this module with `import type` (src/runtime/pageCalls.ts), as Playwright's server
// imports its injected script's type, so no page code enters Node's build and Node's page
// functions are checked against the runtime they call.
//
// Every answer is a string built in the page with the builtins captured at install (a page that
// overrides builtins breaks even Playwright's own object results), and every argument a string or
// an element: Playwright's argument objects are read with the page's Object.prototype.

import type { kRuntimeKey, RefProblemMessages } from '../src/isomorphic/protocol';

/** Playwright's custom selector engine (https://playwright.dev/docs/extensibility#custom-selector-engines). */
export interface SelectorEngine {
  queryAll(root: Node, selector: string): Element[];
}

export interface StagewrightRuntime {
  /**
   * How many changes the page has seen, with the document's id: `<documentId>:<count>`
   * (changeCounter.ts). Without `forms`, form controls are not compared.
   */
  changeCount(forms?: boolean): string;
  /**
   * The change count (with forms) for a check against `since` (a count a capture kept): at once
   * when it differs already; otherwise once the page has rendered its next frame, by when the
   * scroll, resize, media and animation events of every change made before the call are
   * dispatched; '' when no frame comes (a hidden document), which a check takes as a change.
   */
  changeCountAfterFrame(since: string): Promise<string>;
  /**
   * Walks the document, or the subtree of `root`, for a `SnapshotRequest` given as JSON; answers
   * with an encoded answer (src/isomorphic/protocol.ts `decodeAnswer`).
   */
  snapshot(requestJson: string, root?: Element): string;
  /** The ref the runtime gave `element`, or ''. */
  refOf(element: Element): string;
  /** The refs of `elements`, space-separated, `-` for one without. */
  refsOf(elements: Element[]): string;
  /**
   * The ref of the one element a call of the test reached; for one no walk has named yet, a token
   * (`?<documentId>:<n>`, the same for the same element), and the runtime holds the element (in
   * its closure, never on the page) until `heldRefs` reads what the walks since have named it. ''
   * when it holds too many already.
   */
  holdTarget(element: Element): string;
  /** The document's id and the refs of the held elements, in order (`-` for none yet), space-separated; forgets them. */
  heldRefs(): string;
  /** Of the CSS selectors in `selectorsJson` (a JSON array), those the browser rejects, as a JSON array. */
  invalidSelectors(selectorsJson: string): string;
  /**
   * Why no element answers to `ref` now, as a `RefProblem`'s JSON, or '' when one does (or may
   * yet: a re-render can bring it back). Leaves the selector engine's waits as they are.
   */
  refProblem(ref: string): string;
  /** The `sw-ref` selector engine, failing with Node's `messages` (src/errors.ts). */
  selectorEngine(messages: RefProblemMessages): SelectorEngine;
}

declare global {
  interface Window {
    /** The stagewright runtime (install.ts): absent from a document it was not installed in. */
    readonly [kRuntimeKey]?: StagewrightRuntime;
  }
}
