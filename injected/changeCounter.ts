// The change counter: what could have changed the page since a count, so that the store skips
// captures when nothing happened. Nothing here may throw into the page: every listener and
// observer callback catches what it meets, and reads records, nodes and events through getters
// captured at install.

import {
  addEventListener, append, composedPath, documentCreateElement, documentFonts, elementFirstElementChild, elementNextElementSibling,
  elementQuerySelectorAll, elementShadowRoot, mapGet, MapCtor, mapSet, MutationObserverCtor, nodeListLength, nodeType, observeMutations, parentFirstElementChild,
  recordAddedNodes, recordType, setInnerHTML, takeMutationRecords, WeakRefCtor, weakRefDeref, weakSetAdd, WeakSetCtor, weakSetHas,
} from './builtins';
import { FormState } from './formState';
import { StyleState } from './styleState';
import { rememberMaskedInput, rememberPasswordFieldsIn, rememberPasswordSwitches } from './secrets';

/**
 * Events of changes no mutation record shows, each of which can change what a snapshot says:
 * anything a user does (a click handler may set `checked` or `value` with no record and no input
 * event), focus (the `focused` state), hover (`:hover` rules show and hide content), scrolling and
 * resizing (boxes, media queries), loads of images and frames (boxes), CSS animations and
 * transitions (visibility and boxes, where they end), `<details>`/popover toggles, form resets
 * (values go back without an input event) and validation (`:invalid`). Listened to in the capture
 * phase, passively, so that events which do not bubble are seen too; the listener only counts.
 */
const kUnrecordedChanges = [
  'pointerdown', 'pointerup', 'click', 'keydown', 'keyup', 'wheel', 'submit',
  'focusin', 'focusout', 'mouseover', 'mouseout', 'scroll', 'resize', 'load', 'error',
  'animationstart', 'animationend', 'animationcancel', 'transitionend', 'transitioncancel',
  'toggle', 'reset', 'invalid',
];
const kPassiveCapture: AddEventListenerOptions = { capture: true, passive: true };

/**
 * The most elements one delivery of records has searched for shadow roots: an insertion of ten
 * thousand elements costs about 1 ms. A root past it is found by the walk or by an event's path.
 */
const kMaxSearchedElements = 200_000;

/**
 * Whether the document may run scripts. Where it may not (an iframe sandboxed without
 * allow-scripts, a page served with `Content-Security-Policy: sandbox`), the browser blocks every
 * listener and observer callback of ours with a console error, and nothing of the page changes by
 * script. The HTML parser tells without running anything: `<noscript>` content is markup only when
 * scripting is disabled. The element is never inserted: the document does not change.
 */
function scriptsMayRun(): boolean {
  try {
    const probe = documentCreateElement(document, 'div');
    setInnerHTML(probe, '<noscript><b></b></noscript>');
    return nodeListLength(elementQuerySelectorAll(probe, 'b')) === 0;
  } catch {
    return true;
  }
}

/**
 * Counts what could have changed the page: mutations (of the document and of every open shadow
 * root found), input events, the events of what changes a snapshot without a mutation
 * (kUnrecordedChanges), a new URL, and form controls a script set (formState.ts). Observing
 * changes nothing: no attribute, no property, no node.
 * The store compares counts to skip captures when nothing happened since the last one.
 * The same records, and the input events, tell which fields were passwords (the input events also
 * which were masked by CSS) before any walk saw them as such (a "show password" button): those
 * stay secret. So shadow roots are observed from
 * when they are found, not from the first walk that enters them: in the subtrees the records say
 * were inserted, and in the paths of the events listened to (a click on "Show password" inside a
 * root reaches the window's capture listener before the button's handler runs).
 * Where the document may not run scripts, nothing is observed (see scriptsMayRun) and every count
 * is a change: the runtime cannot tell.
 */
export class ChangeCounter {
  count = 0;
  /** Every record delivered, handed on (the incremental walk's memory, walkMemo.ts). */
  onRecords: ((records: MutationRecord[]) => void) | undefined;
  private readonly _scripts = scriptsMayRun();
  private readonly _observer: MutationObserver;
  /** The URL when last counted: `history.pushState` changes it with no event. */
  private _href = location.href;
  /**
   * The document observed. A window opened on about:blank that then loads a page of the same
   * origin keeps its Window, and this runtime with it, for the new document (the install sees
   * the runtime there and stops): that document is observed from the first count that meets it.
   */
  private _document = document;
  private readonly _forms = new FormState();
  private readonly _styles = new StyleState();
  private readonly _observed: WeakSet<Node> = new WeakSetCtor();
  /** The shadow roots observed, held weakly: their form controls are compared too. */
  private readonly _shadowRoots: WeakRef<ShadowRoot>[] = [];

  private readonly _onInput = (event: Event) => {
    this.count++;
    try {
      this._observePath(event);
      rememberMaskedInput(event);
    } catch {
      // Never into the page. The field is still checked when a walk meets it.
    }
  };

  private readonly _onUnrecordedChange = (event: Event) => {
    this.count++;
    try {
      this._observePath(event);
    } catch {
      // Never into the page.
    }
  };

  constructor() {
    this._observer = new MutationObserverCtor(records => this._onMutations(records));
    this.observe(document);
    this.listen();
    this._styles.remember([document]); // The style now: what it is later is a change.
  }

  private _onMutations(records: MutationRecord[]) {
    try {
      if (!records.length)
        return;
      this.count += records.length;
      if (this.onRecords)
        this.onRecords(records);
      rememberPasswordSwitches(records);
      this._observeInsertedShadowRoots(records);
      // `document.open()` mutates the document and drops the window's listeners: take them back at once.
      this.listen();
    } catch {
      this.count++; // Never into the page; something happened.
    }
  }

  /** Observes the shadow roots in the subtrees the records say were inserted. */
  private _observeInsertedShadowRoots(records: MutationRecord[]) {
    const inserted: Node[] = [];
    for (let i = 0; i < records.length; i++) {
      // Only a childList record adds nodes: reading `addedNodes` of any other makes an empty NodeList.
      if (recordType(records[i]) !== 'childList')
        continue;
      const nodes = recordAddedNodes(records[i]);
      const count = nodeListLength(nodes);
      for (let j = 0; j < count; j++)
        append(inserted, nodes[j]);
    }
    if (inserted.length)
      this._observeShadowRootsIn(inserted);
  }

  /** Observes the shadow roots on the path of an event that crossed into them. */
  private _observePath(event: Event) {
    const path = composedPath(event);
    for (let i = 0; i < path.length; i++) {
      const node = path[i];
      if (node !== window && nodeType(node as Node) === 11 /* DOCUMENT_FRAGMENT_NODE: a shadow root */)
        this.observe(node as ShadowRoot);
    }
  }

  /**
   * Observes the open shadow roots in and under `containers` (elements, shadow roots, the
   * document) and the roots nested in those, iteratively: a page may nest them deep.
   */
  private _observeShadowRootsIn(containers: Node[]) {
    let budget = kMaxSearchedElements;
    // The first element of each run of siblings still to visit: a depth-first walk without recursion.
    const runs: Element[] = [];
    // Inserted subtrees nest (the parser's records name each element as it inserts it, and are
    // read once its whole subtree is in): an element searched under an earlier one is not again.
    const searched = containers.length > 1 ? new MapCtor<Node, true>() : undefined;
    for (let i = 0; i < containers.length; i++) {
      const container = containers[i];
      const type = nodeType(container);
      if (type === 1 /* ELEMENT_NODE */) {
        if (searched && mapGet(searched, container))
          continue;
        this._observeShadowRootOf(container as Element, containers);
        const first = elementFirstElementChild(container as Element);
        if (first)
          append(runs, first);
      } else if (type === 9 /* DOCUMENT_NODE */ || type === 11 /* DOCUMENT_FRAGMENT_NODE */) {
        const first = parentFirstElementChild(container as Document | ShadowRoot);
        if (first)
          append(runs, first);
      }
      while (runs.length) {
        let element: Element | null = runs[runs.length - 1];
        runs.length--;
        for (; element; element = elementNextElementSibling(element)) {
          if (--budget < 0)
            return;
          if (searched)
            mapSet(searched, element, true);
          this._observeShadowRootOf(element, containers);
          const first = elementFirstElementChild(element);
          if (first)
            append(runs, first);
        }
      }
    }
  }

  /** Observes the element's open shadow root, when it has one not observed yet, and queues it to be searched. */
  private _observeShadowRootOf(element: Element, containers: Node[]) {
    const root = elementShadowRoot(element);
    if (root && this._watch(root))
      append(containers, root);
  }

  /**
   * Counts what happened and was not counted yet: records not delivered (a walk must know of a
   * type switch made in the same task), a new URL, and, with `forms`, form controls a script set
   * (formState.ts: about 0.7 µs a control, so only where a count is compared or kept for that).
   */
  flush(forms: boolean) {
    if (!this._scripts) {
      this.count++;
      return;
    }
    this._onMutations(takeMutationRecords(this._observer));
    if (document !== this._document) {
      this._document = document;
      this.count++;
      this.observe(document);
      this._styles.remember([document]);
    }
    if (location.href !== this._href) {
      this._href = location.href;
      this.count++;
    }
    if (!forms)
      return;
    const roots = this._roots();
    try {
      this.count += this._forms.changes(roots);
    } catch {
      this.count++; // A page that broke a control's getters: it may have changed.
    }
    this.count += this._styles.changes(roots);
  }

  /** The document and the shadow roots observed that are still alive. */
  private _roots(): (Document | ShadowRoot)[] {
    const roots: (Document | ShadowRoot)[] = [document];
    let kept = 0;
    for (let i = 0; i < this._shadowRoots.length; i++) {
      const root = weakRefDeref!(this._shadowRoots[i]);
      if (!root)
        continue;
      this._shadowRoots[kept++] = this._shadowRoots[i];
      append(roots, root);
    }
    this._shadowRoots.length = kept;
    return roots;
  }

  /**
   * (Re-)adds the listeners: `document.open()` (as in `page.setContent`) removes every listener of
   * the window. Adding the same listener twice is a no-op.
   */
  listen() {
    if (!this._scripts)
      return;
    this._listenOn(window);
    // An element's `load` never reaches the window (the event's path stops at the document).
    addEventListener(document, 'load', this._onUnrecordedChange, kPassiveCapture);
    const fonts = documentFonts?.(document);
    if (fonts) {
      // A web font that loads changes the size of the text set in it.
      addEventListener(fonts, 'loadingdone', this._onUnrecordedChange, kPassiveCapture);
      addEventListener(fonts, 'loadingerror', this._onUnrecordedChange, kPassiveCapture);
    }
  }

  private _listenOn(target: EventTarget) {
    addEventListener(target, 'input', this._onInput, true);
    addEventListener(target, 'change', this._onInput, true);
    for (let i = 0; i < kUnrecordedChanges.length; i++)
      addEventListener(target, kUnrecordedChanges[i], this._onUnrecordedChange, kPassiveCapture);
  }

  /** Observes the document or a shadow root (a walk entered it), and the shadow roots in it. */
  /** Whether mutations are observed at all: not in a document that may run no scripts. */
  get observing(): boolean {
    return this._scripts;
  }

  observe(root: Document | ShadowRoot) {
    if (this._watch(root))
      this._observeShadowRootsIn([root]);
  }

  /** Starts observing `root`; false when it already was, or nothing can be observed here. */
  private _watch(root: Document | ShadowRoot): boolean {
    if (!this._scripts || weakSetHas(this._observed, root))
      return false;
    weakSetAdd(this._observed, root);
    observeMutations(this._observer, root, { subtree: true, childList: true, attributes: true, attributeOldValue: true, characterData: true });
    rememberPasswordFieldsIn(root);
    // Events that stay inside a shadow tree (scroll, load, change, reset, toggle…) never reach the window.
    if (nodeType(root) === 11 /* DOCUMENT_FRAGMENT_NODE: a shadow root */) {
      this._listenOn(root);
      if (WeakRefCtor)
        append(this._shadowRoots, new WeakRefCtor(root as ShadowRoot));
      try {
        this._forms.changes([root as ShadowRoot]); // What its controls hold now: what they hold later is a change.
      } catch {
        // Counted at the next flush, which tries again.
      }
      this._styles.remember([root as ShadowRoot]);
    }
    return true;
  }
}
