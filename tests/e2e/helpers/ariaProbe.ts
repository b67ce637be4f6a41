// A test-only probe over the injected ARIA modules, bundled by ourRoleNames.ts and evaluated in
// the page. It lists (role, name) pairs the way a snapshot walk would: top-down over the flat
// tree, skipping hidden subtrees, with no entry for 'none' and 'generic' elements.

import { append, documentQuerySelectorAll, jsonStringify } from '../../../injected/builtins';
import { beginAriaCaches, computeOwnHiddenness, elementTag, endAriaCaches, flatTreeChildNodes, Hiddenness, isElementHiddenForAria } from '../../../injected/domUtils';
import { getAriaRole, getAriaStates, type AriaStates } from '../../../injected/roles';
import { getAccessibleDescription, getAccessibleName } from '../../../injected/accname';

export interface RoleName { role: string; name: string; tag: string; states: AriaStates }

/** Every (role, name) in the document, in document order. */
export function collectRoleNames(): string {
  const result: RoleName[] = [];
  beginAriaCaches();
  try {
    const stack: Node[] = [];
    const roots = document.body ? [document.body as Node] : flatTreeChildNodes(document);
    for (let i = roots.length - 1; i >= 0; i--)
      append(stack, roots[i]);
    while (stack.length) {
      const node = stack[stack.length - 1];
      stack.length--;
      if (node.nodeType !== 1)
        continue;
      const element = node as Element;
      const hiddenness = computeOwnHiddenness(element);
      if (hiddenness === Hiddenness.Subtree)
        continue;
      // Like Playwright's default snapshot: an element hidden for ARIA hides its whole subtree
      // (a visibility:visible child of a visibility:hidden parent is dropped too).
      if (isElementHiddenForAria(element))
        continue;
      const role = getAriaRole(element);
      if (role !== 'none' && role !== 'generic')
        append(result, { role, name: getAccessibleName(element), tag: elementTag(element), states: getAriaStates(element, role) });
      const children = flatTreeChildNodes(element);
      for (let i = children.length - 1; i >= 0; i--)
        append(stack, children[i]);
    }
  } finally {
    endAriaCaches();
  }
  return jsonStringify(result);
}

/** The accessible name, role and description of every element matching `selector`. */
export function describeElements(selector: string): string {
  const list = documentQuerySelectorAll(document, selector);
  const result: { role: string; name: string; description: string; states: AriaStates }[] = [];
  beginAriaCaches();
  try {
    for (let i = 0; i < list.length; i++) {
      const role = getAriaRole(list[i]);
      append(result, { role, name: getAccessibleName(list[i]), description: getAccessibleDescription(list[i]), states: getAriaStates(list[i], role) });
    }
  } finally {
    endAriaCaches();
  }
  return jsonStringify(result);
}
