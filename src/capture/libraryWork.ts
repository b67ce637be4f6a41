// Which steps are ours. Playwright's `test.step` is hooked so that every user step is captured
// (src/capture/steps.ts), whichever test object made it; the steps our own code makes (a public
// call's step, a capture's step) must pass through untouched. Our code runs them inside this mark.

import { AsyncLocalStorage } from 'node:async_hooks';

const ours = new AsyncLocalStorage<true>();

/** Runs our own work (a public call, a capture): the steps it makes are not user steps, and get no captures. */
export function asLibraryWork<T>(work: () => T): T {
  return ours.run(true, work);
}

/** Whether the caller is our own code (a public call, a capture), not the user's. */
export function insideLibraryWork(): boolean {
  return ours.getStore() === true;
}
