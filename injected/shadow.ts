// Shadow roots the walk enters: open ones, and closed ones the app registered.
//
// Closed shadow roots are unreachable from outside by design. An app that wants them in
// snapshots pushes each one into `window.__stagewright_closedShadowRoots` when it attaches it:
//
//   const root = host.attachShadow({ mode: 'closed' });
//   (window.__stagewright_closedShadowRoots ??= []).push(root);
//
// The list is read once per walk (duplicates and roots of detached hosts are skipped).

import { elementShadowRoot, isArray, mapGet, mapSet, MapCtor, nodeIsConnected, shadowRootHost } from './builtins';

declare global {
  interface Window { __stagewright_closedShadowRoots?: ShadowRoot[] }
}

let registered: Map<Element, ShadowRoot> | undefined;

export function beginShadowRoots(): void {
  registered = undefined;
  let list: unknown;
  try {
    list = window.__stagewright_closedShadowRoots;
  } catch {
    return; // A getter that throws registers nothing.
  }
  if (!isArray(list))
    return;
  for (let i = 0; i < list.length; i++) {
    let host: Element | null;
    try {
      // The getters refuse what is not a shadow root: anything else in the list is skipped.
      host = shadowRootHost(list[i]);
      if (!nodeIsConnected(host) || elementShadowRoot(host))
        continue;
    } catch {
      continue;
    }
    const root = list[i] as ShadowRoot;
    registered ??= new MapCtor();
    if (!mapGet(registered, host))
      mapSet(registered, host, root);
  }
}

export function endShadowRoots(): void {
  registered = undefined;
}

/** The element's open shadow root, or the closed one the app registered, or null. */
export function shadowRootOf(element: Element): ShadowRoot | null {
  return elementShadowRoot(element) || (registered ? mapGet(registered, element) || null : null);
}
