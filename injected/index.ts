// The in-page runtime: installed once per document (by an init script, before page scripts run),
// kept under a symbol on the window — never on an element — and reached by the store through
// `page.evaluate` and by the `sw-ref` selector engine.
//
// Results cross the page boundary as strings built with the JSON.stringify captured at install
// time: a page that overrides builtins breaks even Playwright's own object results.

import { commonPrefix, commonSuffix } from '../src/isomorphic/commonEnds';
import { encodeEntriesPart, kRuntimeKey, packEntry, type AnswerState, type PackedEntry, type PageSnapshot, type SnapshotRequest } from '../src/isomorphic/protocol';
import { kDefaultLimits } from '../src/isomorphic/types';
import {
  addEventListener, append, defineProperty, jsonParse, jsonStringify, mathRandom, mathRound, MutationObserverCtor, now, observeMutations,
  stringSlice, stringTrim, takeMutationRecords, WeakRefCtor, weakRefDeref, weakSetAdd, WeakSetCtor, weakSetHas,
} from './builtins';
import { serializeDocument } from './dom';
import { FormState } from './formState';
import { RefRegistry } from './registry';
import { rememberPasswordInput, rememberPasswordSwitches } from './secrets';
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
const kPassiveCapture: AddEventListenerOptions = { capture: true, passive: true };

/**
 * Counts what could have changed the page: mutations (of the document and of every shadow root a
 * walk entered), input events, the events of what changes a snapshot without a mutation
 * (kUnrecordedChanges), a new URL, and form controls a script set (formState.ts). Observing
 * changes nothing: no attribute, no property, no node.
 * The store compares counts to skip captures when nothing happened since the last one.
 * The same records, and the input events, tell which fields were passwords before any walk saw
 * them as such (a "show password" button): those stay secret.
 */
class ChangeCounter {
  count = 0;
  private readonly _observer: MutationObserver;
  /** The URL when last counted: `history.pushState` changes it with no event. */
  private _href = location.href;
  private readonly _forms = new FormState();
  private readonly _observed: WeakSet<Node> = new WeakSetCtor();
  /** The shadow roots observed, held weakly: their form controls are compared too. */
  private readonly _shadowRoots: WeakRef<ShadowRoot>[] = [];

  private readonly _onInput = (event: Event) => {
    this.count++;
    rememberPasswordInput(event);
  };

  private readonly _onUnrecordedChange = () => {
    this.count++;
  };

  constructor() {
    this._observer = new MutationObserverCtor(records => this._onMutations(records));
    this.observe(document);
    this.listen();
  }

  private _onMutations(records: MutationRecord[]) {
    if (!records.length)
      return;
    this.count += records.length;
    rememberPasswordSwitches(records);
    // `document.open()` mutates the document and drops the window's listeners: take them back at once.
    this.listen();
  }

  /**
   * Counts what happened and was not counted yet: records not delivered (a walk must know of a
   * type switch made in the same task), a new URL, and, with `forms`, form controls a script set
   * (formState.ts: about 0.7 µs a control, so only where a count is compared or kept for that).
   */
  flush(forms: boolean) {
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
    this._listenOn(window);
  }

  private _listenOn(target: EventTarget) {
    addEventListener(target, 'input', this._onInput, true);
    addEventListener(target, 'change', this._onInput, true);
    for (let i = 0; i < kUnrecordedChanges.length; i++)
      addEventListener(target, kUnrecordedChanges[i], this._onUnrecordedChange, kPassiveCapture);
  }

  observe(root: Node) {
    if (weakSetHas(this._observed, root))
      return;
    weakSetAdd(this._observed, root);
    observeMutations(this._observer, root, { subtree: true, childList: true, attributes: true, attributeOldValue: true, characterData: true });
    // Events that stay inside a shadow tree (scroll, load, change, reset, toggle…) never reach the window.
    if (root.nodeType === 11 /* DOCUMENT_FRAGMENT_NODE: a shadow root */) {
      this._listenOn(root);
      if (WeakRefCtor)
        append(this._shadowRoots, new WeakRefCtor(root as ShadowRoot));
      try {
        this._forms.changes([root as ShadowRoot]); // What its controls hold now, the walk's moment.
      } catch {
        // Counted at the next flush, which tries again.
      }
    }
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
    const request = jsonParse(requestJson) as SnapshotRequest;
    const started = now();
    // Captures (the walks with the DOM file) keep their count for the change checks.
    const changeCount = this.changeCount(!!request.dom);
    const root = rootElement || document.documentElement;
    this._lastWalk = { limits: request.limits, redact: request.redact, prefix: request.prefix };
    const result = walkDocument(root, this.registry, { ...request, issueNew: true, onShadowRoot: shadowRoot => this.changes.observe(shadowRoot) });
    const packed: PackedEntry[] = [];
    for (let i = 0; i < result.entries.length; i++)
      packed[i] = packEntry(result.entries[i]);
    // The answer's parts (AnswerState): what changes on every walk, the entries and text, the markup.
    const header: Omit<PageSnapshot<PackedEntry>, 'entries'> = {
      documentId: this.registry.documentId,
      url: location.href,
      title: document.title,
      truncated: result.truncated,
      visited: result.visited,
      nextId: this.registry.nextId,
      elapsedMs: now() - started,
      changeCount,
    };
    let dom: string | undefined;
    if (request.dom) {
      const serialized = serializeDocument(root, this.registry, request.limits, request.redact);
      dom = serialized.html;
      header.domTruncated = serialized.truncated;
    }
    return this._answer([jsonStringify(header), encodeEntriesPart(packed, result.text, jsonStringify), dom], request.since, !rootElement);
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
    walkDocument(document.documentElement, this.registry, { ...this._lastWalk, minNextId: 0, issueNew: false });
    return this.registry.element(ref);
  }

  /** The `sw-ref` selector engine (https://playwright.dev/docs/extensibility#custom-selector-engines). */
  readonly engine = {
    queryAll: (root: Node, selector: string): Element[] => {
      const ref = stringTrim(selector);
      if (!this.registry.issued(ref))
        throw new Error(`REF_STALE: ref ${ref} was not issued in this document: the page navigated or reloaded since it was taken. Take a fresh snapshot.`);
      const element = this.resolve(ref);
      return element && isInside(root, element) ? [element] : [];
    },
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
  for (let node: Node | null = element; node; node = node.parentNode || (node as ShadowRoot).host || null) {
    if (node === root)
      return true;
  }
  return false;
}

function install(): Runtime {
  const global = window as unknown as Record<symbol, Runtime | undefined>;
  const key = Symbol.for(kRuntimeKey);
  const existing = global[key];
  if (existing)
    return existing;
  const runtime = new Runtime();
  defineProperty(global, key, { value: runtime, enumerable: false, configurable: false, writable: false });
  return runtime;
}

install();
