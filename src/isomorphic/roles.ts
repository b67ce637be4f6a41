// Role knowledge both sides need: the page marks entries interactive and folds text into names,
// Node ranks diff entries (whose identities carry only a role) and prints names by it. Bundled
// into the page: plain literals, no calls.

// https://www.w3.org/TR/wai-aria-1.2/#widget_roles, plus the composite widgets a user types into.
const kInteractiveRoles: { [role: string]: true | undefined } = {
  button: true, checkbox: true, combobox: true, gridcell: true, link: true, listbox: true, menuitem: true,
  menuitemcheckbox: true, menuitemradio: true, option: true, radio: true, scrollbar: true, searchbox: true,
  separator: true, slider: true, spinbutton: true, switch: true, tab: true, textbox: true, treeitem: true,
};

/** True for widget roles: the element takes user input (separator only when focusable, close enough). */
export function isInteractiveRole(role: string): boolean {
  return kInteractiveRoles[role] === true;
}

// Roles whose descendants are presentational (https://w3c.github.io/aria/#childrenArePresentational):
// their content is the entry's name, not entries of its own.
const kChildrenPresentationalRoles: { [role: string]: true | undefined } = {
  button: true, checkbox: true, img: true, math: true, menuitemcheckbox: true, menuitemradio: true, meter: true,
  option: true, progressbar: true, radio: true, scrollbar: true, separator: true, slider: true, switch: true, tab: true,
};

// Roles whose content is their name: their own text would repeat it (or, under aria-label, compete with it).
const kTextIsNameRoles: { [role: string]: true | undefined } = {
  ...kChildrenPresentationalRoles, link: true, heading: true, menuitem: true, tab: true, treeitem: true, tooltip: true,
};

// Roles whose name never comes from their content: their text is not a name and is kept (a
// progressbar's "7"), unless the value says it already.
const kTextNotNameRoles: { [role: string]: true | undefined } = {
  meter: true, progressbar: true, scrollbar: true, separator: true, slider: true,
};

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
