// DOM helpers for the ARIA modules: per-walk caches, computed styles, the flat tree, and the two
// questions every walk asks of an element: "is it in the accessibility tree?" and "is it visible?".
//
// Everything here reads the page and never writes to it (docs/design.md, A hostile page), and calls
// DOM methods only through injected/builtins.ts, because the page may have overridden them.

import {
  MapCtor,
  append,
  assignedNodes,
  checkVisibility,
  documentDefaultView,
  elementAssignedSlot,
  elementFirstElementChild,
  elementNextElementSibling,
  elementShadowRoot,
  htmlElementIsContentEditable,
  nodeFirstChild,
  nodeNextSibling,
  nodeOwnerDocument,
  nodeParentElement,
  nodeParentNode,
  nodeType,
  fragmentHost,
  documentCreateRange,
  elementLocalName,
  objectCreate,
  elementNamespaceURI,
  getAttribute,
  getBoundingClientRect,
  getComputedStyle,
  getPropertyValue,
  hasAttribute,
  mapGet,
  mapSet,
  rangeGetBoundingClientRect,
  rangeSelectNodeContents,
  stringToLowerCase,
} from './builtins';
import { kNeverRenderedTags } from './tags';
import { shadowRootOf } from './shadow';

// ---------------------------------------------------------------------------------------------
// Per-walk caches.
//
// The same element is asked for its style, role and hidden-ness many times in one walk (an
// accessible name visits the subtree; a hidden check visits the ancestors). Caches make that
// linear, but they must not outlive the walk: the page changes between snapshots. So a cache only
// exists between beginAriaCaches() and the matching endAriaCaches(); outside, every getter computes.

/**
 * A cache owned by one module: a slot in the one record each element gets per walk. One map from
 * element to record, instead of a map per cache, because a walk caches five or more things of
 * every element (style, role, hidden-ness twice, redaction), and on a big page a map insertion
 * costs as much as a style property read.
 */
export interface WalkCache<V> {
  readonly slot: number;
  /** Never set: it only ties the cache to the type of what it holds. */
  readonly _value?: V;
}

let slotCount = 0;
let walkDepth = 0;
/** Set only while a walk is in progress. */
let records: Map<Element, unknown[]> | undefined;
// A walk asks about the same element (and its parent) many times in a row: the last two records
// are remembered, a pointer comparison instead of a map lookup.
let lastElement: Element | undefined;
let lastRecord: unknown[] | undefined;
let previousElement: Element | undefined;
let previousRecord: unknown[] | undefined;

/** Registers a cache that lives for one walk. Call once, at module evaluation. */
export function createWalkCache<V>(): WalkCache<V> {
  return { slot: slotCount++ };
}

/** Starts a walk. Calls nest: only the outermost begin/end pair creates and drops the caches. */
export function beginAriaCaches(): void {
  if (walkDepth++ > 0)
    return;
  records = new MapCtor();
  forgetRecentRecords();
}

/** Whether a walk is in progress: what a walk cache holds lives until its end. */
export function inAriaCaches(): boolean {
  return records !== undefined;
}

export function endAriaCaches(): void {
  if (walkDepth === 0 || --walkDepth > 0)
    return;
  records = undefined;
  forgetRecentRecords();
}

function forgetRecentRecords() {
  lastElement = previousElement = undefined;
  lastRecord = previousRecord = undefined;
}

/** The element's record in this walk; with `create`, made when it has none. */
function recordOf(element: Element, create: boolean): unknown[] | undefined {
  if (element === lastElement)
    return lastRecord;
  if (element === previousElement) {
    const record = previousRecord;
    previousElement = lastElement;
    previousRecord = lastRecord;
    lastElement = element;
    return lastRecord = record;
  }
  if (!records)
    return undefined;
  let record = mapGet(records, element);
  if (!record) {
    if (!create)
      return undefined;
    record = newRecord();
    mapSet(records, element, record);
  }
  previousElement = lastElement;
  previousRecord = lastRecord;
  lastElement = element;
  lastRecord = record;
  return record;
}

/**
 * `cacheSet` for the walk, which meets each element before (nearly) anything else asks about it:
 * a new record, without the lookup that would nearly always miss. A record made earlier (an
 * aria-owns owner's hidden check) is replaced, and only what it cached is computed again.
 */
export function cacheSetFirst<V>(cache: WalkCache<V>, element: Element, value: V): V {
  if (!records)
    return value;
  const record = newRecord();
  mapSet(records, element, record);
  if (element === previousElement)
    previousElement = previousRecord = undefined;
  if (element !== lastElement) {
    previousElement = lastElement;
    previousRecord = lastRecord;
  }
  lastElement = element;
  lastRecord = record;
  record[cache.slot] = value;
  return value;
}

function newRecord(): unknown[] {
  // Filled, not sized: an array with holes would read a page's Array.prototype[n] for them.
  const record: unknown[] = [];
  for (let i = 0; i < slotCount; i++)
    record[i] = undefined;
  return record;
}

export function cacheGet<V>(cache: WalkCache<V>, element: Element): V | undefined {
  const record = recordOf(element, false);
  return record ? record[cache.slot] as V | undefined : undefined;
}

export function cacheSet<V>(cache: WalkCache<V>, element: Element, value: V): V {
  const record = recordOf(element, true);
  if (record)
    record[cache.slot] = value;
  return value;
}

/**
 * The `getX` of a `computeX`: the cached value during a walk, computed (and cached) otherwise.
 * `arg` goes to `compute` as is: no closure per call on a hot path.
 */
export function cached<V, A = undefined>(cache: WalkCache<V>, element: Element, compute: (element: Element, arg: A) => V, arg?: A): V {
  const value = cacheGet(cache, element);
  return value !== undefined ? value : cacheSet(cache, element, compute(element, arg as A));
}

// ---------------------------------------------------------------------------------------------
// Names and tree navigation.

/**
 * Lower-case local name ('div', 'svg', 'foreignobject'). Read through the prototype getter: a
 * `<form>` exposes its controls by name, so `form.tagName` can be an `<input name="tagName">`.
 */
export function elementTag(element: Element): string {
  // An element's local name never changes, and the walk asks for the same two (an element and its
  // parent) many times in a row: they are remembered, a pointer comparison instead of a DOM call.
  if (element === lastTagged)
    return lastTag;
  if (element === previousTagged)
    return previousTag;
  const localName = elementLocalName(element);
  const tag = kLowerCaseNames[localName] || (kLowerCaseNames[localName] = stringToLowerCase(localName));
  previousTagged = lastTagged;
  previousTag = lastTag;
  lastTagged = element;
  lastTag = tag;
  return tag;
}

let lastTagged: Element | undefined;
let lastTag = '';
let previousTagged: Element | undefined;
let previousTag = '';

// Local names repeat endlessly: lower-case each once.
const kLowerCaseNames: { [name: string]: string } = objectCreate(null);

/**
 * Whether the user can edit the element's content. Only HTML elements have `isContentEditable`:
 * read on an SVG or MathML element, it would be whatever a page added to Object.prototype.
 */
export function isContentEditable(element: Element | null): boolean {
  // Asked of nearly every element, twice (is it a field? is it interactive?): cached per walk.
  return !!element && cached(cacheContentEditable, element, computeContentEditable);
}

const cacheContentEditable = createWalkCache<boolean>();

/**
 * The editing host (https://html.spec.whatwg.org/multipage/interaction.html#editing-host): an
 * editable element whose parent is not. Its descendants are editable too (`isContentEditable`),
 * but they are the content being edited (a token, a bold word, a line), not fields of their own.
 */
export function isEditingHost(element: Element): boolean {
  if (!isContentEditable(element))
    return false;
  const parent = nodeParentElement(element);
  return !!parent && !isContentEditable(parent);
}

function computeContentEditable(element: Element): boolean {
  return elementNamespaceURI(element) === 'http://www.w3.org/1999/xhtml' && htmlElementIsContentEditable(element as HTMLElement) === true;
}

/** The parent element, or the shadow host when the element is the top of a shadow tree. */
export function parentElementOrShadowHost(element: Element): Element | null {
  const parent = nodeParentElement(element);
  if (parent)
    return parent;
  const parentNode = nodeParentNode(element);
  return parentNode && nodeType(parentNode) === 11 /* DOCUMENT_FRAGMENT_NODE */ ? fragmentHost(parentNode as DocumentFragment) : null;
}

/** The closest inclusive ancestor, crossing shadow boundaries upwards, that `predicate` accepts. */
export function closestCrossShadow(element: Element | null, predicate: (e: Element) => boolean): Element | null {
  for (let e = element; e; e = parentElementOrShadowHost(e)) {
    if (predicate(e))
      return e;
  }
  return null;
}

/**
 * The children of `node` in the flat tree: what is rendered, and what assistive technology reads.
 * A `<slot>` stands for its assigned nodes (or its fallback content when nothing is assigned); a
 * shadow host stands for its shadow root's children, and its own light children appear only where
 * a slot takes them.
 */
export function flatTreeChildNodes(node: Element | ShadowRoot | Document): Node[] {
  const result: Node[] = [];
  if (nodeType(node) === 1 /* ELEMENT_NODE */) {
    const element = node as Element;
    if (elementTag(element) === 'slot') {
      const assigned = assignedNodes(element as HTMLSlotElement);
      if (assigned.length) {
        for (let i = 0; i < assigned.length; i++)
          append(result, assigned[i]);
        return result;
      }
    }
    const shadowRoot = shadowRootOf(element);
    if (shadowRoot) {
      for (let child = nodeFirstChild(shadowRoot); child; child = nodeNextSibling(child))
        append(result, child);
      return result;
    }
  }
  for (let child = nodeFirstChild(node); child; child = nodeNextSibling(child))
    append(result, child);
  return result;
}

// ---------------------------------------------------------------------------------------------
// Styles.

/**
 * What the walk reads of an element's computed style, read once per element per walk: each read
 * of a CSSStyleDeclaration property is a call into the engine, and the walk, the hidden-ness
 * checks and the name computation ask for the same few properties many times.
 */
export interface StyleRecord {
  display: string;
  visibility: string;
  /** Read on first use (`styleCursor`): widgets never need it. */
  cursor: string | undefined;
  /** Read on first use (`styleTextSecurity`): only fields are asked. */
  textSecurity: string | undefined;
  /** The declaration itself, for what is read rarely (`content`). */
  declaration: CSSStyleDeclaration;
}

const cacheStyle = createWalkCache<StyleRecord | null>();
const cacheStyleBefore = createWalkCache<StyleRecord | null>();
const cacheStyleAfter = createWalkCache<StyleRecord | null>();

/** The computed style of the element or of one of its pseudo-elements; null outside a window. */
export function getElementComputedStyle(element: Element, pseudo?: '::before' | '::after'): StyleRecord | null {
  const cache = pseudo === '::before' ? cacheStyleBefore : pseudo === '::after' ? cacheStyleAfter : cacheStyle;
  const cached = cacheGet(cache, element);
  if (cached !== undefined)
    return cached;
  return cacheSet(cache, element, readStyle(element, pseudo));
}

/**
 * For the walk, which meets each element before anything else asks for its style: reads it and
 * starts the element's record with it (see `cacheSetFirst`). `windowed`: the element's document
 * has a window (elements of one without, DOMParser's or <template> content, have no style).
 */
export function readElementComputedStyle(element: Element, windowed: boolean): StyleRecord | null {
  return cacheSetFirst(cacheStyle, element, windowed ? styleRecord(getComputedStyle(element)) : null);
}

function readStyle(element: Element, pseudo: '::before' | '::after' | undefined): StyleRecord | null {
  // Elements of a document without a window (DOMParser, <template> content) have no style.
  const document = nodeOwnerDocument(element);
  if (!document || !documentDefaultView(document))
    return null;
  return styleRecord(getComputedStyle(element, pseudo));
}

// Properties are read with getPropertyValue: `declaration.visibility` is a named property, which
// the browser hides when the prototype chain has the name (a page's `Object.prototype.visibility`).
function styleRecord(declaration: CSSStyleDeclaration): StyleRecord {
  return {
    display: getPropertyValue(declaration, 'display'), visibility: getPropertyValue(declaration, 'visibility'),
    cursor: undefined, textSecurity: undefined, declaration,
  };
}

export function styleCursor(style: StyleRecord): string {
  if (style.cursor === undefined)
    style.cursor = getPropertyValue(style.declaration, 'cursor');
  return style.cursor;
}

/**
 * `content-visibility`: read by the incremental walk's sweep only. Where it turns `hidden`, the
 * element's box and its content's visibility change while display and visibility stay.
 */
export function styleContentVisibility(style: StyleRecord): string {
  return getPropertyValue(style.declaration, 'content-visibility');
}

/** `-webkit-text-security`: an inherited property, so the element's own computed value also says what an ancestor set. */
export function styleTextSecurity(style: StyleRecord): string {
  if (style.textSecurity === undefined)
    style.textSecurity = getPropertyValue(style.declaration, '-webkit-text-security');
  return style.textSecurity;
}

// ---------------------------------------------------------------------------------------------
// Hidden for ARIA.
//
// https://www.w3.org/TR/wai-aria-1.2/#tree_exclusion
// https://w3c.github.io/html-aam/#excluding-elements-from-the-accessibility-tree
// An element is left out of the accessibility tree when it is not rendered (display:none, the
// `hidden` attribute, content of a closed <details>), invisible (visibility:hidden/collapse),
// aria-hidden="true", inert, or one of the elements that never render (script, template…).


/** What hides an element: nothing, the element alone, or the element and everything inside it. */
export enum Hiddenness {
  /** In the tree, as far as its own styles and attributes go. */
  None = 0,
  /** Not in the tree itself, but descendants may be (visibility:hidden with a visible child). */
  Self = 1,
  /** Neither it nor anything in its flat-tree subtree is in the tree. */
  Subtree = 2,
}

function isNeverRendered(element: Element): boolean {
  const tag = elementTag(element);
  // <title> only counts in HTML; an SVG <title> names its parent and is read by the name computation.
  if (tag === 'title')
    return elementNamespaceURI(element) === 'http://www.w3.org/1999/xhtml';
  return kNeverRenderedTags[tag] === true;
}

function isOptionInsideSelect(element: Element): boolean {
  // Options in a drop-down have no box until it opens, but they are in the accessibility tree.
  if (elementTag(element) !== 'option')
    return false;
  for (let e = nodeParentElement(element); e; e = nodeParentElement(e)) {
    const tag = elementTag(e);
    if (tag === 'select' || tag === 'datalist')
      return true;
    if (tag !== 'optgroup')
      return false;
  }
  return false;
}

/**
 * What hides `element` by its own tag, style and attributes, for a top-down walk: on `Subtree`
 * the walker skips the whole flat-tree subtree; on `Self` it emits nothing for the element but
 * still visits its children. It ignores ancestors (the walker has already decided those) and
 * `display: contents` (the box belongs to the children: the walker visits them).
 */
export function computeOwnHiddenness(element: Element, style: StyleRecord | null = getElementComputedStyle(element)): Hiddenness {
  if (isNeverRendered(element))
    return Hiddenness.Subtree;
  // https://www.w3.org/TR/wai-aria-1.2/#aria-hidden: "true" hides the element and its subtree.
  const ariaHidden = getAttribute(element, 'aria-hidden');
  if (ariaHidden !== null && stringToLowerCase(ariaHidden) === 'true')
    return Hiddenness.Subtree;
  // https://html.spec.whatwg.org/multipage/interaction.html#the-inert-attribute: inert nodes are
  // not exposed to accessibility APIs.
  if (hasAttribute(element, 'inert'))
    return Hiddenness.Subtree;
  if (isInClosedDetailsContent(element))
    return Hiddenness.Subtree;
  if (!style)
    return Hiddenness.None;
  const tag = elementTag(element);
  // A slot is a placeholder for its assigned nodes: its own style does not hide them.
  if (tag === 'slot')
    return Hiddenness.None;
  if (style.display === 'none')
    return isOptionInsideSelect(element) ? Hiddenness.None : Hiddenness.Subtree;
  // visibility is inherited but can be overridden by a descendant, so it hides only the element.
  if (style.visibility !== 'visible' && !isOptionInsideSelect(element))
    return Hiddenness.Self;
  return Hiddenness.None;
}

/**
 * For an element `computeOwnHiddenness` puts out of the tree with its subtree: 'aria-hidden' or
 * 'inert' when only that attribute takes it out while it is rendered, visible and holds text. A
 * reader sees that text, so the snapshot shows it, marked, instead of letting it vanish.
 */
export function computeShownOutOfTree(element: Element, style: StyleRecord | null, hasText: (element: Element) => boolean): '' | 'aria-hidden' | 'inert' {
  if (!style || isNeverRendered(element) || isInClosedDetailsContent(element) || style.display === 'none' || style.visibility !== 'visible')
    return '';
  const ariaHidden = getAttribute(element, 'aria-hidden');
  const kind = ariaHidden !== null && stringToLowerCase(ariaHidden) === 'true' ? 'aria-hidden' : hasAttribute(element, 'inert') ? 'inert' : '';
  return kind && hasText(element) ? kind : '';
}

/**
 * True when the element is a child of a closed <details> other than its summary: the browser
 * renders those only when the details is open.
 * https://html.spec.whatwg.org/multipage/rendering.html#the-details-and-summary-elements
 */
export function isInClosedDetailsContent(node: Node): boolean {
  const parent = nodeParentElement(node);
  if (!parent || elementTag(parent) !== 'details' || hasAttribute(parent, 'open'))
    return false;
  return nodeType(node) !== 1 /* ELEMENT_NODE */ || !isDetailsSummary(node as Element);
}

/** The first child element with this tag (and, when given, namespace), or null. */
export function firstChildWithTag(element: Element, tag: string, namespace?: string): Element | null {
  for (let child = elementFirstElementChild(element); child; child = elementNextElementSibling(child)) {
    if (elementTag(child) === tag && (!namespace || elementNamespaceURI(child) === namespace))
      return child;
  }
  return null;
}

/** True for the summary of a <details>: its first <summary> child, the disclosure control. */
export function isDetailsSummary(element: Element): boolean {
  const parent = nodeParentElement(element);
  return elementTag(element) === 'summary' && !!parent && elementTag(parent) === 'details' && firstChildWithTag(parent, 'summary') === element;
}

const cacheHiddenChain = createWalkCache<boolean>();

/**
 * True when the element or a shadow-including ancestor hides its whole subtree: display:none
 * (the `hidden` attribute included), aria-hidden, inert, never-rendered tags, closed <details>
 * content, or a light child of a shadow host that no slot takes.
 */
function isInHiddenSubtree(element: Element): boolean {
  return computeInheritedFlag(element, cacheHiddenChain, e => hidesOwnSubtree(e) ? true : undefined);
}

/**
 * A flag an element inherits from the nearest shadow-including ancestor (itself included) that
 * decides it — `decide` returns true or false there, undefined to ask the parent — false at the
 * top. Iterative, up to the first ancestor already answered: a page may nest thousands of levels.
 * Every element on the way shares the answer, so each is cached.
 */
export function computeInheritedFlag(element: Element, cache: WalkCache<boolean>, decide: (element: Element) => boolean | undefined): boolean {
  const pending: Element[] = [];
  let result = false;
  for (let e: Element | null = element; e; e = parentElementOrShadowHost(e)) {
    const cached = cacheGet(cache, e);
    if (cached !== undefined) {
      result = cached;
      break;
    }
    append(pending, e);
    const decided = decide(e);
    if (decided !== undefined) {
      result = decided;
      break;
    }
  }
  for (let i = 0; i < pending.length; i++)
    cacheSet(cache, pending[i], result);
  return result;
}

function hidesOwnSubtree(element: Element): boolean {
  const parent = nodeParentElement(element);
  // A shadow host renders its shadow tree; its light children render only through a slot.
  if (parent && elementShadowRoot(parent) && !elementAssignedSlot(element))
    return true;
  return computeOwnHiddenness(element) === Hiddenness.Subtree;
}

const cacheHiddenForAria = createWalkCache<boolean>();

/**
 * Tells the hidden-ness caches what a top-down walk found: the walk only enters an element whose
 * ancestors do not hide their subtrees, so the element's own hidden-ness decides.
 */
export function seedHiddenSubtree(element: Element, hiddenness: Hiddenness, style: StyleRecord | null): void {
  cacheSet(cacheHiddenChain, element, hiddenness === Hiddenness.Subtree);
  // display:contents is in the tree when a child is: leave that to the full check.
  if (style && style.display !== 'contents')
    cacheSet(cacheHiddenForAria, element, hiddenness !== Hiddenness.None);
}


/** True when the element is not in the accessibility tree. Cached per walk. */
export function isElementHiddenForAria(element: Element): boolean {
  return cached(cacheHiddenForAria, element, computeElementHiddenForAria);
}

function computeElementHiddenForAria(element: Element): boolean {
  if (isNeverRendered(element))
    return true;
  const style = getElementComputedStyle(element);
  const tag = elementTag(element);
  if (style && style.display === 'contents' && tag !== 'slot') {
    // display:contents has no box of its own; it is in the tree exactly when one of its children is.
    if (isInHiddenSubtree(element))
      return true;
    const children = flatTreeChildNodes(element);
    for (let i = 0; i < children.length; i++) {
      const child = children[i];
      const type = nodeType(child);
      if (type === 1 && !isElementHiddenForAria(child as Element))
        return false;
      if (type === 3 && isTextNodeVisible(child as Text))
        return false;
    }
    return true;
  }
  if (tag !== 'slot' && !isOptionInsideSelect(element)) {
    // checkVisibility() follows the flat tree through user-agent shadow roots, so it also sees
    // closed <details> content, display:none on a slot's container, and content-visibility.
    if (style && checkVisibility && !checkVisibility(element))
      return true;
    if (style && style.visibility !== 'visible')
      return true;
  }
  return isInHiddenSubtree(element);
}

/**
 * True when only the element's own visibility:hidden/collapse keeps it out of the tree: it is
 * rendered, and a descendant with visibility:visible is in the tree again.
 */
export function isHiddenOnlyByVisibility(element: Element): boolean {
  if (isNeverRendered(element) || isInHiddenSubtree(element))
    return false;
  const style = getElementComputedStyle(element);
  if (!style || style.visibility === 'visible' || style.display === 'contents')
    return false;
  return !checkVisibility || checkVisibility(element);
}

// ---------------------------------------------------------------------------------------------
// Visible (rendered with a box), like Playwright's isVisible().

/** True when the element has a non-empty box and visibility:visible. */
export function isElementVisible(element: Element): boolean {
  const style = getElementComputedStyle(element);
  if (!style)
    return true;
  if (style.display === 'contents') {
    const children = flatTreeChildNodes(element);
    for (let i = 0; i < children.length; i++) {
      const child = children[i];
      const type = nodeType(child);
      if (type === 1 && isElementVisible(child as Element))
        return true;
      if (type === 3 && isTextNodeVisible(child as Text))
        return true;
    }
    return false;
  }
  if (checkVisibility && !checkVisibility(element))
    return false;
  if (style.visibility !== 'visible')
    return false;
  const rect = getBoundingClientRect(element);
  return rect.width > 0 && rect.height > 0;
}

/** True when the text node occupies a non-empty box. */
export function isTextNodeVisible(node: Text): boolean {
  const document = nodeOwnerDocument(node);
  if (!document)
    return false;
  const range = documentCreateRange(document);
  rangeSelectNodeContents(range, node);
  const rect = rangeGetBoundingClientRect(range);
  return rect.width > 0 && rect.height > 0;
}

// ---------------------------------------------------------------------------------------------
// Strings. Attribute values are tokenized by hand: String.prototype.split with a RegExp goes
// through RegExp.prototype[Symbol.split], which a page may override.
