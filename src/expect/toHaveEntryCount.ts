import type { ExpectMatcherState } from '@playwright/test';
import { findEntries } from '../snapshot/query';
import { similarRefLines } from '../snapshot/similar';
import type { EntryQuery } from '../isomorphic/types';
import { StagewrightError } from '../errors';
import { formatValue } from './message';
import { checkReceiver, matcherResult, pollSnapshots, timeoutOf, type MatcherResult } from './matcherUtils';
import { validateQuery } from './query';

/** Holds when exactly `count` entries of a fresh snapshot match `query`. */
export async function toHaveEntryCount(this: ExpectMatcherState, received: unknown, query: EntryQuery, count: number, options?: { timeout?: number }): Promise<MatcherResult> {
  const matcherName = 'toHaveEntryCount';
  const sw = checkReceiver(received, matcherName);
  validateQuery(query, matcherName);
  if (!Number.isInteger(count) || count < 0)
    throw new StagewrightError('INVALID_ARGUMENT', `toHaveEntryCount() takes a non-negative integer count, got ${JSON.stringify(count)}.`);
  const timeout = timeoutOf(this, options);
  const { holds, snapshot, detail: matches } = await pollSnapshots(sw, this.isNot, timeout, snapshot => {
    const matches = findEntries(snapshot, query);
    return { holds: matches.length === count, detail: matches };
  });
  const expected = `${count} ${count === 1 ? 'entry' : 'entries'} matching ${formatValue(query)}`;
  return await matcherResult(holds, this.isNot, {
    matcherName,
    isNot: this.isNot,
    code: 'EXPECTATION_FAILED',
    summary: `${matches.length} ${matches.length === 1 ? 'entry matches' : 'entries match'} ${formatValue(query)}, expected ${this.isNot ? 'any number but ' : ''}${count}.`,
    hint: matches.length > count ? 'More entries match than expected: narrow the query (exact name, role, state).' : 'Fewer entries match than expected: some have not rendered yet, are hidden, or are named differently.',
    expected,
    received: `${matches.length}${matches.length ? `: ${matches.slice(0, 5).map(e => `[ref=${e.ref}]`).join(' ')}` : ''}`,
    timeout,
    similarRefs: matches.length < count ? similarRefLines(snapshot.entries.filter(e => !matches.includes(e)), query) : similarRefLines(matches, query),
    nextActions: [
      `List what matches now: await sw.find(${formatValue(query)})`,
      'Take a fresh snapshot to see the page as it is now: await sw.text()',
    ],
  }, snapshot);
}
