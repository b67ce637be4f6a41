import type { ExpectMatcherState } from '@playwright/test';
import { formatIdentity, formatValue } from '../snapshot/format';
import { findEntries } from '../snapshot/query';
import { similarRefLines } from '../snapshot/likeness';
import type { EntryQuery } from '../isomorphic/types';
import { StagewrightError } from '../errors';
import { checkReceiver, failed, passed, pollSnapshots, timeoutOf, type MatcherResult } from './matcherUtils';
import { validateQuery } from './query';
import { boundedRegExpRunner } from '../api/boundedRegExp';
import { describeValue } from '../snapshot/describe';

/** Holds when exactly `count` entries of a fresh snapshot match `query`. */
export async function toHaveEntryCount(this: ExpectMatcherState, received: unknown, query: EntryQuery, count: number, options?: { timeout?: number }): Promise<MatcherResult> {
  const matcherName = 'toHaveEntryCount';
  const sw = checkReceiver(received, matcherName);
  validateQuery(query, matcherName);
  if (!Number.isSafeInteger(count) || count < 0)
    throw new StagewrightError('INVALID_ARGUMENT', `toHaveEntryCount() takes a non-negative integer count, got ${describeValue(count)}.`);
  const timeout = timeoutOf(this, options, matcherName);
  const polled = await pollSnapshots(sw, this.isNot, timeout, snapshot => {
    const matches = findEntries(snapshot, query, boundedRegExpRunner);
    return { holds: matches.length === count, detail: matches };
  });
  if (polled.holds !== this.isNot)
    return passed(matcherName, polled.holds);
  const matches = polled.detail;
  return await failed(this, matcherName, sw, polled, timeout, {
    code: 'EXPECTATION_FAILED',
    summary: `${matches.length} ${matches.length === 1 ? 'entry matches' : 'entries match'} ${formatValue(query)}, expected ${this.isNot ? 'any number but ' : ''}${count}.`,
    hint: matches.length > count ? 'More entries match than expected: narrow the query (exact name, role, state).' : 'Fewer entries match than expected: some have not rendered yet, are hidden, or are named differently.',
    expected: `${count} ${count === 1 ? 'entry' : 'entries'} matching ${formatValue(query)}`,
    received: `${matches.length}${matches.length ? `: ${matches.slice(0, 5).map(formatIdentity).join(', ')}` : ''}`,
    // Too few: the nearest entries that do not match; else the matches, nearest first.
    similarRefs: similarRefLines(matches.length < count ? polled.snapshot.entries.filter(entry => !matches.includes(entry)) : matches, query),
    nextActions: [
      `List what matches now: await sw.find(${formatValue(query)})`,
      'Take a fresh snapshot to see the page as it is now: await sw.text()',
    ],
  }, query);
}
