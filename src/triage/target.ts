// What a failed test was looking for: the locator in Playwright's error (`Locator: …`, a call
// log's `waiting for …`, a strict mode violation), a ref, or the query of one of our matchers.

import type { EntryQuery } from '../isomorphic/types';
import { parseLocator, type ParsedLocator } from '../locators/parse';

export type TriageTarget =
  /** `frame`: the locator of the <iframe> the rest is looked for in (`locator('iframe').contentFrame()`, `frameLocator(…)`). */
  | { kind: 'locator'; source: string; parsed: ParsedLocator; frame?: string }
  | { kind: 'query'; source: string; query: EntryQuery }
  | { kind: 'none' };

/** The target of an error message; `matcherQuery` is what a failed stagewright matcher looked for. */
export function targetOf(message: string, matcherQuery?: { source: string; query: EntryQuery }): TriageTarget {
  const text = errorText(message);
  if (matcherQuery && /^expect\(stagewright\)/.test(text))
    return { kind: 'query', ...matcherQuery };
  const patterns = [
    /strict mode violation: (.+?) resolved to \d+ elements/,
    /^\s*Locator: (.+)$/m,
    /^\s*-\s*waiting for (.+)$/m,
    /^\s*Expected: .*\n\s*Received: .*\n[\s\S]*?waiting for (.+)$/m,
  ];
  for (const pattern of patterns) {
    const match = pattern.exec(text);
    if (match)
      return locatorTarget(match[1].trim());
  }
  return { kind: 'none' };
}

/** A locator's source as a target: a frame's part (`….contentFrame().`, `frameLocator(…).`) is split off. */
export function locatorTarget(source: string): TriageTarget {
  const frame = splitFrame(source);
  if (frame)
    return { kind: 'locator', source, parsed: parseLocator(frame.rest), frame: frame.frame };
  return { kind: 'locator', source, parsed: parseLocator(source) };
}

/** A locator's source without the page it starts from (`page.`, `this.page.`): as the action log prints a call's locator. */
export function afterPage(source: string): string {
  return source.replace(/^(?:page|this\.page)\./, '');
}

function splitFrame(source: string): { frame: string; rest: string } | undefined {
  const text = afterPage(source);
  const contentFrame = text.lastIndexOf('.contentFrame().');
  if (contentFrame !== -1)
    return { frame: text.slice(0, contentFrame), rest: text.slice(contentFrame + '.contentFrame().'.length) };
  const frameLocator = /^frameLocator\(((['"])(?:\\.|(?!\2).)*\2)\)\.(.+)$/.exec(text);
  if (frameLocator)
    return { frame: `locator(${frameLocator[1]})`, rest: frameLocator[3] };
  return undefined;
}

export interface TestError { message: string; location?: { file: string; line: number; column: number } }

const kTestTimeout = /^(?:\w*Error: )?Test timeout of \d+ms exceeded/;

/**
 * The error a reader would fix first, of all the errors of a test: the first (in the order they
 * happened) that names a target, else the first that is not the test's timeout, else the first.
 */
export function pickError(errors: readonly TestError[], matcherQuery?: { source: string; query: EntryQuery }): { error: TestError; index: number } | undefined {
  if (!errors.length)
    return undefined;
  const withTarget = errors.findIndex(error => targetOf(error.message, matcherQuery).kind !== 'none');
  if (withTarget !== -1)
    return { error: errors[withTarget], index: withTarget };
  const notTimeout = errors.findIndex(error => !kTestTimeout.test(errorText(error.message)));
  const index = notTimeout === -1 ? 0 : notTimeout;
  return { error: errors[index], index };
}

export function isTestTimeout(message: string): boolean {
  return kTestTimeout.test(errorText(message));
}

/** An error message without colors and without the `TimeoutError: ` its report form starts with. */
export function errorText(message: string): string {
  // eslint-disable-next-line no-control-regex
  return message.replace(/\u001b\[[0-9;]*m/g, '').replace(/^\w*Error: /, '');
}
