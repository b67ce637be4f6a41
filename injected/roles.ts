// ARIA roles and states: what getByRole() calls an element, and the states a snapshot shows.
//
// Roles follow WAI-ARIA 1.2 for the `role` attribute and HTML-AAM for implicit roles. Where the
// specs leave room or browsers disagree, we follow Chromium, which is what Playwright reports.

import {
  elementFirstElementChild,
  elementNextElementSibling,
  elementPreviousElementSibling,
  getAttribute,
  htmlCollectionLength,
  hasAttribute,
  inputChecked,
  inputIndeterminate,
  inputType,
  matches,
  nodeParentElement,
  nodeTextContent,
  optionSelected,
  tableRows,
  objectCreate,
  stringToLowerCase,
  toSet,
} from './builtins';
import {
  cached,
  cacheSet,
  computeInheritedFlag,
  closestCrossShadow,
  createWalkCache,
  elementTag,
  isDetailsSummary,
  isEditingHost,
  parentElementOrShadowHost,
} from './domUtils';
import { isAsciiWhitespace, isBlank, splitTokens } from './text';
import { kAriaRoleNames } from '../src/isomorphic/roles';
import { setOf } from '../src/isomorphic/tables';


// The concrete WAI-ARIA 1.2 roles (src/isomorphic/roles.ts).
const kAriaRoles = setOf(kAriaRoleNames);

export { isChildrenPresentationalRole, isInteractiveRole, nameSaysOwnText } from '../src/isomorphic/roles';

/** True when `role` is a concrete WAI-ARIA 1.2 role. */
export function isValidAriaRole(role: string): boolean {
  return kAriaRoles[role] === true;
}

// ---------------------------------------------------------------------------------------------
// Explicit role.

/**
 * The first valid token of the `role` attribute, lower-cased ('' when none).
 * https://www.w3.org/TR/wai-aria-1.2/#document-handling_author-errors_roles
 * Chromium matches role tokens case-insensitively, so we do too.
 */
export function getExplicitAriaRole(element: Element): string {
  const value = getAttribute(element, 'role');
  if (!value)
    return '';
  const tokens = splitTokens(value);
  for (let i = 0; i < tokens.length; i++) {
    const token = stringToLowerCase(tokens[i]);
    if (kAriaRoles[token] === true)
      return token;
  }
  return '';
}

// ---------------------------------------------------------------------------------------------
// Implicit role.

/** True when the element has an author-provided name, which is what makes <section>/<form> landmarks. */
function hasAuthorName(element: Element): boolean {
  return hasAttribute(element, 'aria-label') || hasAttribute(element, 'aria-labelledby');
}

// https://w3c.github.io/html-aam/#el-header: header/footer are banner/contentinfo only when they
// are scoped to the body, not to a sectioning element or a landmark that plays the same part.
const kSectioningTags = toSet(['article', 'aside', 'main', 'nav', 'section']);
const kSectioningRoles = toSet(['article', 'complementary', 'main', 'navigation', 'region']);

function isInsideSectioningContent(element: Element): boolean {
  return !!closestCrossShadow(parentElementOrShadowHost(element), e => {
    const explicitRole = getAttribute(e, 'role');
    if (explicitRole !== null)
      return kSectioningRoles[getExplicitAriaRole(e)] === true;
    return kSectioningTags[elementTag(e)] === true;
  });
}

// https://w3c.github.io/html-aam/#el-input-text and the sections after it.
const kInputRoleByType: { [type: string]: string } = objectCreate(null);
kInputRoleByType['button'] = 'button';
kInputRoleByType['image'] = 'button';
kInputRoleByType['reset'] = 'button';
kInputRoleByType['submit'] = 'button';
// File inputs have no role in HTML-AAM, but Chromium exposes and renders them as a button.
kInputRoleByType['file'] = 'button';
kInputRoleByType['checkbox'] = 'checkbox';
kInputRoleByType['radio'] = 'radio';
kInputRoleByType['range'] = 'slider';
kInputRoleByType['number'] = 'spinbutton';
kInputRoleByType['search'] = 'searchbox';
kInputRoleByType['hidden'] = '';
// Text-like types that become a combobox when they suggest values from a <datalist>.
const kListInputTypes = toSet(['text', 'search', 'email', 'tel', 'url', '']);

function computeInputRole(input: HTMLInputElement): string {
  const type = stringToLowerCase(inputType(input) || '');
  if (kListInputTypes[type] === true) {
    // https://html.spec.whatwg.org/multipage/input.html#concept-input-list
    const listId = getAttribute(input, 'list');
    if (listId) {
      const list = input.list;
      if (list && elementTag(list) === 'datalist')
        return 'combobox';
    }
  }
  const role = kInputRoleByType[type];
  // Every other type (text, password, email, date, color…) is edited as text.
  return role === undefined ? 'textbox' : role;
}

function isCellOfGrid(cell: Element): boolean {
  const table = closestCrossShadow(cell, e => elementTag(e) === 'table');
  if (!table)
    return false;
  const role = getExplicitAriaRole(table);
  return role === 'grid' || role === 'treegrid';
}

function isNonEmptyDataCell(element: Element | null): boolean {
  if (!element || elementTag(element) !== 'td')
    return false;
  return elementFirstElementChild(element) !== null || !isBlank(nodeTextContent(element) || '');
}

/**
 * A <th> without `scope` heads its column unless it sits beside data in its row.
 * https://w3c.github.io/html-aam/#el-th — the spec defers to the table's header algorithm;
 * Chromium decides from the neighbouring cells, and a lone <th> in a one-row table heads nothing.
 */
function computeTableHeaderRole(th: Element): string {
  const scope = stringToLowerCase(getAttribute(th, 'scope') || '');
  if (scope === 'col' || scope === 'colgroup')
    return 'columnheader';
  if (scope === 'row' || scope === 'rowgroup')
    return 'rowheader';
  const previous = elementPreviousElementSibling(th);
  const next = elementNextElementSibling(th);
  const row = nodeParentElement(th);
  if (!previous && !next) {
    if (row && elementTag(row) === 'tr') {
      const table = closestCrossShadow(row, e => elementTag(e) === 'table') as HTMLTableElement | null;
      const rows = table && tableRows(table);
      if (rows && htmlCollectionLength(rows) <= 1)
        return '';
    }
    return 'columnheader';
  }
  const previousIsHeader = !!previous && elementTag(previous) === 'th';
  const nextIsHeader = !!next && elementTag(next) === 'th';
  if (previousIsHeader && nextIsHeader)
    return 'columnheader';
  if (isNonEmptyDataCell(previous) || isNonEmptyDataCell(next))
    return 'rowheader';
  return 'columnheader';
}

function computeImgRole(img: Element): string {
  // https://w3c.github.io/html-aam/#el-img-empty-alt: alt="" marks the image decorative, unless
  // something else gives it meaning (a title, a global ARIA attribute, focusability).
  if (getAttribute(img, 'alt') === '' && !getAttribute(img, 'title') && !hasGlobalAriaAttribute(img, 'img') && !hasValidTabIndex(img))
    return 'none';
  return 'img';
}

type RoleRule = string | ((element: Element) => string);

// https://w3c.github.io/html-aam/#html-element-role-mappings
// https://www.w3.org/TR/html-aria/#docconformance
// Elements not listed map to 'generic' or to no role at all (label, b, i, div, span, summary…).
const kImplicitRoleByTagName: { [tag: string]: RoleRule } = objectCreate(null);
function setImplicitRoles(rules: { [tag: string]: RoleRule }) {
  for (const tag in rules) {
    if (tag !== '__proto__')
      kImplicitRoleByTagName[tag] = rules[tag];
  }
}
setImplicitRoles({
  'a': e => hasAttribute(e, 'href') ? 'link' : '',
  'area': e => hasAttribute(e, 'href') ? 'link' : '',
  'article': 'article',
  'aside': 'complementary',
  'blockquote': 'blockquote',
  'button': 'button',
  'caption': 'caption',
  'code': 'code',
  'datalist': 'listbox',
  'dd': 'definition',
  'del': 'deletion',
  'details': 'group',
  'dfn': 'term',
  'dialog': 'dialog',
  'dt': 'term',
  'em': 'emphasis',
  'fieldset': 'group',
  'figure': 'figure',
  'footer': e => isInsideSectioningContent(e) ? '' : 'contentinfo',
  'form': e => hasAuthorName(e) ? 'form' : '',
  'h1': 'heading', 'h2': 'heading', 'h3': 'heading', 'h4': 'heading', 'h5': 'heading', 'h6': 'heading',
  'header': e => isInsideSectioningContent(e) ? '' : 'banner',
  'hr': 'separator',
  'html': 'document',
  'img': computeImgRole,
  'input': e => computeInputRole(e as HTMLInputElement),
  'ins': 'insertion',
  'li': 'listitem',
  'main': 'main',
  'mark': 'mark',
  'math': 'math',
  'menu': 'list',
  'meter': 'meter',
  'nav': 'navigation',
  'ol': 'list',
  'optgroup': 'group',
  'option': 'option',
  'output': 'status',
  'p': 'paragraph',
  'progress': 'progressbar',
  'search': 'search',
  'section': e => hasAuthorName(e) ? 'region' : '',
  'select': e => hasAttribute(e, 'multiple') || (e as HTMLSelectElement).size > 1 ? 'listbox' : 'combobox',
  'strong': 'strong',
  'sub': 'subscript',
  'sup': 'superscript',
  // Chromium exposes <svg> as an image (Firefox says 'graphics-document', not yet in ARIA).
  'svg': 'img',
  'table': 'table',
  'tbody': 'rowgroup',
  'td': e => isCellOfGrid(e) ? 'gridcell' : 'cell',
  'textarea': 'textbox',
  'tfoot': 'rowgroup',
  'th': computeTableHeaderRole,
  'thead': 'rowgroup',
  'time': 'time',
  'tr': 'row',
  'ul': 'list',
});

// https://www.w3.org/TR/wai-aria-1.2/#conflict_resolution_presentation_none
// "required owned elements" of a presentational parent lose their role too: the <li> of a
// <ul role="none">, the cells of a <table role="presentation">.
const kPresentationInheritedFrom: { [tag: string]: { [parentTag: string]: true } } = objectCreate(null);
kPresentationInheritedFrom['dd'] = toSet(['dl', 'div']);
kPresentationInheritedFrom['div'] = toSet(['dl']);
kPresentationInheritedFrom['dt'] = toSet(['dl', 'div']);
kPresentationInheritedFrom['li'] = toSet(['ol', 'ul', 'menu']);
kPresentationInheritedFrom['tbody'] = toSet(['table']);
kPresentationInheritedFrom['thead'] = toSet(['table']);
kPresentationInheritedFrom['tfoot'] = toSet(['table']);
kPresentationInheritedFrom['tr'] = toSet(['table', 'thead', 'tbody', 'tfoot']);
kPresentationInheritedFrom['td'] = toSet(['tr']);
kPresentationInheritedFrom['th'] = toSet(['tr']);

/** The role from HTML semantics alone ('' when the element has none, 'none' when decorative). */
export function computeImplicitAriaRole(element: Element): string {
  const tag = elementTag(element);
  const rule = kImplicitRoleByTagName[tag];
  if (rule === undefined)
    return '';
  const role = typeof rule === 'string' ? rule : rule(element);
  if (!role)
    return '';
  for (let child = element; ;) {
    const parents = kPresentationInheritedFrom[elementTag(child)];
    const parent = parentElementOrShadowHost(child);
    if (!parents || !parent || parents[elementTag(parent)] !== true)
      break;
    const parentRole = getExplicitAriaRole(parent);
    if ((parentRole === 'none' || parentRole === 'presentation') && !hasPresentationConflict(parent, computeOwnImplicitRole(parent)))
      return 'none';
    child = parent;
  }
  return role;
}

function computeOwnImplicitRole(element: Element): string {
  const rule = kImplicitRoleByTagName[elementTag(element)];
  if (rule === undefined)
    return '';
  return typeof rule === 'string' ? rule : rule(element);
}

// ---------------------------------------------------------------------------------------------
// Presentational role conflict resolution.

// https://www.w3.org/TR/wai-aria-1.2/#global_states — without aria-disabled, aria-errormessage,
// aria-haspopup and aria-invalid, whose global use ARIA 1.2 deprecates.
const kGlobalAriaAttributes = [
  'aria-atomic', 'aria-busy', 'aria-controls', 'aria-current', 'aria-describedby', 'aria-details',
  'aria-dropeffect', 'aria-flowto', 'aria-grabbed', 'aria-hidden', 'aria-keyshortcuts',
  'aria-label', 'aria-labelledby', 'aria-live', 'aria-owns', 'aria-relevant', 'aria-roledescription',
];
// https://w3c.github.io/aria/#namefromprohibited: on these roles a name is an author error, so
// (definition and term are not in the list: ARIA 1.2 names them from the author, as WPT expects)
// aria-label/aria-labelledby do not count as global attributes that make an element meaningful.
const kNameProhibitedRoles = toSet([
  'caption', 'code', 'deletion', 'emphasis', 'generic', 'insertion', 'mark', 'none',
  'paragraph', 'presentation', 'strong', 'subscript', 'suggestion', 'superscript', 'time',
]);

/** True when the role forbids naming (https://w3c.github.io/aria/#namefromprohibited). */
export function isNameProhibitedRole(role: string): boolean {
  return kNameProhibitedRoles[role] === true;
}

function hasGlobalAriaAttribute(element: Element, role: string): boolean {
  const prohibitsName = kNameProhibitedRoles[role || 'generic'] === true;
  for (let i = 0; i < kGlobalAriaAttributes.length; i++) {
    const attribute = kGlobalAriaAttributes[i];
    if (prohibitsName && (attribute === 'aria-label' || attribute === 'aria-labelledby'))
      continue;
    if (role === 'generic' && attribute === 'aria-roledescription')
      continue;
    if (hasAttribute(element, attribute))
      return true;
  }
  return false;
}

/** A presentational role is ignored when the element is focusable or carries global ARIA attributes. */
function hasPresentationConflict(element: Element, implicitRole: string): boolean {
  return hasGlobalAriaAttribute(element, implicitRole) || isFocusable(element);
}

// ---------------------------------------------------------------------------------------------
// Focusability.

/** True when `tabindex` parses as an integer (https://html.spec.whatwg.org/#rules-for-parsing-integers). */
function hasValidTabIndex(element: Element): boolean {
  const value = getAttribute(element, 'tabindex');
  if (value === null)
    return false;
  let i = 0;
  while (i < value.length && isAsciiWhitespace(value[i]))
    i++;
  if (value[i] === '-' || value[i] === '+')
    i++;
  return i < value.length && value[i] >= '0' && value[i] <= '9';
}

const kNativeFormControls = toSet(['button', 'input', 'select', 'textarea', 'option', 'optgroup', 'fieldset']);

/**
 * True when the element is disabled by HTML: its own `disabled`, a disabled <optgroup>, or a
 * disabled <fieldset> ancestor other than through the fieldset's first <legend>. The browser's
 * own `:disabled` matching implements exactly these rules.
 * https://html.spec.whatwg.org/multipage/semantics-other.html#concept-element-disabled
 */
export function isNativelyDisabled(element: Element): boolean {
  return kNativeFormControls[elementTag(element)] === true && matches(element, ':disabled');
}

function isNativelyFocusable(element: Element): boolean {
  const tag = elementTag(element);
  if (tag === 'button' || tag === 'select' || tag === 'textarea' || tag === 'iframe')
    return true;
  if (tag === 'input')
    return inputType(element as HTMLInputElement) !== 'hidden';
  if (tag === 'a' || tag === 'area')
    return hasAttribute(element, 'href');
  if (tag === 'summary')
    return isDetailsSummary(element);
  if ((tag === 'audio' || tag === 'video') && hasAttribute(element, 'controls'))
    return true;
  return isEditingHost(element);
}

/** True when the element can take focus: natively, or through a valid `tabindex`, and not disabled. */
export function isFocusable(element: Element): boolean {
  if (isNativelyDisabled(element))
    return false;
  return isNativelyFocusable(element) || hasValidTabIndex(element);
}

// ---------------------------------------------------------------------------------------------
// The role.

const cacheRole = createWalkCache<string>();

/**
 * The element's role as getByRole() sees it: the first valid explicit role, else the implicit
 * one; 'generic' when nothing more specific applies; 'none' for presentational elements.
 * Cached per walk.
 */
export function getAriaRole(element: Element): string {
  return cached(cacheRole, element, computeAriaRole);
}

/** For the walk, which meets each element first: computes and caches the role without a lookup that would miss. */
export function readAriaRole(element: Element): string {
  return cacheSet(cacheRole, element, computeAriaRole(element));
}

function computeAriaRole(element: Element): string {
  const explicitRole = getExplicitAriaRole(element);
  if (explicitRole === 'none' || explicitRole === 'presentation') {
    // https://www.w3.org/TR/wai-aria-1.2/#conflict_resolution_presentation_none
    const ownImplicit = computeOwnImplicitRole(element);
    if (hasPresentationConflict(element, ownImplicit))
      return computeImplicitAriaRole(element) || 'generic';
    return 'none';
  }
  if (explicitRole)
    return explicitRole;
  return computeImplicitAriaRole(element) || 'generic';
}

/**
 * The role used by the name computation, where "no role" and "generic" differ: an implicit
 * generic (<div>, <span>) may still take a name from aria-label as browsers do, while an explicit
 * role="generic" prohibits it.
 */
export function getAriaRoleForNaming(element: Element): string {
  const role = getAriaRole(element);
  if (role === 'generic' && getExplicitAriaRole(element) !== 'generic')
    return '';
  return role;
}

// ---------------------------------------------------------------------------------------------
// States. Each state is reported only for the roles that support it, as in Playwright's snapshots.

export interface AriaStates {
  disabled?: boolean;
  checked?: boolean | 'mixed';
  pressed?: boolean | 'mixed';
  expanded?: boolean;
  selected?: boolean;
  required?: boolean;
  readonly?: boolean;
  invalid?: boolean | string;
  level?: number;
  haspopup?: boolean | string;
  sort?: 'ascending' | 'descending' | 'other';
}

// https://www.w3.org/TR/wai-aria-1.2/#aria-checked
const kCheckedRoles = toSet(['checkbox', 'menuitemcheckbox', 'menuitemradio', 'radio', 'switch']);
// Options and tree items are checkable only in multi-select widgets that say so with aria-checked.
const kOptionallyCheckedRoles = toSet(['option', 'treeitem']);
const kMixedCheckedRoles = toSet(['checkbox', 'menuitemcheckbox']);
// https://www.w3.org/TR/wai-aria-1.2/#aria-disabled
const kDisabledRoles = toSet([
  'application', 'button', 'checkbox', 'columnheader', 'combobox', 'grid', 'gridcell', 'group',
  'link', 'listbox', 'menu', 'menubar', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option',
  'radio', 'radiogroup', 'row', 'rowheader', 'scrollbar', 'searchbox', 'separator', 'slider',
  'spinbutton', 'switch', 'tab', 'tablist', 'textbox', 'toolbar', 'tree', 'treegrid', 'treeitem',
]);
// https://www.w3.org/TR/wai-aria-1.2/#aria-expanded
const kExpandedRoles = toSet([
  'application', 'button', 'checkbox', 'columnheader', 'combobox', 'gridcell', 'link', 'listbox',
  'menuitem', 'menuitemcheckbox', 'menuitemradio', 'row', 'rowheader', 'switch', 'tab', 'treeitem',
]);
// https://www.w3.org/TR/wai-aria-1.2/#aria-selected
const kSelectedRoles = toSet(['columnheader', 'gridcell', 'option', 'row', 'rowheader', 'tab', 'treeitem']);
// Selection is the point of these roles: report it even when false.
const kAlwaysSelectedRoles = toSet(['option', 'tab']);
// https://www.w3.org/TR/wai-aria-1.2/#aria-level
const kLevelRoles = toSet(['heading', 'listitem', 'row', 'treeitem']);
// https://www.w3.org/TR/wai-aria-1.2/#aria-required
const kRequiredRoles = toSet([
  'checkbox', 'columnheader', 'combobox', 'gridcell', 'listbox', 'radiogroup', 'rowheader',
  'searchbox', 'spinbutton', 'switch', 'textbox', 'tree', 'treegrid',
]);
// https://www.w3.org/TR/wai-aria-1.2/#aria-readonly
const kReadonlyRoles = toSet([
  'checkbox', 'columnheader', 'combobox', 'grid', 'gridcell', 'listbox', 'radiogroup', 'rowheader',
  'searchbox', 'slider', 'spinbutton', 'switch', 'textbox', 'treegrid',
]);
// https://www.w3.org/TR/wai-aria-1.2/#aria-invalid — global but deprecated as such; kept to
// the roles where a wrong value can be entered.
const kInvalidRoles = toSet([
  'application', 'checkbox', 'columnheader', 'combobox', 'gridcell', 'listbox', 'radio',
  'radiogroup', 'rowheader', 'searchbox', 'slider', 'spinbutton', 'switch', 'textbox', 'tree',
  'treegrid',
]);
// https://www.w3.org/TR/wai-aria-1.2/#aria-haspopup
const kHasPopupRoles = toSet([
  'application', 'button', 'combobox', 'gridcell', 'link', 'menuitem', 'searchbox', 'slider', 'tab',
  'textbox', 'treeitem',
]);
const kHasPopupValues = toSet(['menu', 'listbox', 'tree', 'grid', 'dialog']);
// Input types whose value the user types, the ones `required`/`readonly` apply to.
const kTextEntryInputTypes = toSet(['text', 'search', 'url', 'tel', 'email', 'password', 'date', 'month', 'week', 'time', 'datetime-local', 'number', '']);

function ariaBoolean(element: Element, attribute: string): boolean | undefined {
  const value = getAttribute(element, attribute);
  if (value === null)
    return undefined;
  return stringToLowerCase(value) === 'true';
}

function computeChecked(element: Element, role: string): boolean | 'mixed' | undefined {
  const tag = elementTag(element);
  if (tag === 'input') {
    const input = element as HTMLInputElement;
    const type = inputType(input);
    if (type === 'checkbox' || type === 'radio') {
      // https://w3c.github.io/html-aam/#att-indeterminate
      if (type === 'checkbox' && inputIndeterminate(input) && kMixedCheckedRoles[role] === true)
        return 'mixed';
      return inputChecked(input);
    }
  }
  const optional = kOptionallyCheckedRoles[role] === true;
  if (kCheckedRoles[role] !== true && !optional)
    return undefined;
  const value = getAttribute(element, 'aria-checked');
  if (value === null)
    return optional ? undefined : false;
  const lower = stringToLowerCase(value);
  if (lower === 'mixed')
    return kMixedCheckedRoles[role] === true ? 'mixed' : false;
  return lower === 'true';
}

const cacheAriaDisabledChain = createWalkCache<boolean>();

/** aria-disabled="true" disables the element and what it contains, across shadow boundaries. */
function hasAriaDisabledInChain(element: Element): boolean {
  // The nearest explicit aria-disabled decides.
  return computeInheritedFlag(element, cacheAriaDisabledChain, e => {
    const value = stringToLowerCase(getAttribute(e, 'aria-disabled') || '');
    return value === 'true' ? true : value === 'false' ? false : undefined;
  });
}

/** True when the element is disabled, natively or through aria-disabled on it or an ancestor. */
export function isElementDisabled(element: Element, role: string = getAriaRole(element)): boolean {
  if (isNativelyDisabled(element))
    return true;
  return kDisabledRoles[role] === true && hasAriaDisabledInChain(element);
}

function parseLevel(element: Element): number {
  const value = getAttribute(element, 'aria-level');
  if (value === null)
    return 0;
  const level = +value;
  // Integers >= 1 only; `level === level` is false for NaN.
  return level === level && level >= 1 && level % 1 === 0 ? level : 0;
}

function computeLevel(element: Element, role: string): number | undefined {
  if (kLevelRoles[role] !== true)
    return undefined;
  const explicit = parseLevel(element);
  if (explicit)
    return explicit;
  if (role === 'heading') {
    const tag = elementTag(element);
    if (tag.length === 2 && tag[0] === 'h' && tag[1] >= '1' && tag[1] <= '6')
      return +tag[1];
    // https://www.w3.org/TR/wai-aria-1.2/#heading: the default level is 2.
    return 2;
  }
  if (role === 'treeitem') {
    // Tree items nest in groups: each group between the item and its tree is one level deeper.
    let level = 1;
    for (let e = nodeParentElement(element); e; e = nodeParentElement(e)) {
      const ancestorRole = getAriaRole(e);
      if (ancestorRole === 'tree' || ancestorRole === 'treegrid')
        break;
      if (ancestorRole === 'group')
        level++;
    }
    return level;
  }
  return undefined;
}

function computeInvalid(element: Element): boolean | string | undefined {
  const value = getAttribute(element, 'aria-invalid');
  if (value === null)
    return undefined;
  const lower = stringToLowerCase(value);
  if (lower === '' || lower === 'false')
    return undefined;
  if (lower === 'grammar' || lower === 'spelling')
    return lower;
  return true;
}

function computeHasPopup(element: Element, role: string): boolean | string | undefined {
  if (kHasPopupRoles[role] !== true)
    return undefined;
  const value = getAttribute(element, 'aria-haspopup');
  if (value === null)
    return undefined;
  const lower = stringToLowerCase(value);
  if (lower === 'true')
    return true;
  return kHasPopupValues[lower] === true ? lower : undefined;
}

// https://www.w3.org/TR/wai-aria-1.2/#aria-sort: on column and row headers only. `none` is the
// default, and an invalid value reads as it (like Chromium, ASCII case-insensitively).
const kSortRoles = toSet(['columnheader', 'rowheader']);
const kSortValues = toSet(['ascending', 'descending', 'other']);

function computeSort(element: Element, role: string): 'ascending' | 'descending' | 'other' | undefined {
  if (kSortRoles[role] !== true)
    return undefined;
  const value = getAttribute(element, 'aria-sort');
  if (value === null)
    return undefined;
  const lower = stringToLowerCase(value);
  return kSortValues[lower] === true ? lower as 'ascending' | 'descending' | 'other' : undefined;
}

function isSelected(element: Element): boolean {
  if (elementTag(element) === 'option')
    return optionSelected(element as HTMLOptionElement) || ariaBoolean(element, 'aria-selected') === true;
  return ariaBoolean(element, 'aria-selected') === true;
}

/**
 * The states that apply to `role`, native semantics included. Fields that do not apply are
 * absent; `disabled`, `required`, `readonly`, `invalid`, `haspopup` and `sort` appear only when set;
 * `checked` on checkable roles, `selected` on options and tabs, and `level` on headings always.
 */
export function getAriaStates(element: Element, role: string = getAriaRole(element)): AriaStates {
  // No prototype: a page's Object.prototype neither adds states nor takes them (a setter for `checked`).
  const states: AriaStates = objectCreate(null);
  const tag = elementTag(element);

  const checked = computeChecked(element, role);
  if (checked !== undefined)
    states.checked = checked;

  if (isElementDisabled(element, role))
    states.disabled = true;

  if (role === 'button') {
    const pressed = getAttribute(element, 'aria-pressed');
    if (pressed !== null) {
      const lower = stringToLowerCase(pressed);
      states.pressed = lower === 'mixed' ? 'mixed' : lower === 'true';
    }
  }

  if (isDetailsSummary(element)) {
    // https://w3c.github.io/html-aam/#el-summary: the summary is the disclosure control of its details.
    states.expanded = hasAttribute(nodeParentElement(element)!, 'open');
  } else if (kExpandedRoles[role] === true) {
    const expanded = ariaBoolean(element, 'aria-expanded');
    if (expanded !== undefined)
      states.expanded = expanded;
  }

  if (kSelectedRoles[role] === true && (kAlwaysSelectedRoles[role] === true || hasAttribute(element, 'aria-selected')))
    states.selected = isSelected(element);

  const level = computeLevel(element, role);
  if (level !== undefined)
    states.level = level;

  let required = false;
  if (tag === 'select' || tag === 'textarea' || (tag === 'input' && inputType(element as HTMLInputElement) !== 'hidden'))
    required = hasAttribute(element, 'required');
  if (!required && kRequiredRoles[role] === true)
    required = ariaBoolean(element, 'aria-required') === true;
  if (required)
    states.required = true;

  let readonly = false;
  if (tag === 'textarea' || (tag === 'input' && kTextEntryInputTypes[stringToLowerCase(inputType(element as HTMLInputElement) || '')] === true))
    readonly = hasAttribute(element, 'readonly');
  if (!readonly && kReadonlyRoles[role] === true)
    readonly = ariaBoolean(element, 'aria-readonly') === true;
  if (readonly)
    states.readonly = true;

  if (kInvalidRoles[role] === true || tag === 'input' || tag === 'select' || tag === 'textarea') {
    const invalid = computeInvalid(element);
    if (invalid !== undefined)
      states.invalid = invalid;
  }

  const haspopup = computeHasPopup(element, role);
  if (haspopup !== undefined)
    states.haspopup = haspopup;

  const sort = computeSort(element, role);
  if (sort !== undefined)
    states.sort = sort;

  return states;
}
