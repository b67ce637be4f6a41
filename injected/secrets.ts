// What never leaves the page: values of fields that are or ever were passwords or masked by the
// page's CSS (`-webkit-text-security`), and of one-time-code and payment-card fields (only the
// fields': the labels, buttons and help text around them stay, even when a component marks its
// host or a container); and everything of whatever the `redact` option's selectors match: values,
// text and text-bearing attributes, also where another element would borrow them (a label,
// aria-labelledby, aria-describedby, name from content). A secret withholds values, never a
// subtree. Shared by the walker, the DOM serializer and the name computation. The values withheld
// are also collected (`noteSecretValues`), so that Node masks them wherever else a component
// copies them (docs/concepts.md, Secrets by value).

import {
  append, characterData, composedPath, documentQuerySelectorAll, fragmentQuerySelectorAll, getAttribute, inputType, inputValue, matches,
  nodeLastChild, nodeListLength, nodePreviousSibling, nodeTextContent, nodeType, objectCreate, recordAttributeName, recordOldValue,
  recordTarget, stringIndexOf, stringToLowerCase, textAreaValue, toSet, weakSetAdd, WeakSetCtor, weakSetHas,
} from './builtins';
import { computeInheritedFlag, createWalkCache, elementTag, flatTreeChildNodes, getElementComputedStyle, isContentEditable, styleTextSecurity } from './domUtils';
import { isAllWhitespace, normalizeWhitespace, splitTokens } from './text';
import { kMinSecretLength } from '../src/isomorphic/types';

/** The name of a redacted element that would have had one: says something was hidden, not what. */
export const kRedactedName = '[redacted]';

let extraSelectors: string[] = [];
// While set, the selectors match nothing: only to learn whether a redacted element would have had
// a name at all. Whatever is computed meanwhile is compared with '' and dropped.
let redactionSuspended = false;

// Fields seen masked, for the page's life: inputs seen as type=password, and fields whose text the
// page's CSS drew as dots. A "show password" button that switches the type to text, or takes the
// mask off, must not expose what was typed. Held here, never written onto the element. Only
// fields: a component that writes `type="password"` on its host again at each render is no field
// (its inner input is), and its host, label and buttons stay.
const maskedFields: WeakSet<Element> = new WeakSetCtor();

/** Sets the `redact` selectors for one walk; `endRedaction()` clears them. */
export function beginRedaction(selectors: string[]): void {
  extraSelectors = selectors;
}

export function endRedaction(): void {
  extraSelectors = [];
}

/**
 * Remembers the inputs whose type changed away from password between walks, from the records of
 * a MutationObserver with `attributeOldValue` that runs from before page scripts do (on the
 * document, and on each shadow root from when it is found). Read through the getters captured at
 * install; should a record still not be read, its target is kept secret: it may have been that
 * switch (which withholds its value only, see `isSecretField`).
 */
export function rememberPasswordSwitches(records: MutationRecord[]): void {
  for (let i = 0; i < records.length; i++) {
    let target: Node | undefined;
    try {
      if (recordAttributeName(records[i]) !== 'type')
        continue;
      target = recordTarget(records[i]);
      if (nodeType(target) !== 1 /* ELEMENT_NODE */ || elementTag(target as Element) !== 'input')
        continue;
      const oldValue = recordOldValue(records[i]);
      if (oldValue !== null && stringToLowerCase(oldValue) === 'password')
        weakSetAdd(maskedFields, target);
    } catch {
      if (target)
        weakSetAdd(maskedFields, target);
    }
  }
}

/**
 * Remembers the password fields that `root` (the document, or a shadow root just found) holds now:
 * they may have been filled before anything watched it, and its records tell of later switches.
 */
export function rememberPasswordFieldsIn(root: Document | ShadowRoot): void {
  const fields = nodeType(root) === 9 /* DOCUMENT_NODE */
    ? documentQuerySelectorAll(root as Document, kPasswordFields)
    : fragmentQuerySelectorAll(root as ShadowRoot, kPasswordFields);
  const count = nodeListLength(fields);
  for (let i = 0; i < count; i++)
    weakSetAdd(maskedFields, fields[i]);
}

// The type attribute's value is ASCII case-insensitive (https://html.spec.whatwg.org/#attr-input-type).
const kPasswordFields = 'input[type="password" i]';

/**
 * Remembers a password field, or a field the page masks, that the user types into, from an input
 * event seen at the window: a "show" button may take the mask off before any walk sees the field.
 */
export function rememberMaskedInput(event: Event): void {
  const target = composedPath(event)[0] as Element | undefined;
  if (target && nodeType(target) === 1 /* ELEMENT_NODE */ && (isPasswordInput(target) || (isField(target) && isMaskedByStyle(target))))
    weakSetAdd(maskedFields, target);
}

function isPasswordInput(element: Element): boolean {
  return elementTag(element) === 'input' && hasPasswordType(element);
}

/**
 * `type="password"` in any case, on any element: on an input it makes a password field; on a
 * component's host it says that the component holds one, and the host's own value attributes are
 * withheld (see `withholdsValueAttributes`).
 */
export function hasPasswordType(element: Element): boolean {
  const type = getAttribute(element, 'type');
  return type !== null && type.length === 8 && stringToLowerCase(type) === 'password';
}

// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#autofill-field
const kSecretAutofillTokens = toSet(['current-password', 'new-password', 'one-time-code']);

// Roles whose content or aria-valuetext is what the user entered: such an element is a field.
const kFieldRoles = toSet(['textbox', 'searchbox', 'combobox', 'spinbutton', 'slider']);

/**
 * Where a value is entered: form controls, editable content, and elements with a field role (a
 * custom element's own text then reads as its value). Only a field's value is ever secret.
 */
function isField(element: Element): boolean {
  const tag = elementTag(element);
  if (tag === 'input' || tag === 'textarea' || tag === 'select')
    return true;
  if (isContentEditable(element))
    return true;
  const role = getAttribute(element, 'role');
  if (!role)
    return false;
  const tokens = splitTokens(stringToLowerCase(role));
  return tokens.length > 0 && kFieldRoles[tokens[0]] === true;
}

// Inputs whose value is no text that was typed: a button's is its label (a secret withholds values,
// never its buttons), a toggle's and a hidden input's are never shown, a range's and a color's are
// drawn, not written.
const kUnmaskedInputTypes = toSet(['button', 'submit', 'reset', 'image', 'checkbox', 'radio', 'hidden', 'range', 'color']);

/**
 * A field whose text the page draws as dots (`-webkit-text-security` other than `none`, set on it or
 * inherited: Scalar's "Password" is an `<input type=text>` masked so): a sighted user never reads
 * its value, so neither does anything else. Asked of fields only, one computed style each per walk.
 */
function isMaskedByStyle(element: Element): boolean {
  if (elementTag(element) === 'input' && kUnmaskedInputTypes[inputType(element as HTMLInputElement)] === true)
    return false;
  // No style outside a window (DOMParser's documents, <template> content): nothing is drawn there.
  const style = getElementComputedStyle(element);
  if (!style)
    return false;
  const security = styleTextSecurity(style);
  return security !== 'none' && security !== '';
}

function hasSecretAutofillToken(element: Element): boolean {
  const autocomplete = getAttribute(element, 'autocomplete');
  if (!autocomplete)
    return false;
  const tokens = splitTokens(stringToLowerCase(autocomplete));
  for (let i = 0; i < tokens.length; i++) {
    if (kSecretAutofillTokens[tokens[i]] === true || stringIndexOf(tokens[i], 'cc-') === 0)
      return true;
  }
  return false;
}

const cacheSecretAutofill = createWalkCache<boolean>();

/**
 * Fields that are or ever were passwords or masked by the page's CSS, and fields in (or equal to)
 * an element marked current-password, new-password, one-time-code or cc-*: never read their value.
 * A component often puts `autocomplete` on its host or a wrapper and the input sits inside, in its
 * shadow tree: the token then says what that input holds, so it counts for every field inside (it
 * fails closed). The host or wrapper itself is no field, and its labels, buttons and help text stay.
 */
export function isSecretField(element: Element): boolean {
  if (weakSetHas(maskedFields, element))
    return true;
  if (isPasswordInput(element)) {
    weakSetAdd(maskedFields, element);
    return true;
  }
  if (!isField(element))
    return false;
  // A field by role (`<x-pin role="textbox" type="password">`) that says it holds a password.
  if (hasPasswordType(element))
    return true;
  if (computeInheritedFlag(element, cacheSecretAutofill, e => hasSecretAutofillToken(e) ? true : undefined))
    return true;
  if (!isMaskedByStyle(element))
    return false;
  weakSetAdd(maskedFields, element);
  return true;
}

/**
 * Whether the element's own value attributes (`value`, `aria-valuetext`) stay out of the DOM
 * file: a secret field's, and those of a host that says it holds a secret (`type="password"`, a
 * secret `autocomplete` token), which a component may keep in sync with what was typed into the
 * input inside it, even in a closed shadow root no walk can enter.
 */
export function withholdsValueAttributes(element: Element, redacted: boolean): boolean {
  return redacted || hasPasswordType(element) || hasSecretAutofillToken(element);
}

/**
 * Whether the text inside a secret field is its value: an editable one's content is what the user
 * typed. The text of any other field stays (a component's label and help text inside its host);
 * only its value is withheld.
 */
export function isSecretContent(element: Element): boolean {
  return isContentEditable(element) && isSecretField(element);
}

// The values a page call withheld (undefined while nothing collects): Node masks every other
// occurrence of them in every artifact. Values shorter than kMinSecretLength are not collected.
let secretValues: string[] | undefined;
let secretValueSeen: { [value: string]: true } = objectCreate(null);

/** Starts collecting the values this page call withholds (`noteSecretValues`), after those already `collected`. */
export function beginSecretValues(collected: string[] = []): void {
  secretValues = [];
  secretValueSeen = objectCreate(null);
  for (let i = 0; i < collected.length; i++)
    noteValue(collected[i]);
}

/** The values collected since `beginSecretValues`, and stops collecting. */
export function takeSecretValues(): string[] {
  const values = secretValues || [];
  secretValues = undefined;
  secretValueSeen = objectCreate(null);
  return values;
}

function noteValue(value: string | null | undefined): void {
  if (!secretValues || value === null || value === undefined || value.length < kMinSecretLength || secretValueSeen[value] === true)
    return;
  secretValueSeen[value] = true;
  append(secretValues, value);
}

/**
 * Collects what `element` withholds (`redacted`: `isRedacted(element)`): a secret field's current
 * value (what was typed, an editable's text; not which option of a select is chosen, since every
 * option is on screen), its value attributes, and a password-typed host's value attributes.
 * Called by the walk and by the DOM serializer, which reaches the hidden elements too.
 */
export function noteSecretValues(element: Element, tag: string, redacted: boolean): void {
  if (!secretValues || !withholdsValueAttributes(element, redacted))
    return;
  noteValue(getAttribute(element, 'value'));
  noteValue(getAttribute(element, 'aria-valuetext'));
  if (!redacted || !(isSecretField(element) || isField(element)))
    return;
  if (tag === 'input') {
    noteValue(inputValue(element as HTMLInputElement));
  } else if (tag === 'textarea') {
    noteValue(textAreaValue(element as HTMLTextAreaElement));
  } else if (tag !== 'select' && isContentEditable(element)) {
    // A select's choices are all on screen: which one is chosen is withheld, not their labels.
    noteValue(nodeTextContent(element));
  }
}

/** A secret field, or an element in a subtree the current walk's `redact` selectors match: its value and text stay in the page. */
export function isRedacted(element: Element): boolean {
  return isSecretField(element) || isInRedacted(element);
}

/** Matched by a `redact` selector. Fails closed: a selector the browser rejects redacts everything. */
function matchesRedactSelector(element: Element): boolean {
  if (redactionSuspended)
    return false;
  for (let i = 0; i < extraSelectors.length; i++) {
    try {
      if (matches(element, extraSelectors[i]))
        return true;
    } catch {
      return true;
    }
  }
  return false;
}

const cacheInRedacted = createWalkCache<boolean>();

/**
 * The element or a shadow-including ancestor is matched by a `redact` selector: none of its text
 * (content, value, text-bearing attributes) may name or describe anything. Cached per walk.
 */
export function isInRedacted(element: Element): boolean {
  if (!extraSelectors.length || redactionSuspended)
    return false;
  return computeInheritedFlag(element, cacheInRedacted, e => matchesRedactSelector(e) ? true : undefined);
}

/** Runs `compute` as if nothing were redacted by selector: only to learn whether there was something to hide. */
/** Whether a name is being computed as if nothing were redacted (see `withRedactionSuspended`). */
export function isRedactionSuspended(): boolean {
  return redactionSuspended;
}

export function withRedactionSuspended<T>(compute: () => T): T {
  const previous = redactionSuspended;
  redactionSuspended = true;
  try {
    return compute();
  } finally {
    redactionSuspended = previous;
  }
}

/** The text content of `element` without that of redacted descendants: what an editable element reads as its value. */
export function textContentOutsideRedacted(element: Element): string {
  if (!extraSelectors.length || redactionSuspended)
    return nodeTextContent(element) || '';
  let text = '';
  // Iterative: a page may nest thousands of levels.
  const stack: Node[] = [element];
  while (stack.length) {
    const node = stack[stack.length - 1];
    stack.length--;
    const type = nodeType(node);
    if (type === 3 /* TEXT_NODE */ || type === 4 /* CDATA_SECTION_NODE */) {
      text += characterData(node as Text);
      continue;
    }
    if (type !== 1 /* ELEMENT_NODE */ || (node !== element && matchesRedactSelector(node as Element)))
      continue;
    for (let child = nodeLastChild(node); child; child = nodePreviousSibling(child))
      append(stack, child);
  }
  return text;
}

/**
 * Whether the flat tree of `element` (shadow trees and slotted content, as it renders) holds any
 * text outside redacted subtrees, a form control that shows a value, or an element whose
 * generated content (`::before`, `::after`) `hasPseudoText` says is text.
 * Stops at the first found; bounded by `maxNodes` elements, past which it says there is some (a
 * marked entry, rather than content that vanishes).
 */
export function hasContentOutsideRedacted(element: Element, hasPseudoText: (element: Element) => boolean, maxNodes = 50_000): boolean {
  const stack: Node[] = [element];
  let visited = 0;
  while (stack.length) {
    const node = stack[stack.length - 1];
    stack.length--;
    const type = nodeType(node);
    if (type === 3 /* TEXT_NODE */ || type === 4 /* CDATA_SECTION_NODE */) {
      if (!isAllWhitespace(characterData(node as Text)))
        return true;
      continue;
    }
    if (type !== 1 /* ELEMENT_NODE */ || (node !== element && matchesRedactSelector(node as Element)))
      continue;
    if (++visited > maxNodes)
      return true;
    if (showsValue(node as Element) || hasPseudoText(node as Element))
      return true;
    const children = flatTreeChildNodes(node as Element);
    for (let i = children.length - 1; i >= 0; i--)
      append(stack, children[i]);
  }
  return false;
}

/** A form control whose value is on screen as text: a filled field, a select, an input button. */
export function showsValue(element: Element): boolean {
  const tag = elementTag(element);
  if (tag === 'select')
    return true;
  if (tag === 'textarea')
    return textAreaValue(element as HTMLTextAreaElement) !== '';
  if (tag !== 'input')
    return false;
  const type = stringToLowerCase(getAttribute(element, 'type') || '');
  return type !== 'hidden' && type !== 'checkbox' && type !== 'radio' && type !== 'password' && inputValue(element as HTMLInputElement) !== '';
}

/**
 * An editable element's text as a reader sees its lines: a block box or a `<br>` ends a line, and
 * inline elements (a token, a bold word) run on within it; each line whitespace-normalized, lines
 * joined by '\n'. Redacted descendants and what is not rendered are left out. Bounded: it stops
 * once the text is longer than `maxLength` (the caller caps it) or `maxNodes` elements were read.
 */
export function editableLinesOutsideRedacted(element: Element, maxLength: number, maxNodes: number): string {
  const lines: string[] = [];
  let line = '';
  let length = 0;
  const endLine = (always: boolean) => {
    if (!always && !line)
      return;
    const text = normalizeWhitespace(line);
    append(lines, text);
    length += text.length + 1;
    line = '';
  };
  let visited = 0;
  // Iterative: a page may nest thousands of levels. An exit item ends its block's line.
  const stack: { node: Node; exit: boolean }[] = [{ node: element, exit: false }];
  while (stack.length && length <= maxLength && visited <= maxNodes) {
    const { node, exit } = stack[stack.length - 1];
    stack.length--;
    if (exit) {
      endLine(false);
      continue;
    }
    const type = nodeType(node);
    if (type === 3 /* TEXT_NODE */ || type === 4 /* CDATA_SECTION_NODE */) {
      line += characterData(node as Text);
      continue;
    }
    if (type !== 1 /* ELEMENT_NODE */ || (node !== element && matchesRedactSelector(node as Element)))
      continue;
    visited++;
    const style = getElementComputedStyle(node as Element);
    if (style && style.display === 'none')
      continue;
    if (elementTag(node as Element) === 'br') {
      endLine(true);
      continue;
    }
    const block = node !== element && !!style && stringIndexOf(style.display, 'inline') !== 0 && style.display !== 'contents';
    if (block) {
      endLine(false);
      append(stack, { node, exit: true });
    }
    for (let child = nodeLastChild(node); child; child = nodePreviousSibling(child))
      append(stack, { node: child, exit: false });
  }
  endLine(false);
  // Blank lines at either end are layout (a trailing <br>), not content.
  let first = 0;
  let last = lines.length;
  while (first < last && !lines[first])
    first++;
  while (last > first && !lines[last - 1])
    last--;
  let text = '';
  for (let i = first; i < last; i++)
    text += (i > first ? '\n' : '') + lines[i];
  return text;
}
