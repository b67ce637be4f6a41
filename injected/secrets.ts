// What never leaves the page (DESIGN.md §7): values of password, one-time-code and payment-card
// fields, and the values and text of whatever the `redact` option's selectors match. Shared by
// the walker (values, text) and the name computation (an embedded field lends its value to the
// name of whatever a label or aria-labelledby makes of it).

import { getAttribute, matches, stringIndexOf, stringToLowerCase } from './builtins';
import { elementTag, splitTokens } from './domUtils';

let extraSelectors: string[] = [];

/** Sets the `redact` selectors for one walk; `endRedaction()` clears them. */
export function beginRedaction(selectors: string[]): void {
  extraSelectors = selectors;
}

export function endRedaction(): void {
  extraSelectors = [];
}

/** Password, one-time-code and cc-* fields: never read their value. */
export function isSecretField(element: Element): boolean {
  if (elementTag(element) === 'input' && stringToLowerCase(getAttribute(element, 'type') || '') === 'password')
    return true;
  const autocomplete = getAttribute(element, 'autocomplete');
  if (!autocomplete)
    return false;
  // https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#autofill-field
  const tokens = splitTokens(stringToLowerCase(autocomplete));
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i] === 'one-time-code' || stringIndexOf(tokens[i], 'cc-') === 0)
      return true;
  }
  return false;
}

/** A secret field, or an element the current walk's `redact` selectors match. */
export function isRedacted(element: Element): boolean {
  if (isSecretField(element))
    return true;
  for (let i = 0; i < extraSelectors.length; i++) {
    try {
      if (matches(element, extraSelectors[i]))
        return true;
    } catch {
      // An invalid selector redacts nothing.
    }
  }
  return false;
}
