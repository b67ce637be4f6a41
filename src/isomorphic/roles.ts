// Role knowledge both sides need: the page marks entries interactive, Node ranks diff entries
// (whose identities carry only a role) by it. Bundled into the page: a plain literal, no calls.

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
