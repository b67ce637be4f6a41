import type { ExpectMatcherState } from '@playwright/test';
import { findEntries } from '../snapshot/query';
import { similarRefLines } from '../snapshot/similar';
import type { EntryQuery } from '../isomorphic/types';
import { formatValue } from './message';
import { checkReceiver, matcherResult, pollSnapshots, timeoutOf, type MatcherResult } from './matcherUtils';
import { validateQuery } from './query';

/** Holds when a fresh snapshot has an entry matching `query`. */
export async function toHaveEntry(this: ExpectMatcherState, received: unknown, query: EntryQuery, options?: { timeout?: number }): Promise<MatcherResult> {
  const matcherName = 'toHaveEntry';
  const sw = checkReceiver(received, matcherName);
  validateQuery(query, matcherName);
  const timeout = timeoutOf(this, options);
  const { holds, snapshot, detail: matches } = await pollSnapshots(sw, this.isNot, timeout, snapshot => {
    const matches = findEntries(snapshot, query);
    return { holds: matches.length > 0, detail: matches };
  });
  const expected = formatValue(query);
  return await matcherResult(holds, this.isNot, {
    matcherName,
    isNot: this.isNot,
    code: 'EXPECTATION_FAILED',
    summary: this.isNot
      ? `${matches.length} ${matches.length === 1 ? 'entry matches' : 'entries match'} ${expected}, expected none.`
      : `no entry matches ${expected}.`,
    hint: this.isNot ? 'The entry is still on the page.' : 'The page has no such entry yet: it may not have rendered, be hidden, or be named differently.',
    expected,
    received: this.isNot ? `${matches.length} matching: ${matches.slice(0, 3).map(e => `${e.role} "${e.name}" [ref=${e.ref}]`).join(', ')}` : `no match among ${snapshot.entries.length} entries`,
    timeout,
    similarRefs: this.isNot ? [] : similarRefLines(snapshot.entries, query),
    nextActions: this.isNot
      ? ['Wait for the action that removes it, or check that it really should go']
      : [
        'Take a fresh snapshot to see the page as it is now: await sw.text()',
        query.role ? `List the candidates: await sw.find({ role: '${query.role}' })` : 'List the candidates: await sw.find({ interactive: true })',
        ...(typeof query.name === 'string' && query.exact ? ['Drop exact: true to match names as case-insensitive substrings'] : []),
      ],
  }, snapshot);
}
