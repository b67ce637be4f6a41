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
  append, characterData, getAttribute, getAttributeNames, inputChecked, inputValue, nodeLastChild, nodePreviousSibling, nodeType, now,
  optionSelected, selectValue, stringToLowerCase, textAreaValue, toSet,
} from './builtins';
import { elementTag } from './domUtils';
import { isInRedacted, isRedacted, isSecretContent, noteSecretValues, withholdsValueAttributes } from './secrets';
import { shadowRootOf } from './shadow';
import { inWalkScope } from './walkScope';

export interface DomResult { html: string; truncated: boolean }

/** `secretText`: inside an editable secret field, whose text is its value. */
interface Item { node: Node; close: string | undefined; secretText: boolean }

/**
 * `refOf`: the ref an element has in the snapshot taken with this file. One capture names one
 * set of refs: an element the registry still remembers (a closed dialog, a hidden row, kept so
 * that its ref comes back) but that is not in the snapshot gets no ref in the file either.
 */
export function serializeDocument(root: Element, refOf: (element: Element) => string | undefined, limits: WalkLimits, redact: string[],
  onShadowRoot?: (root: ShadowRoot) => void, testIds: readonly unknown[] = []): DomResult {
  beginTestIdAttributes(testIds);
  try {
    return inWalkScope(redact, () => serialize(root, refOf, limits, onShadowRoot));
  } finally {
    endTestIdAttributes();
  }
}

/** `onShadowRoot`: called for each shadow root the file shows (the change counter observes it from then on). */
function serialize(root: Element, refOf: (element: Element) => string | undefined, limits: WalkLimits, onShadowRoot?: (root: ShadowRoot) => void): DomResult {
  const deadline = now() + limits.timeBudgetMs;
  let html = '';
  let visited = 0;
  let truncated = false;
  const stack: Item[] = [{ node: root, close: undefined, secretText: false }];
  const depths: number[] = [0];
  while (stack.length) {
    const item = stack[stack.length - 1];
    const depth = depths[depths.length - 1];
    stack.length--;
    depths.length--;
    if (item.close !== undefined) {
      html += item.close;
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
    html += formatOpenTag(tag, keptAttributes(element, tag, redacted, ownTextRedacted), refOf(element));
    if (kVoidElements[tag])
      continue;

    const close = '</' + tag + '>';
    if (tag === 'iframe' || tag === 'frame') {
      const ref = refOf(element);
      html += (ref ? '\n' + framePlaceholder(ref) + '\n' : '') + close;
      continue;
    }
    if (tag === 'textarea') {
      // What the user typed, not the initial text.
      html += (redacted ? '' : escapeText(textAreaValue(element as HTMLTextAreaElement))) + close;
      continue;
    }
    // A secret withholds values, never a subtree (see the walker): only what a `redact` selector
    // matches keeps its content out.
    if (ownTextRedacted) {
      html += close;
      continue;
    }
    const secretText = item.secretText || (redacted && isSecretContent(element));
    append(stack, { node: element, close, secretText });
    append(depths, depth);
    // Last to first through the sibling links: indexing a live NodeList costs twice as much.
    for (let child = nodeLastChild(element); child; child = nodePreviousSibling(child)) {
      append(stack, { node: child, close: undefined, secretText });
      append(depths, depth + 1);
    }
    const shadowRoot = shadowRootOf(element);
    if (shadowRoot) {
      if (onShadowRoot)
        onShadowRoot(shadowRoot);
      // The shadow tree first, as DevTools shows it; light children follow (slots show where they render).
      append(stack, { node: element, close: '\n<!-- /shadow-root -->\n', secretText });
      append(depths, depth);
      for (let child = nodeLastChild(shadowRoot); child; child = nodePreviousSibling(child)) {
        append(stack, { node: child, close: undefined, secretText });
        append(depths, depth + 1);
      }
      html += '\n<!-- shadow-root -->\n';
    }
  }
  if (truncated)
    html += '\n<!-- truncated: a limit stopped the walk -->\n';
  return { html, truncated };
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
