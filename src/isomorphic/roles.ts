// Role knowledge both sides need: the page marks entries interactive and folds text into names,
// Node ranks diff entries (whose identities carry only a role) and prints names by it. Bundled
// into the page: tables with no prototype (tables.ts), no builtin calls.

import { setOf } from './tables';

// https://www.w3.org/TR/wai-aria-1.2/#role_definitions
// Concrete roles only: abstract roles (widget, landmark, structure…) are not valid in `role`, and
// the author error handling says to skip them and take the next token. Playwright's `getByRole`
// takes the same roles but `mark` (tests/unit/query.spec.ts checks that it takes none we lack).
export const kAriaRoleNames = [
  'alert', 'alertdialog', 'application', 'article', 'banner', 'blockquote', 'button', 'caption',
  'cell', 'checkbox', 'code', 'columnheader', 'combobox', 'complementary', 'contentinfo',
  'definition', 'deletion', 'dialog', 'directory', 'document', 'emphasis', 'feed', 'figure', 'form',
  'generic', 'grid', 'gridcell', 'group', 'heading', 'img', 'insertion', 'link', 'list', 'listbox',
  'listitem', 'log', 'main', 'mark', 'marquee', 'math', 'menu', 'menubar', 'menuitem',
  'menuitemcheckbox', 'menuitemradio', 'meter', 'navigation', 'none', 'note', 'option', 'paragraph',
  'presentation', 'progressbar', 'radio', 'radiogroup', 'region', 'row', 'rowgroup', 'rowheader',
  'scrollbar', 'search', 'searchbox', 'separator', 'slider', 'spinbutton', 'status', 'strong',
  'subscript', 'superscript', 'switch', 'tab', 'table', 'tablist', 'tabpanel', 'term', 'textbox',
  'time', 'timer', 'toolbar', 'tooltip', 'tree', 'treegrid', 'treeitem',
] as const;

/**
 * Every role an entry can have: the ARIA roles, and `iframe`, which the walk gives frame elements
 * so a snapshot can show where a frame's entries hang (injected/walker.ts).
 */
export type EntryRole = typeof kAriaRoleNames[number] | 'iframe';

// https://www.w3.org/TR/wai-aria-1.2/#widget_roles, plus the composite widgets a user types into.
const kInteractiveRoles = setOf([
  'button', 'checkbox', 'combobox', 'gridcell', 'link', 'listbox', 'menuitem',
  'menuitemcheckbox', 'menuitemradio', 'option', 'radio', 'scrollbar', 'searchbox',
  'separator', 'slider', 'spinbutton', 'switch', 'tab', 'textbox', 'treeitem',
]);

/** True for widget roles: the element takes user input (separator only when focusable, close enough). */
export function isInteractiveRole(role: string): boolean {
  return kInteractiveRoles[role] === true;
}

// Roles whose descendants are presentational (https://w3c.github.io/aria/#childrenArePresentational):
// their content is the entry's name, not entries of its own.
const kChildrenPresentationalRoles = setOf([
  'button', 'checkbox', 'img', 'math', 'menuitemcheckbox', 'menuitemradio', 'meter',
  'option', 'progressbar', 'radio', 'scrollbar', 'separator', 'slider', 'switch', 'tab',
]);

// Roles whose content is their name: their own text would repeat it (or, under aria-label, compete with it).
// The children-presentational roles, and more.
const kTextIsNameRoles = setOf([
  'button', 'checkbox', 'img', 'math', 'menuitemcheckbox', 'menuitemradio', 'meter',
  'option', 'progressbar', 'radio', 'scrollbar', 'separator', 'slider', 'switch', 'tab',
  'link', 'heading', 'menuitem', 'treeitem', 'tooltip',
]);

// Roles whose name never comes from their content: their text is not a name and is kept (a
// progressbar's "7"), unless the value says it already.
const kTextNotNameRoles = setOf(['meter', 'progressbar', 'scrollbar', 'separator', 'slider']);

export function isChildrenPresentationalRole(role: string): boolean {
  return kChildrenPresentationalRoles[role] === true;
}

/**
 * Roles whose own text the walk leaves out where the name already says it: their name is the
 * only place that text is printed, so the text form must always print it.
 */
export function nameSaysOwnText(role: string): boolean {
  return kTextIsNameRoles[role] === true && kTextNotNameRoles[role] !== true;
}
