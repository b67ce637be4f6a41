// Proof on the live page, the one home of "is this locator proven": a locator is offered (by
// `locatorFor`, the triage, a capture's suggested assertions) only when Playwright itself resolves
// it to the element it is for — it matches exactly that element, and the runtime gives that
// element the same ref. Checks are asked all at once (one page call each, sent together), and a
// check not answered within the proof's time is not proven.

import type { Frame, Locator, Page } from '@playwright/test';
import type { SuggestionTarget } from '../locators/assertions';
import type { LocatorStep } from '../locators/parse';
import { refsOfAll, withDeadline } from '../runtime/pageCalls';

/**
 * How long a proof waits for the page's answers: a page that does not answer (busy, blocked by
 * a dialog) leaves its locators unproven rather than keep a capture or `locatorFor` waiting.
 */
export const kProofTimeoutMs = 1_000;

/** Builds the Locator a parsed locator's steps describe, on `root`; `engine` gives a ref's locator. */
export function toLocator(root: Page | Frame | Locator, steps: readonly LocatorStep[], engine: (ref: string) => Locator): Locator {
  let locator: Page | Frame | Locator = root;
  for (const step of steps) {
    switch (step.kind) {
      case 'role':
        locator = locator.getByRole(step.role as Parameters<Page['getByRole']>[0], { ...(step.name !== undefined ? { name: step.name, exact: step.exact } : {}), ...step.states });
        break;
      case 'text': locator = locator.getByText(step.text, { exact: step.exact }); break;
      case 'label': locator = locator.getByLabel(step.text, { exact: step.exact }); break;
      case 'placeholder': locator = locator.getByPlaceholder(step.text, { exact: step.exact }); break;
      case 'altText': locator = locator.getByAltText(step.text, { exact: step.exact }); break;
      case 'title': locator = locator.getByTitle(step.text, { exact: step.exact }); break;
      case 'testId': locator = locator.getByTestId(step.text); break;
      case 'ref': locator = engine(step.ref); break;
      case 'nth': locator = step.index < 0 ? (locator as Locator).last() : (locator as Locator).nth(step.index); break;
      case 'hasText': locator = (locator as Locator).filter({ hasText: step.text }); break;
    }
  }
  return locator as Locator;
}

/** A suggestion's locator on `page`: through each <iframe> with `contentFrame()`, then its own steps. */
export function targetLocator(page: Page, target: Pick<SuggestionTarget, 'frames' | 'steps'>, engine: (ref: string) => Locator): Locator {
  return chainLocator(page, [...target.frames, target.steps], engine);
}

/** A chain of scopes (an <iframe>'s steps, …, the element's), outermost first, on `root`: `contentFrame()` between them. */
export function chainLocator(root: Page, chain: readonly (readonly LocatorStep[])[], engine: (ref: string) => Locator): Locator {
  let scope: Page | Locator = root;
  chain.forEach((steps, i) => {
    const locator = toLocator(scope, steps, engine);
    scope = i < chain.length - 1 ? locator.contentFrame() as unknown as Locator : locator;
  });
  return scope as unknown as Locator;
}

export interface LiveCheck {
  locator: Locator;
  /** The refs it must match, exactly and in document order: one for an element, a list's items for a count. */
  refs: readonly string[];
}

/**
 * Whether each locator matches exactly its refs on the live page now. All are asked at once and
 * answered within `timeout` ms; one that throws or is not answered in time is not proven.
 */
export async function proveLive(checks: readonly LiveCheck[], timeout = kProofTimeoutMs): Promise<boolean[]> {
  const answers = await liveRefs(checks.map(check => check.locator), timeout);
  return answers.map((refs, i) => !!refs && sameRefs(refs, checks[i].refs));
}

/**
 * The refs of the elements each locator matches on the live page now ('' for one without a ref),
 * in document order; undefined for one that throws or is not answered within `timeout` ms. All
 * are asked at once.
 */
export async function liveRefs(locators: readonly Locator[], timeout = kProofTimeoutMs): Promise<(string[] | undefined)[]> {
  return await Promise.all(locators.map(locator => withDeadline(refsOfAll(locator), timeout, 'a proof').catch(() => undefined)));
}

function sameRefs(actual: readonly string[], expected: readonly string[]): boolean {
  return actual.length === expected.length && actual.every((ref, i) => ref === expected[i]);
}
