// The in-page runtime: installed once per document (by an init script, before page scripts run),
// kept on the window — never on an element — under a name no page can take over (`install()`), and
// reached by the store through `page.evaluate` and by the `sw-ref` selector engine.
//
// Results cross the page boundary as strings built with the JSON.stringify captured at install
// time: a page that overrides builtins breaks even Playwright's own object results.
//
// Nothing here may throw into the page: every listener and observer callback catches what it
// meets, and reads records, nodes and events through getters captured at install.

import { commonPrefix, commonSuffix } from '../src/isomorphic/commonEnds';
import { encodeEntriesPart, kRuntimeKey, packEntry, type AnswerState, type PackedEntry, type PageSnapshot, type SnapshotRequest } from '../src/isomorphic/protocol';
import { kDefaultLimits } from '../src/isomorphic/types';
import {
  addEventListener, append, composedPath, defineProperty, documentCreateElement, elementFirstElementChild, elementNextElementSibling,
  elementQuerySelectorAll, elementShadowRoot, fragmentHost, hasOwn, isArray, jsonParse, jsonStringifier, mathRandom, mathRound,
  mapClear, mapDelete, mapGet, MapCtor, mapSet, mapSize, MutationObserverCtor, nodeListLength, nodeParentNode, nodeType, now, observeMutations, parentFirstElementChild, recordAddedNodes,
  setInnerHTML, stringSlice, stringTrim, takeMutationRecords, WeakRefCtor, weakRefDeref, weakSetAdd, WeakSetCtor, weakSetHas,
} from './builtins';
import { serializeDocument } from './dom';
import { createTable } from '../src/isomorphic/tables';
import { FormState } from './formState';
import { RefRegistry } from './registry';
import { beginSecretValues, rememberPasswordFieldsIn, rememberPasswordInput, rememberPasswordSwitches, takeSecretValues } from './secrets';
import { walkDocument } from './walker';

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
/** How long a wait for a gone ref's element may last before it fails (the engine's comment says why). */
const kGoneGraceMs = 500;
/** Playwright polls a waiting locator at most every second; a longer gap starts a new check. */
const kWaitGapMs = 1_500;
/** Gone refs remembered at most. */
const kMaxMissing = 1_000;
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
 * The same records, and the input events, tell which fields were passwords before any walk saw
 * them as such (a "show password" button): those stay secret. So shadow roots are observed from
 * when they are found, not from the first walk that enters them: in the subtrees the records say
 * were inserted, and in the paths of the events listened to (a click on "Show password" inside a
 * root reaches the window's capture listener before the button's handler runs).
 * Where the document may not run scripts, nothing is observed (see scriptsMayRun) and every count
 * is a change: the runtime cannot tell.
 */
class ChangeCounter {
  count = 0;
  private readonly _scripts = scriptsMayRun();
  private readonly _observer: MutationObserver;
  /** The URL when last counted: `history.pushState` changes it with no event. */
  private _href = location.href;
  private readonly _forms = new FormState();
  private readonly _observed: WeakSet<Node> = new WeakSetCtor();
  /** The shadow roots observed, held weakly: their form controls are compared too. */
  private readonly _shadowRoots: WeakRef<ShadowRoot>[] = [];

  private readonly _onInput = (event: Event) => {
    this.count++;
    try {
      this._observePath(event);
      rememberPasswordInput(event);
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
  }

  private _onMutations(records: MutationRecord[]) {
    try {
      if (!records.length)
        return;
      this.count += records.length;
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
    for (let i = 0; i < containers.length; i++) {
      const container = containers[i];
      const type = nodeType(container);
      if (type === 1 /* ELEMENT_NODE */) {
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
    if (location.href !== this._href) {
      this._href = location.href;
      this.count++;
    }
    if (!forms)
      return;
    try {
      this.count += this._forms.changes(this._roots());
    } catch {
      this.count++; // A page that broke a control's getters: it may have changed.
    }
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
    if (this._scripts)
      this._listenOn(window);
  }

  private _listenOn(target: EventTarget) {
    addEventListener(target, 'input', this._onInput, true);
    addEventListener(target, 'change', this._onInput, true);
    for (let i = 0; i < kUnrecordedChanges.length; i++)
      addEventListener(target, kUnrecordedChanges[i], this._onUnrecordedChange, kPassiveCapture);
  }

  /** Observes the document or a shadow root (a walk entered it), and the shadow roots in it. */
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
    }
    return true;
  }
}

class Runtime {
  readonly registry: RefRegistry;
  readonly changes = new ChangeCounter();
  private _lastCatchUp = -Infinity;
  /** What the last snapshot walked with: a catch-up walk fingerprints the way it did. */
  private _lastWalk: Pick<SnapshotRequest, 'limits' | 'redact' | 'prefix'> = { limits: kDefaultLimits, redact: [], prefix: '' };
  /** The last answer sent (its token and parts): the base the next one can be sent against. */
  private _sent: AnswerState | undefined;
  private _sentCount = 0;

  constructor() {
    // Concatenation converts numbers without Number.prototype.toString, which the page may override.
    this.registry = new RefRegistry('d' + mathRound(now() * 1000) + '-' + mathRound(mathRandom() * 1e9));
  }

  /**
   * How many changes the page has seen (see ChangeCounter), with the document's id. Without
   * `forms`, form controls are not compared: for a walk whose count no change check will compare
   * (a snapshot, not a capture), the next comparison still sees what changed since the last one.
   */
  changeCount(forms = true): string {
    this.changes.listen();
    this.changes.flush(forms);
    return this.registry.documentId + ':' + this.changes.count;
  }

  /** Walks the document (and, when asked, serializes its DOM) and returns the PageSnapshot as a JSON string. */
  snapshot(requestJson: string, rootElement?: Element): string {
    const request = readRequest(requestJson);
    const started = now();
    // Captures (the walks with the DOM file) keep their count for the change checks.
    const changeCount = this.changeCount(request.dom);
    const root = rootElement || document.documentElement;
    this._lastWalk = { limits: request.limits, redact: request.redact, prefix: request.prefix };
    // What the walk and the serializer withhold, for Node to mask wherever else it occurs.
    beginSecretValues();
    const result = walkDocument(root, this.registry, {
      limits: request.limits, redact: request.redact, minNextId: request.minNextId, prefix: request.prefix, issueNew: true,
      onShadowRoot: shadowRoot => this.changes.observe(shadowRoot), partial: request.partial,
    });
    const packed: PackedEntry[] = [];
    for (let i = 0; i < result.entries.length; i++)
      packed[i] = packEntry(result.entries[i]);
    // The answer's parts (AnswerState): what changes on every walk, the entries and text, the markup.
    // Every field is own from the start: a setter on Object.prototype takes none of them.
    const header: Omit<PageSnapshot<PackedEntry>, 'entries'> = {
      documentId: this.registry.documentId,
      url: location.href,
      title: document.title,
      truncated: result.truncated,
      visited: result.visited,
      nextId: this.registry.nextId,
      elapsedMs: now() - started,
      changeCount,
      domTruncated: undefined,
      secrets: undefined,
    };
    let dom: string | undefined;
    if (request.dom) {
      const inSnapshot = createTable<true>();
      for (let i = 0; i < result.entries.length; i++)
        inSnapshot[result.entries[i].ref] = true;
      const serialized = serializeDocument(root, element => {
        const ref = this.registry.refOf(element);
        return ref && inSnapshot[ref] ? ref : undefined;
      }, request.limits, request.redact);
      dom = serialized.html;
      header.domTruncated = serialized.truncated;
    }
    const secrets = takeSecretValues();
    if (secrets.length)
      header.secrets = secrets;
    const stringify = jsonStringifier();
    return this._answer([stringify(header), encodeEntriesPart(packed, result.text, stringify), dom], request.since, !rootElement);
  }

  /**
   * Encodes an answer (AnswerState in src/isomorphic/protocol.ts): each part whole, or what
   * changed since the same part of the last answer when the caller holds that one (`since`).
   * A subtree walk's answer is always whole and is not kept as a base.
   */
  private _answer(parts: (string | undefined)[], since: string | undefined, keep: boolean): string {
    const previous = this._sent;
    const based = keep && !!previous && since === previous.token;
    const token = keep ? this.registry.documentId + '#' + (++this._sentCount) : '';
    let answer = token + '|' + (based ? '1' : '0');
    const kept: (string | undefined)[] = [];
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i];
      const base = based ? previous!.parts[i] : undefined;
      let encoded: string;
      if (part === undefined) {
        // No markup asked for: the caller keeps the base's, so the next answer can build on it.
        kept[i] = base;
        if (base === undefined)
          continue;
        encoded = 'K';
      } else {
        kept[i] = part;
        encoded = base === undefined ? 'F' + part : encodeChange(base, part);
      }
      answer += encoded.length + ':' + encoded;
    }
    if (keep)
      this._sent = { token, parts: kept };
    return answer;
  }

  refOf(element: Element): string {
    return this.registry.refOf(element) || '';
  }

  /**
   * The live element of a ref. When its element was re-rendered since the last snapshot, a
   * catch-up walk (which carries refs but issues none) finds the new one; throttled, because the
   * engine is polled while a locator waits.
   */
  resolve(ref: string): Element | undefined {
    const element = this.registry.element(ref);
    if (element || !this.registry.issued(ref) || now() - this._lastCatchUp < 100)
      return element;
    this._lastCatchUp = now();
    walkDocument(document.documentElement, this.registry, {
      limits: this._lastWalk.limits, redact: this._lastWalk.redact, prefix: this._lastWalk.prefix, minNextId: 0, issueNew: false,
      onShadowRoot: undefined, partial: false,
    });
    return this.registry.element(ref);
  }

  /**
   * When each issued ref whose element is gone was first and last found missing (see the engine).
   * Bounded: a test asks about a few refs, but a page's own script could ask about many.
   */
  private readonly _missing: Map<string, { since: number; last: number }> = new MapCtor();

  /** The `sw-ref` selector engine (https://playwright.dev/docs/extensibility#custom-selector-engines). */
  readonly engine = {
    queryAll: (root: Node, selector: string): Element[] => {
      const ref = stringTrim(selector);
      if (!this.registry.issued(ref))
        throw new Error(`REF_STALE: ref ${ref} was not issued in this document: the page navigated or reloaded since it was taken. Take a fresh snapshot.`);
      const element = this.resolve(ref);
      if (element) {
        mapDelete(this._missing, ref);
        return isInside(root, element) ? [element] : [];
      }
      // An issued ref whose element left the document: a check that wants it gone (toBeHidden,
      // toHaveCount(0)) is answered by the first empty answer. A wait for it (an action, a
      // toBeVisible) asks again and again: once it has waited kGoneGraceMs without a gap of
      // kWaitGapMs (a re-render may bring the element back under the same ref), it fails at once
      // rather than at its timeout. A check made after such a gap starts afresh.
      const at = now();
      const missing = mapGet(this._missing, ref);
      if (!missing || at - missing.last > kWaitGapMs) {
        if (!missing && mapSize(this._missing) >= kMaxMissing)
          mapClear(this._missing);
        mapSet(this._missing, ref, { since: at, last: at });
        return [];
      }
      missing.last = at;
      if (at - missing.since > kGoneGraceMs)
        throw new Error(`REF_STALE: the element of ref ${ref} has left the page (removed from the document). Take a fresh snapshot and locate it again.`);
      return [];
    },
  };
}

/** What a request field says, when the request has it as its own: never a page's Object.prototype. */
function field<T>(object: unknown, key: string, fallback: T): T {
  return object !== null && typeof object === 'object' && hasOwn(object, key) ? (object as { [key: string]: T })[key] : fallback;
}

/** The store's request (JSON.parse gives its objects the page's Object.prototype), read field by field. */
function readRequest(json: string): Required<Omit<SnapshotRequest, 'since'>> & Pick<SnapshotRequest, 'since'> {
  const request: unknown = jsonParse(json);
  const limits: unknown = field(request, 'limits', kDefaultLimits);
  const redact: unknown = field(request, 'redact', []);
  return {
    limits: {
      maxNodes: field(limits, 'maxNodes', kDefaultLimits.maxNodes),
      maxDepth: field(limits, 'maxDepth', kDefaultLimits.maxDepth),
      timeBudgetMs: field(limits, 'timeBudgetMs', kDefaultLimits.timeBudgetMs),
    },
    redact: isArray(redact) ? redact as string[] : [],
    minNextId: field(request, 'minNextId', 0),
    prefix: field(request, 'prefix', ''),
    dom: !!field(request, 'dom', false),
    partial: !!field(request, 'partial', false),
    since: field<string | undefined>(request, 'since', undefined),
  };
}

/**
 * `D<prefix>,<suffix>,<middle>`: `part` as `base` with what lies between their common beginning
 * and end replaced. The ends never split a surrogate pair (the middle must be a valid string).
 */
function encodeChange(base: string, part: string): string {
  let prefix = commonPrefix(base, part, stringSlice);
  if (prefix > 0 && isHighSurrogate(part, prefix - 1))
    prefix--;
  let suffix = commonSuffix(base, part, prefix, stringSlice);
  if (suffix > 0 && isHighSurrogate(part, part.length - suffix - 1))
    suffix--;
  return 'D' + prefix + ',' + suffix + ',' + stringSlice(part, prefix, part.length - suffix);
}

function isHighSurrogate(text: string, index: number): boolean {
  const c = text[index];
  return c >= '\ud800' && c <= '\udbff';
}

function isInside(root: Node, element: Element): boolean {
  // `host` only of a shadow root: read on the document, it would be whatever Object.prototype says.
  for (let node: Node | null = element; node; node = nodeParentNode(node) || (nodeType(node) === 11 ? fragmentHost(node as ShadowRoot) : null)) {
    if (node === root)
      return true;
  }
  return false;
}

/**
 * Puts the runtime on the window under a fixed name, as a property no script can change or
 * delete (not configurable, not writable), defined by the init script before page scripts run,
 * and not enumerable. Node reads it with a plain property access: no call a page could replace
 * (`Symbol.for` was one) stands between it and the runtime that watched the page from its start.
 */
function install(): Runtime {
  const global = window as unknown as { [key: string]: Runtime | undefined };
  if (hasOwn(global, kRuntimeKey))
    return global[kRuntimeKey]!;
  const runtime = new Runtime();
  defineProperty(global, kRuntimeKey, { value: runtime, enumerable: false, configurable: false, writable: false });
  return runtime;
}

install();
