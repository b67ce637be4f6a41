import type { ExpectMatcherState } from '@playwright/test';
import { formatIdentity, formatValue } from '../snapshot/format';
import { findEntries } from '../snapshot/query';
import { similarRefLines } from '../snapshot/likeness';
import type { EntryQuery, Snapshot, SnapshotEntry } from '../isomorphic/types';
import type { Failure } from './message';
import { checkReceiver, failed, passed, pollSnapshots, timeoutOf, type MatcherResult } from './matcherUtils';
import { validateQuery } from './query';
import { boundedRegExpRunner } from '../api/boundedRegExp';

/** Holds when a fresh snapshot has an entry matching `query`. */
export async function toHaveEntry(this: ExpectMatcherState, received: unknown, query: EntryQuery, options?: { timeout?: number }): Promise<MatcherResult> {
  const matcherName = 'toHaveEntry';
  const sw = checkReceiver(received, matcherName);
  validateQuery(query, matcherName);
  const timeout = timeoutOf(this, options, matcherName);
  const polled = await pollSnapshots(sw, this.isNot, timeout, snapshot => {
    const matches = findEntries(snapshot, query, boundedRegExpRunner);
    return { holds: matches.length > 0, detail: matches };
  });
  if (polled.holds !== this.isNot)
    return passed(matcherName, polled.holds);
  const failure = this.isNot ? stillThere(query, polled.detail) : missing(query, polled.snapshot);
  return await failed(this, matcherName, sw, polled, timeout, failure, query);
}

function missing(query: EntryQuery, snapshot: Snapshot): Failure {
  const expected = formatValue(query);
  return {
    code: 'EXPECTATION_FAILED',
    summary: `no entry matches ${expected}.`,
    hint: 'The page has no such entry yet: it may not have rendered, be hidden, or be named differently.',
    expected,
    received: `no match among ${snapshot.entries.length} entries`,
    similarRefs: similarRefLines(snapshot.entries, query),
    nextActions: [
      'Take a fresh snapshot to see the page as it is now: await sw.text()',
      query.role ? `List the candidates: await sw.find({ role: '${query.role}' })` : 'List the candidates: await sw.find({ interactive: true })',
      ...(typeof query.name === 'string' && query.exact ? ['Drop exact: true to match names as case-insensitive substrings'] : []),
    ],
  };
}

function stillThere(query: EntryQuery, matches: SnapshotEntry[]): Failure {
  const expected = formatValue(query);
  return {
    code: 'EXPECTATION_FAILED',
    summary: `${matches.length} ${matches.length === 1 ? 'entry matches' : 'entries match'} ${expected}, expected none.`,
    hint: 'The entry is still on the page.',
    expected,
    received: `${matches.length} matching: ${matches.slice(0, 3).map(formatIdentity).join(', ')}`,
    similarRefs: [],
    nextActions: ['Wait for the action that removes it, or check that it really should go'],
  };
}
