// Installs the runtime once per document (by an init script, before page scripts run, or by the
// store's first call into a document that predates it): on the window — never on an element —
// under a name no page can take over, and reached by Node through `page.evaluate` and by the
// `sw-ref` selector engine.

import { kRuntimeKey } from '../src/isomorphic/protocol';
import type { StagewrightRuntime } from './api';
import { defineProperty, hasOwn, objectFreeze } from './builtins';
import { Runtime } from './requests';

/**
 * Puts the runtime on the window under a fixed name, as a property no script can change or
 * delete (not configurable, not writable), defined by the init script before page scripts run,
 * and not enumerable. Node reads it with a plain property access: no call a page could replace
 * (`Symbol.for` was one) stands between it and the runtime that watched the page from its start.
 * What is installed is exactly `StagewrightRuntime`, frozen: functions over a runtime the page
 * cannot reach, so no page script replaces a method or reads the registry.
 */
export function install(): void {
  if (hasOwn(window, kRuntimeKey))
    return;
  const runtime = new Runtime();
  const api: StagewrightRuntime = {
    changeCount: forms => runtime.changeCount(forms),
    changeCountAfterFrame: since => runtime.changeCountAfterFrame(since),
    snapshot: (requestJson, root) => runtime.snapshot(requestJson, root),
    refOf: element => runtime.refOf(element),
    refsOf: elements => runtime.refsOf(elements),
    holdTarget: element => runtime.holdTarget(element),
    heldRefs: () => runtime.heldRefs(),
    invalidSelectors: selectorsJson => runtime.invalidSelectors(selectorsJson),
    refProblem: ref => runtime.refProblem(ref),
    selectorEngine: messages => runtime.selectorEngine(messages),
  };
  defineProperty(window, kRuntimeKey, { value: objectFreeze(api), enumerable: false, configurable: false, writable: false });
}
