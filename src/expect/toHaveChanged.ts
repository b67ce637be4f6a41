import type { ExpectMatcherState } from '@playwright/test';
import { diffSnapshots } from '../snapshot/diff';
import { formatDiff, formatValue } from '../snapshot/format';
import { matchesName, matchesQuery } from '../snapshot/query';
import type { EntryChange, EntryIdentity, EntryQuery, SnapshotDiff } from '../isomorphic/types';
import { StagewrightError } from '../errors';
import { checkReceiver, failed, passed, pollSnapshots, timeoutOf, type MatcherResult } from './matcherUtils';
import { validateQuery } from './query';

export interface ChangeExpectation { added?: EntryQuery[]; removed?: EntryQuery[]; changed?: EntryQuery[] }

/**
 * Holds when the diff from the baseline — the last snapshot taken before the call — contains
 * entries matching each query of each list.
 */
export async function toHaveChanged(this: ExpectMatcherState, received: unknown, expected: ChangeExpectation, options?: { timeout?: number }): Promise<MatcherResult> {
  const matcherName = 'toHaveChanged';
  const sw = checkReceiver(received, matcherName);
  if (!expected || typeof expected !== 'object')
    throw new StagewrightError('INVALID_ARGUMENT', `toHaveChanged() takes { added?, removed?, changed? } lists of EntryQuery, got ${JSON.stringify(expected)}.`);
  for (const kind of ['added', 'removed', 'changed'] as const) {
    const list = expected[kind] ?? [];
    if (!Array.isArray(list))
      throw new StagewrightError('INVALID_ARGUMENT', `toHaveChanged(): ${kind} must be an array of EntryQuery, got ${JSON.stringify(list)}.`);
    list.forEach(query => validateQuery(query, matcherName));
  }
  const baseline = sw.store.baseline;
  if (!baseline) {
    throw new StagewrightError('INVALID_ARGUMENT', 'toHaveChanged() compares against the last snapshot, and none was taken.', {
      hint: 'Take a snapshot before the action: await sw.snapshot(); await action(); await expect(sw).toHaveChanged(…)',
    });
  }
  const timeout = timeoutOf(this, options);
  const polled = await pollSnapshots(sw, this.isNot, timeout, snapshot => {
    const diff = diffSnapshots(baseline, snapshot, { format: 'full' });
    const missing = missingQueries(diff, expected);
    return { holds: missing.length === 0, detail: { diff, missing } };
  });
  if (polled.holds !== this.isNot)
    return passed(matcherName, polled.holds);
  const { diff, missing } = polled.detail;
  const since = `the diff since snapshot ${baseline.meta.snapshotId}`;
  return await failed(this, matcherName, sw, polled, timeout, {
    code: 'EXPECTATION_FAILED',
    summary: this.isNot ? `${since} has every expected change.` : `${since} lacks ${missing.map(([kind, query]) => `${kind} ${formatValue(query)}`).join(', ')}.`,
    hint: this.isNot ? 'Those changes happened.' : 'The change has not happened (yet), or it happened before the baseline snapshot was taken.',
    expected: formatValue(expected),
    received: formatDiff(diff).split('\n').slice(0, 8).join('\n          '),
    similarRefs: [],
    nextActions: [
      'See what changed: await sw.text({ since: \'last\' })',
      'Take the baseline snapshot right before the action that should change the page',
    ],
  });
}

function missingQueries(diff: SnapshotDiff, expected: ChangeExpectation): ['added' | 'removed' | 'changed', EntryQuery][] {
  const missing: ['added' | 'removed' | 'changed', EntryQuery][] = [];
  for (const query of expected.added ?? []) {
    if (!diff.added.some(entry => matchesQuery(entry, query)))
      missing.push(['added', query]);
  }
  for (const query of expected.removed ?? []) {
    if (!diff.removed.some(entry => matchesIdentity(entry, query)))
      missing.push(['removed', query]);
  }
  for (const query of expected.changed ?? []) {
    if (!diff.changed.some(change => matchesChange(change, query)))
      missing.push(['changed', query]);
  }
  return missing;
}

/** Removed entries are identities: role, name and ref can match; state and interactivity cannot. */
function matchesIdentity(entry: EntryIdentity, query: EntryQuery): boolean {
  return (query.ref === undefined || entry.ref === query.ref) &&
    (query.role === undefined || entry.role === query.role) &&
    (query.name === undefined || matchesName(entry.name, query.name, !!query.exact));
}

/** A changed entry matches on its current state. */
function matchesChange(change: EntryChange, query: EntryQuery): boolean {
  return change.curr ? matchesQuery(change.curr, query) : matchesIdentity(change, query);
}
