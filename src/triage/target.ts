// What a failed test was looking for: the locator in Playwright's error (`Locator: …`, a call
// log's `waiting for …`, a strict mode violation), a ref, or the query of one of our matchers.

import type { EntryQuery } from '../isomorphic/types';
import { parseLocator, type ParsedLocator } from '../locators/parse';

export type TriageTarget =
  | { kind: 'locator'; source: string; parsed: ParsedLocator }
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
    if (match) {
      const source = match[1].trim();
      return { kind: 'locator', source, parsed: parseLocator(source) };
    }
  }
  return { kind: 'none' };
}

/** An error message without colors and without the `TimeoutError: ` its report form starts with. */
export function errorText(message: string): string {
  // eslint-disable-next-line no-control-regex
  return message.replace(/\u001b\[[0-9;]*m/g, '').replace(/^\w*Error: /, '');
}
