// Accessible names and descriptions.
//
// https://w3c.github.io/accname/ (Accessible Name and Description Computation 1.2), with the
// host-language rules of https://w3c.github.io/html-aam/#accessible-name-computations-by-html-element
// and https://www.w3.org/TR/svg-aam-1.0/#mapping_additional_nd. Where browsers disagree with the
// spec we follow Chromium, which is what Playwright's getByRole() and aria snapshots report; each
// such place says so.
//
// Names are returned whitespace-normalized but uncapped: the walker caps long text.

import {
  MapCtor,
  append,
  arrayJoin,
  characterData,
  documentGetElementById,
  inputType,
  inputValue,
  labelsOf as readLabels,
  documentDocumentElement,
  documentQuerySelectorAll,
  fragmentHost,
  fragmentQuerySelectorAll,
  labelControl,
  nodeListLength,
  nodeType,
  selectOptions,
  selectSelectedOptions,
  textAreaValue,
  elementNamespaceURI,
  elementQuerySelectorAll,
  getAttribute,
  getPropertyValue,
  getRootNode,
  mapGet,
  mapSet,
  shadowRootGetElementById,
  stringCharCodeAt,
  stringFromCharCode,
  stringSlice,
  stringToLowerCase,
  toSet,
} from './builtins';
import {
  cached,
  computeOwnHiddenness,
  cacheGet,
  cacheSet,
  createWalkCache,
  elementTag,
  firstChildWithTag,
  Hiddenness,
  flatTreeChildNodes,
  getElementComputedStyle,
  inAriaCaches,
  isElementHiddenForAria,
  isHiddenOnlyByVisibility,
} from './domUtils';
import { kNeverRenderedTags } from './tags';
import { isBlank, isWhitespace, normalizeWhitespace, splitTokens } from './text';
import { getAriaRole, getAriaRoleForNaming, isNameProhibitedRole } from './roles';
import { isInRedacted, isRedacted, isRedactionSuspended, isSecretField, kRedactedName, textContentOutsideRedacted, withRedactionSuspended } from './secrets';
import { mayHaveElementContent, mayHavePseudoContent } from './pseudoContent';

const kSvgNamespace = 'http://www.w3.org/2000/svg';

// ---------------------------------------------------------------------------------------------
// ID references.

/**
 * The elements an IDREF list points to, in order, without duplicates, looked up in the
 * element's own tree (document or shadow root).
 * https://www.w3.org/TR/wai-aria-1.2/#mapping_additional_relations_error_processing: with
 * duplicate ids, the first element wins, which is what getElementById returns.
 */
export function getIdRefs(element: Element, attribute: string): Element[] {
  const value = getAttribute(element, attribute);
  const result: Element[] = [];
  if (!value)
    return result;
  const root = getRootNode(element);
  const ids = splitTokens(value);
  for (let i = 0; i < ids.length; i++) {
    let target: Element | null = null;
    const rootType = nodeType(root);
    if (rootType === 9 /* DOCUMENT_NODE */)
      target = documentGetElementById(root as Document, ids[i]);
    else if (rootType === 11 /* DOCUMENT_FRAGMENT_NODE */)
      target = shadowRootGetElementById(root as ShadowRoot, ids[i]);
    if (target && !contains(result, target))
      append(result, target);
  }
  return result;
}

function contains<T>(array: T[], item: T): boolean {
  for (let i = 0; i < array.length; i++) {
    if (array[i] === item)
      return true;
  }
  return false;
}

function toArray<T>(list: ArrayLike<T> | null | undefined): T[] {
  const result: T[] = [];
  if (!list)
    return result;
  for (let i = 0; i < list.length; i++)
    append(result, list[i]);
  return result;
}

function queryAll(element: Element, selector: string): Element[] {
  return toArray(elementQuerySelectorAll(element, selector));
}

/** Descendants matching `selector`, including those of elements the element owns via aria-owns. */
function queryAllWithOwned(element: Element, selector: string): Element[] {
  const result = queryAll(element, selector);
  const owned = getIdRefs(element, 'aria-owns');
  for (let i = 0; i < owned.length; i++) {
    const inOwned = queryAll(owned[i], '*');
    append(result, owned[i]);
    for (let j = 0; j < inOwned.length; j++)
      append(result, inOwned[j]);
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// CSS generated content.
// https://w3c.github.io/accname/#comp_name_from_content_for_each_child (step 2F.ii) takes the
// textual content of ::before/::after; https://drafts.csswg.org/css-content/#alt gives the
// alternative text after a "/", which replaces the visible content for assistive technology.

type ContentToken = { kind: 'string', value: string } | { kind: 'attr', value: string } | { kind: 'slash' } | { kind: 'other' };

function isIdentChar(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 45 || code === 95 || code >= 0x80;
}

function isHexDigit(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 97 && code <= 102) || (code >= 65 && code <= 70);
}

function fromCodePoint(codePoint: number): string {
  if (codePoint <= 0xffff)
    return stringFromCharCode(codePoint);
  const offset = codePoint - 0x10000;
  return stringFromCharCode(0xd800 + (offset >> 10), 0xdc00 + (offset & 0x3ff));
}

/** Tokenizes a computed `content` value: strings, attr(name), "/" and anything else as 'other'. */
function tokenizeCSSContent(value: string): ContentToken[] | null {
  const tokens: ContentToken[] = [];
  let i = 0;
  while (i < value.length) {
    const code = stringCharCodeAt(value, i);
    if (isWhitespace(value[i])) {
      i++;
    } else if (code === 34 /* " */ || code === 39 /* ' */) {
      let text = '';
      i++;
      while (i < value.length && stringCharCodeAt(value, i) !== code) {
        const c = stringCharCodeAt(value, i);
        if (c === 92 /* \ */ && i + 1 < value.length) {
          i++;
          if (isHexDigit(stringCharCodeAt(value, i))) {
            let hex = 0;
            let digits = 0;
            while (digits < 6 && i < value.length && isHexDigit(stringCharCodeAt(value, i))) {
              const h = stringCharCodeAt(value, i);
              hex = hex * 16 + (h <= 57 ? h - 48 : (h | 32) - 87);
              i++;
              digits++;
            }
            if (i < value.length && isWhitespace(value[i]))
              i++;
            text += fromCodePoint(hex === 0 || hex > 0x10ffff ? 0xfffd : hex);
          } else if (stringCharCodeAt(value, i) === 10) {
            i++;  // An escaped newline continues the string.
          } else {
            text += value[i];
            i++;
          }
        } else {
          text += value[i];
          i++;
        }
      }
      i++;  // Closing quote.
      append(tokens, { kind: 'string', value: text });
    } else if (code === 47 /* / */) {
      append(tokens, { kind: 'slash' });
      i++;
    } else if (isIdentChar(code)) {
      const start = i;
      while (i < value.length && isIdentChar(stringCharCodeAt(value, i)))
        i++;
      const name = stringToLowerCase(stringSlice(value, start, i));
      if (i < value.length && stringCharCodeAt(value, i) === 40 /* ( */) {
        i++;
        const argStart = i;
        let depth = 1;
        let quote = 0;
        while (i < value.length && depth > 0) {
          const c = stringCharCodeAt(value, i);
          if (quote) {
            if (c === 92)
              i++;
            else if (c === quote)
              quote = 0;
          } else if (c === 34 || c === 39) {
            quote = c;
          } else if (c === 40) {
            depth++;
          } else if (c === 41) {
            depth--;
          }
          i++;
        }
        const argument = normalizeWhitespace(stringSlice(value, argStart, i - 1));
        if (name === 'attr' && argument && !containsSpace(argument))
          append(tokens, { kind: 'attr', value: argument });
        else
          append(tokens, { kind: 'other' });
      } else {
        append(tokens, { kind: 'other' });
      }
    } else {
      // Anything else (a number, a stray delimiter) is content we cannot read as text.
      return null;
    }
  }
  return tokens;
}

function containsSpace(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    if (stringCharCodeAt(text, i) === 32)
      return true;
  }
  return false;
}

/**
 * The text of a `content` value, or undefined when it has none we can read. For a pseudo-element
 * that is its strings and attr() values (or its alternative text); on an element itself `content`
 * can only be an image, so only alternative text counts (Chromium; Firefox gives nothing).
 */
function parseCSSContent(element: Element, value: string, isPseudo: boolean): string | undefined {
  let tokens = tokenizeCSSContent(value);
  if (!tokens)
    return undefined;
  let slash = -1;
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i].kind === 'slash') {
      slash = i;
      break;
    }
  }
  if (slash >= 0) {
    const alternative: ContentToken[] = [];
    for (let i = slash + 1; i < tokens.length; i++)
      append(alternative, tokens[i]);
    tokens = alternative;
  } else if (!isPseudo) {
    return undefined;
  }
  let text = '';
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token.kind === 'string')
      text += token.value;
    else if (token.kind === 'attr')
      text += getAttribute(element, token.value) || '';
    else
      return undefined;  // counter(), url() or quotes: no text we can be sure of.
  }
  return text;
}

const cacheContent = createWalkCache<string | null>();
const cacheContentBefore = createWalkCache<string | null>();
const cacheContentAfter = createWalkCache<string | null>();

/** The readable CSS `content` of the element or one of its pseudo-elements; null when none. */
export function getCSSContent(element: Element, pseudo?: '::before' | '::after'): string | null {
  if (pseudo ? !mayHavePseudoContent(element, elementTag(element)) : !mayHaveElementContent(element))
    return null;
  const cache = pseudo === '::before' ? cacheContentBefore : pseudo === '::after' ? cacheContentAfter : cacheContent;
  return cached(cache, element, computeCSSContent, pseudo);
}

function computeCSSContent(element: Element, pseudo?: '::before' | '::after'): string | null {
  const style = getElementComputedStyle(element, pseudo);
  if (!style)
    return null;
  const value = getPropertyValue(style.declaration, 'content');
  if (!value || value === 'none' || value === 'normal')
    return null;
  // Browsers do not read hidden pseudo-elements.
  if (style.display === 'none' || style.visibility === 'hidden')
    return null;
  const text = parseCSSContent(element, value, !!pseudo);
  if (text === undefined)
    return null;
  // The spec says to add the text "without a space"; a pseudo-element that is not inline is a
  // box of its own, and Chromium separates it like any block.
  if (pseudo && style.display !== 'inline')
    return ' ' + text + ' ';
  return text;
}

// ---------------------------------------------------------------------------------------------
// The text alternative computation (https://w3c.github.io/accname/#computation-steps).

/** What every traversal of one computation shares. */
interface SharedTraversal {
  /** Elements already visited in this computation: a loop contributes nothing the second time. */
  visited: Map<Element, true>;
  /** The same elements, in the order they were visited (a remembered subtree's text replays its own). */
  order: Element[];
  /**
   * Set once the computation followed a reference (an IDREF, a <label>, an owned element) or met
   * an element it had visited: from then on, what a subtree reads may depend on what was visited
   * before it, and no remembered text is used.
   */
  impure: boolean;
}

interface Traversal {
  shared: SharedTraversal;
  /** The element whose name or description is computed. */
  root: Element;
  /** The current node is the root itself (name from content trims it, embedded controls skip it). */
  isRoot: boolean;
  /** Inside an aria-labelledby traversal (step 2B is not repeated). */
  inLabelledBy: boolean;
  /** Inside an aria-describedby traversal. */
  inDescribedBy: boolean;
  /** Inside a <label> of the root. */
  inLabel: boolean;
  /** Inside another host-language text alternative element (<legend>, <caption>, <figcaption>, SVG <title>). */
  inNativeAlternative: boolean;
  /** How deep the recursion is; a pathological page could nest deeper than the stack allows. */
  depth: number;
  /**
   * Step 2A: hidden nodes count when the node that started the current reference traversal was
   * itself hidden ("hidden not referenced" only drops hidden nodes reached from a visible one).
   */
  includeHidden: boolean;
}

/** True when reached through a reference or a label rather than by visiting the root's content. */
function isInReference(traversal: Traversal): boolean {
  return traversal.inLabelledBy || traversal.inDescribedBy || traversal.inLabel || traversal.inNativeAlternative;
}

function childTraversal(traversal: Traversal): Traversal {
  return {
    shared: traversal.shared,
    root: traversal.root,
    isRoot: false,
    inLabelledBy: traversal.inLabelledBy,
    inDescribedBy: traversal.inDescribedBy,
    inLabel: traversal.inLabel,
    inNativeAlternative: traversal.inNativeAlternative,
    includeHidden: traversal.includeHidden,
    depth: traversal.depth + 1,
  };
}

/** A new reference traversal (aria-labelledby, aria-describedby, <label>) starting at `target`. */
function referenceTraversal(traversal: Traversal, target: Element, kind: 'labelledby' | 'describedby' | 'label'): Traversal {
  return {
    shared: traversal.shared,
    root: traversal.root,
    isRoot: false,
    inLabelledBy: kind === 'labelledby',
    inDescribedBy: kind === 'describedby',
    inLabel: kind === 'label',
    inNativeAlternative: false,
    includeHidden: isElementHiddenForAria(target),
    depth: traversal.depth + 1,
  };
}

/** A host-language text alternative child (<legend>, <caption>…): keeps the current traversal. */
function nativeAlternativeTraversal(traversal: Traversal, target: Element): Traversal {
  const result = childTraversal(traversal);
  result.inNativeAlternative = true;
  result.includeHidden = traversal.includeHidden || isElementHiddenForAria(target);
  return result;
}

function markVisited(traversal: Traversal, element: Element): void {
  mapSet(traversal.shared.visited, element, true);
  append(traversal.shared.order, element);
}

/** What the computation reads from here on may depend on more than the subtree it is in. */
function markImpure(traversal: Traversal): void {
  traversal.shared.impure = true;
  impurities++;
}

/** Counts every `markImpure`: a computation that saw none read only its own subtree. */
let impurities = 0;

function joinNonEmpty(parts: string[], separator: string): string {
  const kept: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    if (parts[i])
      append(kept, parts[i]);
  }
  return arrayJoin(kept, separator);
}

// https://w3c.github.io/aria/#namefromcontent — roles that take their name from their content.
const kNameFromContentRoles: { [role: string]: true } = toSet([
  'button', 'cell', 'checkbox', 'columnheader', 'gridcell', 'heading', 'link', 'menuitem',
  'menuitemcheckbox', 'menuitemradio', 'option', 'radio', 'row', 'rowheader', 'switch', 'tab',
  'tooltip', 'treeitem',
]);
// Roles whose content still counts when they sit inside an element named from content (step 2F
// "in recursion"). The spec says every role; Chromium, and the proposal in
// https://github.com/w3c/aria/issues/1821, leave out containers such as lists of links, groups,
// navigation and images that carry names of their own.
const kNameFromContentInRecursionRoles: { [role: string]: true } = toSet([
  '', 'generic', 'caption', 'code', 'contentinfo', 'definition', 'deletion', 'emphasis',
  'insertion', 'list', 'listitem', 'mark', 'none', 'paragraph', 'presentation', 'region', 'row',
  'rowgroup', 'section', 'strong', 'subscript', 'superscript', 'table', 'term', 'time',
]);


// Step 2C: controls whose value, not their label, is read when they are embedded in a label.
const kLabelableTags = toSet(['button', 'output', 'input', 'textarea', 'select', 'meter', 'progress']);
const kRangeRoles: { [role: string]: true } = toSet(['meter', 'progressbar', 'scrollbar', 'slider', 'spinbutton']);
// Input types named by their label or title, where the placeholder is a last resort.
const kPlaceholderInputTypes: { [type: string]: true } = toSet(['text', 'password', 'number', 'search', 'tel', 'email', 'url', '']);

/**
 * A labelable element's labels (`element.labels`). In a walk they come from an index of the
 * labels in the element's tree, built once per tree and walk: the browser answers `labels` by
 * searching the whole tree, and a walk asks it of every button and field (4,575 elements with
 * 900 buttons: 45 ms of a first walk). A label's control is in its own tree (`for` looks its id
 * up there), so a tree's labels are all the labels its elements can have, in tree order; a label
 * names no control that is not labelable (a hidden input), as `labels` gives it none.
 */
function labelsOf(element: Element): Element[] {
  const tag = elementTag(element);
  const root = inAriaCaches() && kLabelableTags[tag] ? getRootNode(element) : undefined;
  const rootType = root ? nodeType(root) : 0;
  // The index's key: the document's root element, or the shadow root's host.
  const key = rootType === 9 /* DOCUMENT_NODE */ ? documentDocumentElement(root as Document) : rootType === 11 /* DOCUMENT_FRAGMENT_NODE */ ? fragmentHost(root as ShadowRoot) : null;
  if (!key)
    return toArray(readLabels(element, tag) as ArrayLike<Element> | null);
  const index = cached(cacheLabelIndex, key, () => labelIndexOf(root!, rootType));
  return toArray(mapGet(index, element));
}

const cacheLabelIndex = createWalkCache<Map<Element, Element[]>>();

function labelIndexOf(root: Node, rootType: number): Map<Element, Element[]> {
  const index: Map<Element, Element[]> = new MapCtor();
  const labels = rootType === 9 ? documentQuerySelectorAll(root as Document, 'label') : fragmentQuerySelectorAll(root as ShadowRoot, 'label');
  for (let i = 0, count = nodeListLength(labels); i < count; i++) {
    const label = labels[i] as HTMLLabelElement;
    const control = labelControl(label);
    if (!control)
      continue;
    const known = mapGet(index, control);
    if (known)
      append(known, label);
    else
      mapSet(index, control, [label]);
  }
  return index;
}

function nameFromLabels(labels: Element[], traversal: Traversal): string {
  if (labels.length)
    markImpure(traversal);
  const parts: string[] = [];
  for (let i = 0; i < labels.length; i++)
    append(parts, computeTextAlternative(labels[i], referenceTraversal(traversal, labels[i], 'label')));
  return joinNonEmpty(parts, ' ');
}

/** Step 2C: the value of a control embedded in a label, or undefined when `element` is not one. */
function computeEmbeddedControlValue(element: Element, role: string, traversal: Traversal): string | undefined {
  const tag = elementTag(element);
  // A password, one-time code or card number must not reach a name either
  // (docs/concepts.md, Secret fields).
  if (isRedacted(element))
    return (role === 'textbox' || role === 'searchbox' || role === 'combobox' || role === 'listbox' || kRangeRoles[role]) ? '' : undefined;
  if (role === 'textbox' || role === 'searchbox') {
    if (tag === 'input')
      return inputValue(element as HTMLInputElement);
    if (tag === 'textarea')
      return textAreaValue(element as HTMLTextAreaElement);
    return textContentOutsideRedacted(element);
  }
  if (role === 'combobox' || role === 'listbox') {
    let selected: Element[] = [];
    let listboxFound = false;
    if (tag === 'select') {
      const select = element as HTMLSelectElement;
      selected = toArray(selectSelectedOptions(select));
      const options = selectOptions(select);
      if (!selected.length && options && options.length)
        append(selected, options[0]);
    } else {
      // Its options may be owned from anywhere (aria-owns).
      markImpure(traversal);
      let listbox: Element | null = role === 'listbox' ? element : null;
      if (!listbox) {
        const candidates = queryAllWithOwned(element, '*');
        for (let i = 0; i < candidates.length && !listbox; i++) {
          if (getAriaRole(candidates[i]) === 'listbox')
            listbox = candidates[i];
        }
      }
      if (listbox) {
        listboxFound = true;
        const options = queryAllWithOwned(listbox, '[aria-selected="true"]');
        for (let i = 0; i < options.length; i++) {
          if (getAriaRole(options[i]) === 'option')
            append(selected, options[i]);
        }
      }
    }
    // An editable combobox with nothing selected shows what was typed (all browsers do this,
    // and the WPT test name_heading-combobox-focusable-alternative-manual expects it); a
    // combobox without a list shows its text.
    if (!selected.length && tag === 'input')
      return inputValue(element as HTMLInputElement);
    if (!selected.length && role === 'combobox' && tag !== 'select' && !listboxFound)
      return textContentOutsideRedacted(element);
    const parts: string[] = [];
    const child = childTraversal(traversal);
    for (let i = 0; i < selected.length; i++)
      append(parts, computeTextAlternative(selected[i], child));
    return arrayJoin(parts, ' ');
  }
  if (kRangeRoles[role] === true) {
    const valueText = getAttribute(element, 'aria-valuetext');
    if (valueText !== null)
      return valueText;
    const valueNow = getAttribute(element, 'aria-valuenow');
    if (valueNow !== null)
      return valueNow;
    if (tag === 'input')
      return inputValue(element as HTMLInputElement);
    return getAttribute(element, 'value') || '';
  }
  if (role === 'menu') {
    // A menu inside a label is a popup, not a value (https://github.com/w3c/accname/issues/67).
    return '';
  }
  return undefined;
}

/** Step 2E: the name from host-language attributes and elements, or undefined to go on. */
function computeHostLanguageName(element: Element, hasLabelledBy: boolean, traversal: Traversal): string | undefined {
  const tag = elementTag(element);
  const namespace = elementNamespaceURI(element);
  if (tag === 'input') {
    const input = element as HTMLInputElement;
    const type = stringToLowerCase(inputType(input) || '');
    // https://w3c.github.io/html-aam/#input-type-button-input-type-submit-and-input-type-reset-accessible-name-computation
    // The value is the visible caption, so it wins even over aria-labelledby in Chromium/Firefox.
    if (type === 'button' || type === 'submit' || type === 'reset') {
      const value = inputValue(input);
      if (!isBlank(value))
        return value;
      if (type === 'submit')
        return 'Submit';
      if (type === 'reset')
        return 'Reset';
      return getAttribute(element, 'title') || '';
    }
    // No spec for file inputs: Chromium uses its labels, then its button caption "Choose File",
    // and ignores the title.
    if (type === 'file') {
      const labels = labelsOf(element);
      if (labels.length && !traversal.inLabelledBy)
        return nameFromLabels(labels, traversal);
      return 'Choose File';
    }
    // https://w3c.github.io/html-aam/#input-type-image-accessible-name-computation
    if (type === 'image') {
      const labels = labelsOf(element);
      if (labels.length && !traversal.inLabelledBy)
        return nameFromLabels(labels, traversal);
      const alt = getAttribute(element, 'alt');
      if (!isBlank(alt))
        return alt!;
      const title = getAttribute(element, 'title');
      if (!isBlank(title))
        return title!;
      // The spec says "Submit Query"; browsers say "Submit".
      return 'Submit';
    }
  }
  if (namespace === 'http://www.w3.org/1999/xhtml') {
    // Labelable elements: their <label>s name them first.
    // https://w3c.github.io/html-aam/#button-element-accessible-name-computation
    // https://w3c.github.io/html-aam/#output-element-accessible-name-computation
    // https://w3c.github.io/html-aam/#input-type-text-input-type-password-input-type-number-input-type-search-input-type-tel-input-type-email-input-type-url-and-textarea-element-accessible-name-computation
    // https://w3c.github.io/html-aam/#other-form-elements-accessible-name-computation
    // https://w3c.github.io/html-aam/#meter-element, #progress-element
    if (kLabelableTags[tag] === true && !hasLabelledBy) {
      const labels = labelsOf(element);
      if (labels.length)
        return nameFromLabels(labels, traversal);
      // Without a label: a button names itself from content; a meter or progress from aria-label or title.
      if (tag === 'button' || tag === 'meter' || tag === 'progress')
        return undefined;
      const title = getAttribute(element, 'title') || '';
      if (tag === 'output')
        return title;
      const usesPlaceholder = tag === 'textarea' || (tag === 'input' && kPlaceholderInputTypes[stringToLowerCase(inputType(element as HTMLInputElement) || '')] === true);
      if (!usesPlaceholder || title)
        return title;
      return getAttribute(element, 'placeholder') || '';
    }
    // https://w3c.github.io/html-aam/#fieldset-and-legend-elements
    if (tag === 'fieldset' && !hasLabelledBy) {
      const legend = firstChildWithTag(element, 'legend');
      if (legend)
        return computeTextAlternative(legend, nativeAlternativeTraversal(traversal, legend));
      return getAttribute(element, 'title') || '';
    }
    // https://w3c.github.io/html-aam/#figure-and-figcaption-elements
    if (tag === 'figure' && !hasLabelledBy) {
      const caption = firstChildWithTag(element, 'figcaption');
      if (caption)
        return computeTextAlternative(caption, nativeAlternativeTraversal(traversal, caption));
      return getAttribute(element, 'title') || '';
    }
    // https://w3c.github.io/html-aam/#img-element: alt, then title. Browsers use it even when
    // aria-labelledby is present but gave nothing.
    if (tag === 'img' || tag === 'area') {
      const alt = getAttribute(element, 'alt');
      if (!isBlank(alt))
        return alt!;
      return getAttribute(element, 'title') || '';
    }
    // https://w3c.github.io/html-aam/#table-element: the caption, then summary (no longer in
    // the spec, but every browser reads it). The title is left to step 2I.
    if (tag === 'table') {
      const caption = firstChildWithTag(element, 'caption');
      if (caption)
        return computeTextAlternative(caption, nativeAlternativeTraversal(traversal, caption));
      const summary = getAttribute(element, 'summary');
      if (summary)
        return summary;
      return undefined;
    }
    // https://w3c.github.io/html-aam/#optgroup-element and #option-element: the label attribute
    // (on an option it replaces the content).
    if (tag === 'optgroup' || tag === 'option') {
      const label = getAttribute(element, 'label');
      return isBlank(label) ? undefined : label!;
    }
  }
  // https://www.w3.org/TR/svg-aam-1.0/#mapping_additional_nd: the first <title> child.
  if (namespace === kSvgNamespace) {
    const title = firstChildWithTag(element, 'title', kSvgNamespace);
    if (title) {
      const result = childTraversal(traversal);
      // A <title> is never rendered: read it as if it were referenced.
      result.inLabelledBy = true;
      result.includeHidden = true;
      const text = computeTextAlternative(title, result);
      if (text)
        return text;
    }
    if (tag === 'a') {
      const xlinkTitle = getAttribute(element, 'xlink:title');
      if (!isBlank(xlinkTitle))
        return xlinkTitle!;
    }
  }
  return undefined;
}

/** The text of the rendered descendants of a visibility:hidden element. */
function computeVisibleDescendantsText(element: Element, traversal: Traversal): string {
  const child = childTraversal(traversal);
  const children = flatTreeChildNodes(element);
  let text = '';
  for (let i = 0; i < children.length; i++) {
    if (nodeType(children[i]) === 1 /* ELEMENT_NODE */)
      text += withBlockSpacing(children[i] as Element, computeTextAlternative(children[i] as Element, child));
  }
  return text;
}

/**
 * The spec joins children with a space; browsers join inline content without one (so
 * "<b>bold</b>face" reads "boldface") and separate blocks and line breaks.
 */
function withBlockSpacing(element: Element, text: string): string {
  const style = getElementComputedStyle(element);
  const display = style ? style.display : 'inline';
  if (display !== 'inline' || elementTag(element) === 'br')
    return ' ' + text + ' ';
  return text;
}

/** Step 2F: the text of the element's content, pseudo-elements and owned elements. */
function computeNameFromContent(element: Element, traversal: Traversal): string {
  const child = childTraversal(traversal);
  let text = getCSSContent(element, '::before') || '';
  const replaced = getCSSContent(element);
  if (replaced !== null) {
    // `content` on the element replaces what it contains.
    text += replaced;
  } else {
    const children = flatTreeChildNodes(element);
    const owned = getIdRefs(element, 'aria-owns');
    if (owned.length)
      markImpure(traversal);
    for (let i = 0; i < owned.length; i++)
      append(children, owned[i]);
    for (let i = 0; i < children.length; i++) {
      const node = children[i];
      const type = nodeType(node);
      if (type === 3 /* TEXT_NODE */) {
        // Step 2G.
        text += characterData(node as Text);
      } else if (type === 1 /* ELEMENT_NODE */) {
        const childElement = node as Element;
        text += withBlockSpacing(childElement, computeTextAlternative(childElement, child));
      }
    }
  }
  text += getCSSContent(element, '::after') || '';
  return text;
}

// Below this depth content is read as plain rendered text, gathered without recursion, so a
// pathological page cannot overflow the stack (real pages nest a few dozen levels).
const kMaxNameDepth = 256;

/**
 * The text of a subtree read as plain content (the descendant of a root, no reference, no label,
 * nothing hidden counted), remembered for the walk when reading it followed no reference: the
 * row's name reads its cells, each cell's name reads them again, and so on down. Only used while
 * the computation is itself pure (see SharedTraversal.impure), and then the subtree's visited
 * elements are replayed, so that the rest of the computation sees what it would have seen.
 */
interface RememberedText {
  text: string;
  visited: Element[];
}
const cacheContentText = createWalkCache<RememberedText>();

function isPlainContent(traversal: Traversal): boolean {
  return !traversal.isRoot && !traversal.inLabelledBy && !traversal.inDescribedBy && !traversal.inLabel &&
    !traversal.inNativeAlternative && !traversal.includeHidden && !isRedactionSuspended();
}

function computeTextAlternative(element: Element, traversal: Traversal): string {
  const shared = traversal.shared;
  if (mapGet(shared.visited, element)) {
    markImpure(traversal);
    return '';
  }
  if (!isPlainContent(traversal))
    return computeTextAlternativeOnce(element, traversal);
  const remembered = cacheGet(cacheContentText, element);
  if (remembered && !shared.impure) {
    for (let i = 0; i < remembered.visited.length; i++)
      markVisited(traversal, remembered.visited[i]);
    return remembered.text;
  }
  const before = impurities;
  const from = shared.order.length;
  const text = computeTextAlternativeOnce(element, traversal);
  if (impurities === before) {
    const visited: Element[] = [];
    for (let i = from; i < shared.order.length; i++)
      append(visited, shared.order[i]);
    cacheSet(cacheContentText, element, { text, visited });
  }
  return text;
}

function computeTextAlternativeOnce(element: Element, traversal: Traversal): string {
  // A redacted element's own text (content, value, aria-label, title, alt, placeholder…) names
  // and describes nothing, itself included; other elements that label it still name it.
  const redacted = hidesOwnText(element);
  if (redacted && !traversal.isRoot) {
    markVisited(traversal, element);
    return '';
  }
  if (traversal.depth > kMaxNameDepth) {
    // What it reads does not depend on the traversal, but how deep it starts does.
    markImpure(traversal);
    return computeRenderedTextIteratively(element);
  }

  // Step 2A: hidden, not referenced.
  if (!traversal.includeHidden && isElementHiddenForAria(element)) {
    markVisited(traversal, element);
    // visibility:hidden hides the element's own text, not a descendant that sets
    // visibility:visible again: that one is rendered and read.
    if (!traversal.isRoot && isHiddenOnlyByVisibility(element))
      return computeVisibleDescendantsText(element, traversal);
    return '';
  }
  const tag = elementTag(element);
  // A <title> is the exception: read as if it were referenced (below).
  if (kNeverRenderedTags[tag] && tag !== 'title') {
    markVisited(traversal, element);
    return '';
  }

  // Step 2B: aria-labelledby, one level deep.
  const labelledBy = getIdRefs(element, 'aria-labelledby');
  if (!traversal.inLabelledBy && labelledBy.length) {
    markImpure(traversal);
    const parts: string[] = [];
    for (let i = 0; i < labelledBy.length; i++)
      append(parts, computeTextAlternative(labelledBy[i], referenceTraversal(traversal, labelledBy[i], 'labelledby')));
    const text = arrayJoin(parts, ' ');
    // Whitespace is no name: fall through to aria-label (WPT comp_label "falls back to aria-label").
    if (!isBlank(text))
      return text;
  }

  if (redacted) {
    markVisited(traversal, element);
    if (labelledBy.length)
      return '';
    // Only the content of a secret field is secret (it is the value): its aria-label and title
    // name it as they would any field. What a `redact` selector matches keeps neither.
    const ownTextHidden = isInRedacted(element);
    const ariaLabel = ownTextHidden ? null : getAttribute(element, 'aria-label');
    if (!isBlank(ariaLabel))
      return ariaLabel!;
    const fromLabels = nameFromLabels(labelsOf(element), traversal);
    const title = ownTextHidden || fromLabels ? null : getAttribute(element, 'title');
    return isBlank(title) ? fromLabels : title!;
  }

  const role = getAriaRoleForNaming(element);

  // Step 2C: a control embedded in a label reads as its value. Browsers (and WPT) apply this
  // to every embedded control, not only those with aria-label (https://github.com/w3c/accname/issues/64).
  if (!traversal.isRoot && !contains(labelledBy, element)) {
    const value = computeEmbeddedControlValue(element, role, traversal);
    if (value !== undefined) {
      markVisited(traversal, element);
      return value;
    }
  }

  // Step 2D: aria-label.
  const ariaLabel = getAttribute(element, 'aria-label');
  if (!isBlank(ariaLabel)) {
    markVisited(traversal, element);
    return ariaLabel!;
  }

  const presentational = role === 'none' || role === 'presentation';

  // Step 2E: host language.
  if (!presentational) {
    // The element is visited from here on: a control inside its own <label> must not read
    // itself again ("This <input> is" names the checkbox "This is").
    markVisited(traversal, element);
    const hostName = computeHostLanguageName(element, labelledBy.length > 0, traversal);
    if (hostName !== undefined)
      return hostName;
  }

  // Steps 2F and 2H: name from content, for roles that allow it and whenever in recursion
  // through a reference. <summary> has no ARIA role but is named by its content.
  const fromContent = kNameFromContentRoles[role] === true ||
    (!traversal.isRoot && kNameFromContentInRecursionRoles[role] === true) ||
    (tag === 'summary' && !presentational) ||
    isInReference(traversal);
  if (fromContent) {
    markVisited(traversal, element);
    const text = computeNameFromContent(element, traversal);
    // The spec returns any non-empty text; browsers fall back to the title when the root's own
    // content is only whitespace.
    if (traversal.isRoot ? !isBlank(text) : text)
      return text;
  }

  // Step 2I: tooltip.
  markVisited(traversal, element);
  if (!presentational || tag === 'iframe') {
    const title = getAttribute(element, 'title');
    if (!isBlank(title))
      return title!;
  }
  return '';
}

function newTraversal(root: Element): Traversal {
  return {
    shared: { visited: new MapCtor(), order: [], impure: false },
    root,
    isRoot: true,
    inLabelledBy: false,
    inDescribedBy: false,
    inLabel: false,
    inNativeAlternative: false,
    includeHidden: false,
    depth: 0,
  };
}

// ---------------------------------------------------------------------------------------------
// Public API.

const cacheName = createWalkCache<string>();
const cacheDescription = createWalkCache<string>();

/** The accessible name (accname 1.2), whitespace-normalized; '' when none. Cached per walk. */
export function getAccessibleName(element: Element): string {
  return cached(cacheName, element, computeAccessibleName);
}

export function computeAccessibleName(element: Element): string {
  // Step 1: roles that prohibit naming have no name, whatever the author wrote.
  const role = getAriaRoleForNaming(element);
  if (isNameProhibitedRole(role))
    return '';
  const remembered = rememberedRootText(element, role);
  if (remembered !== undefined)
    return normalizeWhitespace(remembered);
  const name = normalizeWhitespace(computeTextAlternative(element, newTraversal(element)));
  if (name || !hidesOwnText(element))
    return name;
  // Say that something was hidden, not what: an unnamed entry would read as a defect of the page.
  // The unredacted name is only compared with '' and dropped.
  const unredacted = withRedactionSuspended(() => normalizeWhitespace(computeTextAlternative(element, newTraversal(element))));
  return unredacted ? kRedactedName : '';
}

/**
 * The element's text as its own root, from what reading it as an ancestor's content left
 * (`cacheContentText`), where the two cannot differ: a role named from its content, visible, not
 * a control read as its value, with some text (a root with none falls back to its title). A
 * computation that met a reference was never remembered, so the fresh one would be pure too.
 */
function rememberedRootText(element: Element, role: string): string | undefined {
  const remembered = cacheGet(cacheContentText, element);
  if (!remembered || isBlank(remembered.text) || isRedactionSuspended())
    return undefined;
  if (kNameFromContentRoles[role] !== true || hidesOwnText(element) || isElementHiddenForAria(element))
    return undefined;
  return remembered.text;
}

/**
 * In a subtree the `redact` option hides, or a secret element that is not a form field (whose
 * content would be its value). A secret form field keeps its name: only its value is secret.
 */
function hidesOwnText(element: Element): boolean {
  if (isInRedacted(element))
    return true;
  const tag = elementTag(element);
  return tag !== 'input' && tag !== 'textarea' && tag !== 'select' && isSecretField(element);
}

/** The rendered text of a subtree (hidden parts and secret fields left out), without recursion. */
function computeRenderedTextIteratively(root: Element): string {
  let text = '';
  const stack: { node: Node; exit: boolean }[] = [{ node: root, exit: false }];
  while (stack.length) {
    const { node, exit } = stack[stack.length - 1];
    stack.length--;
    const type = nodeType(node);
    if (type === 3 /* TEXT_NODE */) {
      text += characterData(node as Text);
      continue;
    }
    if (type !== 1 /* ELEMENT_NODE */)
      continue;
    const element = node as Element;
    const style = getElementComputedStyle(element);
    const block = !style || (style.display !== 'inline' && style.display !== 'contents');
    if (exit) {
      if (block)
        text += ' ';
      continue;
    }
    const hiddenness = computeOwnHiddenness(element, style);
    if (hiddenness === Hiddenness.Subtree || isRedacted(element))
      continue;
    if (block)
      text += ' ';
    append(stack, { node: element, exit: true });
    const children = flatTreeChildNodes(element);
    for (let i = children.length - 1; i >= 0; i--) {
      if (hiddenness === Hiddenness.Self && nodeType(children[i]) === 3)
        continue;
      append(stack, { node: children[i], exit: false });
    }
  }
  return text;
}

/** The accessible description, whitespace-normalized; '' when none. Cached per walk. */
export function getAccessibleDescription(element: Element): string {
  return cached(cacheDescription, element, computeAccessibleDescription);
}

/**
 * https://w3c.github.io/accname/#mapping_additional_nd_description and
 * https://w3c.github.io/html-aam/#accdesc-computation: aria-describedby, then aria-description,
 * then the title when the title did not already give the name.
 */
export function computeAccessibleDescription(element: Element): string {
  if (hidesOwnText(element))
    return '';
  const describedBy = getIdRefs(element, 'aria-describedby');
  if (describedBy.length) {
    const traversal = newTraversal(element);
    const parts: string[] = [];
    for (let i = 0; i < describedBy.length; i++)
      append(parts, computeTextAlternative(describedBy[i], referenceTraversal(traversal, describedBy[i], 'describedby')));
    const text = normalizeWhitespace(arrayJoin(parts, ' '));
    if (text)
      return text;
  }
  const description = getAttribute(element, 'aria-description');
  if (!isBlank(description))
    return normalizeWhitespace(description!);
  const title = normalizeWhitespace(getAttribute(element, 'title') || '');
  if (title && title !== getAccessibleName(element))
    return title;
  return '';
}
