// Serializes the stripped DOM (docs/concepts.md, The DOM file) with refs stamped into the output string — never on
// the live element. One iterative walk, so deep pages cannot overflow the stack. Node pretty-prints
// the result (src/dom/pretty.ts) and stitches child frames in where the placeholders are.

import {
  attributeRank, beginTestIdAttributes, endTestIdAttributes, escapeText, filterClassName, formatOpenTag, kMaxFileLength, kVoidElements, sortAttributes,
} from './markup';
import { kNeverRenderedTags } from './tags';
import { framePlaceholder } from '../src/isomorphic/stitch';
import type { WalkLimits } from '../src/isomorphic/types';
import {
  append, characterData, getAttribute, getAttributeNames, inputChecked, inputValue, mapGet, MapCtor, mapSet, nodeLastChild, nodePreviousSibling, nodeType, now,
  optionSelected, selectValue, stringSlice, stringToLowerCase, textAreaValue, toSet,
} from './builtins';
import { elementTag, getElementComputedStyle, styleTextSecurity } from './domUtils';
import { isInRedacted, isRedacted, isSecretContent, noteSecretValues, withholdsValueAttributes } from './secrets';
import { shadowRootOf } from './shadow';
import { inWalkScope } from './walkScope';
import { fieldState, isFieldTag, type LastMarkup, type MarkupReuse } from './walkMemo';

export interface DomResult {
  html: string;
  truncated: boolean;
  /** What the next print may take from this one (when asked to keep it, and not truncated). */
  kept?: LastMarkup;
  /** How many elements' markup was taken from the last print. */
  taken: number;
}

/**
 * `secretText`: inside an editable secret field, whose text is its value. `index`: on a close item,
 * the element's index among those printed (its markup ends there), -1 for none.
 */
interface Item { node: Node; close: string | undefined; secretText: boolean; index: number; changed: boolean }

/**
 * The print's memory (walkMemo.ts): `last`, the last print and what changed since, to take the
 * markup of subtrees nothing changed in; `keep`, to keep this print for the next one.
 */
export interface MarkupMemo {
  last: MarkupReuse | undefined;
  keep: boolean;
  settings: string;
}

/**
 * `refOf`: the ref an element has in the snapshot taken with this file. One capture names one
 * set of refs: an element the registry still remembers (a closed dialog, a hidden row, kept so
 * that its ref comes back) but that is not in the snapshot gets no ref in the file either.
 */
export function serializeDocument(root: Element, refOf: (element: Element) => string | undefined, limits: WalkLimits, redact: string[],
  onShadowRoot?: (root: ShadowRoot) => void, testIds: readonly unknown[] = [], memo?: MarkupMemo): DomResult {
  beginTestIdAttributes(testIds);
  try {
    return inWalkScope(redact, () => serialize(root, refOf, limits, onShadowRoot, memo));
  } finally {
    endTestIdAttributes();
  }
}

/** `onShadowRoot`: called for each shadow root the file shows (the change counter observes it from then on). */
function serialize(root: Element, refOf: (element: Element) => string | undefined, limits: WalkLimits, onShadowRoot: ((root: ShadowRoot) => void) | undefined,
  memo: MarkupMemo | undefined): DomResult {
  const deadline = now() + limits.timeBudgetMs;
  let html = '';
  let visited = 0;
  let truncated = false;
  let taken = 0;
  const last = memo ? memo.last : undefined;
  const kept = memo && memo.keep ? newLastMarkup(root, memo.settings) : undefined;
  /**
   * Takes the markup of `element`'s subtree from the last print: nothing was recorded at or below
   * it, it sits in the same context, and every element in it has the same ref, form state and
   * shadow root (a script sets a value, a walk names an element, with no record).
   */
  const take = (element: Element, secretText: boolean, depth: number): boolean => {
    const markup = last!.markup;
    const at = mapGet(markup.indexByElement, element);
    if (at === undefined || mapGet(last!.changedBelow, element) || markup.secretText[at] !== secretText || markup.depth[at] !== depth)
      return false;
    const end = markup.subtreeEnd[at];
    if (visited + end - at > limits.maxNodes || html.length + markup.end[at] - markup.start[at] > kMaxFileLength)
      return false;
    for (let k = at; k < end; k++) {
      const inside = markup.elements[k];
      const tag = elementTag(inside);
      if ((refOf(inside) || '') !== markup.refs[k] || shadowRootOf(inside) !== markup.shadowRoot[k])
        return false;
      if (markup.field[k] !== undefined && markupFieldState(inside, tag) !== markup.field[k])
        return false;
    }
    for (let k = at; k < end; k++) {
      const inside = markup.elements[k];
      if (markup.secret[k])
        noteSecretValues(inside, elementTag(inside), isRedacted(inside));
      const shadowRoot = markup.shadowRoot[k];
      if (shadowRoot && onShadowRoot)
        onShadowRoot(shadowRoot);
    }
    const offset = html.length - markup.start[at];
    html += stringSlice(markup.html, markup.start[at], markup.end[at]);
    if (kept) {
      const base = kept.elements.length;
      for (let k = at; k < end; k++) {
        mapSet(kept.indexByElement, markup.elements[k], base + k - at);
        append(kept.elements, markup.elements[k]);
        append(kept.start, markup.start[k] + offset);
        append(kept.end, markup.end[k] + offset);
        append(kept.refs, markup.refs[k]);
        append(kept.field, markup.field[k]);
        append(kept.shadowRoot, markup.shadowRoot[k]);
        append(kept.secret, markup.secret[k]);
        append(kept.secretText, markup.secretText[k]);
        append(kept.depth, markup.depth[k]);
        append(kept.subtreeEnd, markup.subtreeEnd[k] - at + base);
      }
    }
    visited += end - at;
    taken += end - at;
    return true;
  };
  const stack: Item[] = [{ node: root, close: undefined, secretText: false, index: -1, changed: false }];
  const depths: number[] = [0];
  while (stack.length) {
    const item = stack[stack.length - 1];
    const depth = depths[depths.length - 1];
    stack.length--;
    depths.length--;
    if (item.close !== undefined) {
      html += item.close;
      if (item.index >= 0 && kept)
        endMarkup(kept, item.index, html.length);
      continue;
    }
    const node = item.node;
    const type = nodeType(node);
    if (type === 3 /* TEXT_NODE */) {
      if (!item.secretText)
        html += escapeText(characterData(node as Text));
      continue;
    }
    if (type !== 1 /* ELEMENT_NODE */)
      continue; // Comments, processing instructions.
    const element = node as Element;
    const tag = elementTag(element);
    if (kNeverRenderedTags[tag])
      continue;
    if (depth > limits.maxDepth) {
      truncated = true;
      continue;
    }
    // Inside a subtree inserted, or whose root's attributes changed, nothing is taken.
    const changed = item.changed || (!!last && !!mapGet(last.changedSubtree, element));
    if (last && !changed && element !== root && take(element, item.secretText, depth))
      continue;
    if (++visited > limits.maxNodes || ((visited & 127) === 0 && (now() > deadline || html.length > kMaxFileLength))) {
      truncated = true;
      // Close what is open, so the file still parses.
      for (let i = stack.length - 1; i >= 0; i--) {
        if (stack[i].close !== undefined)
          html += stack[i].close;
      }
      break;
    }
    const redacted = isRedacted(element);
    noteSecretValues(element, tag, redacted);
    const ownTextRedacted = redacted && isInRedacted(element);
    const ref = refOf(element);
    const index = kept ? keepMarkup(kept, element, tag, ref, redacted, item.secretText, depth, html.length) : -1;
    html += formatOpenTag(tag, keptAttributes(element, tag, redacted, ownTextRedacted), ref);
    if (kVoidElements[tag]) {
      if (kept)
        endMarkup(kept, index, html.length);
      continue;
    }

    const close = '</' + tag + '>';
    if (tag === 'iframe' || tag === 'frame' || tag === 'textarea' || ownTextRedacted) {
      if (tag === 'iframe' || tag === 'frame')
        html += ref ? '\n' + framePlaceholder(ref) + '\n' : '';
      // What the user typed, not the initial text.
      else if (tag === 'textarea' && !redacted)
        html += escapeText(textAreaValue(element as HTMLTextAreaElement));
      // A secret withholds values, never a subtree (see the walker): only what a `redact`
      // selector matches keeps its content out.
      html += close;
      if (kept)
        endMarkup(kept, index, html.length);
      continue;
    }
    const secretText = item.secretText || (redacted && isSecretContent(element));
    append(stack, { node: element, close, secretText, index, changed });
    append(depths, depth);
    // Last to first through the sibling links: indexing a live NodeList costs twice as much.
    for (let child = nodeLastChild(element); child; child = nodePreviousSibling(child)) {
      append(stack, { node: child, close: undefined, secretText, index: -1, changed });
      append(depths, depth + 1);
    }
    const shadowRoot = shadowRootOf(element);
    if (shadowRoot) {
      if (onShadowRoot)
        onShadowRoot(shadowRoot);
      // The shadow tree first, as DevTools shows it; light children follow (slots show where they render).
      append(stack, { node: element, close: '\n<!-- /shadow-root -->\n', secretText, index: -1, changed });
      append(depths, depth);
      for (let child = nodeLastChild(shadowRoot); child; child = nodePreviousSibling(child)) {
        append(stack, { node: child, close: undefined, secretText, index: -1, changed });
        append(depths, depth + 1);
      }
      html += '\n<!-- shadow-root -->\n';
    }
  }
  if (truncated)
    html += '\n<!-- truncated: a limit stopped the walk -->\n';
  if (kept)
    kept.html = html;
  return { html, truncated, kept: kept && !truncated ? kept : undefined, taken };
}

function newLastMarkup(root: Element, settings: string): LastMarkup {
  return {
    root, settings, html: '', elements: [], start: [], end: [], refs: [], field: [], shadowRoot: [], secret: [], secretText: [], depth: [], subtreeEnd: [],
    indexByElement: new MapCtor(),
  };
}

/** Notes an element as its markup begins at `start`; its end is set where its subtree closes (`endMarkup`). */
function keepMarkup(kept: LastMarkup, element: Element, tag: string, ref: string | undefined, redacted: boolean, secretText: boolean, depth: number, start: number): number {
  const index = kept.elements.length;
  mapSet(kept.indexByElement, element, index);
  append(kept.elements, element);
  append(kept.start, start);
  append(kept.end, start);
  append(kept.refs, ref || '');
  append(kept.field, markupFieldState(element, tag));
  append(kept.shadowRoot, shadowRootOf(element));
  append(kept.secret, withholdsValueAttributes(element, redacted));
  append(kept.secretText, secretText);
  append(kept.depth, depth);
  append(kept.subtreeEnd, index + 1);
  return index;
}

/**
 * A control's state (`fieldState`) with its `-webkit-text-security`: whether the file shows its
 * value follows that, its type and its autocomplete (those with a record), and what was typed.
 */
function markupFieldState(element: Element, tag: string): string | undefined {
  if (!isFieldTag(tag))
    return undefined;
  const style = getElementComputedStyle(element);
  return fieldState(element, tag, style ? styleTextSecurity(style) : '');
}

function endMarkup(kept: LastMarkup, index: number, end: number): void {
  kept.end[index] = end;
  kept.subtreeEnd[index] = kept.elements.length;
}

// Attributes that carry text, a URL or a value rather than structure: an element a `redact`
// selector matches keeps none of them (docs/concepts.md, Redaction). id, class, name, type, role,
// for and the state attributes (aria-expanded…) stay, so the file still shows what the element is.
const kTextAttributes = toSet([
  'title', 'alt', 'placeholder', 'value', 'href', 'src', 'action',
  'aria-label', 'aria-valuetext', 'aria-valuenow', 'aria-placeholder', 'aria-description',
  'aria-roledescription', 'aria-braillelabel', 'aria-brailleroledescription',
]);

// What a field's own attributes say of its value: a secret field, and a password-typed host that
// keeps them in sync with the input inside it, keep neither.
const kValueAttributes = toSet(['value', 'aria-valuetext']);

/**
 * The attributes the file keeps, in canonical order, with live state where it differs from markup.
 * `redacted`: the value stays out; `ownTextRedacted`: every text-bearing attribute does too.
 */
function keptAttributes(element: Element, tag: string, redacted: boolean, ownTextRedacted: boolean): [string, string][] {
  const attributes: [string, string][] = [];
  const names = getAttributeNames(element);
  for (let i = 0; i < names.length; i++) {
    const name = stringToLowerCase(names[i]);
    if (attributeRank(name) < 0 || isLiveState(name, tag) || (ownTextRedacted && kTextAttributes[name] === true) ||
      (kValueAttributes[name] === true && withholdsValueAttributes(element, redacted)))
      continue;
    let value = getAttribute(element, names[i]) || '';
    if (name === 'class') {
      value = filterClassName(value);
      if (!value)
        continue;
    } else if ((name === 'd' || name === 'points') && value) {
      value = '…'; // SVG path data: long, and no help to a reader.
    }
    append(attributes, [name, value]);
  }
  if (tag === 'input') {
    const input = element as HTMLInputElement;
    const type = stringToLowerCase(getAttribute(element, 'type') || '');
    // A hidden input's value is for the server (a CSRF token, a session id), never for a reader.
    const keepsValue = !redacted && type !== 'file' && type !== 'hidden';
    if (type === 'checkbox' || type === 'radio') {
      if (inputChecked(input))
        append(attributes, ['checked', '']);
    } else if (keepsValue) {
      const value = inputValue(input);
      if (value !== '' || getAttribute(element, 'value') !== null)
        append(attributes, ['value', value]);
    }
  } else if (tag === 'option') {
    if (optionSelected(element as HTMLOptionElement))
      append(attributes, ['selected', '']);
  } else if (tag === 'select' && !redacted) {
    const value = selectValue(element as HTMLSelectElement);
    if (value !== '')
      append(attributes, ['value', value]);
  }
  return sortAttributes(attributes);
}

/** Attributes whose live value the file writes instead of the markup's initial one. */
function isLiveState(name: string, tag: string): boolean {
  if (tag === 'input')
    return name === 'value' || name === 'checked';
  if (tag === 'option')
    return name === 'selected';
  if (tag === 'select' || tag === 'textarea')
    return name === 'value';
  return false;
}
