// Builtins the in-page code relies on, captured once when the bundle is evaluated.
//
// The bundle is installed by an init script, before any page script runs, so these are the
// browser's own functions even when the page later overrides `Array.prototype.map`,
// `Element.prototype.getAttribute`, `Object.keys`, `JSON.stringify` or `window.getComputedStyle`.
// Methods are "uncurried" (`fn(self, ...args)`) so that calling them does not go through
// `Function.prototype.call`, which a page could override as well.
//
// Rule for injected/ and for pure code bundled into it (src/snapshot): call DOM methods and
// overridable globals only through this module. tests/unit/layout.spec.ts enforces it.

import { setOf } from '../src/isomorphic/tables';

type Uncurried<T, A extends unknown[], R> = (self: T, ...args: A) => R;
const uncurry: <T, A extends unknown[], R>(fn: (this: T, ...args: A) => R) => Uncurried<T, A, R> =
  Function.prototype.bind.bind(Function.prototype.call) as never;

const win = window;
const ElementProto = Element.prototype;
const NodeProto = Node.prototype;
const DocumentProto = Document.prototype;

export const getAttribute = uncurry(ElementProto.getAttribute);
export const hasAttribute = uncurry(ElementProto.hasAttribute);
export const getAttributeNames = uncurry(ElementProto.getAttributeNames);
export const getBoundingClientRect = uncurry(ElementProto.getBoundingClientRect);
export const getClientRects = uncurry(ElementProto.getClientRects);
export const matches = uncurry(ElementProto.matches);
export const closest = uncurry(ElementProto.closest);
export const elementQuerySelectorAll = uncurry(ElementProto.querySelectorAll);
export const nodeContains = uncurry(NodeProto.contains);
export const getRootNode = uncurry(NodeProto.getRootNode);
export const documentGetElementById = uncurry(DocumentProto.getElementById);
export const documentQuerySelectorAll = uncurry(DocumentProto.querySelectorAll);
export const shadowRootGetElementById = uncurry(DocumentFragment.prototype.getElementById);
export const fragmentQuerySelectorAll = uncurry(DocumentFragment.prototype.querySelectorAll);
export const assignedNodes = uncurry(HTMLSlotElement.prototype.assignedNodes);

const nativeGetComputedStyle = win.getComputedStyle;
export function getComputedStyle(element: Element, pseudo?: string): CSSStyleDeclaration {
  return uncurriedGetComputedStyle(win, element, pseudo);
}
const uncurriedGetComputedStyle = uncurry(nativeGetComputedStyle as (this: Window, e: Element, p?: string) => CSSStyleDeclaration);
export const getPropertyValue = uncurry(CSSStyleDeclaration.prototype.getPropertyValue);

const ObjectCtor = Object;
const ObjectProto = ObjectCtor.prototype;
const ArrayProto = Array.prototype;
export const objectKeys = ObjectCtor.keys;
/** Whether `key` is the object's own property: what a page added to Object.prototype is not. */
export const hasOwn = uncurry(ObjectProto.hasOwnProperty) as (object: object, key: string) => boolean;
const getPrototypeOf = ObjectCtor.getPrototypeOf;
export const objectCreate = ObjectCtor.create;
export const defineProperty = ObjectCtor.defineProperty;
export const objectFreeze = ObjectCtor.freeze;
export const isArray = Array.isArray;

const JSONObject = JSON;
const nativeJsonStringify = JSONObject.stringify as (value: unknown) => string;
/** JSON.parse makes its objects with the page's Object.prototype: read optional fields with `hasOwn`. */
export const jsonParse = JSONObject.parse;

/**
 * JSON of data the runtime built (strings, numbers, booleans, null, arrays and objects), the same
 * bytes as JSON.stringify's. JSON.stringify calls any `toJSON` an object inherits: a page that
 * adds one to Object.prototype or Array.prototype would decide what the answer says. Then the
 * data is written here, own properties only; otherwise (nearly always) by the native one.
 */
export function jsonStringify(value: unknown): string {
  return jsonStringifier()(value);
}

/** `jsonStringify` for many values in a row (the entries of an answer): the page is checked once. */
export function jsonStringifier(): (value: unknown) => string {
  if (getPrototypeOf(ArrayProto) === ObjectProto && !hasOwn(ArrayProto, 'toJSON') && !hasOwn(ObjectProto, 'toJSON'))
    return nativeJsonStringify;
  return stringifyOwnValue;
}

function stringifyOwnValue(value: unknown): string {
  return stringifyOwn(value, 0);
}

function stringifyOwn(value: unknown, depth: number): string {
  // Strings and numbers are primitives: JSON.stringify looks for no `toJSON` on them.
  if (value === null || typeof value !== 'object' || depth > 64)
    return typeof value === 'object' || value === undefined ? 'null' : nativeJsonStringify(value);
  let json = '';
  if (isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item = value[i];
      json += (i ? ',' : '') + (item === undefined || typeof item === 'function' ? 'null' : stringifyOwn(item, depth + 1));
    }
    return '[' + json + ']';
  }
  const keys = objectKeys(value);
  for (let i = 0; i < keys.length; i++) {
    const item = (value as { [key: string]: unknown })[keys[i]];
    if (item === undefined || typeof item === 'function')
      continue;
    json += (json ? ',' : '') + nativeJsonStringify(keys[i]) + ':' + stringifyOwn(item, depth + 1);
  }
  return '{' + json + '}';
}

export const stringTrim = uncurry(String.prototype.trim);
export const stringToLowerCase = uncurry(String.prototype.toLowerCase);
export const stringSlice = uncurry(String.prototype.slice);
export const stringReplace = uncurry(String.prototype.replace as (this: string, pattern: RegExp | string, replacement: string) => string);
export const stringIndexOf = uncurry(String.prototype.indexOf);
export const stringSplit = uncurry(String.prototype.split as (this: string, separator: string | RegExp) => string[]);
export const stringCharCodeAt = uncurry(String.prototype.charCodeAt);
export const regexpTest = uncurry(RegExp.prototype.test);
export const arrayJoin = uncurry(Array.prototype.join);

export const MapCtor = Map;
export const WeakMapCtor = WeakMap;
export const WeakRefCtor: typeof WeakRef | undefined = typeof WeakRef === 'function' ? WeakRef : undefined;
export const mapGet = uncurry(Map.prototype.get) as <K, V>(map: Map<K, V>, key: K) => V | undefined;
export const mapSet = uncurry(Map.prototype.set) as <K, V>(map: Map<K, V>, key: K, value: V) => Map<K, V>;
export const mapHas = uncurry(Map.prototype.has) as <K, V>(map: Map<K, V>, key: K) => boolean;
export const mapDelete = uncurry(Map.prototype.delete) as <K, V>(map: Map<K, V>, key: K) => boolean;
export const mapClear = uncurry(Map.prototype.clear) as <K, V>(map: Map<K, V>) => void;
export const mapSize = uncurry(Object.getOwnPropertyDescriptor(Map.prototype, 'size')!.get!) as <K, V>(map: Map<K, V>) => number;
export const weakMapGet = uncurry(WeakMap.prototype.get) as <K extends object, V>(map: WeakMap<K, V>, key: K) => V | undefined;
export const weakMapSet = uncurry(WeakMap.prototype.set) as <K extends object, V>(map: WeakMap<K, V>, key: K, value: V) => WeakMap<K, V>;
export const weakRefDeref = WeakRefCtor ? uncurry(WeakRefCtor.prototype.deref) as <T extends object>(ref: WeakRef<T>) => T | undefined : undefined;

export const now: () => number = win.performance && win.performance.now ? win.performance.now.bind(win.performance) : Date.now;
export const mathMin = Math.min;
export const mathMax = Math.max;
export const mathRound = Math.round;
export const mathRandom = Math.random;

/** Appends without going through `Array.prototype.push`, which a page may override. */
export function append<T>(array: T[], item: T): void {
  array[array.length] = item;
}

// Added for the ARIA modules (injected/domUtils.ts, roles.ts, accname.ts).
// Getters are captured too: a <form> exposes its named controls as properties, so
// `<input name="localName">` would shadow `form.localName`; the prototype getter cannot be shadowed.
const ElementLocalNameGetter = ObjectCtor.getOwnPropertyDescriptor(ElementProto, 'localName')!.get!;
export const elementLocalName = uncurry(ElementLocalNameGetter as (this: Element) => string);
const NodeBaseURIGetter = ObjectCtor.getOwnPropertyDescriptor(NodeProto, 'baseURI')!.get!;
export const nodeBaseURI = uncurry(NodeBaseURIGetter as (this: Node) => string);
const ElementNamespaceGetter = ObjectCtor.getOwnPropertyDescriptor(ElementProto, 'namespaceURI')!.get!;
export const elementNamespaceURI = uncurry(ElementNamespaceGetter as (this: Element) => string | null);
const nativeCheckVisibility = (ElementProto as { checkVisibility?: (this: Element, options?: object) => boolean }).checkVisibility;
/** `Element.checkVisibility()` where the browser has it (it follows the flat tree, closed `<details>` included). */
export const checkVisibility: ((element: Element) => boolean) | undefined = nativeCheckVisibility ? uncurry(nativeCheckVisibility) : undefined;
export const documentCreateRange = uncurry(DocumentProto.createRange);
export const rangeSelectNodeContents = uncurry(Range.prototype.selectNodeContents);
export const rangeGetBoundingClientRect = uncurry(Range.prototype.getBoundingClientRect);
export const stringToUpperCase = uncurry(String.prototype.toUpperCase);
export const stringFromCharCode = String.fromCharCode;

export const MutationObserverCtor = MutationObserver;
// What the change counter reads of mutation records and event paths, from the prototypes' own
// getters: a page may redefine them (with a getter that throws, or lies) on the prototypes.
const getter = <T, R>(proto: object, name: string) => uncurry(ObjectCtor.getOwnPropertyDescriptor(proto, name)!.get as (this: T) => R);
export const recordTarget = getter<MutationRecord, Node>(MutationRecord.prototype, 'target');
export const recordAttributeName = getter<MutationRecord, string | null>(MutationRecord.prototype, 'attributeName');
export const recordOldValue = getter<MutationRecord, string | null>(MutationRecord.prototype, 'oldValue');
export const recordAddedNodes = getter<MutationRecord, NodeList>(MutationRecord.prototype, 'addedNodes');
export const recordRemovedNodes = getter<MutationRecord, NodeList>(MutationRecord.prototype, 'removedNodes');
export const recordType = getter<MutationRecord, MutationRecordType>(MutationRecord.prototype, 'type');
export const nodeListLength = getter<NodeList, number>(NodeList.prototype, 'length');
export const nodeType = getter<Node, number>(NodeProto, 'nodeType');
export const elementShadowRoot = getter<Element, ShadowRoot | null>(ElementProto, 'shadowRoot');
export const elementFirstElementChild = getter<Element, Element | null>(ElementProto, 'firstElementChild');
export const elementNextElementSibling = getter<Element, Element | null>(ElementProto, 'nextElementSibling');
const documentFirstElementChild = getter<Document, Element | null>(DocumentProto, 'firstElementChild');
const fragmentFirstElementChild = getter<DocumentFragment, Element | null>(DocumentFragment.prototype, 'firstElementChild');
/** The first element child of a document or a shadow root. */
export function parentFirstElementChild(parent: Document | DocumentFragment): Element | null {
  return nodeType(parent) === 9 /* DOCUMENT_NODE */ ? documentFirstElementChild(parent as Document) : fragmentFirstElementChild(parent as DocumentFragment);
}
export const documentCreateElement = uncurry(DocumentProto.createElement as (this: Document, tag: string) => Element);
export const documentCreateDocumentFragment = uncurry(DocumentProto.createDocumentFragment);
export const setInnerHTML = uncurry(ObjectCtor.getOwnPropertyDescriptor(ElementProto, 'innerHTML')!.set as (this: Element, html: string) => void);
export const observeMutations = uncurry(MutationObserver.prototype.observe);
export const takeMutationRecords = uncurry(MutationObserver.prototype.takeRecords);
export const composedPath = uncurry(Event.prototype.composedPath);
export const addEventListener = uncurry(EventTarget.prototype.addEventListener as (this: EventTarget, type: string, listener: EventListener, options?: boolean | AddEventListenerOptions) => void);
export const WeakSetCtor = WeakSet;
export const weakSetHas = uncurry(WeakSet.prototype.has) as <T extends object>(set: WeakSet<T>, value: T) => boolean;
export const weakSetAdd = uncurry(WeakSet.prototype.add) as <T extends object>(set: WeakSet<T>, value: T) => WeakSet<T>;

// Added for the ref registry (injected/registry.ts). Map.prototype.forEach allows deleting the visited key.
export const weakMapDelete = uncurry(WeakMap.prototype.delete) as <K extends object, V>(map: WeakMap<K, V>, key: K) => boolean;
export const mapForEach = uncurry(Map.prototype.forEach) as <K, V>(map: Map<K, V>, callback: (value: V, key: K) => void) => void;

/** Builds a lookup table with no prototype, so a page adding to Object.prototype cannot answer (src/isomorphic/tables.ts). */
export function toSet(items: string[]): { [key: string]: true } {
  return setOf(items) as { [key: string]: true };
}

// What the walks read of nodes, through the prototypes' own getters: a component's class may
// define its own (Stencil's scoped components define `get lastChild()`), and the page's getter
// would then decide which children the snapshot sees.
export const nodeFirstChild = getter<Node, ChildNode | null>(NodeProto, 'firstChild');
export const nodeLastChild = getter<Node, ChildNode | null>(NodeProto, 'lastChild');
export const nodeNextSibling = getter<Node, ChildNode | null>(NodeProto, 'nextSibling');
export const nodePreviousSibling = getter<Node, ChildNode | null>(NodeProto, 'previousSibling');
export const nodeParentNode = getter<Node, ParentNode | null>(NodeProto, 'parentNode');
export const nodeParentElement = getter<Node, HTMLElement | null>(NodeProto, 'parentElement');
export const nodeOwnerDocument = getter<Node, Document | null>(NodeProto, 'ownerDocument');
export const nodeIsConnected = getter<Node, boolean>(NodeProto, 'isConnected');
export const nodeTextContent = getter<Node, string | null>(NodeProto, 'textContent');
/** The text of a Text, CDATA or comment node. */
export const characterData = getter<CharacterData, string>(CharacterData.prototype, 'data');
export const elementPreviousElementSibling = getter<Element, Element | null>(ElementProto, 'previousElementSibling');
export const elementAssignedSlot = getter<Element, HTMLSlotElement | null>(ElementProto, 'assignedSlot');
export const shadowRootHost = getter<ShadowRoot, Element>(ShadowRoot.prototype, 'host');
/** The host of a shadow root; null for a plain DocumentFragment, which the getter refuses. */
export function fragmentHost(fragment: DocumentFragment): Element | null {
  try {
    return shadowRootHost(fragment as ShadowRoot);
  } catch {
    return null;
  }
}
export const shadowRootActiveElement = getter<ShadowRoot, Element | null>(ShadowRoot.prototype, 'activeElement');
export const documentActiveElement = getter<Document, Element | null>(DocumentProto, 'activeElement');
export const documentDefaultView = getter<Document, Window | null>(DocumentProto, 'defaultView');
export const documentDocumentElement = getter<Document, HTMLElement | null>(DocumentProto, 'documentElement');
export const htmlElementIsContentEditable = getter<HTMLElement, boolean>(HTMLElement.prototype, 'isContentEditable');
export const htmlCollectionLength = getter<HTMLCollection, number>(HTMLCollection.prototype, 'length');
export const htmlCollectionItem = uncurry(HTMLCollection.prototype.item);

// Form controls: a customized built-in (`<input is="x-input">`) may define `get value()` on its class.
// Read by tag, and a tag is only a local name: an `input` in another namespace (createElementNS)
// is no HTMLInputElement, and the getter refuses it. It then reads as the fallback.
const controlGetter = <T, R>(proto: object, name: string, fallback: R) => {
  const get = getter<T, R>(proto, name);
  return (self: T): R => {
    try {
      return get(self);
    } catch {
      return fallback;
    }
  };
};
const InputProto = HTMLInputElement.prototype;
const SelectProto = HTMLSelectElement.prototype;
const OptionProto = HTMLOptionElement.prototype;
export const inputValue = controlGetter<HTMLInputElement, string>(InputProto, 'value', '');
export const inputType = controlGetter<HTMLInputElement, string>(InputProto, 'type', '');
export const inputChecked = controlGetter<HTMLInputElement, boolean>(InputProto, 'checked', false);
export const inputIndeterminate = controlGetter<HTMLInputElement, boolean>(InputProto, 'indeterminate', false);
export const textAreaValue = controlGetter<HTMLTextAreaElement, string>(HTMLTextAreaElement.prototype, 'value', '');
export const selectValue = controlGetter<HTMLSelectElement, string>(SelectProto, 'value', '');
export const selectSelectedIndex = controlGetter<HTMLSelectElement, number>(SelectProto, 'selectedIndex', -1);
export const selectOptions = controlGetter<HTMLSelectElement, HTMLOptionsCollection | null>(SelectProto, 'options', null);
export const selectSelectedOptions = controlGetter<HTMLSelectElement, HTMLCollectionOf<HTMLOptionElement> | null>(SelectProto, 'selectedOptions', null);
export const optionSelected = controlGetter<HTMLOptionElement, boolean>(OptionProto, 'selected', false);
export const optionLabel = controlGetter<HTMLOptionElement, string>(OptionProto, 'label', '');
export const optionText = controlGetter<HTMLOptionElement, string>(OptionProto, 'text', '');
export const labelControl = controlGetter<HTMLLabelElement, HTMLElement | null>(HTMLLabelElement.prototype, 'control', null);
export const tableRows = controlGetter<HTMLTableElement, HTMLCollection | null>(HTMLTableElement.prototype, 'rows', null);
export const iframeSrc = controlGetter<HTMLIFrameElement, string>(HTMLIFrameElement.prototype, 'src', '');
const anchorHref = controlGetter<Element, string | null>(HTMLAnchorElement.prototype, 'href', null);
const areaHref = controlGetter<Element, string | null>(HTMLAreaElement.prototype, 'href', null);
/** The resolved `href` of an HTML `<a>` or `<area>`; null for any other element (an SVG `<a>`). */
export function linkHref(element: Element): string | null {
  return anchorHref(element) ?? areaHref(element);
}
// `labels` is defined on each labelable element's own prototype, and each getter accepts only its own kind.
const kLabelsGetters: { [tag: string]: (element: Element) => NodeList | null } = objectCreate(null);
kLabelsGetters.input = controlGetter<Element, NodeList | null>(InputProto, 'labels', null);
kLabelsGetters.textarea = controlGetter<Element, NodeList | null>(HTMLTextAreaElement.prototype, 'labels', null);
kLabelsGetters.select = controlGetter<Element, NodeList | null>(SelectProto, 'labels', null);
kLabelsGetters.button = controlGetter<Element, NodeList | null>(HTMLButtonElement.prototype, 'labels', null);
kLabelsGetters.output = controlGetter<Element, NodeList | null>(HTMLOutputElement.prototype, 'labels', null);
kLabelsGetters.meter = controlGetter<Element, NodeList | null>(HTMLMeterElement.prototype, 'labels', null);
kLabelsGetters.progress = controlGetter<Element, NodeList | null>(HTMLProgressElement.prototype, 'labels', null);
/** The labels of a labelable element (`tag` is its lower-case local name); null for any other. */
export function labelsOf(element: Element, tag: string): NodeList | null {
  const get = kLabelsGetters[tag];
  return get ? get(element) : null;
}

// What the pseudo-content scan reads of style sheets (injected/pseudoContent.ts), from the
// prototypes' own getters and methods. Where the browser lacks one, it is undefined, and the scan
// then reads every element's ::before and ::after, as it does for a sheet it cannot read.
function optionalGetter<T, R>(proto: object | undefined, name: string): ((self: T) => R) | undefined {
  const get = proto && ObjectCtor.getOwnPropertyDescriptor(proto, name)?.get;
  return get ? uncurry(get as (this: T) => R) : undefined;
}
function optionalPrototype(name: string): object | undefined {
  const ctor = (win as unknown as { [name: string]: unknown })[name];
  return typeof ctor === 'function' ? (ctor as { prototype?: object }).prototype : undefined;
}
export const cssRulePrototypes = {
  style: optionalPrototype('CSSStyleRule'),
  import: optionalPrototype('CSSImportRule'),
  grouping: optionalPrototype('CSSGroupingRule'),
  keyframes: optionalPrototype('CSSKeyframesRule'),
  nestedDeclarations: optionalPrototype('CSSNestedDeclarations'),
};
export const prototypeOf = getPrototypeOf as (value: object) => object | null;
export const documentStyleSheets = optionalGetter<Document, StyleSheetList>(DocumentProto, 'styleSheets');
export const shadowRootStyleSheets = optionalGetter<ShadowRoot, StyleSheetList>(optionalPrototype('ShadowRoot'), 'styleSheets');
export const documentAdoptedStyleSheets = optionalGetter<Document, CSSStyleSheet[]>(DocumentProto, 'adoptedStyleSheets');
export const shadowRootAdoptedStyleSheets = optionalGetter<ShadowRoot, CSSStyleSheet[]>(optionalPrototype('ShadowRoot'), 'adoptedStyleSheets');
export const styleSheetListLength = optionalGetter<StyleSheetList, number>(optionalPrototype('StyleSheetList'), 'length');
const styleSheetListItemMethod = (optionalPrototype('StyleSheetList') as StyleSheetList | undefined)?.item;
export const styleSheetListItem = styleSheetListItemMethod ? uncurry(styleSheetListItemMethod) : undefined;
export const styleSheetRules = optionalGetter<CSSStyleSheet, CSSRuleList>(optionalPrototype('CSSStyleSheet'), 'cssRules');
export const ruleListLength = optionalGetter<CSSRuleList, number>(optionalPrototype('CSSRuleList'), 'length');
const ruleListItemMethod = (optionalPrototype('CSSRuleList') as CSSRuleList | undefined)?.item;
export const ruleListItem = ruleListItemMethod ? uncurry(ruleListItemMethod) : undefined;
export const styleRuleSelectorText = optionalGetter<CSSStyleRule, string>(cssRulePrototypes.style, 'selectorText');
export const styleRuleStyle = optionalGetter<CSSStyleRule, CSSStyleDeclaration>(cssRulePrototypes.style, 'style');
/** A style rule's nested rules (CSS nesting): its own getter in Chromium, CSSGroupingRule's in the spec. */
export const styleRuleRules = optionalGetter<CSSStyleRule, CSSRuleList>(cssRulePrototypes.style, 'cssRules');
export const nestedDeclarationsStyle = optionalGetter<CSSRule, CSSStyleDeclaration>(cssRulePrototypes.nestedDeclarations, 'style');
export const groupingRuleRules = optionalGetter<CSSGroupingRule, CSSRuleList>(cssRulePrototypes.grouping, 'cssRules');
export const importRuleStyleSheet = optionalGetter<CSSImportRule, CSSStyleSheet | null>(cssRulePrototypes.import, 'styleSheet');
export const ruleCssText = optionalGetter<CSSRule, string>(optionalPrototype('CSSRule'), 'cssText');

/**
 * The style sheets of a document or a shadow root, in the order they apply: its `<style>` and
 * `<link>` sheets, then its adopted ones. Undefined where the browser lacks the getters.
 */
export function styleSheetsOf(root: Document | ShadowRoot): CSSStyleSheet[] | undefined {
  const isDocument = nodeType(root) === 9 /* DOCUMENT_NODE */;
  const list = isDocument ? documentStyleSheets?.(root as Document) : shadowRootStyleSheets?.(root as ShadowRoot);
  if (!list || !styleSheetListLength || !styleSheetListItem)
    return undefined;
  const sheets: CSSStyleSheet[] = [];
  const count = styleSheetListLength(list);
  for (let i = 0; i < count; i++)
    append(sheets, styleSheetListItem(list, i) as CSSStyleSheet);
  const adopted = isDocument ? documentAdoptedStyleSheets?.(root as Document) : shadowRootAdoptedStyleSheets?.(root as ShadowRoot);
  if (isArray(adopted)) {
    for (let i = 0; i < adopted.length; i++)
      append(sheets, adopted[i]);
  }
  return sheets;
}

// What the change counter reads of style, media and animations (injected/styleState.ts): style
// sheets changed through the CSSOM, media that changed, and animations under way show in no
// mutation record. Undefined where the browser lacks one; the counter then counts a change.
export const styleSheetDisabled = optionalGetter<StyleSheet, boolean>(optionalPrototype('StyleSheet'), 'disabled');
export const styleSheetMedia = optionalGetter<StyleSheet, MediaList>(optionalPrototype('StyleSheet'), 'media');
export const mediaListText = optionalGetter<MediaList, string>(optionalPrototype('MediaList'), 'mediaText');
const uncurriedMatchMedia = win.matchMedia ? uncurry(win.matchMedia as (this: Window, query: string) => MediaQueryList) : undefined;
export const matchMedia: ((query: string) => MediaQueryList) | undefined = uncurriedMatchMedia ? (query: string) => uncurriedMatchMedia(win, query) : undefined;
export const mediaQueryListMatches = optionalGetter<MediaQueryList, boolean>(optionalPrototype('MediaQueryList'), 'matches');
const documentGetAnimationsMethod = (DocumentProto as { getAnimations?: () => Animation[] }).getAnimations;
export const documentGetAnimations = documentGetAnimationsMethod ? uncurry(documentGetAnimationsMethod as (this: Document) => Animation[]) : undefined;
const shadowRootGetAnimationsMethod = (optionalPrototype('ShadowRoot') as { getAnimations?: () => Animation[] } | undefined)?.getAnimations;
export const shadowRootGetAnimations = shadowRootGetAnimationsMethod ? uncurry(shadowRootGetAnimationsMethod as (this: ShadowRoot) => Animation[]) : undefined;
export const animationPlayState = optionalGetter<Animation, string>(optionalPrototype('Animation'), 'playState');
export const documentFonts = optionalGetter<Document, EventTarget>(DocumentProto, 'fonts');

// What the change check waits with (injected/requests.ts): the next rendering frame dispatches the
// scroll, resize, media and animation events of what changed before it.
export const PromiseCtor = Promise;
const uncurriedRequestAnimationFrame = uncurry(win.requestAnimationFrame as (this: Window, callback: () => void) => number);
export function requestAnimationFrame(callback: () => void): void {
  uncurriedRequestAnimationFrame(win, callback);
}
const uncurriedSetTimeout = uncurry(win.setTimeout as (this: Window, callback: () => void, ms: number) => number);
export function setTimeout(callback: () => void, ms: number): void {
  uncurriedSetTimeout(win, callback, ms);
}
export const documentVisibilityState = getter<Document, string>(DocumentProto, 'visibilityState');
export const documentDesignMode = getter<Document, string>(DocumentProto, 'designMode');
